package org.ibrouting.engines.nue;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingException;

/**
 * The roots of nue's escape trees: per virtual layer, the most central switch (Brandes'
 * betweenness) of the hull of the layer's destinations, which is what {@link NueEngine} finds
 * before its first Dijkstra. Public so that this step can be timed on its own (the benchmarks'
 * {@code CentralityBenchmark}); the engine finds its roots through the same code.
 */
public final class EscapeRoots {
  private final NueNetwork net;
  private final int[][] destSwitch;
  private final boolean[][] isTerminal;
  private final int[] count;

  EscapeRoots(Fabric fabric, NueNetwork net, IntArrayList[] layers) {
    this.net = net;
    int numLayers = layers.length;
    destSwitch = new int[numLayers][];
    isTerminal = new boolean[numLayers][];
    count = new int[numLayers];
    for (int vl = 0; vl < numLayers; vl++) {
      IntArrayList layer = layers[vl];
      count[vl] = layer.size();
      destSwitch[vl] = new int[count[vl]];
      isTerminal[vl] = new boolean[count[vl]];
      for (int k = 0; k < count[vl]; k++) {
        int port = layer.getInt(k);
        destSwitch[vl][k] = net.nodeOfSwitch[fabric.nodeOfPort(fabric.switchPortOf(port))];
        isTerminal[vl][k] = !fabric.isSwitch(fabric.nodeOfPort(port));
      }
    }
  }

  /**
   * The layers of {@code fabric} as nue splits them into {@code numLayers} (1-15) with OpenSM's
   * defaults: round robin over the end ports in port-GUID order, switch LIDs not included.
   *
   * @throws RoutingException if the fabric has a port nue cannot number
   */
  public static EscapeRoots of(Fabric fabric, int numLayers) throws RoutingException {
    NueEngine engine = new NueEngine(numLayers, false);
    IntArrayList[] layers =
        engine.layers(fabric, NueEngine.endPortsInGuidOrder(fabric), numLayers, 0);
    return new EscapeRoots(fabric, NueNetwork.of(fabric), layers);
  }

  /**
   * Each layer's root (a switch index of nue's network; -1 for a layer without destinations), found
   * on {@code threads} threads; the same on any number of threads.
   */
  public int[] centralSwitches(int threads) {
    return centralSwitches(new EscapePaths(net), threads);
  }

  int[] centralSwitches(EscapePaths trees, int threads) {
    return trees.centralSwitches(destSwitch, isTerminal, count, threads);
  }

  int[] destSwitch(int vl) {
    return destSwitch[vl];
  }

  boolean[] isTerminal(int vl) {
    return isTerminal[vl];
  }
}
