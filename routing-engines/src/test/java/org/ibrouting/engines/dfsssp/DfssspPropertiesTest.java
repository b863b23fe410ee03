package org.ibrouting.engines.dfsssp;

import static org.ibrouting.testkit.FabricArbitraries.connected;
import static org.ibrouting.testkit.FabricArbitraries.dragonflies;
import static org.ibrouting.testkit.FabricArbitraries.fatTreesToriAndRandom;
import static org.ibrouting.testkit.FabricArbitraries.randomConnected;
import static org.ibrouting.testkit.FabricArbitraries.tori;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.engines.testing.VlLimitedRouting;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingOptions;

/**
 * DFSSSP on generated and random fabrics: routed, minimal, deadlock-free per VL, within the VL
 * limit.
 */
class DfssspPropertiesTest {
  @Provide
  Arbitrary<Fabric> fabrics() {
    return connected(fatTreesToriAndRandom(), randomConnected(), tori(), dragonflies());
  }

  @Property(tries = 100)
  void deadlockFreePerVlWithinTheLimit(
      @ForAll("fabrics") Fabric fabric, @ForAll("vls") int maxVls, @ForAll boolean balance) {
    VlLimitedRouting.assertMinimalDeadlockFreeOrRefused(
        "dfsssp",
        maxVls,
        () ->
            new DfssspEngine(balance).route(fabric, RoutingOptions.defaults().withMaxVls(maxVls)));
  }

  @Provide
  Arbitrary<Integer> vls() {
    return Arbitraries.of(1, 2, 4, 8);
  }
}
