package org.ibrouting.bench;

import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.ForwardingIndex;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.minhop.MinhopEngine;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.simulation.PathTable;
import org.ibrouting.simulation.SimulationOptions;
import org.ibrouting.simulation.SimulationResult;
import org.ibrouting.simulation.Simulator;
import org.ibrouting.topology.Topologies;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The analyses on all routes of a k-ary 3-tree routed by MINHOP (k=16: 768 switches, 4,096 CAs):
 * the route checker, the edge forwarding index, the credit-loop verifier, and Λ over 100,000 random
 * bisect patterns on all cores.
 */
public class AnalysisBenchmark extends SingleShotBenchmark {
  /** The tree's arity. */
  @Param({"16"})
  public int k;

  private Routing routing;
  private PathTable paths;
  private int threads;

  /** Routes the fabric and builds its path table once. */
  @Setup(Level.Trial)
  public void setUp() throws RoutingException {
    routing = new MinhopEngine().route(Topologies.kAryNTree(k, 3), RoutingOptions.defaults());
    paths = PathTable.build(routing, EndPorts.cabledCas(routing.fabric()));
    threads = Runtime.getRuntime().availableProcessors();
  }

  /** Every CA pair: reachability, loops, hops, minimality. */
  @Benchmark
  public RouteReport routeChecker() {
    return new RouteChecker(EndpointScope.TERMINALS, threads).check(routing);
  }

  /** Routes per switch-to-switch channel. */
  @Benchmark
  public ForwardingIndex forwardingIndex() {
    return ForwardingIndex.compute(routing, EndpointScope.TERMINALS, threads);
  }

  /** The channel dependency graph of all routes and its cycle search. */
  @Benchmark
  public CdgReport creditLoopVerifier() {
    return CreditLoopVerifier.defaults().withThreads(threads).verify(routing);
  }

  /** Λ over 100,000 random bisect patterns. */
  @Benchmark
  @Warmup(iterations = 1)
  @Measurement(iterations = 3)
  public SimulationResult bisection100k() {
    return Simulator.effectiveBisectionBandwidth(
        paths, SimulationOptions.of(100_000, 1).withThreads(threads));
  }
}
