package org.ibrouting.engines.minhop;

import org.ibrouting.engines.reroute.RepairCapability;
import org.ibrouting.engines.reroute.RepairRule;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.paths.HopMatrix;
import org.ibrouting.routing.AbstractRoutingEngine;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * MINHOP: OpenSM's default routing ({@code -R minhop}, OpenSM 3.3.23): every switch forwards each
 * LID over a minimum-hop port, balancing by the number of routes it has already placed on each port
 * (a local, per-switch balance). LFT-identical to OpenSM's on its first sweep.
 *
 * <p>The hop matrix comes from {@link HopMatrix}, the tables from {@code MinhopLftBuilder}.
 * Differences from OpenSM: none known for the default options; {@code --scatter-ports}, {@code
 * --port-shifting}, hop-weight, ignore and routing-order files are not offered.
 *
 * <p>Cost: O(switches x links) for the matrix plus O(switches x LIDs x ports) for the tables, in
 * parallel over switches; 1 byte per switch pair plus the LFTs.
 */
public final class MinhopEngine extends AbstractRoutingEngine implements RepairCapability {
  /** The engine. */
  public MinhopEngine() {
    super("minhop");
  }

  @Override
  protected Routing routeChecked(Fabric fabric, RoutingOptions options) throws RoutingException {
    HopMatrix.requireSize(fabric, "minhop");
    int threads = Parallel.threadsFor(fabric.numSwitches(), options.threads());
    HopMatrix hops =
        HopMatrix.compute(fabric, threads, options.progress(), name() + ": hop matrix");
    return new MinhopLftBuilder(fabric, hops, MinhopLftBuilder.Mode.MINHOP)
        .build(name(), threads, options.progress());
  }

  /**
   * The rule of {@link org.ibrouting.engines.reroute.Reroute}: least hops, least-used port, in
   * MINHOP's destination order.
   */
  @Override
  public RepairRule repairRule(Routing old, RoutingOptions options, int threads) {
    return RepairRule.minimumHops(MinhopLftBuilder.destinationOrder(old.fabric()));
  }
}
