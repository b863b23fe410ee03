package org.ibrouting.engines.ftree;

import static org.ibrouting.routing.RoutingException.Reason.UNSUPPORTED_TOPOLOGY;
import static org.ibrouting.testkit.FabricArbitraries.connected;
import static org.ibrouting.testkit.FabricArbitraries.kAryNTrees;
import static org.ibrouting.testkit.FabricArbitraries.xgfts;
import static org.ibrouting.testkit.RoutingEngineContract.Promise.DEADLOCK_FREE;
import static org.ibrouting.testkit.RoutingEngineContract.Promise.MINIMAL;

import java.util.EnumSet;
import org.ibrouting.testkit.RoutingEngineContract;

/** Fat-tree routing keeps the routing-engine contract on fat trees of two switch levels or more. */
class FtreeContractTest extends RoutingEngineContract {
  FtreeContractTest() {
    super(
        fabric -> new FtreeEngine(),
        connected(kAryNTrees(), xgfts()).filter(FtreePropertiesTest::hasTwoSwitchLevels),
        EnumSet.of(MINIMAL, DEADLOCK_FREE),
        EnumSet.of(UNSUPPORTED_TOPOLOGY));
  }
}
