package org.ibrouting.simulation;

import java.util.Arrays;

/**
 * One thread's congestion counters τ, one per channel, and the two passes of a level over its
 * streams' paths: count every channel, then take each stream's largest count.
 *
 * <p>The counters are not cleared between levels: a level's stamp lies above every count before it,
 * and a count below the stamp restarts from it; only when the stamps would overflow an int are the
 * counters cleared. The writer of the paths may do the first pass ({@link #add}).
 *
 * <p>Memory: one int per channel.
 */
final class ChannelCongestion {
  private final int[] tau;

  /** No count so far exceeds it. */
  private int stampCeiling;

  /** The current level's: above every count before it. */
  private int stamp;

  ChannelCongestion(int numChannels) {
    tau = new int[numChannels];
  }

  /** Starts a level of {@code numStreams} streams: every count from zero. */
  void startLevel(int numStreams) {
    if (stampCeiling >= Integer.MAX_VALUE - 1 - numStreams) {
      Arrays.fill(tau, 0);
      stampCeiling = 0;
    }
    stamp = stampCeiling + 1;
    stampCeiling = stamp + numStreams;
  }

  /** Counts one stream of the level on {@code channel}. */
  void add(int channel) {
    tau[channel] = Math.max(tau[channel], stamp) + 1;
  }

  /**
   * Sets {@code out[from + k]} to the congestion of stream k of a level where every stream's
   * injection and ejection channels carry it alone (see {@link #measure}): its other channels, all
   * counted already, are the 16-bit fields of {@code packed[k]} up to the first {@link
   * PackedPaths#END}.
   */
  void measurePacked(long[] packed, int numStreams, int[] out, int from) {
    int[] count = tau;
    for (int k = 0; k < numStreams; k++) {
      long p = packed[k];
      int max = stamp + 1;
      for (int shift = 0; shift < 64; shift += 16) {
        int channel = (int) (p >>> shift) & PackedPaths.END;
        if (channel == PackedPaths.END) {
          break;
        }
        max = Math.max(max, count[channel]);
      }
      out[from + k] = max - stamp;
    }
  }

  /**
   * Sets {@code out[from + k]} to the congestion of stream k of the level ({@code numStreams}
   * streams): stream k's channels are {@code paths[k * stride .. k * stride + lengths[k])}; unless
   * {@code counted} ({@link #add} was called for every channel of every path), they are counted
   * first. With {@code endsAlone}, every stream's first and last channel (injection and ejection)
   * carry no other stream of the level: they need not be counted and are not read, their τ being 1,
   * the least congestion of a stream (every path then has both, being at least two channels long:
   * patterns drop self-sends). Returns the first stream without a path (a negative length), whose
   * congestion and the later ones' are then not set, or -1.
   */
  int measure(
      int[] paths,
      int stride,
      int[] lengths,
      int numStreams,
      boolean counted,
      boolean endsAlone,
      int[] out,
      int from) {
    for (int k = 0; k < numStreams; k++) {
      if (lengths[k] < 0) {
        return k;
      }
    }
    int ends = endsAlone ? 1 : 0;
    if (!counted) {
      for (int k = 0; k < numStreams; k++) {
        for (int i = k * stride + ends, end = k * stride + lengths[k] - ends; i < end; i++) {
          add(paths[i]);
        }
      }
    }
    int[] count = tau;
    for (int k = 0; k < numStreams; k++) {
      int max = stamp + ends;
      for (int i = k * stride + ends, end = k * stride + lengths[k] - ends; i < end; i++) {
        max = Math.max(max, count[paths[i]]);
      }
      out[from + k] = max - stamp;
    }
    return -1;
  }
}
