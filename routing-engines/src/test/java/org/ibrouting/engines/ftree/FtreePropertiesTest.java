package org.ibrouting.engines.ftree;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.RefusalCoverage;
import org.ibrouting.testkit.RoutingAssertions;

/** Fat-tree routing on generated fat trees, and its refusals elsewhere. */
class FtreePropertiesTest {
  /** A switch named as messages name it: GUID and description. */
  static final String NAMED_SWITCH = "(?s).*switch 0x[0-9a-f]{16} \"[^\"]*\".*";

  @Provide
  Arbitrary<Fabric> fatTrees() {
    return Arbitraries.oneOf(FabricArbitraries.kAryNTrees(), FabricArbitraries.xgfts())
        .filter(f -> hasTwoSwitchLevels(f) && FabricArbitraries.switchesConnected(f));
  }

  /** Whether some switch has no CA: a tree of one switch level is all roots, as OpenSM sees it. */
  static boolean hasTwoSwitchLevels(Fabric fabric) {
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      boolean cas = false;
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        cas |= !fabric.isSwitch(fabric.channelHead(fabric.outChannel(sw, i)));
      }
      if (!cas) {
        return true;
      }
    }
    return false;
  }

  /**
   * Every k-ary n-tree and XGFT of at least two switch levels, its switches connected (not separate
   * planes joined only by multi-port CAs), is routed (or refused only for OpenSM's limits): all CA
   * pairs, by minimal paths, without credit loops on one VL.
   */
  @Property(tries = 120)
  void fatTreesAreRoutedMinimallyAndDeadlockFree(@ForAll("fatTrees") Fabric fabric)
      throws RoutingException {
    Routing routing;
    try {
      routing = new FtreeEngine().route(fabric, RoutingOptions.defaults());
    } catch (RoutingException e) {
      // only OpenSM's own limits may refuse a generated fat tree
      assertTrue(
          e.getMessage().contains("a fat tree needs at least 2")
              || e.getMessage().contains("needs at least two"),
          e.getMessage());
      RefusalCoverage.refused();
      return;
    }
    RefusalCoverage.routed();
    RoutingAssertions.assertRoutedWithoutLoops(routing);
    RoutingAssertions.assertMinimal(routing);
    RoutingAssertions.assertDeadlockFreePerVl(routing);
  }

  /**
   * The loop shortcut of the router (skipping a down scan another switch with the same switches
   * below has already done) changes no entry: differential test against the plain OpenSM loop.
   */
  @Property(tries = 80)
  void shortcutChangesNothing(@ForAll("treesAndIrregular") Fabric fabric) throws RoutingException {
    FatTree tree;
    try {
      tree = FatTree.build(fabric, null, null, null);
    } catch (RoutingException e) {
      RefusalCoverage.refused();
      return;
    }
    RefusalCoverage.routed();
    Routing plain = new FtreeRouter(tree, false).route("ftree", 0, false, true);
    Routing fast =
        new FtreeRouter(FatTree.build(fabric, null, null, null), true)
            .route("ftree", 0, false, true);
    org.ibrouting.engines.testing.GoldenLfts.assertSameLfts(plain, fast, "shortcut");
  }

  @Provide
  Arbitrary<Fabric> treesAndIrregular() {
    // irregular fabrics are mostly refused: weighted so that most tries build a tree
    return Arbitraries.frequencyOf(
        Tuple.of(4, fatTrees()),
        Tuple.of(1, irregular().withoutEdgeCases()),
        Tuple.of(
            1,
            Arbitraries.of(4, 6, 8).map(k -> org.ibrouting.topology.Topologies.kAryNTree(k, 3))));
  }

  @Provide
  Arbitrary<Fabric> notFatTrees() {
    return Arbitraries.oneOf(
            FabricArbitraries.tori(),
            FabricArbitraries.jellyfish(),
            FabricArbitraries.hypercubes(),
            FabricArbitraries.dragonflies())
        .filter(f -> f.numSwitches() >= 2 && f.numCas() >= 2);
  }

  /** Tori, Jellyfish, hypercubes and Dragonflies are refused, naming a switch. */
  @Property(tries = 150)
  void otherTopologiesAreRefusedNamingASwitch(@ForAll("notFatTrees") Fabric fabric) {
    try {
      Routing routing = new FtreeEngine().route(fabric, RoutingOptions.defaults());
      // a degenerate instance may be a tree (two hypercube switches, a one-group Dragonfly)
      RoutingAssertions.assertAllPairsRouted(routing);
      RoutingAssertions.assertDeadlockFreePerVl(routing);
    } catch (RoutingException e) {
      assertTrue(
          e.getMessage().startsWith("ftree: ") && e.getMessage().matches(NAMED_SWITCH),
          e.getMessage());
    }
  }

  /**
   * Random irregular fabrics and director chains: routed completely and deadlock-free, or refused
   * with a reason that names a node.
   */
  @Property(tries = 200)
  void irregularFabricsAreRoutedCompletelyOrRefused(@ForAll("irregular") Fabric fabric) {
    Routing routing;
    try {
      routing = new FtreeEngine().route(fabric, RoutingOptions.defaults());
    } catch (RoutingException e) {
      if (!e.getMessage().startsWith("ftree: ")
          || !(e.getMessage().matches(NAMED_SWITCH)
              || e.getMessage().contains(" CA 0x")
              || e.getMessage().contains("a fat tree needs at least 2")
              || e.getMessage().contains("no compute node"))) {
        fail("unclear refusal: " + e.getMessage());
      }
      return;
    }
    RoutingAssertions.assertRoutedWithoutLoops(routing);
    RoutingAssertions.assertDeadlockFreePerVl(routing);
  }

  @Provide
  Arbitrary<Fabric> irregular() {
    return Arbitraries.oneOf(
        FabricArbitraries.randomConnected(),
        FabricArbitraries.directors(),
        FabricArbitraries.withFailedLinks(FabricArbitraries.kAryNTrees(), 3, true));
  }
}
