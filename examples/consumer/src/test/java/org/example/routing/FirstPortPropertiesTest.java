package org.example.routing;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.RoutingAssertions;

/** The custom engine, found by name, on fat trees, tori and random fabrics from the test kit. */
class FirstPortPropertiesTest {
  @Provide
  Arbitrary<Fabric> fabrics() {
    // fabrics whose switches reach each other: a dual-rail fabric has pairs no routing connects
    return FabricArbitraries.fatTreesToriAndRandom().filter(FabricArbitraries::switchesConnected);
  }

  @Property(tries = 40)
  void routesEveryPairMinimallyAndDeadlockFree(@ForAll("fabrics") Fabric fabric) throws RoutingException {
    Routing routing = Engines.create("first-port", EngineConfig.none()).route(fabric, RoutingOptions.seeded(42));
    RoutingAssertions.assertAllPairsRouted(routing);
    RoutingAssertions.assertMinimal(routing);
    RoutingAssertions.assertDeadlockFreePerVl(routing);   // the message holds the witness cycle
    RoutingAssertions.assertVlsWithin(routing, 8);
  }
}
