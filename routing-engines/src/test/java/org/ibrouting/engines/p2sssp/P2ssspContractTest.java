package org.ibrouting.engines.p2sssp;

import static org.ibrouting.testkit.FabricArbitraries.anyConnected;
import static org.ibrouting.testkit.RoutingEngineContract.Promise.MINIMAL;

import java.util.EnumSet;
import java.util.Set;
import org.ibrouting.testkit.RoutingEngineContract;

/** P2SSSP keeps the routing-engine contract: minimal on every connected fabric, LMC included. */
class P2ssspContractTest extends RoutingEngineContract {
  P2ssspContractTest() {
    super(fabric -> new P2ssspEngine(), anyConnected(), EnumSet.of(MINIMAL), Set.of());
  }
}
