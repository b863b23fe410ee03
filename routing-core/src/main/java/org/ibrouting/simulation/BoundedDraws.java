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

  /** {@code u % d} for {@code 0 <= u < 2^31}, {@code c = ceil(2^64 / d)}. */
  private static int remainder(int u, int d, long c) {
    long low = c * u;
    // the high 64 bits of the unsigned product low * d
    return (int) (Math.multiplyHigh(low, d) + ((low >> 63) & d));
  }
}
