package org.ibrouting.engines.multiupdn;

import org.ibrouting.fabric.Fabric;

/**
 * The switch-to-switch channels the in-trees grow over, read once per destination LID: for each
 * switch u, in u's port order, every neighbouring switch s (not u itself), the channel from s back
 * to u and the trees in which that channel goes up. Shared by the builders of all threads. Memory:
 * 3 ints per channel.
 */
final class Adjacency {
  final int[] start;
  final int[] neighbour;
  final int[] channel;
  final int[] up;

  /**
   * @param upTrees per port slot of a switch-to-switch channel: bit t set when the channel goes up
   *     in tree t
   */
  Adjacency(Fabric fabric, int[] upTrees) {
    int n = fabric.numSwitches();
    start = new int[n + 1];
    int count = 0;
    for (int u = 0; u < n; u++) {
      for (int k = 0; k < fabric.outDegree(u); k++) {
        int s = fabric.channelHead(fabric.outChannel(u, k));
        count += s < n && s != u ? 1 : 0;
      }
    }
    neighbour = new int[count];
    channel = new int[count];
    up = new int[count];
    int i = 0;
    for (int u = 0; u < n; u++) {
      start[u] = i;
      for (int k = 0; k < fabric.outDegree(u); k++) {
        int back = fabric.outChannel(u, k);
        int s = fabric.channelHead(back);
        if (s < n && s != u) {
          neighbour[i] = s;
          channel[i] = fabric.peerPort(back);
          up[i] = upTrees[channel[i]];
          i++;
        }
      }
    }
    start[n] = i;
  }
}
