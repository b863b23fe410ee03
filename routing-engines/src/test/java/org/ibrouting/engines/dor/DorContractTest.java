package org.ibrouting.engines.dor;

import java.util.EnumSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.RoutingEngineContract;
import org.ibrouting.testkit.RoutingEngineContract.Promise;

/** DOR keeps the routing-engine contract on meshes and hypercubes: minimal and deadlock-free. */
class DorContractTest extends RoutingEngineContract {
  DorContractTest() {
    super(
        EnumSet.of(Promise.MINIMAL, Promise.DEADLOCK_FREE),
        EnumSet.noneOf(RoutingException.Reason.class));
  }

  @Override
  protected RoutingEngine engine(Fabric fabric) {
    return new DorEngine();
  }

  @Override
  protected Arbitrary<Fabric> fabrics() {
    return Arbitraries.oneOf(FabricArbitraries.meshes(), FabricArbitraries.hypercubes())
        .filter(FabricArbitraries::switchesConnected);
  }
}
