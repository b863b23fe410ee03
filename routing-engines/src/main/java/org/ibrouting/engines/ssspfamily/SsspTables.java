package org.ibrouting.engines.ssspfamily;

import java.util.function.IntConsumer;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.LidMajorLfts;
import org.ibrouting.internal.Parallel;
import org.ibrouting.routing.AbstractRoutingEngine;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingOptions;

/**
 * Not API. P-SSSP's routing loop as sssp and dfsssp share it: one {@link SsspGraph} tree per
 * destination LID in the given order, each written as a row of the destination-major tables, then
 * copied into the LFTs. dfsssp watches the rows as they are finished, to build its first channel
 * dependency graph on the other cores meanwhile.
 */
public final class SsspTables {
  private SsspTables() {}

  /**
   * Routes every LID of {@code destinations} (end ports, in this order) into {@code rows} and
   * returns the tables, named {@code engine}; after the LIDs of the first {@code i} destinations
   * are written, calls {@code routed.accept(i)} on this thread.
   *
   * @param minimal start link weights at P² so that a longer path never wins (OpenSM's behaviour)
   * @param fabric a fabric with switches and LIDs ({@link AbstractRoutingEngine#requireRoutable},
   *     which the engines call before making {@code rows})
   * @param rows every entry {@link Routing#NO_ROUTE}, from {@link LidMajorLfts#forEngine}
   */
  public static Routing route(
      Fabric fabric,
      RoutingOptions options,
      int[] destinations,
      boolean minimal,
      String engine,
      LidMajorLfts rows,
      IntConsumer routed) {
    SsspGraph graph = new SsspGraph(fabric);
    long p = graph.numEndpointLids();
    graph.resetWeights(minimal ? p * p : 1);
    long[] add = graph.endPortLids();
    // the LFTs' fresh memory costs page faults (a quarter of a second for 110 MB on a VM): made
    // on another core while the trees are grown
    Parallel.Background<RoutingBuilder> lfts =
        Parallel.inBackground(
            Parallel.threadsFor(fabric.numSwitches(), options.threads()),
            "ibrouting-lfts",
            () -> Routing.builder(fabric, engine).setOwnLidsToPortZero());
    long total = 0;
    for (int dest : destinations) {
      total += 1L << fabric.lmc(dest);
    }
    String phase = engine + ": destinations";
    long finished = 0;
    for (int i = 0; i < destinations.length; i++) {
      int dest = destinations[i];
      for (int k = 0; k < 1 << fabric.lmc(dest); k++) {
        graph.routeLid(dest, fabric.baseLid(dest) + k, rows, add);
        finished++;
        options.progress().progress(phase, finished, total);
      }
      routed.accept(i + 1);
    }
    RoutingBuilder builder = lfts.join();
    rows.copyInto(builder, options.threads());
    return builder.build();
  }
}
