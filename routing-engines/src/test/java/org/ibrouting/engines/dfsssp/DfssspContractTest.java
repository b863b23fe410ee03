package org.ibrouting.engines.dfsssp;

import static org.ibrouting.routing.RoutingException.Reason.VLS_EXCEEDED;
import static org.ibrouting.testkit.FabricArbitraries.anyConnected;
import static org.ibrouting.testkit.FabricArbitraries.dragonflies;
import static org.ibrouting.testkit.RoutingEngineContract.Promise.DEADLOCK_FREE;
import static org.ibrouting.testkit.RoutingEngineContract.Promise.MINIMAL;

import java.util.EnumSet;
import org.ibrouting.testkit.RoutingEngineContract;

/**
 * DFSSSP keeps the routing-engine contract: minimal and deadlock-free per VL, or refuses when its
 * layers need more VLs than allowed.
 */
class DfssspContractTest extends RoutingEngineContract {
  DfssspContractTest() {
    super(
        fabric -> new DfssspEngine(),
        anyConnected(dragonflies()),
        EnumSet.of(MINIMAL, DEADLOCK_FREE),
        EnumSet.of(VLS_EXCEEDED));
  }
}
