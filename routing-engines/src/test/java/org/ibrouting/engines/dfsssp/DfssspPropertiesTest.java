package org.ibrouting.engines.dfsssp;

import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.ibrouting.testkit.RefusalCoverage;
import org.ibrouting.testkit.RoutingAssertions;

/**
 * DFSSSP on generated and random fabrics: routed, minimal, deadlock-free per VL, within the VL
 * limit.
 */
class DfssspPropertiesTest {
  @Provide
  Arbitrary<Fabric> fabrics() {
    return Arbitraries.oneOf(
            FabricArbitraries.fatTreesToriAndRandom(),
            FabricArbitraries.randomConnected(),
            FabricArbitraries.tori(),
            FabricArbitraries.dragonflies())
        .filter(FabricArbitraries::switchesConnected);
  }

  @Property(tries = 100)
  void deadlockFreePerVlWithinTheLimit(
      @ForAll("fabrics") Fabric fabric, @ForAll("vls") int maxVls, @ForAll boolean balance) {
    Routing routing;
    try {
      routing =
          new DfssspEngine(balance).route(fabric, RoutingOptions.defaults().withMaxVls(maxVls));
    } catch (RoutingException e) {
      assertTrue(
          e.getMessage().startsWith("dfsssp: needs more than " + maxVls + " VLs"), e.getMessage());
      RefusalCoverage.refused();
      return;
    }
    RefusalCoverage.routed();
    RoutingAssertions.assertAllPairsRouted(routing);
    RoutingAssertions.assertMinimal(routing);
    RoutingAssertions.assertDeadlockFreePerVl(routing);
    RoutingAssertions.assertVlsWithin(routing, maxVls);
  }

  @Provide
  Arbitrary<Integer> vls() {
    return Arbitraries.of(1, 2, 4, 8);
  }
}
