package org.ibrouting.analysis;

import java.util.Arrays;

/**
 * One VL's channel dependency graph in CSR form over dense vertex ids (channels in ascending port
 * slot order), with an iterative Tarjan strongly-connected-components search. The "channels" may be
 * any non-negative vertex ids, such as the (channel, VL) pairs of per-port SL-to-VL maps.
 *
 * <p>Memory: 6 ints per vertex, 1 int per edge, 1 int per port slot.
 */
// not IncrementalCdg: the verifier builds each graph whole and wants its cycles (SCCs), no order
final class Cdg {
  private final int[] channelOf;
  private final int[] start;
  private final int[] target;
  private int[] component;
  private int[] componentSize;
  private int numCyclic;

  /**
   * @param used per port slot, whether the channel is a vertex
   * @param keys sorted, distinct dependencies {@code (c1 << 32) | c2}; both ends must be used
   */
  Cdg(boolean[] used, long[] keys) {
    int[] vertexOf = new int[used.length];
    int n = 0;
    for (int c = 0; c < used.length; c++) {
      vertexOf[c] = used[c] ? n++ : -1;
    }
    channelOf = new int[n];
    for (int c = 0; c < used.length; c++) {
      if (used[c]) {
        channelOf[vertexOf[c]] = c;
      }
    }
    start = new int[n + 1];
    target = new int[keys.length];
    for (long key : keys) {
      start[vertexOf[(int) (key >>> 32)] + 1]++;
    }
    for (int v = 0; v < n; v++) {
      start[v + 1] += start[v];
    }
    // keys are sorted by first channel, then second, and vertex ids keep slot order
    for (int i = 0; i < keys.length; i++) {
      target[i] = vertexOf[(int) keys[i]];
    }
  }

  int numVertices() {
    return channelOf.length;
  }

  /** Channels on a cycle; valid after {@link #findCycle()}. */
  int numCyclic() {
    return numCyclic;
  }

  /**
   * Computes the strongly connected components and returns a shortest cycle through the lowest
   * cyclic channel, as channels, or null when the graph is acyclic.
   */
  int[] findCycle() {
    components();
    int n = channelOf.length;
    int root = -1;
    numCyclic = 0;
    for (int v = 0; v < n; v++) {
      if (isCyclic(v)) {
        numCyclic++;
        if (root < 0) {
          root = v;
        }
      }
    }
    return root < 0 ? null : shortestCycle(root);
  }

  private boolean isCyclic(int v) {
    if (componentSize[component[v]] > 1) {
      return true;
    }
    for (int i = start[v]; i < start[v + 1]; i++) {
      if (target[i] == v) {
        return true;
      }
    }
    return false;
  }

  /**
   * The vertices (as given to the constructor) that lie on a cycle, ascending; valid after {@link
   * #findCycle()}.
   */
  int[] cyclicVertices() {
    int[] ids = new int[numCyclic];
    int k = 0;
    for (int v = 0; v < channelOf.length; v++) {
      if (isCyclic(v)) {
        ids[k++] = channelOf[v];
      }
    }
    return ids;
  }

  /** A shortest cycle through cyclic vertex {@code id}; valid after {@link #findCycle()}. */
  int[] cycleThrough(int id) {
    int dense = Arrays.binarySearch(channelOf, id);
    if (dense < 0 || !isCyclic(dense)) {
      throw new IllegalArgumentException("vertex " + id + " is on no cycle");
    }
    return shortestCycle(dense);
  }

  /** Iterative Tarjan: component ids in completion order. */
  private void components() {
    int n = channelOf.length;
    int[] index = new int[n];
    int[] low = new int[n];
    int[] edgePos = new int[n];
    int[] callStack = new int[n];
    int[] sccStack = new int[n];
    boolean[] onStack = new boolean[n];
    Arrays.fill(index, -1);
    component = new int[n];
    int[] sizes = new int[n];
    int nextIndex = 0;
    int numComponents = 0;
    int sccTop = 0;
    for (int root = 0; root < n; root++) {
      if (index[root] >= 0) {
        continue;
      }
      int depth = 0;
      callStack[depth++] = root;
      index[root] = low[root] = nextIndex++;
      edgePos[root] = start[root];
      sccStack[sccTop++] = root;
      onStack[root] = true;
      while (depth > 0) {
        int v = callStack[depth - 1];
        if (edgePos[v] < start[v + 1]) {
          int w = target[edgePos[v]++];
          if (index[w] < 0) {
            index[w] = low[w] = nextIndex++;
            edgePos[w] = start[w];
            sccStack[sccTop++] = w;
            onStack[w] = true;
            callStack[depth++] = w;
          } else if (onStack[w]) {
            low[v] = Math.min(low[v], index[w]);
          }
          continue;
        }
        depth--;
        if (depth > 0) {
          int parent = callStack[depth - 1];
          low[parent] = Math.min(low[parent], low[v]);
        }
        if (low[v] == index[v]) {
          int w;
          do {
            w = sccStack[--sccTop];
            onStack[w] = false;
            component[w] = numComponents;
            sizes[numComponents]++;
          } while (w != v);
          numComponents++;
        }
      }
    }
    componentSize = Arrays.copyOf(sizes, numComponents);
  }

  /** BFS from {@code root} inside its component back to {@code root}. */
  private int[] shortestCycle(int root) {
    int n = channelOf.length;
    int[] parent = new int[n];
    Arrays.fill(parent, -2);
    int[] queue = new int[n];
    int head = 0;
    int tail = 0;
    queue[tail++] = root;
    parent[root] = -1;
    int comp = component[root];
    while (head < tail) {
      int v = queue[head++];
      for (int i = start[v]; i < start[v + 1]; i++) {
        int w = target[i];
        if (w == root) {
          int length = 1;
          for (int u = v; u != root; u = parent[u]) {
            length++;
          }
          int[] cycle = new int[length];
          int k = length - 1;
          for (int u = v; u != root; u = parent[u]) {
            cycle[k--] = channelOf[u];
          }
          cycle[0] = channelOf[root];
          return cycle;
        }
        if (parent[w] == -2 && component[w] == comp) {
          parent[w] = v;
          queue[tail++] = w;
        }
      }
    }
    throw new IllegalStateException("channel " + channelOf[root] + " is cyclic but no cycle found");
  }
}
