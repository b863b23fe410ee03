package org.ibrouting.engines.multiupdn;

import java.util.EnumSet;
import java.util.Set;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.testkit.RoutingEngineContract;

/** Multiple Up*&#47;Down* keeps the routing-engine contract: deadlock-free per VL, one tree per VL. */
class MultiUpdnContractTest extends RoutingEngineContract {
  @Override
  protected RoutingEngine engine(Fabric fabric) {
    return new MultiUpdnEngine();
  }

  @Override
  protected boolean deadlockFree() {
    return true;
  }

  @Override
  protected Set<RoutingException.Reason> documentedRefusals() {
    return EnumSet.of(RoutingException.Reason.VLS_EXCEEDED);
  }
}
