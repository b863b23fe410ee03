package org.ibrouting.engines.p2sssp;

import java.util.EnumSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.RoutingEngineContract;
import org.ibrouting.testkit.RoutingEngineContract.Promise;

/** P2SSSP keeps the routing-engine contract: minimal on every connected fabric, LMC included. */
class P2ssspContractTest extends RoutingEngineContract {
  P2ssspContractTest() {
    super(EnumSet.of(Promise.MINIMAL), EnumSet.noneOf(RoutingException.Reason.class));
  }

  @Override
  protected RoutingEngine engine(Fabric fabric) {
    return new P2ssspEngine();
  }

  @Override
  protected Arbitrary<Fabric> fabrics() {
    return Arbitraries.oneOf(
            FabricArbitraries.fatTreesToriAndRandom(),
            FabricArbitraries.randomConnected(),
            FabricArbitraries.withLmc(FabricArbitraries.randomConnected(), 2))
        .filter(FabricArbitraries::switchesConnected);
  }
}
