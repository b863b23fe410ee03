package org.ibrouting.engines.torus2qos;

import java.util.Collections;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.testkit.RoutingEngineContract;
import org.ibrouting.testkit.RoutingEngineContract.Promise;
import org.ibrouting.topology.Topologies;

/**
 * torus-2QoS keeps the routing-engine contract on intact 2D and 3D tori and meshes, each routed
 * with the torus-2QoS.conf generated with it: deadlock-free under its per-port SL-to-VL maps.
 */
class Torus2QosContractTest extends RoutingEngineContract {
  Torus2QosContractTest() {
    super(EnumSet.of(Promise.DEADLOCK_FREE), EnumSet.noneOf(RoutingException.Reason.class));
  }

  /** The configuration each generated fabric was made with. */
  private final Map<Fabric, Torus2QosEngine> engines =
      Collections.synchronizedMap(new IdentityHashMap<>());

  @Override
  protected RoutingEngine engine(Fabric fabric) {
    // a fabric made elsewhere (the contract's LID-less and switch-less ones) gets a 3x3 torus's
    return engines.getOrDefault(
        fabric, new Torus2QosEngine(Topologies.torusConfig(new int[] {3, 3}, 1, true)));
  }

  @Override
  protected Arbitrary<Fabric> fabrics() {
    return Combinators.combine(
            Torus2QosPropertiesTest.shapes(5, 4),
            Arbitraries.integers().between(1, 2),
            Arbitraries.of(true, false))
        .as(
            (radix, hosts, torus) -> {
              Fabric fabric =
                  torus ? Topologies.torus(radix, hosts) : Topologies.mesh(radix, hosts);
              engines.put(fabric, new Torus2QosEngine(Topologies.torusConfig(radix, hosts, torus)));
              return fabric;
            });
  }
}
