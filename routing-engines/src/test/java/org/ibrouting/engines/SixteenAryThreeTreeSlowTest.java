package org.ibrouting.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.engines.lash.LashEngine;
import org.ibrouting.engines.nue.NueEngine;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The VL-assigning engines that search layers on a 16-ary 3-tree (768 switches, 4,096 CAs): LASH
 * routes every pair, switches too, minimally and deadlock-free per VL; Nue with 1 and 4 VLs routes
 * every CA pair deadlock-free within its VLs. Prints the times (none asserted; the benchmarks
 * module measures them).
 */
@Tag("slow")
class SixteenAryThreeTreeSlowTest {
  private static Fabric tree;

  @BeforeAll
  static void buildTree() {
    tree = Topologies.kAryNTree(16, 3);
    assertEquals(768, tree.numSwitches());
    assertEquals(4096, tree.numCas());
  }

  @Test
  void lashRoutesEveryPairMinimallyAndDeadlockFree() throws Exception {
    long start = System.nanoTime();
    Routing routing = new LashEngine().route(tree, RoutingOptions.seeded(1).withThreads(1));
    System.out.printf(
        "lash 16-ary 3-tree: %.2f s, %d VLs%n",
        (System.nanoTime() - start) / 1e9, routing.slTable().numVls());
    RoutingAssertions.assertAllPairsRouted(routing, EndpointScope.TERMINALS_AND_SWITCHES);
    RoutingAssertions.assertMinimal(routing, EndpointScope.TERMINALS_AND_SWITCHES);
    RoutingAssertions.assertDeadlockFreePerVl(routing, EndpointScope.TERMINALS_AND_SWITCHES);
  }

  @ParameterizedTest(name = "{0} VL(s)")
  @ValueSource(ints = {1, 4})
  void nueRoutesEveryCaPairDeadlockFreeWithinItsVls(int vls) throws Exception {
    long start = System.nanoTime();
    Routing routing = new NueEngine(vls, false).route(tree, RoutingOptions.defaults());
    System.out.printf(
        "nue 16-ary 3-tree, %d VL(s): %.2f s%n", vls, (System.nanoTime() - start) / 1e9);
    RoutingAssertions.assertAllPairsRouted(routing);
    RoutingAssertions.assertDeadlockFreePerVl(routing);
    RoutingAssertions.assertVlsWithin(routing, vls);
  }
}
