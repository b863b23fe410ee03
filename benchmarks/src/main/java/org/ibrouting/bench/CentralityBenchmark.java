package org.ibrouting.bench;

import org.ibrouting.engines.nue.EscapeRoots;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.topology.Topologies;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Nue's escape-tree roots: Brandes' betweenness centrality of every layer of a k-ary 3-tree ({@link
 * EscapeRoots}), the destinations split into layers as nue splits them. This is what nue does
 * before its first Dijkstra: one breadth-first search per switch, then each layer's dependencies.
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

  private EscapeRoots roots;

  /** Generates the fabric and splits its CAs into layers. */
  @Setup
  public void setUp() throws RoutingException {
    roots = EscapeRoots.of(Topologies.kAryNTree(k, 3), layers);
  }

  /** Finds every layer's root; returns them so that the work is not optimised away. */
  @Benchmark
  public int[] centralSwitches() {
    return roots.centralSwitches(threads);
  }
}
