package org.ibrouting.engines.nue;

import static org.ibrouting.testkit.FabricArbitraries.anyConnected;
import static org.ibrouting.testkit.FabricArbitraries.jellyfish;
import static org.ibrouting.testkit.FabricArbitraries.tori;
import static org.ibrouting.testkit.FabricArbitraries.withFailedLinks;
import static org.ibrouting.testkit.RoutingEngineContract.Promise.DEADLOCK_FREE;

import java.util.EnumSet;
import java.util.Set;
import org.ibrouting.testkit.RoutingEngineContract;

/**
 * Nue keeps the routing-engine contract: deadlock-free on every connected fabric, LMC and failed
 * links included.
 */
class NueContractTest extends RoutingEngineContract {
  NueContractTest() {
    super(
        fabric -> new NueEngine(),
        anyConnected(jellyfish(), withFailedLinks(tori(), 3, true)),
        EnumSet.of(DEADLOCK_FREE),
        Set.of());
  }
}
