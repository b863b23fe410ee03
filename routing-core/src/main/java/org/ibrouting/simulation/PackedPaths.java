package org.ibrouting.simulation;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;

/**
 * The first hops of every path of a {@link PathTable}, packed: for each leaf switch (a switch that
 * some endpoint is cabled to) and destination endpoint, the output ports of the first {@link
 * #PACKED} switches of the path from the leaf, one byte each, in one int. A path is then one table
 * read, where walking the LFTs reads one cache line per switch crossed; the rest of the path (the
 * ejection into the destination, on the fat trees) is read from the LFTs, or needs no read when the
 * destination's leaf switch delivers to it directly ({@link #lastSwitch}). Made once per table for
 * the simulator ({@link PathTable#packedPaths()}).
 *
 * <p>Memory: one int per (leaf switch, endpoint) and three ints per endpoint; {@link #of} declines
 * above {@link #MAX_BYTES}. Immutable; shared by threads.
 */
final class PackedPaths {
  /** The largest table built: 64 MiB. */
  static final long MAX_BYTES = 64L << 20;

  /** How many ports an int holds. */
  static final int PACKED = 4;

  private final Routing routing;

  /** The table's arrays: each endpoint's injection channel (its port), leaf switch and LID. */
  private final int[] injectionOf;

  private final int[] leafOf;
  private final int[] lidOf;

  /** The switch each channel enters, or -1. */
  private final int[] headSwitchOf;

  /** The port slot of every switch's port 0. */
  private final int[] firstPort;

  /** {@code ports[rowOf[s] + d]}: the first ports of the path from s's leaf switch to d. */
  private final int[] ports;

  /** Endpoint s's row: the index of its leaf switch among the leaves times the endpoints. */
  private final int[] rowOf;

  /** Endpoint d's leaf switch when its LFT delivers to d directly, else -1. */
  private final int[] lastSwitch;

  /** The channel from {@code lastSwitch[d]} into d. */
  private final int[] ejection;

  private PackedPaths(
      PathTable table,
      int[] injectionOf,
      int[] leafOf,
      int[] lidOf,
      int[] headSwitchOf,
      int[] leaves,
      int numLeaves,
      int[] leafIndex) {
    Fabric fabric = table.fabric();
    routing = table.routing();
    int numEndpoints = table.numEndpoints();
    this.injectionOf = injectionOf;
    this.leafOf = leafOf;
    this.lidOf = lidOf;
    this.headSwitchOf = headSwitchOf;
    firstPort = new int[fabric.numSwitches()];
    for (int sw = 0; sw < firstPort.length; sw++) {
      firstPort[sw] = fabric.port(sw, 0);
    }
    rowOf = new int[numEndpoints];
    for (int s = 0; s < numEndpoints; s++) {
      rowOf[s] = leafIndex[leafOf[s]] * numEndpoints;
    }
    ports = new int[numLeaves * numEndpoints];
    for (int l = 0; l < numLeaves; l++) {
      for (int d = 0; d < numEndpoints; d++) {
        ports[l * numEndpoints + d] = pack(table, leaves[l], lidOf[d]);
      }
    }
    lastSwitch = new int[numEndpoints];
    ejection = new int[numEndpoints];
    for (int d = 0; d < numEndpoints; d++) {
      int leaf = leafOf[d];
      int p = routing.outPort(leaf, lidOf[d]);
      int channel = p >= 1 && p <= fabric.numPorts(leaf) ? fabric.port(leaf, p) : -1;
      boolean direct = channel >= 0 && fabric.peerPort(channel) == injectionOf[d];
      lastSwitch[d] = direct ? leaf : -1;
      ejection[d] = direct ? channel : -1;
    }
  }

  /**
   * The first {@link #PACKED} ports from {@code sw} towards {@code lid}, the first in the low byte;
   * fewer when the path ends or leaves the LFTs' valid ports (such pairs are unroutable and never
   * read).
   */
  private static int pack(PathTable table, int sw, int lid) {
    Fabric fabric = table.fabric();
    Routing routing = table.routing();
    int packed = 0;
    for (int i = 0; i < PACKED && sw >= 0; i++) {
      int p = routing.outPort(sw, lid);
      if (p < 1 || p > fabric.numPorts(sw)) {
        break;
      }
      packed |= p << (8 * i);
      sw = table.headSwitch(fabric.port(sw, p));
    }
    return packed;
  }

  /**
   * What {@link PathTable#paths} writes for {@code table} (the table these hops were made of):
   * first every pair's packed ports, read one after another so that the reads overlap (kept in
   * {@code lengths} meanwhile), then each path's channels from them.
   */
  void paths(
      PathTable table, int[] src, int[] dst, int count, int[] out, int stride, int[] lengths) {
    int[] row = rowOf;
    int[] packedPorts = ports;
    for (int i = 0; i < count; i++) {
      lengths[i] = packedPorts[row[src[i]] + dst[i]];
    }
    boolean check = table.numUnroutablePairs() != 0;
    int[] leaf = leafOf;
    int[] head = headSwitchOf;
    int[] first = firstPort;
    for (int i = 0; i < count; i++) {
      int s = src[i];
      int d = dst[i];
      if (s == d) {
        lengths[i] = 0;
        continue;
      }
      if (check && !table.routable(s, d)) {
        lengths[i] = -1;
        continue;
      }
      int packed = lengths[i];
      int at = i * stride;
      out[at++] = injectionOf[s];
      int sw = leaf[s];
      for (int hop = 0; hop < PACKED && sw >= 0; hop++) {
        int channel = first[sw] + (packed & 0xFF);
        packed >>>= 8;
        out[at++] = channel;
        sw = head[channel];
      }
      while (sw >= 0) {
        int channel = sw == lastSwitch[d] ? ejection[d] : first[sw] + routing.outPort(sw, lidOf[d]);
        out[at++] = channel;
        sw = head[channel];
      }
      lengths[i] = at - i * stride;
    }
  }

  /**
   * The packed paths of {@code table}, whose arrays (not copied, not written) are passed along, or
   * null when they would exceed {@link #MAX_BYTES}.
   */
  static PackedPaths of(
      PathTable table, int[] injectionOf, int[] leafOf, int[] lidOf, int[] headSwitchOf) {
    int[] leafIndex = new int[table.fabric().numSwitches()];
    Arrays.fill(leafIndex, -1);
    int[] leaves = new int[leafIndex.length];
    int numLeaves = 0;
    for (int e = 0; e < table.numEndpoints(); e++) {
      int leaf = leafOf[e];
      if (leafIndex[leaf] < 0) {
        leafIndex[leaf] = numLeaves;
        leaves[numLeaves++] = leaf;
      }
    }
    long bytes = 4L * numLeaves * table.numEndpoints();
    return bytes > MAX_BYTES
        ? null
        : new PackedPaths(
            table, injectionOf, leafOf, lidOf, headSwitchOf, leaves, numLeaves, leafIndex);
  }
}
