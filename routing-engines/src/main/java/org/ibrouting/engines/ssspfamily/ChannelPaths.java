package org.ibrouting.engines.ssspfamily;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.routing.Routing;

/**
 * Not API. The switch-to-switch paths of a routing as {@link VlAssignment} walks them: the LFTs
 * destination-major ({@code [lid * switches + sw]}, so the paths to one LID read one small block),
 * copied from a finished routing or shared with a router that writes them so (dfsssp), and a dense
 * index of every possible channel dependency (a channel followed by a port of its head switch).
 *
 * <p>Memory: 1 byte per (switch, LID) for the LFT copy (none when shared), 8 bytes per port slot.
 */
final class ChannelPaths {
  static final int MAX_HOPS = 256;

  final Fabric fabric;
  final int numSwitches;
  // destination-major LFTs; ports beyond the switch's last port read as NO_ROUTE
  final byte[] lftByLid;
  // per port slot: the switch its channel leads to (-1 if none) and its first dependency index
  final int[] headSwitch;
  final int[] edgeBase;
  final int[] firstSlotOfSwitch;
  final int numEdges;

  ChannelPaths(Routing routing, int threads) {
    this(routing.fabric(), destinationMajorLfts(routing, threads));
  }

  /**
   * On tables already destination-major ({@code [lid * switches + sw]}, ports up to the switch's
   * last), shared, not copied: {@link org.ibrouting.internal.LidMajorLfts#entries()} of a router
   * that writes them.
   */
  ChannelPaths(Fabric fabric, byte[] lftByLid) {
    this.fabric = fabric;
    this.numSwitches = fabric.numSwitches();
    this.lftByLid = lftByLid;
    int numSlots = fabric.numPortSlots();
    firstSlotOfSwitch = new int[numSwitches];
    for (int sw = 0; sw < numSwitches; sw++) {
      firstSlotOfSwitch[sw] = fabric.port(sw, 0);
    }
    headSwitch = new int[numSlots];
    edgeBase = new int[numSlots];
    Arrays.fill(headSwitch, -1);
    Arrays.fill(edgeBase, -1);
    long edges = 0;
    for (int sw = 0; sw < numSwitches; sw++) {
      for (int p = 1; p <= fabric.numPorts(sw); p++) {
        int slot = fabric.port(sw, p);
        int peer = fabric.peerPort(slot);
        if (peer >= 0 && fabric.isSwitch(fabric.nodeOfPort(peer))) {
          int head = fabric.nodeOfPort(peer);
          headSwitch[slot] = head;
          edgeBase[slot] = (int) edges;
          edges += fabric.numPorts(head) + 1;
        }
      }
    }
    if (edges > Integer.MAX_VALUE - 16) {
      throw new SizeLimitExceeded("dfsssp: too many possible channel dependencies: " + edges);
    }
    numEdges = (int) edges;
  }

  private static byte[] destinationMajorLfts(Routing routing, int threads) {
    Fabric fabric = routing.fabric();
    int numSwitches = fabric.numSwitches();
    int stride = fabric.maxLid() + 1;
    long size = (long) stride * numSwitches;
    if (size > Integer.MAX_VALUE - 16) {
      throw new SizeLimitExceeded(
          "dfsssp: " + numSwitches + " switches x " + stride + " LIDs exceed one LFT copy");
    }
    byte[] copy = new byte[(int) size];
    int block = 64;
    int[] numPorts = new int[numSwitches];
    for (int sw = 0; sw < numSwitches; sw++) {
      numPorts[sw] = fabric.numPorts(sw);
    }
    int numTasks = (numSwitches + block - 1) / block;
    Parallel.run(
        numTasks,
        Parallel.threadsFor(numSwitches, threads),
        () ->
            task -> {
              int from = task * block;
              int to = Math.min(numSwitches, from + block);
              for (int lid = 0; lid < stride; lid++) {
                int row = lid * numSwitches;
                for (int sw = from; sw < to; sw++) {
                  int port = routing.outPort(sw, lid);
                  copy[row + sw] = (byte) (port <= numPorts[sw] ? port : Routing.NO_ROUTE);
                }
              }
            });
    return copy;
  }

  /**
   * The channels (port slots) of the path from switch {@code sw} to {@code dlid}; returns their
   * count.
   */
  int walk(int sw, int dlid, int[] channels) {
    int row = dlid * numSwitches;
    int n = 0;
    while (n < MAX_HOPS) {
      int port = lftByLid[row + sw] & 0xFF;
      if (port == Routing.NO_ROUTE || port == 0) {
        break;
      }
      int slot = fabric.port(sw, port);
      int head = headSwitch[slot];
      if (head < 0) {
        break;
      }
      channels[n++] = slot;
      sw = head;
    }
    return n;
  }

  /** The dependency index of channel {@code from} followed by channel {@code to}. */
  int edgeIndex(int from, int to) {
    return edgeBase[from] + fabric.portNum(to);
  }

  /**
   * OpenSM's id of a channel: (switch LID, port, remote switch LID, remote port), compared
   * unsigned.
   */
  long channelId(int slot) {
    int peer = fabric.peerPort(slot);
    int sw = fabric.nodeOfPort(slot);
    int remote = fabric.nodeOfPort(peer);
    return ((long) fabric.baseLid(fabric.port(sw, 0)) << 48)
        | ((long) fabric.portNum(slot) << 32)
        | ((long) fabric.baseLid(fabric.port(remote, 0)) << 16)
        | fabric.portNum(peer);
  }
}
