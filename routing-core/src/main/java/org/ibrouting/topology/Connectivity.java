package org.ibrouting.topology;

import java.util.Arrays;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.SwitchBfs;

/**
 * Connected components of a fabric's node graph (switches, CAs and routers, over connected ports),
 * by breadth-first search (internal.SwitchBfs). Cost: O(nodes + links) time, 4 ints per node.
 */
public final class Connectivity {
  private Connectivity() {}

  /**
   * The component of every node: 0 for the component of node 0, then 1, 2, ... in order of each
   * component's lowest node.
   */
  public static int[] components(Fabric fabric) {
    return label(fabric, fabric.numNodes());
  }

  /** The number of connected components (0 for an empty fabric). */
  public static int numComponents(Fabric fabric) {
    int max = -1;
    for (int c : components(fabric)) {
      max = Math.max(max, c);
    }
    return max + 1;
  }

  /**
   * The component of every switch over switch-to-switch links only (CAs and routers do not forward
   * packets, so two switches joined only through a CA cannot carry routes): 0 for switch 0's, then
   * 1, 2, ... in order of each component's lowest switch. Switch to switch routes exist only within
   * a component.
   */
  public static int[] switchComponents(Fabric fabric) {
    return label(fabric, fabric.numSwitches());
  }

  /** Components of the nodes {@code 0..limit-1} over links between them (switches come first). */
  private static int[] label(Fabric fabric, int limit) {
    int[] component = new int[limit];
    Arrays.fill(component, -1);
    SwitchBfs bfs =
        limit == fabric.numSwitches() ? new SwitchBfs(fabric) : SwitchBfs.overAllNodes(fabric);
    int count = 0;
    for (int start = 0; start < limit; start++) {
      if (component[start] >= 0) {
        continue;
      }
      bfs.from(start);
      for (int i = 0; i < bfs.numReached(); i++) {
        component[bfs.reached(i)] = count;
      }
      count++;
    }
    return component;
  }

  /** Whether every node reaches every other node. */
  public static boolean isConnected(Fabric fabric) {
    return numComponents(fabric) <= 1;
  }

  /**
   * The ordered (source LID, destination LID) pairs of distinct CA and router ports, counting every
   * LID of an LMC range, that the fabric can carry: both ports cabled to switches of one {@link
   * #switchComponents switch component}, or cabled straight to each other. This is the number of
   * pairs a routing of the damaged fabric can deliver at best.
   */
  public static long connectedPairs(Fabric fabric) {
    int[] component = switchComponents(fabric);
    long[] lidsIn = new long[fabric.numSwitches() + 1];
    long sumOfSquares = 0;
    long direct = 0;
    for (int port = 0; port < fabric.numPortSlots(); port++) {
      int node = fabric.nodeOfPort(port);
      if (fabric.isSwitch(node) || fabric.baseLid(port) == 0) {
        continue;
      }
      long lids = 1L << fabric.lmc(port);
      int swPort = fabric.switchPortOf(port);
      if (swPort >= 0) {
        lidsIn[component[fabric.nodeOfPort(swPort)]] += lids;
        sumOfSquares += lids * lids;
      } else {
        int peer = fabric.peerPort(port);
        if (peer >= 0 && fabric.baseLid(peer) != 0) {
          direct += lids * (1L << fabric.lmc(peer));
        }
      }
    }
    long pairs = direct - sumOfSquares;
    for (long lids : lidsIn) {
      pairs += lids * lids;
    }
    return pairs;
  }

  /**
   * The CAs cabled to the {@link #switchComponents switch component} that holds the most of them
   * (the lowest-numbered such component on ties): where a fabric split by failures still carries
   * traffic between all its CAs, so where its effective bisection bandwidth is measured. Every
   * cabled CA when the switches are connected.
   */
  public static EndPorts largestComponentCas(Fabric fabric) {
    int[] component = switchComponents(fabric);
    EndPorts all = EndPorts.cabledCas(fabric);
    int[] count = new int[fabric.numSwitches() + 1];
    for (int e = 0; e < all.size(); e++) {
      count[component[fabric.nodeOfPort(all.switchPort(e))]]++;
    }
    int best = 0;
    for (int c = 1; c < count.length; c++) {
      if (count[c] > count[best]) {
        best = c;
      }
    }
    if (count[best] == all.size()) {
      return all;
    }
    int[] ports = new int[count[best]];
    int k = 0;
    for (int e = 0; e < all.size(); e++) {
      if (component[fabric.nodeOfPort(all.switchPort(e))] == best) {
        ports[k++] = all.port(e);
      }
    }
    return EndPorts.ofPorts(fabric, ports);
  }
}
