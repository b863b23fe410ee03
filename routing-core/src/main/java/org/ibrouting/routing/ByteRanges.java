package org.ibrouting.routing;

import java.util.Arrays;

/** Comparison of two rows of byte tables (LFTs, SLs), each stored from its own base index. */
final class ByteRanges {
  private ByteRanges() {}

  /**
   * The first index in {@code first..last} at which {@code a[aBase + index]} and {@code b[bBase +
   * index]} differ, or -1 where they agree throughout (or the range is empty).
   */
  static int nextMismatch(byte[] a, int aBase, byte[] b, int bBase, int first, int last) {
    if (first > last) {
      return -1;
    }
    int k = Arrays.mismatch(a, aBase + first, aBase + last + 1, b, bBase + first, bBase + last + 1);
    return k < 0 ? -1 : first + k;
  }
}
