package org.ibrouting.engines.lash;

import java.util.Arrays;
import org.ibrouting.routing.ProgressListener;

/**
 * LASH's switch-to-switch routes, as OpenSM computes them: for each root {@code r = 0..n-1} a
 * breadth-first spanning tree (first discovery wins, neighbours in channel order), and the route
 * from {@code s} to {@code d} is the tree edge from {@code s} towards {@code d} in the tree of the
 * lowest root in which {@code d} lies below {@code s}. The root {@code s} itself always qualifies,
 * so every pair is routed, along a shortest path. On a fabric split into several parts (failed
 * links or switches) each root's tree spans its own part, and pairs of different parts stay {@link
 * #UNSET}: each part is routed on its own.
 *
 * <p>OpenSM recurses over each tree and concatenates linked lists of subtree members. Here each
 * tree is a parent array from one BFS, and every destination walks up to the root, filling the
 * unset entries of its ancestors; the ancestors of {@code d} are exactly the switches that have
 * {@code d} below them. Cost: O(n * (n + channels) + n^2 * depth) time with depth the mean tree
 * depth (bounded by the diameter), 4 ints per switch of scratch space.
 */
final class ShortestPathTrees {
  /** The value of an unset route entry. */
  static final int UNSET = 0xFF;

  private ShortestPathTrees() {}

  /**
   * Returns {@code route[s * n + d]}: the index (into {@code s}'s channels) of the first hop from
   * switch {@code s} to switch {@code d}, {@link #UNSET} where {@code s == d} or no link path joins
   * them. Memory: n^2 bytes.
   */
  static byte[] compute(SwitchGraph graph) {
    return compute(graph, ProgressListener.SILENT);
  }

  /** Like {@link #compute(SwitchGraph)}, reporting the roots done as "lash: routes". */
  static byte[] compute(SwitchGraph graph, ProgressListener progress) {
    int n = graph.numSwitches;
    byte[] route = new byte[n * n];
    Arrays.fill(route, (byte) UNSET);
    int[] parent = new int[n];
    int[] linkOfChild = new int[n];
    int[] queue = new int[n];
    int[] visitedBy = new int[n];
    Arrays.fill(visitedBy, -1);
    int[] chanStart = graph.chanStart;
    int[] headOf = graph.headOf;
    // not SwitchBfs: lash's own switch graph, whose link order gives OpenSM's choice of parent
    for (int root = 0; root < n; root++) {
      int tail = 0;
      queue[tail++] = root;
      visitedBy[root] = root;
      parent[root] = -1;
      for (int head = 0; head < tail; head++) {
        int sw = queue[head];
        int first = chanStart[sw];
        int last = chanStart[sw + 1];
        for (int c = first; c < last; c++) {
          int next = headOf[c];
          if (visitedBy[next] != root) {
            visitedBy[next] = root;
            parent[next] = sw;
            linkOfChild[next] = c - first;
            queue[tail++] = next;
          }
        }
      }
      for (int i = 1; i < tail; i++) {
        int dst = queue[i];
        int child = dst;
        int sw = parent[dst];
        while (sw >= 0) {
          int idx = sw * n + dst;
          if (route[idx] == (byte) UNSET) {
            route[idx] = (byte) linkOfChild[child];
          }
          child = sw;
          sw = parent[sw];
        }
      }
      progress.progress("lash: routes", root + 1, n);
    }
    return route;
  }
}
