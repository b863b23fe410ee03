package org.ibrouting.engines.dor;

import static org.ibrouting.testkit.FabricArbitraries.connected;
import static org.ibrouting.testkit.FabricArbitraries.hypercubes;
import static org.ibrouting.testkit.FabricArbitraries.meshes;
import static org.ibrouting.testkit.RoutingEngineContract.Promise.DEADLOCK_FREE;
import static org.ibrouting.testkit.RoutingEngineContract.Promise.MINIMAL;

import java.util.EnumSet;
import java.util.Set;
import org.ibrouting.testkit.RoutingEngineContract;

/** DOR keeps the routing-engine contract on meshes and hypercubes: minimal and deadlock-free. */
class DorContractTest extends RoutingEngineContract {
  DorContractTest() {
    super(
        fabric -> new DorEngine(),
        connected(meshes(), hypercubes()),
        EnumSet.of(MINIMAL, DEADLOCK_FREE),
        Set.of());
  }
}
