package org.ibrouting.engines.dmodc;

import static org.ibrouting.testkit.RoutingEngineContract.Promise.DEADLOCK_FREE;
import static org.ibrouting.testkit.RoutingEngineContract.Promise.MINIMAL;

import java.util.EnumSet;
import net.jqwik.api.Arbitraries;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.RoutingEngineContract;

/**
 * Dmodc keeps the routing-engine contract on intact fat trees (k-ary n-trees, XGFTs, PGFTs with
 * parallel links, LMC up to 2), whose switches are connected: every pair by a shortest path,
 * deadlock-free on one VL.
 */
class DmodcContractTest extends RoutingEngineContract {
  DmodcContractTest() {
    super(
        fabric -> new DmodcEngine(),
        FabricArbitraries.connected(
            FabricArbitraries.fatTrees(),
            Arbitraries.longs().map(Pgfts::random),
            FabricArbitraries.withLmc(FabricArbitraries.fatTrees(), 2)),
        EnumSet.of(MINIMAL, DEADLOCK_FREE),
        EnumSet.noneOf(RoutingException.Reason.class));
  }
}
