package org.ibrouting.bench;

import java.util.Locale;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.Engines;
import org.ibrouting.engines.reroute.Reroute;
import org.ibrouting.engines.updn.UpdnEngine;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.GuidList;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.Failures;
import org.ibrouting.topology.Topologies;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Re-routing time after failed links on a k-ary 3-tree: the trial setup routes the intact tree from
 * scratch, fails {@code failures} random switch links (keeping the fabric connected, seed {@code
 * seed}), carries the tables over to the damaged fabric, and routes the damaged fabric from scratch
 * once to count the entries a full route would change; each measured call is one {@link
 * Reroute#reroute} (with the engine's verification, where it has one). The setup prints the entries
 * both change, so the run gives time and change ratio together: {@code java -jar
 * benchmarks/target/benchmarks.jar RerouteBenchmark -p engine=minhop -p k=32}.
 */
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx12g"})
public class RerouteBenchmark extends SingleShotBenchmark {
  /** The engine's OpenSM name. */
  @Param({"minhop", "sssp", "dfsssp", "updn", "dmodc"})
  public String engine;

  /** The tree's arity: a k-ary 3-tree has k^3 CAs and 3k^2 switches. */
  @Param({"16", "32"})
  public int k;

  /** Switch-to-switch links that fail. */
  @Param({"1"})
  public int failures;

  /** Seed of the failures. */
  @Param({"1"})
  public long seed;

  /**
   * For updn: {@code detect} finds the roots again on the damaged fabric (a full hop matrix, as
   * OpenSM's detection); {@code file} gives them as a root GUID list (OpenSM's -a), the roots
   * detected on the intact tree.
   */
  @Param({"detect"})
  public String roots;

  private RoutingEngine routingEngine;
  private Routing old;
  private RoutingOptions options;

  /**
   * Routes the intact tree, fails links, carries the tables over, counts a full route's changes.
   */
  @Setup(Level.Trial)
  public void setUp() throws RoutingException {
    Fabric fabric = Topologies.kAryNTree(k, 3);
    EngineConfig config = EngineConfig.none();
    if (roots.equals("file")) {
      int[] detected = UpdnEngine.detectRoots(fabric, 2);
      long[] guids = new long[detected.length];
      for (int i = 0; i < detected.length; i++) {
        guids[i] = fabric.nodeGuid(detected[i]);
      }
      config = config.with(EngineInputs.ROOTS, GuidList.of(guids));
    }
    routingEngine = Engines.create(engine, config);
    options = RoutingOptions.defaults();
    Routing before = routingEngine.route(fabric, options);
    Fabric damaged = Failures.failLinks(fabric, failures, true, seed);
    old = Reroute.carryOver(before, damaged);
    long start = System.nanoTime();
    Routing scratch = routingEngine.route(damaged, options);
    double scratchSeconds = (System.nanoTime() - start) / 1e9;
    long scratchChanges = old.differingEntries(scratch);
    Reroute.Result result = Reroute.reroute(routingEngine, old, options);
    long entries = (long) damaged.numSwitches() * damaged.maxLid();
    System.out.printf(
        Locale.ROOT,
        "%n%s k=%d, %d failed link(s): re-route changes %d entries, a full"
            + " route %d (%.2f%%; full route %.1f s); %d of %d entries (%.5f%%); setup's re-route %.3f s"
            + " + verification %.3f s; %s%n",
        engine,
        k,
        failures,
        result.entriesChanged(),
        scratchChanges,
        100.0 * result.entriesChanged() / Math.max(1, scratchChanges),
        scratchSeconds,
        result.entriesChanged(),
        entries,
        100.0 * result.entriesChanged() / entries,
        result.seconds(),
        result.verifySeconds(),
        result.note());
  }

  /** One incremental re-route of the damaged fabric. */
  @Benchmark
  public Routing reroute() throws RoutingException {
    return Reroute.reroute(routingEngine, old, options).routing();
  }
}
