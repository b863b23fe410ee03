package org.ibrouting.simulation;

import java.util.Arrays;

/**
 * One thread's congestion counters τ, one per channel, and the two passes of a level over its
 * streams' paths: count every channel, then take each stream's largest count.
 *
 * <p>The counters are not cleared between levels: a level's stamp lies above every count before it,
 * and a count below the stamp restarts from it; only when the stamps would overflow an int are the
 * counters cleared.
 *
 * <p>Memory: one int per channel.
 */
final class ChannelCongestion {
  private final int[] tau;

  /** No count so far exceeds it. */
  private int stampCeiling;

  ChannelCongestion(int numChannels) {
    tau = new int[numChannels];
  }

  /**
   * Sets {@code out[from + k]} to the congestion of stream k of a level of {@code numStreams}:
   * stream k's channels are {@code paths[k * stride .. k * stride + lengths[k])}, every length at
   * least 0. With {@code endsAlone}, every stream's first and last channel (injection and ejection)
   * carry no other stream of the level: they are skipped, their τ being 1, the least congestion of
   * a stream (every path then has both, being at least two channels long).
   */
  void measure(
      int[] paths,
      int stride,
      int[] lengths,
      int numStreams,
      boolean endsAlone,
      int[] out,
      int from) {
    int stamp = nextStamp(numStreams);
    int ends = endsAlone ? 1 : 0;
    int[] count = tau;
    for (int k = 0; k < numStreams; k++) {
      for (int i = k * stride + ends, end = k * stride + lengths[k] - ends; i < end; i++) {
        count[paths[i]] = Math.max(count[paths[i]], stamp) + 1;
      }
    }
    for (int k = 0; k < numStreams; k++) {
      int max = stamp + ends;
      for (int i = k * stride + ends, end = k * stride + lengths[k] - ends; i < end; i++) {
        max = Math.max(max, count[paths[i]]);
      }
      out[from + k] = max - stamp;
    }
  }

  /**
   * The stamp of a level of {@code numStreams} streams: above every count before it, and low enough
   * that the level's counts, at most {@code numStreams} above it, fit an int.
   */
  private int nextStamp(int numStreams) {
    if (stampCeiling >= Integer.MAX_VALUE - 1 - numStreams) {
      Arrays.fill(tau, 0);
      stampCeiling = 0;
    }
    int stamp = stampCeiling + 1;
    stampCeiling = stamp + numStreams;
    return stamp;
  }
}
