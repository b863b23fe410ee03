package org.ibrouting.engines.sssp;

import static org.ibrouting.testkit.FabricArbitraries.anyConnected;
import static org.ibrouting.testkit.FabricArbitraries.dragonflies;
import static org.ibrouting.testkit.RoutingEngineContract.Promise.MINIMAL;

import java.util.EnumSet;
import java.util.Set;
import org.ibrouting.testkit.RoutingEngineContract;

/**
 * SSSP keeps the routing-engine contract: minimal (OpenSM's starting weights) on every connected
 * fabric, LMC included.
 */
class SsspContractTest extends RoutingEngineContract {
  SsspContractTest() {
    super(fabric -> new SsspEngine(), anyConnected(dragonflies()), EnumSet.of(MINIMAL), Set.of());
  }
}
