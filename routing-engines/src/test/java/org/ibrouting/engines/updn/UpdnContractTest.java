package org.ibrouting.engines.updn;

import static org.ibrouting.routing.RoutingException.Reason.UNSUPPORTED_TOPOLOGY;
import static org.ibrouting.testkit.FabricArbitraries.anyConnected;
import static org.ibrouting.testkit.FabricArbitraries.jellyfish;
import static org.ibrouting.testkit.RoutingEngineContract.Promise.DEADLOCK_FREE;

import java.util.EnumSet;
import org.ibrouting.testkit.RoutingEngineContract;

/**
 * Up*&#47;Down* keeps the routing-engine contract: deadlock-free on one VL; a fabric where OpenSM's
 * root detection finds no root is refused (the chain falls back to minhop).
 */
class UpdnContractTest extends RoutingEngineContract {
  UpdnContractTest() {
    super(
        fabric -> new UpdnEngine(),
        anyConnected(jellyfish()),
        EnumSet.of(DEADLOCK_FREE),
        EnumSet.of(UNSUPPORTED_TOPOLOGY));
  }
}
