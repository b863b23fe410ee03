package org.ibrouting.engines.minhop;

import static org.ibrouting.testkit.FabricArbitraries.connected;
import static org.ibrouting.testkit.FabricArbitraries.dragonflies;
import static org.ibrouting.testkit.FabricArbitraries.fatTreesToriAndRandom;
import static org.ibrouting.testkit.FabricArbitraries.hypercubes;
import static org.ibrouting.testkit.FabricArbitraries.randomConnected;
import static org.ibrouting.testkit.FabricArbitraries.withLmc;

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

/**
 * MINHOP on generated and random fabrics: every pair routed, loop-free, minimal, consistent; the
 * LFT builder's least-hop ports looked up once per target switch give the tables of a scan of every
 * port per LID.
 */
class MinhopPropertiesTest {
  @Provide
  Arbitrary<Fabric> fabrics() {
    return connected(
        fatTreesToriAndRandom(),
        randomConnected(),
        withLmc(randomConnected(), 2),
        dragonflies(),
        hypercubes());
  }

  @Property(tries = 150)
  void routesEveryPairMinimallyWithoutLoops(@ForAll("fabrics") Fabric fabric)
      throws RoutingException {
    Routing routing = new MinhopEngine().route(fabric, RoutingOptions.defaults());
    RoutingAssertions.assertRoutedWithoutLoops(routing);
    RoutingAssertions.assertMinimal(routing);
    RoutingAssertions.assertDestinationBasedConsistent(routing);
  }

  @Property(tries = 40)
  void resultDoesNotDependOnThreads(@ForAll("fabrics") Fabric fabric) throws RoutingException {
    Routing one = new MinhopEngine().route(fabric, RoutingOptions.defaults().withThreads(1));
    Routing two = new MinhopEngine().route(fabric, RoutingOptions.defaults().withThreads(3));
    org.junit.jupiter.api.Assertions.assertTrue(one.sameLfts(two));
  }

  @Provide
  Arbitrary<Fabric> fabricsWithLmc() {
    return FabricArbitraries.withLmc(
        Arbitraries.oneOf(
            FabricArbitraries.fatTreesToriAndRandom(),
            FabricArbitraries.randomConnectedWithMultiPortCas(),
            FabricArbitraries.hypercubes(),
            FabricArbitraries.withFailedLinks(FabricArbitraries.randomConnected(), 4, false)),
        2);
  }

  @Property(tries = 100)
  void candidatesPerTargetSwitchGiveThePerLidScan(
      @ForAll("fabricsWithLmc") Fabric fabric, @ForAll boolean dor) {
    MinhopLftBuilder.Mode mode = dor ? MinhopLftBuilder.Mode.DOR : MinhopLftBuilder.Mode.MINHOP;
    org.ibrouting.paths.HopMatrix hops = org.ibrouting.paths.HopMatrix.compute(fabric, 1);
    org.ibrouting.engines.testing.GoldenLfts.assertSameLfts(
        new PerLidMinhopLftBuilder(fabric, hops, mode).build("minhop"),
        new MinhopLftBuilder(fabric, hops, mode).build("minhop", 2),
        fabric + " " + mode);
  }
}
