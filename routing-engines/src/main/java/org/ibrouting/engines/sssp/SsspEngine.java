package org.ibrouting.engines.sssp;

import org.ibrouting.engines.reroute.RepairCapability;
import org.ibrouting.engines.reroute.RepairRule;
import org.ibrouting.engines.ssspfamily.SsspGraph;
import org.ibrouting.engines.ssspfamily.SsspTables;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.GuidList;
import org.ibrouting.internal.GuidFiles;
import org.ibrouting.internal.LidMajorLfts;
import org.ibrouting.routing.AbstractRoutingEngine;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * P-SSSP: one shortest-path tree per destination LID, with link weights raised by the routes
 * already placed, so that load is balanced over the whole fabric (Hoefler, Schneider, Lumsdaine,
 * "Optimized Routing for Large-Scale InfiniBand Networks"). OpenSM counterpart: {@code -R sssp}
 * (osm_ucast_dfsssp.c without the VL step), reproduced table for table on {@code SsspGraph}:
 * switches in OpenSM's order as vertices, one directed link entry per cable end in port order,
 * destinations ordered by the number of end-port LIDs on their switch (CA ports first, then the
 * switches' own LIDs), Dijkstra from the destination with OpenSM's 4-ary heap tie-breaking, and
 * after each destination every reached switch adds its number of end-port LIDs to each link of its
 * path.
 *
 * <p>Compute-node and I/O GUID files (OpenSM's {@code -u} and {@code -G}, port GUIDs) change only
 * the destination order, as in OpenSM: per switch in the order above, first the listed compute-node
 * ports, then in a second pass the listed I/O ports, then everything else, then the switches. The
 * weight update is the same for every destination. GUIDs that are no CA port of the fabric are
 * ignored, as OpenSM ignores them (nodes come and go); a malformed line is an error with its line.
 *
 * <p>Differences: weights are 64-bit, so there is no overflow where OpenSM's start weight P² under
 * an infinity of 2³¹−1 fails (P ≥ 46,341 endpoints); results are identical wherever OpenSM's do not
 * overflow. With {@code minimal = false} links start at weight 1 instead of P², trading minimal
 * paths for balance. Routers are not destinations (as in OpenSM).
 *
 * <p>Cost: O(LIDs x (links + switches) log switches), sequential by nature (each destination's tree
 * depends on the weights all earlier ones left); per link entry 2 ints and a long, and a
 * destination-major copy of the LFTs (1 byte per (switch, LID)) so that one tree writes one row.
 */
public final class SsspEngine extends AbstractRoutingEngine implements RepairCapability {
  /**
   * What SSSP (and DFSSSP) take.
   *
   * @param minimal start weights at P² so a longer path never wins (OpenSM's behaviour; setting
   *     {@code minimal})
   * @param computeNodes compute-node port GUIDs (OpenSM's {@code -u}), routed first; or null
   * @param ioNodes I/O-node port GUIDs (OpenSM's {@code -G}), routed after them; or null
   */
  public record Settings(boolean minimal, GuidList computeNodes, GuidList ioNodes) {
    /** Minimal paths, no GUID lists. */
    public static Settings defaults() {
      return new Settings(true, null, null);
    }
  }

  private final boolean minimal;
  private final GuidList computeNodes;
  private final GuidList ioNodes;

  /** OpenSM-compatible: minimal paths enforced. */
  public SsspEngine() {
    this(true);
  }

  /** {@code minimal}: start weights at P² so a longer path never wins (OpenSM's behaviour). */
  public SsspEngine(boolean minimal) {
    this(new Settings(minimal, null, null));
  }

  /** With {@code settings}. */
  public SsspEngine(Settings settings) {
    super("sssp");
    this.minimal = settings.minimal();
    this.computeNodes = settings.computeNodes();
    this.ioNodes = settings.ioNodes();
  }

  /** Whether link weights start at P², keeping every route minimal. */
  public boolean minimal() {
    return minimal;
  }

  @Override
  protected Routing routeChecked(Fabric fabric, RoutingOptions options) throws RoutingException {
    return route(fabric, options, destinationOrder(fabric));
  }

  /**
   * Routes the destinations in the given order (every end port that needs a route, each once);
   * {@link #destinationOrder} gives the one {@link #route(Fabric, RoutingOptions)} uses.
   */
  public Routing route(Fabric fabric, RoutingOptions options, int[] destinations)
      throws RoutingException {
    requireRoutable(fabric, name());
    return SsspTables.route(
        fabric,
        options,
        destinations,
        minimal,
        name(),
        LidMajorLfts.forEngine(fabric, name()),
        routed -> {});
  }

  /**
   * The end ports in the order this engine routes them, OpenSM's (DF)SSSP order with this engine's
   * compute-node and I/O-node lists (DFSSSP's VL assignment walks the same order). A listed GUID
   * that is no CA port of {@code fabric} is ignored, as OpenSM ignores it.
   */
  public int[] destinationOrder(Fabric fabric) {
    boolean[] cn = computeNodes == null ? null : GuidFiles.caPortMask(fabric, computeNodes);
    boolean[] io = ioNodes == null ? null : GuidFiles.caPortMask(fabric, ioNodes);
    return new SsspGraph(fabric).destinationOrder(cn, io);
  }

  /**
   * The end ports in the order this engine routes them.
   *
   * @deprecated {@code engine} was never read and nothing is thrown: use {@link
   *     #destinationOrder(Fabric)}
   * @throws RoutingException never
   */
  @Deprecated(since = "0.1.0")
  public int[] destinationOrder(Fabric fabric, String engine) throws RoutingException {
    return destinationOrder(fabric);
  }

  /**
   * The rule of {@link org.ibrouting.engines.reroute.Reroute}: P-SSSP's weights rebuilt from the
   * kept paths, destinations in this engine's order.
   */
  @Override
  public RepairRule repairRule(Routing old, RoutingOptions options, int threads) {
    return RepairRule.leastWeight(destinationOrder(old.fabric()), minimal);
  }

  /** The end ports in OpenSM's (DF)SSSP destination order without GUID files. */
  public static int[] destinationOrderOf(Fabric fabric) {
    return new SsspGraph(fabric).destinationOrder(null, null);
  }
}
