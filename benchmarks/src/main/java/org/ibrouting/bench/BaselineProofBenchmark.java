package org.ibrouting.bench;

import java.util.Locale;
import org.ibrouting.analysis.CdgBaseline;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.RoutingMix;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.Engines;
import org.ibrouting.engines.reroute.Reroute;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.Failures;
import org.ibrouting.topology.Topologies;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * What {@code serve} pays to prove a repair free of credit loops (issue 43): on a k-ary 3-tree
 * routed by {@code engine}, one switch link fails ({@code seed}) and the engine's incremental rule
 * repairs the tables; each call checks the union of old and new tables (every order of the
 * switch-over) and proves the new tables alone, either by building the whole graphs ({@code
 * proof=whole}) or from the baseline of the tables the switches held ({@code proof=baseline},
 * {@link CdgBaseline}: the changed destinations' routes only; the union as {@link
 * CreditLoopVerifier#askBaseline} answers it). The setup prints how many destinations the repair
 * changed. {@code java -jar benchmarks/target/benchmarks.jar BaselineProofBenchmark}.
 */
public class BaselineProofBenchmark extends SingleShotBenchmark {
  /** The engine's OpenSM name. */
  @Param({"dfsssp", "minhop"})
  public String engine;

  /** The tree's arity: a k-ary 3-tree has k^3 CAs and 3k^2 switches. */
  @Param({"16"})
  public int k;

  /** Seed of the failed link. */
  @Param({"1"})
  public long seed;

  /** {@code whole} or {@code baseline}. */
  @Param({"whole", "baseline"})
  public String proof;

  private CreditLoopVerifier verifier;
  private Routing held;
  private Routing repaired;

  /** Routes the tree, fails a link, repairs, and keeps the intact tables' graph. */
  @Setup(Level.Trial)
  public void setUp() throws RoutingException {
    Fabric fabric = Topologies.kAryNTree(k, 3);
    RoutingEngine routingEngine = Engines.create(engine, EngineConfig.none());
    RoutingOptions options = RoutingOptions.defaults();
    Routing deployed = routingEngine.route(fabric, options);
    CreditLoopVerifier plain = CreditLoopVerifier.defaults();
    CdgBaseline baseline = plain.baseline(deployed);
    verifier = proof.equals("baseline") ? plain.withBaseline(baseline) : plain;
    Fabric damaged = Failures.failLinks(fabric, 1, true, seed);
    held = Reroute.carryOver(deployed, damaged);
    Reroute.Result result = Reroute.reroute(routingEngine, held, options);
    repaired = result.routing();
    System.out.printf(
        Locale.ROOT,
        "%n%s k=%d: the repair changed %d entries of %d destination LIDs; the whole graph took"
            + " %.3f s to build for the baseline%n",
        engine,
        k,
        result.entriesChanged(),
        result.lidsRerouted(),
        baseline.seconds());
  }

  /**
   * The proofs of one repair as {@code serve} asks them: the switch-over's union (from the
   * baseline: its answer, whole: the graph), then the new tables.
   */
  @Benchmark
  public boolean proveRepair() {
    RoutingMix union = RoutingMix.of(held, repaired);
    boolean anyOrder =
        proof.equals("baseline")
            ? verifier.askBaseline(union) == CreditLoopVerifier.BaselineAnswer.FREE
            : verifier.verify(union).isDeadlockFree();
    return verifier.verify(repaired).isDeadlockFree() && anyOrder;
  }
}
