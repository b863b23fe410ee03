package org.ibrouting.engines.ssspfamily;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import org.ibrouting.fabric.Fabric;

/**
 * Not API. The unit {@link VlAssignment} moves between VLs: a <em>group</em>, all (source LID,
 * destination LID) pairs from the CAs of one source switch to one destination LID, numbered {@code
 * source * stride + dlid}; source switches (a CA port of the end ports is cabled to them) are
 * numbered by first appearance. Holds the VL of every group.
 *
 * <p>Memory: 1 byte per (source switch, LID).
 */
final class GroupVls {
  final Fabric fabric;
  final int stride;
  final int numSources;
  private final int[] sourceOfSwitch;
  private final int[] switchOfSource;
  private final long[] lidsOfSource;
  // the VL of every group (source s, destination LID d) at s * stride + d
  final byte[] vlOf;

  GroupVls(Fabric fabric, int[] ports) {
    this.fabric = fabric;
    this.stride = fabric.maxLid() + 1;
    this.sourceOfSwitch = new int[fabric.numSwitches()];
    Arrays.fill(sourceOfSwitch, -1);
    IntArrayList switches = new IntArrayList();
    for (int port : ports) {
      int sw = sourceSwitch(port);
      if (sw >= 0 && sourceOfSwitch[sw] < 0) {
        sourceOfSwitch[sw] = switches.size();
        switches.add(sw);
      }
    }
    this.numSources = switches.size();
    this.switchOfSource = switches.toIntArray();
    this.lidsOfSource = new long[numSources];
    for (int port : ports) {
      int sw = sourceSwitch(port);
      if (sw >= 0) {
        lidsOfSource[sourceOfSwitch[sw]] += 1L << fabric.lmc(port);
      }
    }
    long size = (long) numSources * stride;
    if (size > Integer.MAX_VALUE - 16) {
      throw new SizeLimitExceeded(
          "dfsssp: " + numSources + " source switches x " + stride + " LIDs exceed the VL table");
    }
    this.vlOf = new byte[(int) size];
  }

  /** The switch a CA port is cabled to, or -1 for switch ports and ports without a switch peer. */
  int sourceSwitch(int port) {
    int peer = fabric.peerPort(port);
    if (fabric.isSwitch(fabric.nodeOfPort(port))
        || peer < 0
        || !fabric.isSwitch(fabric.nodeOfPort(peer))) {
      return -1;
    }
    return fabric.nodeOfPort(peer);
  }

  /** The source-switch index of a switch, or -1 when no source CA port is cabled to it. */
  int sourceIndexOfSwitch(int sw) {
    return sourceOfSwitch[sw];
  }

  /** The switch of source index {@code source}. */
  int switchOfSource(int source) {
    return switchOfSource[source];
  }

  /** The (source LID, destination LID) pairs of a group. */
  long weightOf(int group) {
    int s = group / stride;
    return pairs(s, fabric.portOfLid(group - s * stride));
  }

  /**
   * The (source LID, destination LID) pairs of each group of source {@code s} towards end port
   * {@code dst}'s LIDs: every source LID of s, but dst's own when it is cabled to s's switch.
   */
  long pairs(int s, int dst) {
    return lidsOfSource[s] - (sourceSwitch(dst) == switchOfSource[s] ? 1L << fabric.lmc(dst) : 0);
  }

  /** The VL of the path from slid to dlid. */
  int vl(int slid, int dlid) {
    if (slid <= 0 || slid >= stride || dlid <= 0 || dlid >= stride) {
      return 0;
    }
    int src = fabric.portOfLid(slid);
    if (src < 0) {
      return 0;
    }
    int sw = sourceSwitch(src);
    if (sw < 0 || sourceOfSwitch[sw] < 0) {
      return 0;
    }
    return vlOf[sourceOfSwitch[sw] * stride + dlid];
  }

  /** The VL of every path from the CAs of source switch {@code source} to {@code dlid}. */
  int vlOfSource(int source, int dlid) {
    return vlOf[source * stride + dlid];
  }
}
