package org.ibrouting.engines.dnup;

import static org.ibrouting.routing.RoutingException.Reason.UNSUPPORTED_TOPOLOGY;
import static org.ibrouting.testkit.FabricArbitraries.connected;
import static org.ibrouting.testkit.FabricArbitraries.fatTrees;
import static org.ibrouting.testkit.FabricArbitraries.withLmc;
import static org.ibrouting.testkit.RoutingEngineContract.Promise.DEADLOCK_FREE;

import java.util.EnumSet;
import org.ibrouting.testkit.RoutingEngineContract;

/**
 * Down*&#47;Up* keeps the routing-engine contract on the fat trees it is meant for: deadlock-free
 * on one VL.
 */
class DnupContractTest extends RoutingEngineContract {
  DnupContractTest() {
    super(
        fabric -> new DnupEngine(),
        connected(fatTrees(), withLmc(fatTrees(), 1)),
        EnumSet.of(DEADLOCK_FREE),
        EnumSet.of(UNSUPPORTED_TOPOLOGY));
  }
}
