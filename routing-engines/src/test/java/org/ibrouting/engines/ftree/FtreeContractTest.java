package org.ibrouting.engines.ftree;

import java.util.EnumSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.RoutingEngineContract;
import org.ibrouting.testkit.RoutingEngineContract.Promise;

/** Fat-tree routing keeps the routing-engine contract on fat trees of two switch levels or more. */
class FtreeContractTest extends RoutingEngineContract {
  FtreeContractTest() {
    super(
        EnumSet.of(Promise.MINIMAL, Promise.DEADLOCK_FREE),
        EnumSet.of(RoutingException.Reason.UNSUPPORTED_TOPOLOGY));
  }

  @Override
  protected RoutingEngine engine(Fabric fabric) {
    return new FtreeEngine();
  }

  @Override
  protected Arbitrary<Fabric> fabrics() {
    return Arbitraries.oneOf(FabricArbitraries.kAryNTrees(), FabricArbitraries.xgfts())
        .filter(
            f ->
                FtreePropertiesTest.hasTwoSwitchLevels(f)
                    && FabricArbitraries.switchesConnected(f));
  }
}
