package org.ibrouting.engines.nue;

import java.util.Arrays;
import org.ibrouting.internal.Parallel;
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
  private final long[] hopDist;
  private final boolean[] processed;
  private final int[] queue;
  private final QuaternaryHeap heap;
  private final long[] treeDist;

  EscapePaths(NueNetwork net) {
    this.net = net;
    int n = net.numSwitches;
    inHull = new boolean[n];
    hasAdjDestinations = new boolean[n];
    hopDist = new long[n];
    processed = new boolean[n];
    queue = new int[n];
    heap = new QuaternaryHeap(n);
    treeDist = new long[n];
  }

  /**
   * Whether switch {@code i} is cabled to a destination of the layer last given to {@link
   * #useLayer}.
   */
  boolean hasAdjDestinations(int i) {
    return hasAdjDestinations[i];
  }

  /**
   * Makes {@link #hasAdjDestinations} answer for the layer whose destinations sit on {@code
   * destSwitch}.
   */
  void useLayer(int[] destSwitch, int count) {
    Arrays.fill(hasAdjDestinations, false);
    for (int k = 0; k < count; k++) {
      hasAdjDestinations[destSwitch[k]] = true;
    }
  }

  /**
   * The root of each layer's escape tree, for layers whose destinations' switches are {@code
   * destSwitch[layer][0 .. count[layer]-1]} ({@code isTerminal[layer][k]}: destination k is a CA,
   * not the switch itself); -1 for a layer without destinations. Layers whose hulls are the same
   * share each breadth-first search of the centrality, which runs on {@code threads} threads; the
   * sums are still taken source after source, so every value is OpenSM's.
   */
  int[] centralSwitches(int[][] destSwitch, boolean[][] isTerminal, int[] count, int threads) {
    int numLayers = count.length;
    int[] central = new int[numLayers];
    boolean[][] hullOf = new boolean[numLayers][];
    boolean[] done = new boolean[numLayers];
    for (int layer = 0; layer < numLayers; layer++) {
      central[layer] = -1;
      if (count[layer] > 0) {
        convexHull(destSwitch[layer], count[layer]);
        hullOf[layer] = inHull.clone();
      }
    }
    for (int layer = 0; layer < numLayers; layer++) {
      if (count[layer] == 0 || done[layer]) {
        continue;
      }
      int[] group = new int[numLayers];
      int size = 0;
      for (int other = layer; other < numLayers; other++) {
        if (count[other] > 0 && !done[other] && Arrays.equals(hullOf[layer], hullOf[other])) {
          group[size++] = other;
          done[other] = true;
        }
      }
      int[][] terminals = new int[size][net.numSwitches];
      for (int g = 0; g < size; g++) {
        int l = group[g];
        for (int k = 0; k < count[l]; k++) {
          if (isTerminal[l][k]) {
            terminals[g][destSwitch[l][k]]++;
          }
        }
      }
      double[][] centrality = centrality(hullOf[layer], terminals, threads);
      for (int g = 0; g < size; g++) {
        central[group[g]] = mostCentral(hullOf[layer], centrality[g]);
      }
    }
    return central;
  }

  /** Marks the switches on shortest paths between the destinations' switches in {@link #inHull}. */
  private void convexHull(int[] destSwitch, int count) {
    int n = net.numSwitches;
    Arrays.fill(inHull, false);
    int hullSize = 0;
    for (int k = 0; k < count; k++) {
      hullSize += inHull[destSwitch[k]] ? 0 : 1;
      inHull[destSwitch[k]] = true;
    }
    // once every switch is in the hull no search can add one (fat trees get there at once)
    for (int a = 0; a < n && hullSize < n; a++) {
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
              hullSize += inHull[u] ? 0 : 1;
              inHull[u] = true;
              processed[u] = true;
              queue[tail++] = u;
            }
          }
        }
      }
    }
  }

  /**
   * Brandes' betweenness centrality inside {@code hull} for each of several layers with that hull
   * ({@code terminals[g][v]}: the layer's CA destinations on switch v), OpenSM's way: every CA
   * counts as a leaf of its switch, and each source's dependencies are added once per CA of the
   * source and once for the switch. One breadth-first search per source serves every layer; sources
   * run in parallel in chunks, and each chunk's contributions are added in source order, the
   * switches split between the threads.
   */
  double[][] centrality(boolean[] hull, int[][] terminals, int threads) {
    int n = net.numSwitches;
    int numLayers = terminals.length;
    double[][] centrality = new double[numLayers][n];
    int[] terminalAt = new int[n * numLayers];
    for (int g = 0; g < numLayers; g++) {
      for (int v = 0; v < n; v++) {
        terminalAt[v * numLayers + g] = terminals[g][v];
      }
    }
    int[] sources = new int[n];
    int numSources = 0;
    for (int s = 0; s < n; s++) {
      if (hull[s]) {
        sources[numSources++] = s;
      }
    }
    int chunk = Math.min(numSources, 32);
    Source[] slots = new Source[chunk];
    for (int i = 0; i < chunk; i++) {
      slots[i] = new Source(n, net.numLinks(), numLayers);
    }
    int workers = Parallel.threadsFor(n, threads);
    int parts = Math.min(workers, n);
    for (int first = 0; first < numSources; first += chunk) {
      int from = first;
      int size = Math.min(chunk, numSources - first);
      // the sources of a chunk are independent; each worker fills the slots of its tasks
      Parallel.run(
          size, workers, () -> task -> slots[task].compute(sources[from + task], hull, terminalAt));
      // each switch's sums take the chunk's sources in order; switches are independent
      Parallel.run(
          parts,
          workers,
          () ->
              part ->
                  addChunk(
                      slots,
                      size,
                      terminalAt,
                      centrality,
                      n * part / parts,
                      n * (part + 1) / parts));
    }
    return centrality;
  }

  /**
   * Adds the contributions of the first {@code size} sources of {@code slots}, in that order, to
   * the centrality of switches {@code from..to-1} in every layer: a switch gets its dependency once
   * for the source switch and once per CA of it, the source switch its own dependency plus its
   * other CAs once per CA.
   */
  private static void addChunk(
      Source[] slots, int size, int[] terminalAt, double[][] centrality, int from, int to) {
    int layers = centrality.length;
    for (int i = 0; i < size; i++) {
      Source src = slots[i];
      int s = src.source;
      int[] hop = src.hop;
      double[] delta = src.delta;
      for (int g = 0; g < layers; g++) {
        double[] c = centrality[g];
        int terminalsOfSource = terminalAt[s * layers + g];
        for (int v = from; v < to; v++) {
          if (hop[v] < 0 || v == s) {
            continue;
          }
          double dv = delta[v * layers + g];
          double sum = c[v];
          for (int j = 0; j <= terminalsOfSource; j++) {
            sum += dv;
          }
          c[v] = sum;
        }
        if (s >= from && s < to && terminalsOfSource > 0) {
          double own = src.ownContributions[g];
          for (int k = 1; k < terminalsOfSource; k++) {
            own += 1.0;
          }
          for (int j = 0; j < terminalsOfSource; j++) {
            c[s] += own;
          }
        }
      }
    }
  }

  /** The first switch of the hull (LID order) with the highest centrality. */
  private static int mostCentral(boolean[] hull, double[] centrality) {
    int central = -1;
    double best = -1.0;
    for (int i = 0; i < hull.length; i++) {
      if (hull[i] && best < centrality[i]) {
        central = i;
        best = centrality[i];
      }
    }
    return central;
  }

  /** One source's search and its dependencies per layer. */
  private final class Source {
    /** Hops from the source, -1 where the search did not reach. */
    final int[] hop;

    private final long[] sigma;

    /** The switches in the order the search reached them. */
    private final int[] queue;

    private final int[] preds;
    private final int[] numPreds;

    /** Per switch v and layer g, v's dependency in layer g at {@code v * layers + g}. */
    final double[] delta;

    /** Per layer, one plus the dependency of the switch whose predecessors are being credited. */
    private final double[] factor;

    final double[] ownContributions;
    int source;

    Source(int n, int numLinks, int numLayers) {
      hop = new int[n];
      sigma = new long[n];
      queue = new int[n];
      preds = new int[numLinks];
      numPreds = new int[n];
      delta = new double[n * numLayers];
      factor = new double[numLayers];
      ownContributions = new double[numLayers];
    }

    void compute(int s, boolean[] inHull, int[] terminalAt) {
      source = s;
      Arrays.fill(numPreds, 0);
      Arrays.fill(sigma, 0);
      Arrays.fill(hop, -1);
      int[] linkStart = net.linkStart;
      int[] linkTo = net.linkTo;
      sigma[s] = 1;
      hop[s] = 0;
      int tail = 0;
      queue[tail++] = s;
      for (int head = 0; head < tail; head++) {
        int u = queue[head];
        int next = hop[u] + 1;
        long sigmaU = sigma[u];
        for (int l = linkStart[u]; l < linkStart[u + 1]; l++) {
          int v = linkTo[l];
          if (!inHull[v]) {
            continue;
          }
          int hv = hop[v];
          if (hv < 0) {
            hop[v] = next;
            queue[tail++] = v;
            hv = next;
          }
          if (hv == next) {
            sigma[v] += sigmaU;
            preds[linkStart[v] + numPreds[v]++] = u;
          }
        }
      }
      accumulate(s, tail, terminalAt);
    }

    /**
     * Brandes' dependencies of the {@code reached} switches of the search from {@code s}, from the
     * farthest back. OpenSM repeats this once for the switch and once per CA of it; the
     * dependencies of every other switch are the same each time, so they are computed once and
     * added as often ({@link #addChunk}), in the same floating-point order. The layers run side by
     * side: each layer's values see the same operations in the same order as on their own.
     */
    private void accumulate(int s, int reached, int[] terminalAt) {
      int layers = factor.length;
      double[] d = delta;
      double[] f = factor;
      int[] linkStart = net.linkStart;
      if (2 * reached >= hop.length) {
        Arrays.fill(d, 0.0);
      } else {
        for (int pos = 0; pos < reached; pos++) {
          Arrays.fill(d, queue[pos] * layers, queue[pos] * layers + layers, 0.0);
        }
      }
      Arrays.fill(ownContributions, 0.0);
      for (int pos = reached - 1; pos >= 0; pos--) {
        int v = queue[pos];
        int at = v * layers;
        if (v == s) {
          System.arraycopy(d, at, ownContributions, 0, layers);
          continue;
        }
        for (int g = 0; g < layers; g++) {
          double dv = d[at + g];
          for (int k = terminalAt[at + g]; k > 0; k--) {
            dv += 1.0;
          }
          d[at + g] = dv;
          f[g] = 1 + dv;
        }
        double sigmaV = sigma[v];
        int first = linkStart[v];
        int last = first + numPreds[v];
        if (layers == 1) {
          double f0 = f[0];
          for (int k = first; k < last; k++) {
            int u = preds[k];
            d[u] += sigma[u] / sigmaV * f0;
          }
          continue;
        }
        for (int k = first; k < last; k++) {
          int u = preds[k];
          double share = sigma[u] / sigmaV;
          int uAt = u * layers;
          for (int g = 0; g < layers; g++) {
            d[uAt + g] += share * f[g];
          }
        }
      }
    }
  }

  /**
   * Dijkstra on the switch network from {@code root} with the current link weights (each link's
   * weight and far switch in one key, as {@link NueRouter#linkKey} with its {@code keyShift});
   * writes into {@code treeLink[i]} the link from the parent to switch {@code i} (-1 for the root
   * and for unreachable switches). Ties as OpenSM's complib heap breaks them. No link weighs less
   * than {@code minWeight}: once every switch is reached and the least key in the heap plus that
   * reaches the largest key given, no scan left shortens a distance, and the tree is complete. A
   * negative {@code minWeight} scans every switch, as OpenSM does.
   */
  void spanningTree(int root, long[] linkKey, int keyShift, long minWeight, int[] treeLink) {
    int n = net.numSwitches;
    heap.clear();
    for (int i = 0; i < n; i++) {
      treeDist[i] = INF;
      treeLink[i] = -1;
      heap.insert(i, INF);
    }
    treeDist[root] = 0;
    heap.decreaseKey(root, 0);
    long mask = (1L << keyShift) - 1;
    int reached = 1;
    long maxKey = 0;
    boolean mayEnd = minWeight >= 0;
    while (!heap.isEmpty() && !(mayEnd && reached == n && heap.minKey() + minWeight >= maxKey)) {
      int u = heap.extractMin();
      if (treeDist[u] == INF) {
        continue;
      }
      for (int l = net.linkStart[u]; l < net.linkStart[u + 1]; l++) {
        long key = linkKey[l];
        int v = (int) (key & mask);
        long d = treeDist[u] + (key >>> keyShift);
        if (d < treeDist[v]) {
          if (treeDist[v] == INF) {
            reached++;
          }
          maxKey = Math.max(maxKey, d);
          treeLink[v] = l;
          treeDist[v] = d;
          heap.decreaseKey(v, d);
        }
      }
    }
  }
}
