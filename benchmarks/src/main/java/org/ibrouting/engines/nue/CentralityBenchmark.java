package org.ibrouting.engines.nue;

import org.ibrouting.bench.SingleShotBenchmark;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.topology.Topologies;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Nue's escape-tree roots: Brandes' betweenness centrality of every layer of a k-ary 3-tree ({@link
 * EscapePaths#centralSwitches}), the destinations split into layers as {@link NueEngine} splits
 * them. This is what nue does before its first Dijkstra: one breadth-first search per switch, then
 * each layer's dependencies. It lives in nue's package because the class it times is nue's own.
 * Run: {@code java -jar benchmarks/target/benchmarks.jar CentralityBenchmark -p k=32}.
 */
public class CentralityBenchmark extends SingleShotBenchmark {
  /** The tree's arity: a k-ary 3-tree has k^3 CAs and 3k^2 switches. */
  @Param({"16"})
  public int k;

  /** Virtual layers (OpenSM's {@code nue_max_num_vls}). */
  @Param({"1", "8"})
  public int layers;

  /** Threads the centrality may use. */
  @Param({"2"})
  public int threads;

  private NueNetwork net;
  private int[][] destSwitch;
  private boolean[][] isTerminal;
  private int[] count;

  /** Generates the fabric and splits its CAs into layers. */
  @Setup
  public void setUp() throws RoutingException {
    Fabric fabric = Topologies.kAryNTree(k, 3);
    net = NueNetwork.of(fabric);
    int[] endPorts = NueEngine.endPortsInGuidOrder(fabric);
    int[] cas = new int[endPorts.length];
    int numCas = 0;
    for (int port : endPorts) {
      if (!fabric.isSwitch(fabric.nodeOfPort(port)) && fabric.switchPortOf(port) >= 0) {
        cas[numCas++] = port;
      }
    }
    int[] layerOf = NueEngine.layerPartition(numCas, layers, 0);
    count = new int[layers];
    for (int i = 0; i < numCas; i++) {
      count[layerOf[i]]++;
    }
    destSwitch = new int[layers][];
    isTerminal = new boolean[layers][];
    for (int g = 0; g < layers; g++) {
      destSwitch[g] = new int[count[g]];
      isTerminal[g] = new boolean[count[g]];
    }
    int[] filled = new int[layers];
    for (int i = 0; i < numCas; i++) {
      int g = layerOf[i];
      destSwitch[g][filled[g]] = net.nodeOfSwitch[fabric.nodeOfPort(fabric.switchPortOf(cas[i]))];
      isTerminal[g][filled[g]++] = true;
    }
  }

  /** Finds every layer's root; returns them so that the work is not optimised away. */
  @Benchmark
  public int[] centralSwitches() {
    return new EscapePaths(net).centralSwitches(destSwitch, isTerminal, count, threads);
  }
}
