package org.ibrouting.engines.lash;

import java.util.Arrays;

/**
 * The channel dependency graphs of LASH's layers, kept acyclic while paths are added.
 *
 * <p>Per layer: a use count per dependency slot of {@link SwitchGraph} (a dependency exists while
 * its count is positive) and a topological order of the channels, maintained with the dynamic
 * topological sort of Pearce and Kelly ("A Dynamic Topological Sort Algorithm for Directed Acyclic
 * Graphs", JEA 2006). A path adds only its dependencies that are new to the layer; for each new
 * edge {@code x -> y} with {@code ord[y] < ord[x]} a forward search from {@code y} bounded by
 * {@code ord[x]} either meets {@code x} (a cycle: the path is refused and its additions undone) or
 * the affected region is reordered. Removing edges never invalidates an order, so undoing a refused
 * path and moving paths between layers cost only their walk. This replaces OpenSM's full
 * depth-first search plus a sweep of the whole n x n vertex matrix per attempt.
 *
 * <p>Memory per open layer: 1 int per dependency slot (the sum over switches of their degree
 * squared) and 2 ints per channel; plus 4 ints per channel of shared scratch space.
 */
final class LayeredCdg {
  private final SwitchGraph graph;
  private final byte[] route;
  private final int n;
  private final int[][] useCount;
  private final int[][] ord;
  private final int[][] channelAtOrd;
  private int numLayers;

  private final int[] stamp;
  private int stampValue;
  private final int[] stack;
  private final int[] forward;
  private final int[] backward;
  private final int[] ordScratch;
  private int[] undo;
  private int undoSize;

  LayeredCdg(SwitchGraph graph, byte[] route, int maxLayers) {
    this.graph = graph;
    this.route = route;
    this.n = graph.numSwitches;
    this.useCount = new int[maxLayers][];
    this.ord = new int[maxLayers][];
    this.channelAtOrd = new int[maxLayers][];
    int numChannels = graph.numChannels();
    this.stamp = new int[numChannels];
    this.stack = new int[numChannels];
    this.forward = new int[numChannels];
    this.backward = new int[numChannels];
    this.ordScratch = new int[numChannels];
    this.undo = new int[16];
  }

  int numLayers() {
    return numLayers;
  }

  /** Opens a new, empty layer and returns its index. */
  int openLayer() {
    int layer = numLayers++;
    int numChannels = graph.numChannels();
    useCount[layer] = new int[graph.numDepSlots()];
    int[] order = new int[numChannels];
    for (int c = 0; c < numChannels; c++) {
      order[c] = c;
    }
    ord[layer] = order;
    channelAtOrd[layer] = order.clone();
    return layer;
  }

  /**
   * Adds the paths {@code a -> b} and {@code b -> a} to {@code layer} if its dependency graph stays
   * acyclic, and returns whether it did; on refusal the layer is left as it was.
   */
  boolean tryAddPair(int layer, int a, int b) {
    undoSize = 0;
    if (addPath(layer, a, b) && addPath(layer, b, a)) {
      return true;
    }
    int[] count = useCount[layer];
    for (int i = 0; i < undoSize; i++) {
      count[undo[i]]--;
    }
    return false;
  }

  /**
   * Adds both paths to a layer just opened, where the two paths of one pair cannot close a cycle
   * (shortest paths in opposite directions share no channel); the topological order is still
   * maintained for later insertions.
   */
  void addPairToEmptyLayer(int layer, int a, int b) {
    if (!tryAddPair(layer, a, b)) {
      throw new IllegalStateException("lash: the paths between switches " + a + " and " + b
          + " alone close a dependency cycle; the routes are not shortest paths");
    }
  }

  /** Removes the paths {@code a -> b} and {@code b -> a}, added earlier, from {@code layer}. */
  void removePair(int layer, int a, int b) {
    removePath(layer, a, b);
    removePath(layer, b, a);
  }

  private boolean addPath(int layer, int src, int dst) {
    int[] count = useCount[layer];
    int[] chanStart = graph.chanStart;
    int[] headOf = graph.headOf;
    int prev = chanStart[src] + (route[src * n + dst] & 0xFF);
    int sw = headOf[prev];
    while (sw != dst) {
      int next = chanStart[sw] + (route[sw * n + dst] & 0xFF);
      int slot = graph.depSlot(prev, next);
      if (count[slot] == 0 && !insertEdge(layer, prev, next)) {
        return false;
      }
      count[slot]++;
      if (undoSize == undo.length) {
        undo = Arrays.copyOf(undo, undoSize * 2);
      }
      undo[undoSize++] = slot;
      prev = next;
      sw = headOf[next];
    }
    return true;
  }

  private void removePath(int layer, int src, int dst) {
    int[] count = useCount[layer];
    int[] chanStart = graph.chanStart;
    int[] headOf = graph.headOf;
    int prev = chanStart[src] + (route[src * n + dst] & 0xFF);
    int sw = headOf[prev];
    while (sw != dst) {
      int next = chanStart[sw] + (route[sw * n + dst] & 0xFF);
      count[graph.depSlot(prev, next)]--;
      prev = next;
      sw = headOf[next];
    }
  }

  /**
   * Pearce-Kelly insertion of edge {@code x -> y}: false if it would close a cycle (the order is
   * then untouched), else reorders the affected channels so that the order stays topological.
   */
  private boolean insertEdge(int layer, int x, int y) {
    int[] order = ord[layer];
    int lower = order[y];
    int upper = order[x];
    if (lower > upper) {
      return true;
    }
    int[] count = useCount[layer];
    int[] chanStart = graph.chanStart;
    int[] headOf = graph.headOf;
    int[] depStart = graph.depStart;
    int forwardMark = nextStamp();
    int numForward = 0;
    int top = 0;
    stack[top++] = y;
    stamp[y] = forwardMark;
    while (top > 0) {
      int c = stack[--top];
      forward[numForward++] = c;
      int first = chanStart[headOf[c]];
      int base = depStart[c];
      int degree = depStart[c + 1] - base;
      for (int k = 0; k < degree; k++) {
        if (count[base + k] > 0) {
          int w = first + k;
          if (w == x) {
            return false;
          }
          if (stamp[w] != forwardMark && order[w] < upper) {
            stamp[w] = forwardMark;
            stack[top++] = w;
          }
        }
      }
    }
    int[] tailOf = graph.tailOf;
    int[] reverseOf = graph.reverseOf;
    int backwardMark = nextStamp();
    int numBackward = 0;
    stack[top++] = x;
    stamp[x] = backwardMark;
    while (top > 0) {
      int c = stack[--top];
      backward[numBackward++] = c;
      int sw = tailOf[c];
      int first = chanStart[sw];
      int last = chanStart[sw + 1];
      int offset = c - first;
      for (int o = first; o < last; o++) {
        int p = reverseOf[o];
        if (count[depStart[p] + offset] > 0 && stamp[p] != backwardMark && order[p] > lower) {
          stamp[p] = backwardMark;
          stack[top++] = p;
        }
      }
    }
    reorder(layer, numBackward, numForward);
    return true;
  }

  /** Gives the backward set, then the forward set, each in its old relative order, the pooled slots. */
  private void reorder(int layer, int numBackward, int numForward) {
    int[] order = ord[layer];
    int[] atOrd = channelAtOrd[layer];
    for (int i = 0; i < numBackward; i++) {
      backward[i] = order[backward[i]];
    }
    for (int i = 0; i < numForward; i++) {
      forward[i] = order[forward[i]];
    }
    Arrays.sort(backward, 0, numBackward);
    Arrays.sort(forward, 0, numForward);
    // channels in their new sequence: backward set first, then forward set
    int total = numBackward + numForward;
    for (int i = 0; i < numBackward; i++) {
      stack[i] = atOrd[backward[i]];
    }
    for (int i = 0; i < numForward; i++) {
      stack[numBackward + i] = atOrd[forward[i]];
    }
    // the pooled order slots, ascending (merge of two sorted runs)
    int b = 0;
    int f = 0;
    for (int i = 0; i < total; i++) {
      if (f >= numForward || (b < numBackward && backward[b] < forward[f])) {
        ordScratch[i] = backward[b++];
      } else {
        ordScratch[i] = forward[f++];
      }
    }
    for (int i = 0; i < total; i++) {
      order[stack[i]] = ordScratch[i];
      atOrd[ordScratch[i]] = stack[i];
    }
  }

  private int nextStamp() {
    if (stampValue == Integer.MAX_VALUE) {
      Arrays.fill(stamp, 0);
      stampValue = 0;
    }
    return ++stampValue;
  }
}
