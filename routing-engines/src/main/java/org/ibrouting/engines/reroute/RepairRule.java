package org.ibrouting.engines.reroute;

import java.util.Objects;
import java.util.function.Supplier;
import org.ibrouting.engines.updown.UpDownHops;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingOptions;

/**
 * How an engine chooses new entries for the switches whose paths broke ({@link RepairCapability}):
 * one of the rules below, each the incremental form of a routing rule (see {@link Reroute} for what
 * each keeps and changes). Immutable.
 */
public final class RepairRule {
  /** Builds the rule's repair of one re-route. */
  @FunctionalInterface
  interface Factory {
    Repair create(
        String engine,
        Fabric fabric,
        Supplier<RoutingBuilder> tables,
        Routing old,
        RoutingOptions options,
        int threads);
  }

  /**
   * The entry a deterministic formula gives switch {@code sw} for {@code lid} on the changed fabric
   * ({@link Routing#NO_ROUTE} for none).
   */
  @FunctionalInterface
  public interface EntryFormula {
    /** The output port of switch {@code sw} for destination {@code lid}. */
    int outPort(int sw, int lid);
  }

  /** Builds this rule's repair of one re-route. */
  final Factory factory;

  private RepairRule(Factory factory) {
    this.factory = factory;
  }

  /**
   * MINHOP's rule: a port of least hops, the least-used one by MINHOP's per-port route counters;
   * destinations LID offset by offset, the end ports in the order {@code destinationPorts} gives
   * (MINHOP's: {@code MinhopLftBuilder.destinationOrder}).
   */
  public static RepairRule minimumHops(int[] destinationPorts) {
    int[] ports = destinationPorts.clone();
    return new RepairRule(
        (engine, fabric, tables, old, options, threads) ->
            new HopRepair(fabric, tables.get(), old, ports, null));
  }

  /**
   * MINHOP's rule under Up*&#47;Down*'s turn rule for switch ranks {@code rank} (a hop towards a
   * lower rank is up; no path turns from down to up).
   */
  public static RepairRule upDown(int[] destinationPorts, int[] rank) {
    int[] ports = destinationPorts.clone();
    int[] ranks = rank.clone();
    return new RepairRule(
        (engine, fabric, tables, old, options, threads) ->
            new HopRepair(fabric, tables.get(), old, ports, UpDownHops.upDown(fabric, ranks)));
  }

  /** MINHOP's rule under Down*&#47;Up*'s turn rule for switch ranks {@code rank}. */
  public static RepairRule downUp(int[] destinationPorts, int[] rank) {
    int[] ports = destinationPorts.clone();
    int[] ranks = rank.clone();
    return new RepairRule(
        (engine, fabric, tables, old, options, threads) ->
            new HopRepair(fabric, tables.get(), old, ports, UpDownHops.downUp(ranks)));
  }

  /**
   * P-SSSP's rule: the cheapest path over link weights rebuilt from the kept paths, the fewest hops
   * first where {@code minimal}; destinations in the order of {@code destinationPorts}.
   */
  public static RepairRule leastWeight(int[] destinationPorts, boolean minimal) {
    int[] ports = destinationPorts.clone();
    return new RepairRule(
        (engine, fabric, tables, old, options, threads) ->
            new WeightRepair(fabric, tables.get(), old, ports, minimal, threads, null));
  }

  /**
   * DFSSSP's rule: {@link #leastWeight} over minimal paths, the old SLs kept, and re-routed paths
   * moved to a VL whose dependency graph stays acyclic ({@code balance}: as DFSSSP's option).
   */
  public static RepairRule leastWeightOnLanes(int[] destinationPorts, boolean balance) {
    int[] ports = destinationPorts.clone();
    return new RepairRule(
        (engine, fabric, tables, old, options, threads) ->
            new WeightRepair(
                fabric,
                tables.get(),
                old,
                ports,
                true,
                threads,
                new VlRepair(engine, old.slTable(), ports, options, balance)));
  }

  /**
   * A formula's rule: an affected switch takes the entry {@code formula} gives on the changed
   * fabric; every other entry stays, entries without a route included (Dmodc's).
   */
  public static RepairRule byFormula(EntryFormula formula) {
    Objects.requireNonNull(formula, "formula");
    return new RepairRule(
        (engine, fabric, tables, old, options, threads) ->
            new DmodcRepair(fabric, tables, formula));
  }
}
