package org.ibrouting.topology;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;

/**
 * Connected components of a fabric's node graph (switches, CAs and routers, over connected
 * ports), by iterative breadth-first search. Cost: O(nodes + links) time, 2 ints per node.
 */
public final class Connectivity {
  private Connectivity() {}

  /**
   * The component of every node: 0 for the component of node 0, then 1, 2, ... in order of each
   * component's lowest node.
   */
  public static int[] components(Fabric fabric) {
    int n = fabric.numNodes();
    int[] component = new int[n];
    Arrays.fill(component, -1);
    int[] queue = new int[n];
    int count = 0;
    for (int start = 0; start < n; start++) {
      if (component[start] >= 0) {
        continue;
      }
      int head = 0;
      int tail = 0;
      queue[tail++] = start;
      component[start] = count;
      while (head < tail) {
        int node = queue[head++];
        for (int i = 0; i < fabric.outDegree(node); i++) {
          int next = fabric.channelHead(fabric.outChannel(node, i));
          if (component[next] < 0) {
            component[next] = count;
            queue[tail++] = next;
          }
        }
      }
      count++;
    }
    return component;
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
    int n = fabric.numSwitches();
    int[] component = new int[n];
    Arrays.fill(component, -1);
    int[] queue = new int[n];
    int count = 0;
    for (int start = 0; start < n; start++) {
      if (component[start] >= 0) {
        continue;
      }
      int head = 0;
      int tail = 0;
      queue[tail++] = start;
      component[start] = count;
      while (head < tail) {
        int sw = queue[head++];
        for (int i = 0; i < fabric.outDegree(sw); i++) {
          int next = fabric.channelHead(fabric.outChannel(sw, i));
          if (next < n && component[next] < 0) {
            component[next] = count;
            queue[tail++] = next;
          }
        }
      }
      count++;
    }
    return component;
  }

  /** Whether every node reaches every other node. */
  public static boolean isConnected(Fabric fabric) {
    return numComponents(fabric) <= 1;
  }
}
