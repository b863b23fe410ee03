package org.ibrouting.engines.lash;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ibrouting.routing.ProgressListener;

/**
 * LASH's layer (virtual lane) assignment: unordered switch pairs {@code {i, j}} in the order {@code
 * i} ascending, {@code j} ascending go, both directions together, into the first layer whose
 * channel dependency graph stays acyclic, or into a new layer when every open layer refuses. This
 * reproduces OpenSM's {@code lash_core} decisions exactly (its DFS from the first channel of each
 * path detects precisely the cycles the new dependencies close). Balancing then moves pairs from
 * the fullest layer to the emptiest, as OpenSM's {@code balance_virtual_lanes} does, with a seeded
 * generator instead of glibc's {@code rand()}.
 *
 * <p>Memory: n^2 bytes for the layer of every ordered pair; during balancing 1 int per pair.
 */
final class LayerAssignment {
  /** OpenSM's {@code balance_limit}: stop when fullest and emptiest layer differ by fewer paths. */
  static final int BALANCE_GAP = 6;

  /** The layer entry of a pair of switches that no path joins (parts of a split fabric). */
  static final byte NO_LAYER = (byte) 0xFF;

  private final int n;
  private final LayeredCdg cdg;
  private final byte[] layerOf;
  private final long[] pathsInLayer;

  private LayerAssignment(int n, LayeredCdg cdg, byte[] layerOf, long[] pathsInLayer) {
    this.n = n;
    this.cdg = cdg;
    this.layerOf = layerOf;
    this.pathsInLayer = pathsInLayer;
  }

  /**
   * Assigns every pair, opening at most {@code maxLayers} layers; returns null when more would be
   * needed.
   */
  static LayerAssignment assign(
      SwitchGraph graph, byte[] route, int maxLayers, ProgressListener progress) {
    int n = graph.numSwitches;
    LayeredCdg cdg = new LayeredCdg(graph, route, maxLayers);
    byte[] layerOf = new byte[n * n];
    long[] pathsInLayer = new long[maxLayers];
    cdg.openLayer();
    long pairs = (long) n * (n - 1) / 2;
    long pairsDone = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        if (route[i * n + j] == (byte) ShortestPathTrees.UNSET) {
          // no path: the switches lie in different parts of a split fabric
          layerOf[i * n + j] = NO_LAYER;
          layerOf[j * n + i] = NO_LAYER;
          continue;
        }
        int layer = 0;
        while (layer < cdg.numLayers() && !cdg.tryAddPair(layer, i, j)) {
          layer++;
        }
        if (layer == cdg.numLayers()) {
          if (layer == maxLayers) {
            return null;
          }
          cdg.openLayer();
          cdg.addPairToEmptyLayer(layer, i, j);
        }
        layerOf[i * n + j] = (byte) layer;
        layerOf[j * n + i] = (byte) layer;
        pathsInLayer[layer] += 2;
      }
      pairsDone += n - 1 - i;
      progress.progress("lash: layers", pairsDone, pairs);
    }
    return new LayerAssignment(n, cdg, layerOf, pathsInLayer);
  }

  int numLayers() {
    return cdg.numLayers();
  }

  /**
   * The layer of the path from switch {@code src} to switch {@code dst} (0 when equal, -1 when no
   * path joins them).
   */
  int layer(int src, int dst) {
    return layerOf[src * n + dst];
  }

  /** The number of paths (two per pair) in each layer. */
  long[] pathsPerLayer() {
    return Arrays.copyOf(pathsInLayer, cdg.numLayers());
  }

  /**
   * Moves random pairs of the fullest layer to the emptiest one while that keeps its dependency
   * graph acyclic, until the two differ by fewer than {@link #BALANCE_GAP} paths or every pair of
   * the fullest layer has been tried since the fullest or emptiest layer last changed.
   */
  void balance(long seed) {
    balance(seed, ProgressListener.SILENT);
  }

  /**
   * Like {@link #balance(long)}, reporting as "lash: balancing" how far the fullest layer (which
   * never grows) has come down towards the mean, in paths; the last report says done whether the
   * layers met or no pair could move any more.
   */
  void balance(long seed, ProgressListener progress) {
    int layers = cdg.numLayers();
    if (layers < 2) {
      return;
    }
    long sum = 0;
    for (int layer = 0; layer < layers; layer++) {
      sum += pathsInLayer[layer];
    }
    int[][] pairs = new int[layers][];
    int[] size = new int[layers];
    for (int layer = 0; layer < layers; layer++) {
      pairs[layer] = new int[(int) (pathsInLayer[layer] / 2)];
    }
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        if (layerOf[i * n + j] == NO_LAYER) {
          continue;
        }
        int layer = layerOf[i * n + j];
        pairs[layer][size[layer]++] = i * n + j;
      }
    }
    // pairs[layer][0 .. untried[layer]-1] are the candidates not yet tried
    int[] untried = size.clone();
    SplittableRandom random = new SplittableRandom(seed);
    int fullest = fullest(layers);
    int emptiest = emptiest(layers);
    long startMax = pathsInLayer[fullest];
    long toMean = Math.max(0, startMax - sum / layers);
    while (pathsInLayer[fullest] - pathsInLayer[emptiest] >= BALANCE_GAP && untried[fullest] > 0) {
      int[] from = pairs[fullest];
      int pick = random.nextInt(untried[fullest]);
      int pair = from[pick];
      int a = pair / n;
      int b = pair % n;
      if (cdg.tryAddPair(emptiest, a, b)) {
        cdg.removePair(fullest, a, b);
        int lastUntried = --untried[fullest];
        from[pick] = from[lastUntried];
        from[lastUntried] = from[--size[fullest]];
        if (size[emptiest] == pairs[emptiest].length) {
          pairs[emptiest] = Arrays.copyOf(pairs[emptiest], Math.max(16, size[emptiest] * 2));
        }
        int[] to = pairs[emptiest];
        to[size[emptiest]++] = to[untried[emptiest]];
        to[untried[emptiest]++] = pair;
        layerOf[a * n + b] = (byte) emptiest;
        layerOf[b * n + a] = (byte) emptiest;
        pathsInLayer[fullest] -= 2;
        pathsInLayer[emptiest] += 2;
        int newFullest = fullest(layers);
        int newEmptiest = emptiest(layers);
        if (newFullest != fullest || newEmptiest != emptiest) {
          untried[fullest] = size[fullest];
          untried[newFullest] = size[newFullest];
          fullest = newFullest;
          emptiest = newEmptiest;
        }
        progress.progress(
            "lash: balancing", Math.min(toMean, startMax - pathsInLayer[fullest]), toMean);
      } else {
        int lastUntried = --untried[fullest];
        from[pick] = from[lastUntried];
        from[lastUntried] = pair;
      }
    }
    progress.progress("lash: balancing", toMean, toMean);
  }

  private int fullest(int layers) {
    int best = 0;
    for (int layer = 1; layer < layers; layer++) {
      if (pathsInLayer[layer] > pathsInLayer[best]) {
        best = layer;
      }
    }
    return best;
  }

  private int emptiest(int layers) {
    int best = 0;
    for (int layer = 1; layer < layers; layer++) {
      if (pathsInLayer[layer] < pathsInLayer[best]) {
        best = layer;
      }
    }
    return best;
  }
}
