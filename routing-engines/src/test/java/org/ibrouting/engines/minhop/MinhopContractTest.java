package org.ibrouting.engines.minhop;

import static org.ibrouting.testkit.FabricArbitraries.anyConnected;
import static org.ibrouting.testkit.FabricArbitraries.dragonflies;
import static org.ibrouting.testkit.FabricArbitraries.hypercubes;
import static org.ibrouting.testkit.RoutingEngineContract.Promise.MINIMAL;

import java.util.EnumSet;
import java.util.Set;
import org.ibrouting.testkit.RoutingEngineContract;

/** MINHOP keeps the routing-engine contract: minimal on every fabric, LMC up to 2 included. */
class MinhopContractTest extends RoutingEngineContract {
  MinhopContractTest() {
    super(
        fabric -> new MinhopEngine(),
        anyConnected(dragonflies(), hypercubes()),
        EnumSet.of(MINIMAL),
        Set.of());
  }
}
