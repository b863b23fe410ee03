package org.ibrouting.engines.nue;

import static org.ibrouting.testkit.FabricArbitraries.anyConnected;
import static org.ibrouting.testkit.FabricArbitraries.connected;
import static org.ibrouting.testkit.FabricArbitraries.dragonflies;
import static org.ibrouting.testkit.FabricArbitraries.jellyfish;
import static org.ibrouting.testkit.FabricArbitraries.randomConnected;
import static org.ibrouting.testkit.FabricArbitraries.randomConnectedWithMultiPortCas;
import static org.ibrouting.testkit.FabricArbitraries.tori;
import static org.ibrouting.testkit.FabricArbitraries.withFailedLinks;
import static org.ibrouting.testkit.FabricArbitraries.withLmc;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.topology.Topologies;

/**
 * Nue on generated and random fabrics, with 1, 2, 4 and 8 VLs: every pair routed, loop-free,
 * deadlock-free on every VL, no route's dependency missing from its layer's acyclic graph, never
 * more VLs than allowed; with and without switches as destinations of the layers, with LMC up to 2
 * and with failed links, with OpenSM's split of the destinations (seed 0) and seeded ones.
 */
class NuePropertiesTest {
  @Provide
  Arbitrary<Fabric> fabrics() {
    return anyConnected(tori(), jellyfish(), dragonflies(), withFailedLinks(tori(), 3, true));
  }

  @Provide
  Arbitrary<Integer> vls() {
    return Arbitraries.of(1, 2, 4, 8);
  }

  /** Nue's settings and the seed of one routing. */
  record Layers(int vls, boolean includeSwitches, long seed) {
    RoutingOptions options() {
      return RoutingOptions.seeded(seed);
    }

    @Override
    public String toString() {
      return vls + " VLs, includeSwitches " + includeSwitches + ", seed " + seed;
    }
  }

  @Provide
  Arbitrary<Layers> layers() {
    return Combinators.combine(
            vls(),
            Arbitraries.of(false, true),
            Arbitraries.oneOf(Arbitraries.just(0L), Arbitraries.longs()))
        .as(Layers::new);
  }

  /**
   * Every fabric, and (one routing in five) tori large enough for OpenSM's shortcut step to take
   * dependencies its trees keep using out of the layer's graph (about one routing in five there; a
   * loop closed through one of them is rarer, one in a few hundred): every dependency a route takes
   * stays in its layer's acyclic graph, and every VL is deadlock-free.
   */
  @Property(tries = 190)
  void deadlockFreePerVlWithinTheLimit(
      @ForAll("fabricsAndLargeTori") Fabric fabric, @ForAll("layers") Layers layers)
      throws RoutingException {
    assertDeadlockFreeAndRecorded(fabric, layers);
  }

  @Provide
  Arbitrary<Fabric> fabricsAndLargeTori() {
    return Arbitraries.frequencyOf(Tuple.of(15, fabrics()), Tuple.of(4, largeTori()));
  }

  /**
   * The tori of 125, 100 and 64 switches with 2 CAs each where OpenSM's shortcut step most often
   * leaves a dependency out (a fifth to a third of the routings with 2 VLs or more).
   */
  @Provide
  Arbitrary<Fabric> largeTori() {
    return Arbitraries.of(new int[] {5, 5, 5}, new int[] {4, 5, 5}, new int[] {8, 8})
        .map(radix -> Topologies.torus(radix, 2));
  }

  /**
   * Routes with the checks on: every pair routed without loops, no route's dependency missing from
   * its layer's acyclic graph, deadlock-free on every VL, within {@code vls}.
   */
  private static void assertDeadlockFreeAndRecorded(Fabric fabric, Layers layers)
      throws RoutingException {
    NueEngine.Checked checked =
        new NueEngine(layers.vls(), layers.includeSwitches())
            .routeChecked(fabric, layers.options());
    Routing routing = checked.routing();
    RoutingAssertions.assertRoutedWithoutLoops(routing);
    org.junit.jupiter.api.Assertions.assertEquals(
        0, checked.stats().unrecordedDependencies(), "dependencies missing from their layer");
    RoutingAssertions.assertDeadlockFreePerVl(routing);
    RoutingAssertions.assertVlsWithin(routing, layers.vls());
  }

  @Property(tries = 40)
  void optionsCapTheLayers(@ForAll("fabrics") Fabric fabric, @ForAll("vls") int maxVls)
      throws RoutingException {
    Routing routing =
        new NueEngine(8, false).route(fabric, RoutingOptions.defaults().withMaxVls(maxVls));
    RoutingAssertions.assertAllPairsRouted(routing);
    RoutingAssertions.assertDeadlockFreePerVl(routing);
    RoutingAssertions.assertVlsWithin(routing, maxVls);
  }

  @Provide
  Arbitrary<Fabric> fabricsWithParallelLinks() {
    return connected(
        randomConnected(),
        randomConnectedWithMultiPortCas(),
        withLmc(randomConnected(), 2),
        tori(),
        dragonflies(),
        withFailedLinks(tori(), 3, true));
  }

  /**
   * The topological order and the edge-class lists change no table and no SL against OpenSM's way
   * (a depth-first search per check, every edge's colour read in turn), also when the lists hand
   * over to the one-by-one walk part way, and the bookkeeping stays in step with the colours after
   * every layer.
   */
  @Property(tries = 80)
  void fastPathsGiveOpenSmsRouting(
      @ForAll("fabricsWithParallelLinks") Fabric fabric, @ForAll("layers") Layers layers)
      throws RoutingException {
    int vls = layers.vls();
    boolean includeSwitches = layers.includeSwitches();
    Routing plain = new NueEngine(vls, includeSwitches, true).route(fabric, layers.options());
    for (boolean resumeOften : new boolean[] {false, true}) {
      Routing fast =
          new NueEngine(vls, includeSwitches, false, resumeOften)
              .routeChecked(fabric, layers.options())
              .routing();
      org.ibrouting.engines.testing.GoldenLfts.assertSameLfts(plain, fast, fabric + " " + layers);
      for (int src = 1; src <= fabric.maxLid(); src++) {
        for (int dst = 1; dst <= fabric.maxLid(); dst++) {
          org.junit.jupiter.api.Assertions.assertEquals(
              plain.slTable().sl(src, dst), fast.slTable().sl(src, dst));
        }
      }
    }
  }
}
