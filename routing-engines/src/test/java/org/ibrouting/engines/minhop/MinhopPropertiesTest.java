package org.ibrouting.engines.minhop;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.RoutingAssertions;

/** MINHOP on generated and random fabrics: every pair routed, loop-free, minimal, consistent. */
class MinhopPropertiesTest {
  @Provide
  Arbitrary<Fabric> fabrics() {
    return Arbitraries.oneOf(FabricArbitraries.fatTreesToriAndRandom(),
        FabricArbitraries.randomConnected(),
        FabricArbitraries.withLmc(FabricArbitraries.randomConnected(), 2),
        FabricArbitraries.dragonflies(), FabricArbitraries.hypercubes())
        .filter(FabricArbitraries::switchesConnected);
  }


  @Property(tries = 150)
  void routesEveryPairMinimallyWithoutLoops(@ForAll("fabrics") Fabric fabric) throws RoutingException {
    Routing routing = new MinhopEngine().route(fabric, RoutingOptions.defaults());
    RoutingAssertions.assertAllPairsRouted(routing);
    RoutingAssertions.assertLoopFree(routing);
    RoutingAssertions.assertMinimal(routing);
    RoutingAssertions.assertDestinationBasedConsistent(routing);
  }

  @Property(tries = 40)
  void resultDoesNotDependOnThreads(@ForAll("fabrics") Fabric fabric) throws RoutingException {
    Routing one = new MinhopEngine().route(fabric, RoutingOptions.defaults().withThreads(1));
    Routing two = new MinhopEngine().route(fabric, RoutingOptions.defaults().withThreads(3));
    org.junit.jupiter.api.Assertions.assertTrue(one.sameLfts(two));
  }
}
