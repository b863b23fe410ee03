package org.ibrouting.engines.multiupdn;

/**
 * The random stream of multiupdn's tie draws: splitmix64 (Steele, Lea, Flood) as a counter. Each
 * draw steps the counter by {@link #GAMMA} and mixes it, so draw k of a stream is a function of the
 * seed and k alone, and a caller that knows k may take draws out of order.
 */
final class SplitMix64 {
  /** The counter step. */
  static final long GAMMA = 0x9E3779B97F4A7C15L;

  /** The counter after the last draw (the seed before the first). */
  long counter;

  /** A uniform int in {@code [0, bound)}. */
  int nextInt(int bound) {
    counter += GAMMA;
    // (mix >>> 33) < 2^31, so with bound 1 the draw is 0 whatever the mix is
    return bound == 1 ? 0 : drawAt(counter, bound);
  }

  /** What {@link #nextInt} with {@code bound} returns when its step leaves the counter at c. */
  static int drawAt(long c, int bound) {
    long z = (c ^ (c >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return (int) (((z ^ (z >>> 31)) >>> 33) * bound >>> 31);
  }
}
