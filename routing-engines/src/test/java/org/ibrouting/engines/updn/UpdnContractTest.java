package org.ibrouting.engines.updn;

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
 * Up*&#47;Down* keeps the routing-engine contract: deadlock-free on one VL; a fabric where OpenSM's
 * root detection finds no root is refused (the chain falls back to minhop).
 */
class UpdnContractTest extends RoutingEngineContract {
  UpdnContractTest() {
    super(
        EnumSet.of(Promise.DEADLOCK_FREE),
        EnumSet.of(RoutingException.Reason.UNSUPPORTED_TOPOLOGY));
  }

  @Override
  protected RoutingEngine engine(Fabric fabric) {
    return new UpdnEngine();
  }

  @Override
  protected Arbitrary<Fabric> fabrics() {
    return Arbitraries.oneOf(
            FabricArbitraries.fatTreesToriAndRandom(),
            FabricArbitraries.randomConnected(),
            FabricArbitraries.withLmc(FabricArbitraries.randomConnected(), 2),
            FabricArbitraries.jellyfish())
        .filter(FabricArbitraries::switchesConnected);
  }
}
