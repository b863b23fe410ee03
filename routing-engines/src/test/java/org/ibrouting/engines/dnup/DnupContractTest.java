package org.ibrouting.engines.dnup;

import java.util.EnumSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.RoutingEngineContract;
import org.ibrouting.testkit.RoutingEngineContract.Promise;

/**
 * Down*&#47;Up* keeps the routing-engine contract on the fat trees it is meant for: deadlock-free
 * on one VL.
 */
class DnupContractTest extends RoutingEngineContract {
  DnupContractTest() {
    super(
        EnumSet.of(Promise.DEADLOCK_FREE),
        EnumSet.of(RoutingException.Reason.UNSUPPORTED_TOPOLOGY));
  }

  @Override
  protected RoutingEngine engine(Fabric fabric) {
    return new DnupEngine();
  }

  @Override
  protected Arbitrary<Fabric> fabrics() {
    return Arbitraries.oneOf(
            FabricArbitraries.fatTrees(),
            FabricArbitraries.withLmc(FabricArbitraries.fatTrees(), 1))
        .filter(FabricArbitraries::switchesConnected);
  }
}
