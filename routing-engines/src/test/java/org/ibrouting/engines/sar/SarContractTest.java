package org.ibrouting.engines.sar;

import java.util.EnumSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import org.ibrouting.engines.testing.JobLists;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.RoutingEngineContract;
import org.ibrouting.testkit.RoutingEngineContract.Promise;

/**
 * SAR, with every CA in one of two interleaved jobs, keeps the routing-engine contract: minimal,
 * deadlock-free, or a refusal naming the VLs it needs.
 */
class SarContractTest extends RoutingEngineContract {
  SarContractTest() {
    super(
        EnumSet.of(Promise.MINIMAL, Promise.DEADLOCK_FREE),
        EnumSet.of(RoutingException.Reason.VLS_EXCEEDED));
  }

  @Override
  protected RoutingEngine engine(Fabric fabric) {
    return new SarEngine(SarEngine.Settings.of(JobLists.parse(JobMixes.interleaved(fabric, 2))));
  }

  @Override
  protected Arbitrary<Fabric> fabrics() {
    return Arbitraries.oneOf(
            FabricArbitraries.fatTreesToriAndRandom(),
            FabricArbitraries.randomConnected(),
            FabricArbitraries.dragonflies())
        .filter(FabricArbitraries::switchesConnected);
  }
}
