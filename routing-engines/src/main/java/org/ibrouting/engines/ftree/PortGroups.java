package org.ibrouting.engines.ftree;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.NodeType;

/**
 * The port groups of a fat tree, as OpenSM's ftree builds them: per switch, all links to one
 * neighbour form a group (OpenSM merges them by the neighbour's LID: a CA port's own, a switch's
 * port 0), down, sibling or up by the ranks, in the order of each group's first port. Groups are
 * numbered switch by switch and, within a switch, down, sibling, then up; a group's ports are
 * {@code portStart[g] .. portStart[g + 1] - 1} of {@link #portNum}, in port order.
 *
 * <p>Memory: 4 ints per group and 2 per grouped port, 3 lists of an int per group.
 */
final class PortGroups {
  static final int DOWN = 0;
  static final int SIBLING = 1;
  static final int UP = 2;

  final int numGroups;
  final int[] owner;
  final int[] remote;
  final int[] remoteLid;

  /** For a group towards a CA: the CA's port slot; else -1. */
  final int[] caPort;

  final int[] portStart;
  final int[] portNum;
  final int[] remotePortNum;

  /**
   * Per direction: every switch's groups, from {@code starts[d][sw]} on, {@code counts[d][sw]} of
   * them.
   */
  final int[][] lists = new int[3][];

  final int[][] starts = new int[3][];
  final int[][] counts = new int[3][];

  PortGroups(Fabric fabric, int[] rank, int[] lidOfSwitch) {
    int numSwitches = fabric.numSwitches();
    Scan scan = new Scan(fabric, rank, lidOfSwitch);
    for (int sw = 0; sw < numSwitches; sw++) {
      scan.scan(sw);
    }
    numGroups = scan.owner.size();
    int[] order = new int[numGroups];
    int next = 0;
    for (int sw = 0; sw < numSwitches; sw++) {
      for (int d = 0; d < 3; d++) {
        for (int k = scan.starts[d][sw]; k < scan.starts[d][sw + 1]; k++) {
          order[next++] = scan.lists[d][k];
        }
      }
    }
    int[] newOf = new int[numGroups];
    owner = new int[numGroups];
    remote = new int[numGroups];
    remoteLid = new int[numGroups];
    caPort = new int[numGroups];
    portStart = new int[numGroups + 1];
    for (int i = 0; i < numGroups; i++) {
      int old = order[i];
      newOf[old] = i;
      owner[i] = scan.owner.getInt(old);
      remote[i] = scan.remote.getInt(old);
      remoteLid[i] = scan.remoteLid.getInt(old);
      caPort[i] = scan.caPort.getInt(old);
      // the ports were laid out in (switch, direction) order already
      portStart[i] = scan.portStart.getInt(i);
    }
    portStart[numGroups] = scan.numPorts;
    portNum = Arrays.copyOf(scan.ports, scan.numPorts);
    remotePortNum = Arrays.copyOf(scan.remotePorts, scan.numPorts);
    for (int d = 0; d < 3; d++) {
      int total = scan.fill[d];
      lists[d] = new int[total];
      for (int k = 0; k < total; k++) {
        lists[d][k] = newOf[scan.lists[d][k]];
      }
      starts[d] = Arrays.copyOf(scan.starts[d], numSwitches);
      counts[d] = new int[numSwitches];
      for (int sw = 0; sw < numSwitches; sw++) {
        counts[d][sw] = scan.starts[d][sw + 1] - scan.starts[d][sw];
      }
    }
  }

  /** The groups of the switches scanned so far, numbered in creation order, and their ports. */
  private static final class Scan {
    final Fabric fabric;
    final int[] rank;
    final int[] lidOfSwitch;
    final IntArrayList owner = new IntArrayList();
    final IntArrayList remote = new IntArrayList();
    final IntArrayList remoteLid = new IntArrayList();
    final IntArrayList caPort = new IntArrayList();

    /** Per group in (switch, direction) order: its first entry in {@link #ports}. */
    final IntArrayList portStart = new IntArrayList();

    final int[] ports;
    final int[] remotePorts;
    int numPorts;

    /** Per direction: the groups of every switch, from {@code starts[d][sw]} on. */
    final int[][] lists;

    final int[][] starts;
    final int[] fill = new int[3];
    // the switch being scanned: its groups per direction, and per connected port its group and
    // (port number | remote port number << 8)
    private final int[] groupOfLocal = new int[256 * 3];
    private final int[] localCount = new int[3];
    private final int[] portGroup = new int[256];
    private final int[] portPair = new int[256];

    Scan(Fabric fabric, int[] rank, int[] lidOfSwitch) {
      this.fabric = fabric;
      this.rank = rank;
      this.lidOfSwitch = lidOfSwitch;
      ports = new int[fabric.numPortSlots()];
      remotePorts = new int[fabric.numPortSlots()];
      lists = new int[3][fabric.numPortSlots()];
      starts = new int[3][fabric.numSwitches() + 1];
    }

    void scan(int sw) {
      Arrays.fill(localCount, 0);
      int n = 0;
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        int channel = fabric.outChannel(sw, i);
        int peer = fabric.peerPort(channel);
        int node = fabric.nodeOfPort(peer);
        if (node == sw || fabric.nodeType(node) == NodeType.ROUTER) {
          continue;
        }
        int dir =
            node >= fabric.numSwitches()
                ? DOWN
                : rank[sw] > rank[node] ? UP : rank[sw] == rank[node] ? SIBLING : DOWN;
        portGroup[n] = groupOf(sw, dir, node, node >= fabric.numSwitches() ? peer : -1);
        portPair[n] = fabric.portNum(channel) | fabric.portNum(peer) << 8;
        n++;
      }
      for (int d = 0; d < 3; d++) {
        starts[d][sw + 1] = fill[d];
      }
      // lay the ports out group by group, each group's ports in port order
      for (int d = 0; d < 3; d++) {
        for (int k = 0; k < localCount[d]; k++) {
          int g = groupOfLocal[d * 256 + k];
          portStart.add(numPorts);
          for (int j = 0; j < n; j++) {
            if (portGroup[j] == g) {
              ports[numPorts] = portPair[j] & 0xFF;
              remotePorts[numPorts] = portPair[j] >>> 8;
              numPorts++;
            }
          }
        }
      }
    }

    /**
     * The group of {@code sw}'s links in direction {@code dir} to {@code node} (OpenSM merges them
     * by the neighbour's LID: a CA port's own, a switch's port 0), made on first sight.
     */
    private int groupOf(int sw, int dir, int node, int caPortSlot) {
      int lid = caPortSlot >= 0 ? fabric.baseLid(caPortSlot) : lidOfSwitch[node];
      for (int k = 0; k < localCount[dir]; k++) {
        int g = groupOfLocal[dir * 256 + k];
        if (remoteLid.getInt(g) == lid) {
          return g;
        }
      }
      int group = owner.size();
      owner.add(sw);
      remote.add(node);
      remoteLid.add(lid);
      caPort.add(caPortSlot);
      groupOfLocal[dir * 256 + localCount[dir]++] = group;
      lists[dir][fill[dir]++] = group;
      return group;
    }
  }
}
