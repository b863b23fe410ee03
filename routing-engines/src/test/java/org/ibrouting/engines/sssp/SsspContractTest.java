package org.ibrouting.engines.sssp;

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
 * SSSP keeps the routing-engine contract: minimal (OpenSM's starting weights) on every connected
 * fabric, LMC included.
 */
class SsspContractTest extends RoutingEngineContract {
  SsspContractTest() {
    super(EnumSet.of(Promise.MINIMAL), EnumSet.noneOf(RoutingException.Reason.class));
  }

  @Override
  protected RoutingEngine engine(Fabric fabric) {
    return new SsspEngine();
  }

  @Override
  protected Arbitrary<Fabric> fabrics() {
    return Arbitraries.oneOf(
            FabricArbitraries.fatTreesToriAndRandom(),
            FabricArbitraries.randomConnected(),
            FabricArbitraries.withLmc(FabricArbitraries.randomConnected(), 2),
            FabricArbitraries.dragonflies())
        .filter(FabricArbitraries::switchesConnected);
  }
}
