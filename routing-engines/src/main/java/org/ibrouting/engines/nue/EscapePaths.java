package org.ibrouting.engines.nue;

import java.util.Arrays;
import org.ibrouting.internal.QuaternaryHeap;

/**
 * The spanning trees Nue needs: the escape-path tree of a virtual layer, rooted at the switch of
 * highest betweenness centrality within the convex hull of the layer's destinations (Brandes'
 * algorithm, with each destination CA counted as a leaf of its switch), and the weighted
 * shortest-path trees of its Dijkstra runs on the switch network (also used to route to switches).
 * Same traversal orders and floating-point operation order as OpenSM, so the same root wins ties.
 */
final class EscapePaths {
  static final long INF = Long.MAX_VALUE;

  private final NueNetwork net;
  private final boolean[] inHull;
  private final boolean[] hasAdjDestinations;
  private final int[] adjTerminalsInHull;
  private final long[] hopDist;
  private final boolean[] processed;
  private final int[] queue;
  private final int[] lifo;
  private final long[] sigma;
  private final double[] delta;
  private final double[] centrality;
  private final int[] preds;
  private final int[] numPreds;
  private final QuaternaryHeap heap;
  private final long[] treeDist;

  EscapePaths(NueNetwork net) {
    this.net = net;
    int n = net.numSwitches;
    inHull = new boolean[n];
    hasAdjDestinations = new boolean[n];
    adjTerminalsInHull = new int[n];
    hopDist = new long[n];
    processed = new boolean[n];
    queue = new int[n];
    lifo = new int[n];
    sigma = new long[n];
    delta = new double[n];
    centrality = new double[n];
    preds = new int[net.numLinks()];
    numPreds = new int[n];
    heap = new QuaternaryHeap(n);
    treeDist = new long[n];
  }

  /** Whether switch {@code i} is cabled to a destination of the current layer. */
  boolean hasAdjDestinations(int i) {
    return hasAdjDestinations[i];
  }

  /**
   * The root of the layer's escape tree for destinations whose switches are {@code destSwitch[0 ..
   * count-1]} ({@code isTerminal[k]}: destination k is a CA, not the switch itself).
   */
  int centralSwitch(int[] destSwitch, boolean[] isTerminal, int count) {
    convexHull(destSwitch, count);
    return mostCentral(destSwitch, isTerminal, count);
  }

  /** Marks the switches on shortest paths between the destinations' switches. */
  private void convexHull(int[] destSwitch, int count) {
    int n = net.numSwitches;
    Arrays.fill(inHull, false);
    Arrays.fill(hasAdjDestinations, false);
    for (int k = 0; k < count; k++) {
      inHull[destSwitch[k]] = true;
      hasAdjDestinations[destSwitch[k]] = true;
    }
    for (int a = 0; a < n; a++) {
      if (!inHull[a]) {
        continue;
      }
      Arrays.fill(hopDist, INF);
      Arrays.fill(processed, false);
      hopDist[a] = 0;
      processed[a] = true;
      int head = 0;
      int tail = 0;
      queue[tail++] = a;
      while (head < tail) {
        int u = queue[head++];
        for (int l = net.linkStart[u]; l < net.linkStart[u + 1]; l++) {
          int v = net.linkTo[l];
          if (hopDist[v] == INF) {
            hopDist[v] = hopDist[u] + 1;
            queue[tail++] = v;
          }
        }
      }
      for (int b = 0; b < n; b++) {
        if (!inHull[b] || processed[b]) {
          continue;
        }
        processed[b] = true;
        head = 0;
        tail = 0;
        queue[tail++] = b;
        while (head < tail) {
          int v = queue[head++];
          for (int l = net.linkStart[v]; l < net.linkStart[v + 1]; l++) {
            int u = net.linkTo[l];
            if (processed[u]) {
              continue;
            }
            if (hopDist[u] != INF && hopDist[u] + 1 == hopDist[v]) {
              inHull[u] = true;
              processed[u] = true;
              queue[tail++] = u;
            }
          }
        }
      }
    }
  }

  /** Brandes' betweenness centrality inside the hull; the first switch (LID order) of the maximum. */
  private int mostCentral(int[] destSwitch, boolean[] isTerminal, int count) {
    int n = net.numSwitches;
    Arrays.fill(centrality, 0.0);
    Arrays.fill(adjTerminalsInHull, 0);
    for (int k = 0; k < count; k++) {
      if (isTerminal[k]) {
        adjTerminalsInHull[destSwitch[k]]++;
      }
    }
    for (int s = 0; s < n; s++) {
      if (!inHull[s]) {
        continue;
      }
      for (int i = 0; i < n; i++) {
        numPreds[i] = 0;
        sigma[i] = 0;
        hopDist[i] = INF;
      }
      sigma[s] = 1;
      hopDist[s] = 0;
      int stacked = 0;
      int head = 0;
      int tail = 0;
      queue[tail++] = s;
      while (head < tail) {
        int u = queue[head++];
        lifo[stacked++] = u;
        for (int l = net.linkStart[u]; l < net.linkStart[u + 1]; l++) {
          int v = net.linkTo[l];
          if (!inHull[v]) {
            continue;
          }
          if (hopDist[v] == INF) {
            hopDist[v] = hopDist[u] + 1;
            queue[tail++] = v;
          }
          if (hopDist[v] == hopDist[u] + 1) {
            sigma[v] += sigma[u];
            preds[net.linkStart[v] + numPreds[v]++] = u;
          }
        }
      }
      // OpenSM repeats the accumulation below once for the switch and once per CA of it; the
      // dependencies of every other switch are the same each time, so they are computed once
      // and added as often, in the same floating-point order
      for (int pos = 0; pos < stacked; pos++) {
        delta[lifo[pos]] = 0.0;
      }
      double ownContributions = 0.0;
      for (int pos = stacked - 1; pos >= 0; pos--) {
        int v = lifo[pos];
        if (v == s) {
          ownContributions = delta[v];
          continue;
        }
        for (int k = 0; k < adjTerminalsInHull[v]; k++) {
          delta[v] += 1.0;
        }
        for (int k = 0; k < numPreds[v]; k++) {
          int u = preds[net.linkStart[v] + k];
          delta[u] += (1.0 * sigma[u]) / sigma[v] * (1 + delta[v]);
        }
      }
      int repeats = adjTerminalsInHull[s] + 1;
      for (int pos = stacked - 1; pos >= 0; pos--) {
        int v = lifo[pos];
        if (v != s) {
          for (int j = 0; j < repeats; j++) {
            centrality[v] += delta[v];
          }
        }
      }
      if (repeats > 1) {
        double own = ownContributions;
        for (int k = 0; k < adjTerminalsInHull[s] - 1; k++) {
          own += 1.0;
        }
        for (int j = 1; j < repeats; j++) {
          centrality[s] += own;
        }
      }
    }
    int central = -1;
    double best = -1.0;
    for (int i = 0; i < n; i++) {
      if (inHull[i] && best < centrality[i]) {
        central = i;
        best = centrality[i];
      }
    }
    return central;
  }

  /**
   * Dijkstra on the switch network from {@code root} with the current link weights; writes into
   * {@code treeLink[i]} the link from the parent to switch {@code i} (-1 for the root and for
   * unreachable switches). Ties as OpenSM's complib heap breaks them.
   */
  void spanningTree(int root, long[] weight, int[] treeLink) {
    int n = net.numSwitches;
    heap.clear();
    for (int i = 0; i < n; i++) {
      treeDist[i] = INF;
      treeLink[i] = -1;
      heap.insert(i, INF);
    }
    treeDist[root] = 0;
    heap.decreaseKey(root, 0);
    while (!heap.isEmpty()) {
      int u = heap.extractMin();
      if (treeDist[u] == INF) {
        continue;
      }
      for (int l = net.linkStart[u]; l < net.linkStart[u + 1]; l++) {
        int v = net.linkTo[l];
        long d = treeDist[u] + weight[l];
        if (d < treeDist[v]) {
          treeLink[v] = l;
          treeDist[v] = d;
          heap.decreaseKey(v, d);
        }
      }
    }
  }
}
