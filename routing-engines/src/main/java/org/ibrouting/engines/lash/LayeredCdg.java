package org.ibrouting.engines.lash;

import java.util.Arrays;
import org.ibrouting.internal.IncrementalCdg;

/**
 * The channel dependency graphs of LASH's layers, kept acyclic while paths are added.
 *
 * <p>Per layer one {@code IncrementalCdg} over the dependency slots of {@link SwitchGraph} (a slot
 * holds the number of the layer's paths inducing that dependency) with a topological order kept by
 * a two-way ordered search that moves only the channels it scanned. A path adds only its
 * dependencies that are new to the layer; one that would close a cycle refuses the path, whose
 * additions are then undone. Removing dependencies never invalidates an order, so undoing a refused
 * path and moving paths between layers cost only their walk. This replaces OpenSM's full
 * depth-first search plus a sweep of the whole n x n vertex matrix per attempt.
 *
 * <p>Memory per open layer: 1 int and 2 bits per dependency slot (the sum over switches of their
 * degree squared) and 5 ints per channel; shared: 4 ints per dependency slot and 7 ints per
 * channel.
 */
final class LayeredCdg {
  private final SwitchGraph graph;
  private final byte[] route;
  private final int n;
  private final IncrementalCdg.Graph dependencies;
  private final IncrementalCdg.Workspace workspace;
  private final IncrementalCdg[] layers;
  private int numLayers;
  private int[] undo;
  private int undoSize;

  LayeredCdg(SwitchGraph graph, byte[] route, int maxLayers) {
    this.graph = graph;
    this.route = route;
    this.n = graph.numSwitches;
    int numChannels = graph.numChannels();
    int[] target = new int[graph.numDepSlots()];
    for (int c = 0; c < numChannels; c++) {
      int first = graph.chanStart[graph.headOf[c]];
      for (int slot = graph.depStart[c]; slot < graph.depStart[c + 1]; slot++) {
        target[slot] = first + (slot - graph.depStart[c]);
      }
    }
    this.dependencies = new IncrementalCdg.Graph(graph.depStart, target);
    this.workspace = new IncrementalCdg.Workspace(numChannels);
    this.layers = new IncrementalCdg[maxLayers];
    this.undo = new int[16];
  }

  int numLayers() {
    return numLayers;
  }

  /** Opens a new, empty layer and returns its index. */
  int openLayer() {
    int layer = numLayers++;
    layers[layer] = new IncrementalCdg(dependencies, workspace, graph.climbingOrder);
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
    IncrementalCdg cdg = layers[layer];
    for (int i = 0; i < undoSize; i++) {
      cdg.remove(undo[i]);
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
      throw new IllegalStateException(
          "lash: the paths between switches "
              + a
              + " and "
              + b
              + " alone close a dependency cycle; the routes are not shortest paths");
    }
  }

  /** Removes the paths {@code a -> b} and {@code b -> a}, added earlier, from {@code layer}. */
  void removePair(int layer, int a, int b) {
    removePath(layer, a, b);
    removePath(layer, b, a);
  }

  private boolean addPath(int layer, int src, int dst) {
    return walkPath(layer, src, dst, true);
  }

  private void removePath(int layer, int src, int dst) {
    walkPath(layer, src, dst, false);
  }

  /**
   * Walks the route {@code src -> dst} and adds its dependencies to {@code layer} (recording each
   * in the undo list, stopping at the first that would close a cycle: false) or removes them.
   */
  private boolean walkPath(int layer, int src, int dst, boolean add) {
    IncrementalCdg cdg = layers[layer];
    int[] chanStart = graph.chanStart;
    int[] headOf = graph.headOf;
    int prev = chanStart[src] + (route[src * n + dst] & 0xFF);
    int sw = headOf[prev];
    while (sw != dst) {
      int next = chanStart[sw] + (route[sw * n + dst] & 0xFF);
      int slot = graph.depSlot(prev, next);
      if (!add) {
        cdg.remove(slot);
      } else if (cdg.tryAdd(slot)) {
        if (undoSize == undo.length) {
          undo = Arrays.copyOf(undo, undoSize * 2);
        }
        undo[undoSize++] = slot;
      } else {
        return false;
      }
      prev = next;
      sw = headOf[next];
    }
    return true;
  }
}
