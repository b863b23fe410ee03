package org.ibrouting.engines.dfsssp;

import org.ibrouting.engines.reroute.RepairCapability;
import org.ibrouting.engines.reroute.RepairRule;
import org.ibrouting.engines.sssp.SsspEngine;
import org.ibrouting.engines.ssspfamily.DfssspLanes;
import org.ibrouting.engines.ssspfamily.SsspTables;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.GuidList;
import org.ibrouting.routing.AbstractRoutingEngine;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * DFSSSP: SSSP routing made deadlock-free by assigning paths to virtual lanes.
 *
 * <p>Routes as {@link SsspEngine} does (Hoefler, Schneider, Lumsdaine, "Optimized Routing for
 * Large-Scale InfiniBand Networks"), then breaks every cycle of the channel dependency graph by
 * moving paths to the next VL (Domke, Hoefler, Nagel, "Deadlock-Free Oblivious Routing for
 * Arbitrary Topologies"), exactly as OpenSM 3.3.23's {@code -R dfsssp} does, so it needs the same
 * number of VLs. When they exceed {@code options.maxVls()} the engine refuses, as OpenSM does (ERR
 * AD25). Differences: OpenSM then spreads each VL's paths at random over spare VLs at every
 * PathRecord query; here paths stay on the VLs needed unless {@code balance} is set, in which case
 * spare VLs are split as OpenSM splits them and a path's SL within its block is a seeded hash of
 * (source, destination). The SL table is per (source switch, destination LID), as every CA on a
 * switch has the same paths (1 byte per entry); with {@code balance} it is per (source LID,
 * destination LID).
 *
 * <p>Compute-node and I/O GUID files ({@code -u}, {@code -G}) reorder the destinations as in {@link
 * SsspEngine}; the VL assignment walks the same order, as OpenSM's does. SAR reuses the VL step;
 * {@link org.ibrouting.engines.VirtualLanes} offers it for any routing.
 *
 * <p>Cost: SSSP plus O(source switches x LIDs x hops) for the dependency graphs. On fabrics of 128
 * switches or more VL 0's graph is built on {@code options.threads() - 1} helper threads while SSSP
 * routes (each task waits for its destinations' rows), so with a core to spare it adds little to
 * SSSP's time; the result does not depend on the number of threads.
 */
public final class DfssspEngine implements RoutingEngine, RepairCapability {
  /**
   * What DFSSSP takes.
   *
   * @param balance spread paths over spare VLs as OpenSM does, seeded instead of random (setting
   *     {@code balance})
   * @param computeNodes compute-node port GUIDs (OpenSM's {@code -u}), routed first; or null
   * @param ioNodes I/O-node port GUIDs (OpenSM's {@code -G}), routed after them; or null
   */
  public record Settings(boolean balance, GuidList computeNodes, GuidList ioNodes) {
    /** No balancing, no GUID lists. */
    public static Settings defaults() {
      return new Settings(false, null, null);
    }
  }

  private final boolean balance;
  private final GuidList computeNodes;
  private final GuidList ioNodes;

  /** Paths on the VLs needed, no balancing over spare VLs. */
  public DfssspEngine() {
    this(false);
  }

  /** {@code balance}: spread paths over spare VLs as OpenSM does (seeded instead of random). */
  public DfssspEngine(boolean balance) {
    this(new Settings(balance, null, null));
  }

  /** With {@code settings}. */
  public DfssspEngine(Settings settings) {
    this.balance = settings.balance();
    this.computeNodes = settings.computeNodes();
    this.ioNodes = settings.ioNodes();
  }

  @Override
  public String name() {
    return "dfsssp";
  }

  /** Whether spare VLs are split as OpenSM splits them. */
  public boolean balance() {
    return balance;
  }

  /**
   * The SSSP engine (minimal, with this engine's GUID lists) whose tables the VLs are assigned to.
   */
  public SsspEngine ssspEngine() {
    return new SsspEngine(new SsspEngine.Settings(true, computeNodes, ioNodes));
  }

  /**
   * Routes as {@link #ssspEngine()} does while VL 0's dependency graph is built on the other cores
   * from the destinations already routed, then assigns the VLs.
   */
  @Override
  public Routing route(Fabric fabric, RoutingOptions options) throws RoutingException {
    int[] ports = ssspEngine().destinationOrder(fabric);
    AbstractRoutingEngine.requireRoutable(fabric, name());
    try (DfssspLanes.Overlapped lanes =
        new DfssspLanes.Overlapped(fabric, ports, options, name())) {
      Routing sssp =
          SsspTables.route(fabric, options, ports, true, name(), lanes.rows(), lanes::routed);
      return lanes.assign(sssp, balance);
    }
  }

  /**
   * The rule of {@link org.ibrouting.engines.reroute.Reroute}: SSSP's over minimal paths, the old
   * SLs kept and re-routed paths moved to a VL that stays free of credit loops.
   */
  @Override
  public RepairRule repairRule(Routing old, RoutingOptions options, int threads) {
    return RepairRule.leastWeightOnLanes(ssspEngine().destinationOrder(old.fabric()), balance);
  }
}
