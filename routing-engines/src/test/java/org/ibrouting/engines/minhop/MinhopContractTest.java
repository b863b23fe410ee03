package org.ibrouting.engines.minhop;

import java.util.EnumSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.RoutingEngineContract;
import org.ibrouting.testkit.RoutingEngineContract.Promise;

/** MINHOP keeps the routing-engine contract: minimal on every fabric, LMC up to 2 included. */
class MinhopContractTest extends RoutingEngineContract {
  MinhopContractTest() {
    super(EnumSet.of(Promise.MINIMAL), EnumSet.noneOf(RoutingException.Reason.class));
  }

  @Override
  protected RoutingEngine engine(Fabric fabric) {
    return new MinhopEngine();
  }

  @Override
  protected Arbitrary<Fabric> fabrics() {
    return Arbitraries.oneOf(
            FabricArbitraries.fatTreesToriAndRandom(),
            FabricArbitraries.randomConnected(),
            FabricArbitraries.withLmc(FabricArbitraries.randomConnected(), 2),
            FabricArbitraries.dragonflies(),
            FabricArbitraries.hypercubes())
        .filter(FabricArbitraries::switchesConnected);
  }
}
