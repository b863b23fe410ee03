package org.ibrouting.bench;

import java.util.Locale;
import org.ibrouting.engines.dmodc.DmodcEngine;
import org.ibrouting.engines.reroute.Reroute;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.Topologies;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Dmodc on a k-ary 3-tree (k^3 CAs, 3k^2 switches): {@link #route} routes the intact tree; {@link
 * #repair} re-routes it ({@code reroute -R dmodc}) after one cable failed, the one from the first
 * leaf to its first L2 switch ({@code cut=leaf}) or from the first L2 switch to its first spine
 * ({@code cut=spine}), the intact tree's tables carried over to the damaged fabric. The setup
 * prints the entries the repair changes and whether they equal a full route of the damaged tree.
 * JVM options as {@code bin/ibrouting}'s defaults, without transparent huge pages. Run: {@code java
 * -jar benchmarks/target/benchmarks.jar DmodcBenchmark -p k=32}.
 */
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx8g", "-XX:+UseParallelGC"})
public class DmodcBenchmark extends SingleShotBenchmark {
  /** The tree's arity. */
  @Param({"16", "32"})
  public int k;

  /** Which cable fails for {@link #repair}: leaf to L2, or L2 to spine. */
  @Param({"leaf", "spine"})
  public String cut;

  private final DmodcEngine engine = new DmodcEngine();
  private final RoutingOptions options = RoutingOptions.defaults();
  private Fabric fabric;
  private Routing old;

  /** Generates the tree, routes it, cuts the cable and carries the tables over. */
  @Setup(Level.Trial)
  public void setUp() throws RoutingException {
    fabric = Topologies.kAryNTree(k, 3);
    int from = fabric.nodeByDescription(cut.equals("leaf") ? "S0_0" : "S1_0");
    // a leaf's ports k+1..2k go up, as an L2 switch's
    Fabric damaged = FabricBuilder.from(fabric).disconnect(from, k + 1).build();
    old = Reroute.carryOver(engine.route(fabric, options), damaged);
    Reroute.Result result = Reroute.reroute(engine, old, options);
    Routing full = engine.route(damaged, options);
    System.out.printf(
        Locale.ROOT,
        "%nk=%d, cut %s: the repair changes %d entries (%d LIDs); a full route changes %d;"
            + " same tables: %b; setup's repair %.3f s%n",
        k,
        cut,
        result.entriesChanged(),
        result.lidsRerouted(),
        old.differingEntries(full),
        result.routing().sameLfts(full),
        result.seconds());
  }

  /** Routes the intact tree. */
  @Benchmark
  public Routing route() throws RoutingException {
    return engine.route(fabric, options);
  }

  /** Re-routes the damaged tree from the intact tree's tables. */
  @Benchmark
  public Routing repair() throws RoutingException {
    return Reroute.reroute(engine, old, options).routing();
  }
}
