package org.ibrouting.simulation;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;

/**
 * The first switch-to-switch channels of every path of a {@link PathTable}, packed: for each leaf
 * switch (a switch that some endpoint is cabled to) and destination endpoint, up to {@link #PACKED}
 * channels of the path from the leaf, 16 bits each, in one long. A path is then one table read,
 * where walking the LFTs reads one cache line per switch crossed and then where that channel leads;
 * the rest of the path (on the fat trees only the ejection into the destination) is read from the
 * LFTs, or needs no read when the destination's leaf switch delivers to it directly ({@link
 * #lastSwitch}). Made once per table for the simulator ({@link PathTable#packedPaths()}).
 *
 * <p>Memory: one long per (leaf switch, endpoint), three ints per endpoint and one per switch; kept
 * by its table for the table's lifetime once made; {@link #of} declines above {@link #MAX_BYTES} or
 * when channel ids do not fit 16 bits. Immutable; shared by threads.
 */
final class PackedPaths {
  /** The largest table built: 64 MiB. */
  static final long MAX_BYTES = 64L << 20;

  /** How many channels a long holds. */
  private static final int PACKED = 4;

  /** The 16 bits after the path's last channel. */
  static final int END = 0xFFFF;

  /** The table these paths were made of, and its routing. */
  private final PathTable table;

  private final Routing routing;

  /** The table's arrays: each endpoint's injection channel (its port), leaf switch and LID. */
  private final int[] injectionOf, leafOf, lidOf;

  /** The switch each channel enters, or -1. */
  private final int[] headSwitchOf;

  /** The port slot of every switch's port 0. */
  private final int[] firstPort;

  /** {@code channels[rowOf[s] + d]}: the first channels of the path from s's leaf switch to d. */
  private final long[] channels;

  /** Endpoint s's row: the index of its leaf switch among the leaves times the endpoints. */
  private final int[] rowOf;

  /** Endpoint d's leaf switch when its LFT delivers to d directly, else -1. */
  private final int[] lastSwitch;

  /** The channel from {@code lastSwitch[d]} into d. */
  private final int[] ejection;

  /**
   * Whether every pair is routable and every path's switch-to-switch channels are all in its long:
   * after them only the ejection follows (the fat trees of up to three levels).
   */
  private final boolean switchHopsPacked;

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
    this.table = table;
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
    channels = new long[numLeaves * numEndpoints];
    for (int l = 0; l < numLeaves; l++) {
      for (int d = 0; d < numEndpoints; d++) {
        channels[l * numEndpoints + d] = pack(fabric, leaves[l], lidOf[d]);
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
    boolean packedAll = table.numUnroutablePairs() == 0;
    for (int l = 0; l < numLeaves && packedAll; l++) {
      for (int d = 0; d < numEndpoints && packedAll; d++) {
        packedAll = endsInLong(channels[l * numEndpoints + d], d);
      }
    }
    switchHopsPacked = packedAll;
  }

  /**
   * Whether a path's packed channels are all its switch-to-switch channels: fewer than {@link
   * #PACKED} (the walk that packed them stopped at the ejection), or the last leads to the switch
   * that delivers to d directly.
   */
  private boolean endsInLong(long packed, int d) {
    int last = (int) (packed >>> (16 * (PACKED - 1))) & END;
    return last == END || headSwitchOf[last] == lastSwitch[d];
  }

  /**
   * For a level in which no endpoint sends or receives twice: sets {@code out[from + k]} to stream
   * k's congestion without writing its path (as {@link #paths} and {@link
   * ChannelCongestion#measure} with {@code endsAlone} would), reading only the packed longs; {@code
   * scratch} takes at least {@code count} longs. Returns false, having done nothing, unless every
   * pair is routable and no path has more than {@link #PACKED} switch-to-switch channels ({@link
   * #switchHopsPacked}).
   */
  boolean congestion(
      int[] src,
      int[] dst,
      int count,
      long[] scratch,
      ChannelCongestion counter,
      int[] out,
      int from) {
    if (!switchHopsPacked) {
      return false;
    }
    int[] row = rowOf;
    long[] packedChannels = channels;
    for (int i = 0; i < count; i++) {
      scratch[i] = src[i] == dst[i] ? -1L : packedChannels[row[src[i]] + dst[i]];
    }
    for (int i = 0; i < count; i++) {
      long p = scratch[i];
      for (int shift = 0; shift < 64; shift += 16) {
        int channel = (int) (p >>> shift) & END;
        if (channel == END) {
          break;
        }
        counter.add(channel);
      }
    }
    counter.measurePacked(scratch, count, out, from);
    return true;
  }

  /**
   * The first {@link #PACKED} switch-to-switch channels from {@code sw} towards {@code lid}, the
   * first in the low bits, {@link #END} after the last: fewer when the next channel leads into an
   * endpoint (the ejection, which the walk adds), or when it leaves the LFTs' valid ports (then the
   * pair is unroutable, and its long never read).
   */
  private long pack(Fabric fabric, int sw, int lid) {
    long packed = -1L;
    for (int i = 0; i < PACKED; i++) {
      int p = routing.outPort(sw, lid);
      if (p < 1 || p > fabric.numPorts(sw)) {
        break;
      }
      int channel = fabric.port(sw, p);
      if (headSwitchOf[channel] < 0) {
        // into an endpoint: the ejection, which the walk adds
        break;
      }
      packed &= ~((long) END << (16 * i));
      packed |= (long) channel << (16 * i);
      sw = headSwitchOf[channel];
    }
    return packed;
  }

  /**
   * What {@link PathTable#paths} writes for the table these paths were made of: first every pair's
   * packed channels into {@code scratch} (at least {@code count} long), read one after another so
   * that the reads overlap, then each path from them, adding every channel to {@code counter} but
   * the injection channels when {@code endsAlone} (see {@link ChannelCongestion#measure}).
   */
  void paths(
      int[] src,
      int[] dst,
      int count,
      int[] out,
      int stride,
      int[] lengths,
      long[] scratch,
      ChannelCongestion counter,
      boolean endsAlone) {
    int[] row = rowOf;
    long[] packedChannels = channels;
    for (int i = 0; i < count; i++) {
      scratch[i] = packedChannels[row[src[i]] + dst[i]];
    }
    boolean check = table.numUnroutablePairs() != 0;
    for (int i = 0; i < count; i++) {
      int s = src[i];
      int d = dst[i];
      if (s == d) {
        lengths[i] = 0;
      } else if (check && !table.routable(s, d)) {
        lengths[i] = -1;
      } else {
        if (!endsAlone) {
          counter.add(injectionOf[s]);
        }
        lengths[i] = path(s, d, scratch[i], out, i * stride, counter) - i * stride;
      }
    }
  }

  /**
   * Writes the path of a routable pair from {@code at}, adding its channels but the first to {@code
   * counter}; returns where it ends.
   */
  private int path(int s, int d, long packed, int[] out, int at, ChannelCongestion counter) {
    out[at++] = injectionOf[s];
    int sw = leafOf[s];
    for (int i = 0; i < PACKED; i++) {
      int next = (int) (packed >>> (16 * i)) & END;
      if (next == END) {
        break;
      }
      out[at++] = next;
      counter.add(next);
      sw = headSwitchOf[next];
    }
    while (sw >= 0) {
      int channel =
          sw == lastSwitch[d] ? ejection[d] : firstPort[sw] + routing.outPort(sw, lidOf[d]);
      out[at++] = channel;
      counter.add(channel);
      sw = headSwitchOf[channel];
    }
    return at;
  }

  /**
   * The packed paths of {@code table}, whose arrays (not copied, not written) are passed along, or
   * null when they would exceed {@link #MAX_BYTES} or a channel id 16 bits.
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
    long bytes = 8L * numLeaves * table.numEndpoints();
    return bytes > MAX_BYTES || table.fabric().numPortSlots() > END
        ? null
        : new PackedPaths(
            table, injectionOf, leafOf, lidOf, headSwitchOf, leaves, numLeaves, leafIndex);
  }
}
