package org.ibrouting.engines.multiupdn;

import java.util.EnumSet;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.testkit.RoutingEngineContract;
import org.ibrouting.testkit.RoutingEngineContract.Promise;

/**
 * Multiple Up*&#47;Down* keeps the routing-engine contract: deadlock-free per VL, one tree per VL.
 */
class MultiUpdnContractTest extends RoutingEngineContract {
  MultiUpdnContractTest() {
    super(EnumSet.of(Promise.DEADLOCK_FREE), EnumSet.of(RoutingException.Reason.VLS_EXCEEDED));
  }

  @Override
  protected RoutingEngine engine(Fabric fabric) {
    return new MultiUpdnEngine();
  }
}
