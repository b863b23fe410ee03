package org.ibrouting.analysis;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;

/** Breadth-first search over the switch graph (links between switches only). */
final class Bfs {
  private Bfs() {}

  /**
   * Fills {@code dist[sw]} with the number of switch-to-switch links between {@code sw} and
   * {@code root}, {@link Integer#MAX_VALUE} when not connected. {@code queue} needs one int per
   * switch.
   */
  static void switchDistances(Fabric fabric, int root, int[] dist, int[] queue) {
    Arrays.fill(dist, Integer.MAX_VALUE);
    dist[root] = 0;
    queue[0] = root;
    int head = 0;
    int tail = 1;
    while (head < tail) {
      int sw = queue[head++];
      int next = dist[sw] + 1;
      for (int i = 0, n = fabric.outDegree(sw); i < n; i++) {
        int neighbour = fabric.channelHead(fabric.outChannel(sw, i));
        if (neighbour < fabric.numSwitches() && dist[neighbour] == Integer.MAX_VALUE) {
          dist[neighbour] = next;
          queue[tail++] = neighbour;
        }
      }
    }
  }
}
