package org.ibrouting.engines.nue;

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
 * Nue keeps the routing-engine contract: deadlock-free on every connected fabric, LMC and failed
 * links included.
 */
class NueContractTest extends RoutingEngineContract {
  NueContractTest() {
    super(EnumSet.of(Promise.DEADLOCK_FREE), EnumSet.noneOf(RoutingException.Reason.class));
  }

  @Override
  protected RoutingEngine engine(Fabric fabric) {
    return new NueEngine();
  }

  @Override
  protected Arbitrary<Fabric> fabrics() {
    return Arbitraries.oneOf(
            FabricArbitraries.fatTreesToriAndRandom(),
            FabricArbitraries.randomConnected(),
            FabricArbitraries.jellyfish(),
            FabricArbitraries.withLmc(FabricArbitraries.randomConnected(), 2),
            FabricArbitraries.withFailedLinks(FabricArbitraries.tori(), 3, true))
        .filter(FabricArbitraries::switchesConnected);
  }
}
