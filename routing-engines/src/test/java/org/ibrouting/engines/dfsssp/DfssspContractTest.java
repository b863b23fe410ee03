package org.ibrouting.engines.dfsssp;

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
 * DFSSSP keeps the routing-engine contract: minimal and deadlock-free per VL, or refuses when its
 * layers need more VLs than allowed.
 */
class DfssspContractTest extends RoutingEngineContract {
  DfssspContractTest() {
    super(
        EnumSet.of(Promise.MINIMAL, Promise.DEADLOCK_FREE),
        EnumSet.of(RoutingException.Reason.VLS_EXCEEDED));
  }

  @Override
  protected RoutingEngine engine(Fabric fabric) {
    return new DfssspEngine();
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
