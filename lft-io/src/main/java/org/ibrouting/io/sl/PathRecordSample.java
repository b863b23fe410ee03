package org.ibrouting.io.sl;

import java.util.Arrays;

/**
 * The PathRecords of a listing that may cover only some pairs of CA ports (a sample, as {@code
 * saquery -p --src-to-dst S:D} per chosen pair gives it), one entry per record; read by {@link
 * PathRecordReader#readSample}.
 *
 * @param srcLids the SLID of each record
 * @param dstLids its DLID
 * @param sls its SL
 * @param coveredPortPairs the ordered pairs of distinct CA (or router) ports with a record
 * @param portPairs all such pairs of the fabric
 */
public record PathRecordSample(
    int[] srcLids, int[] dstLids, byte[] sls, long coveredPortPairs, long portPairs) {
  /** The number of records. */
  public int size() {
    return srcLids.length;
  }

  /** Whether every pair of CA ports has a record. */
  public boolean complete() {
    return coveredPortPairs == portPairs;
  }

  /** Collects the records. */
  static final class Builder {
    private final int[] src;
    private final int[] dst;
    private final byte[] sls;
    private int n;

    Builder(int capacity) {
      src = new int[capacity];
      dst = new int[capacity];
      sls = new byte[capacity];
    }

    void add(int srcLid, int dstLid, byte sl) {
      src[n] = srcLid;
      dst[n] = dstLid;
      sls[n++] = sl;
    }

    PathRecordSample build(long covered, long pairs) {
      return new PathRecordSample(
          Arrays.copyOf(src, n), Arrays.copyOf(dst, n), Arrays.copyOf(sls, n), covered, pairs);
    }
  }
}
