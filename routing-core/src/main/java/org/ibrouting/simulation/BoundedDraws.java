package org.ibrouting.simulation;

import java.util.SplittableRandom;

/**
 * {@link SplittableRandom#nextInt(int)} for the bounds {@code 1..maxBound}, drawing exactly the
 * same numbers from the same generator, with the remainder taken by multiplication instead of a
 * division (D. Lemire, O. Kaser, N. Kurz, "Faster Remainder by Direct Computation", 2019): one
 * precomputed 64-bit constant per bound. The simulator draws one number per rank and run, so the
 * division was a good part of a run on large communicators.
 *
 * <p>Memory: one long per bound. Immutable; shared by threads.
 */
final class BoundedDraws {
  private final long[] inverse;

  /** Draws for bounds {@code 1..maxBound}. */
  BoundedDraws(int maxBound) {
    inverse = new long[maxBound + 1];
    for (int d = 1; d <= maxBound; d++) {
      // ceil(2^64 / d), which wraps to 0 for d = 1 (every remainder is then 0, as it should)
      inverse[d] = Long.divideUnsigned(-1L, d) + 1;
    }
  }

  /**
   * The number {@code random.nextInt(bound)} returns, leaving {@code random} in the same state, for
   * {@code bound >= 1} (above {@code maxBound} the constant is computed on the spot). The same
   * rejection of over-represented candidates as the JDK.
   */
  int nextInt(SplittableRandom random, int bound) {
    int r = random.nextInt();
    int m = bound - 1;
    if ((bound & m) == 0) {
      return r & m;
    }
    long c = bound < inverse.length ? inverse[bound] : Long.divideUnsigned(-1L, bound) + 1;
    for (int u = r >>> 1; u + m - (r = remainder(u, bound, c)) < 0; u = random.nextInt() >>> 1) {
      // rejected: draw again
    }
    return r;
  }

  /**
   * {@link #shuffle(SplittableRandom, int[], int, int)} with {@code new SplittableRandom(seed)},
   * the generator's state in a local variable instead of the object's field (its numbers replayed,
   * see {@link #REPLAYS_SPLITTABLE_RANDOM}), so that a draw waits neither for the previous one's
   * store nor for its swap.
   */
  void shuffle(long seed, int[] pool, int size, int count) {
    if (!REPLAYS_SPLITTABLE_RANDOM) {
      shuffle(new SplittableRandom(seed), pool, size, count);
      return;
    }
    long state = seed;
    for (int r = 0; r < count; r++) {
      long drawn = nextInt(state, size - r);
      // one state step per number drawn: the one taken and the rejected ones
      state += GOLDEN_GAMMA;
      if (drawn >>> 32 != 0) {
        state += (drawn >>> 32) * GOLDEN_GAMMA;
      }
      swap(pool, r, r + (int) drawn);
    }
  }

  /**
   * What {@link #nextInt(SplittableRandom, int)} returns from a generator whose state is {@code
   * state}, in the low 32 bits, and how many candidates it rejected in the high 32 bits: the state
   * then advances by one more than that many steps.
   */
  long nextInt(long state, int bound) {
    int m = bound - 1;
    int x = mix32(state += GOLDEN_GAMMA);
    if ((bound & m) == 0) {
      return x & m;
    }
    long c = bound < inverse.length ? inverse[bound] : Long.divideUnsigned(-1L, bound) + 1;
    long rejected = 0;
    for (int u = x >>> 1; u + m - (x = remainder(u, bound, c)) < 0; rejected++) {
      u = mix32(state += GOLDEN_GAMMA) >>> 1;
    }
    return rejected << 32 | x;
  }

  /**
   * Swaps {@code pool[r]} with {@code pool[r + random.nextInt(size - r)]} for every r below {@code
   * count}, in turn: the first {@code count} entries become a uniform random draw from the {@code
   * size} in random order.
   */
  void shuffle(SplittableRandom random, int[] pool, int size, int count) {
    for (int r = 0; r < count; r++) {
      swap(pool, r, r + nextInt(random, size - r));
    }
  }

  private static void swap(int[] a, int i, int j) {
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
  }

  /**
   * The increment of {@link SplittableRandom}'s state for a generator made from a seed, and its
   * output function: {@code nextInt()} of {@code new SplittableRandom(seed)} returns {@code
   * mix32(seed + n * GOLDEN_GAMMA)} the n-th time (Steele, Lea, Flood, "Fast Splittable
   * Pseudorandom Number Generators", 2014).
   */
  private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

  private static int mix32(long z) {
    z = (z ^ (z >>> 33)) * 0x62a9d9ed799705f5L;
    return (int) (((z ^ (z >>> 28)) * 0xcb24d0a5c88c35b3L) >>> 32);
  }

  /**
   * Whether {@link #mix32} replays this JDK's {@link SplittableRandom}, checked once on a few seeds
   * (else {@link #shuffle} draws from a SplittableRandom).
   */
  static final boolean REPLAYS_SPLITTABLE_RANDOM = replays();

  private static boolean replays() {
    for (long seed : new long[] {0, 1, -1, 0x5DEECE66DL, Long.MIN_VALUE}) {
      SplittableRandom jdk = new SplittableRandom(seed);
      long state = seed;
      for (int i = 0; i < 64; i++) {
        state += GOLDEN_GAMMA;
        if (jdk.nextInt() != mix32(state)) {
          return false;
        }
      }
    }
    return true;
  }

  /** {@code u % d} for {@code 0 <= u < 2^31}, {@code c = ceil(2^64 / d)}. */
  private static int remainder(int u, int d, long c) {
    long low = c * u;
    // the high 64 bits of the unsigned product low * d
    return (int) (Math.multiplyHigh(low, d) + ((low >> 63) & d));
  }
}
