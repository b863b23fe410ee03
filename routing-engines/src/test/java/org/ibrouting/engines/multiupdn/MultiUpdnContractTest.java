package org.ibrouting.engines.multiupdn;

import static org.ibrouting.routing.RoutingException.Reason.VLS_EXCEEDED;
import static org.ibrouting.testkit.FabricArbitraries.connected;
import static org.ibrouting.testkit.FabricArbitraries.fatTreesToriAndRandom;
import static org.ibrouting.testkit.RoutingEngineContract.Promise.DEADLOCK_FREE;

import java.util.EnumSet;
import org.ibrouting.testkit.RoutingEngineContract;

/**
 * Multiple Up*&#47;Down* keeps the routing-engine contract: deadlock-free per VL, one tree per VL.
 */
class MultiUpdnContractTest extends RoutingEngineContract {
  MultiUpdnContractTest() {
    super(
        fabric -> new MultiUpdnEngine(),
        connected(fatTreesToriAndRandom()),
        EnumSet.of(DEADLOCK_FREE),
        EnumSet.of(VLS_EXCEEDED));
  }
}
