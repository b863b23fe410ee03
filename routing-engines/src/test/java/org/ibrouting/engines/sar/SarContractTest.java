package org.ibrouting.engines.sar;

import static org.ibrouting.routing.RoutingException.Reason.VLS_EXCEEDED;
import static org.ibrouting.testkit.FabricArbitraries.connected;
import static org.ibrouting.testkit.FabricArbitraries.dragonflies;
import static org.ibrouting.testkit.FabricArbitraries.fatTreesToriAndRandom;
import static org.ibrouting.testkit.FabricArbitraries.randomConnected;
import static org.ibrouting.testkit.RoutingEngineContract.Promise.DEADLOCK_FREE;
import static org.ibrouting.testkit.RoutingEngineContract.Promise.MINIMAL;

import java.util.EnumSet;
import org.ibrouting.engines.testing.JobLists;
import org.ibrouting.testkit.RoutingEngineContract;

/**
 * SAR, with every CA in one of two interleaved jobs, keeps the routing-engine contract: minimal,
 * deadlock-free, or a refusal naming the VLs it needs.
 */
class SarContractTest extends RoutingEngineContract {
  SarContractTest() {
    super(
        fabric ->
            new SarEngine(SarEngine.Settings.of(JobLists.parse(JobMixes.interleaved(fabric, 2)))),
        connected(fatTreesToriAndRandom(), randomConnected(), dragonflies()),
        EnumSet.of(MINIMAL, DEADLOCK_FREE),
        EnumSet.of(VLS_EXCEEDED));
  }
}
