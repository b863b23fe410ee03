package org.ibrouting.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.engines.lash.LashEngine;
import org.ibrouting.engines.nue.NueEngine;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.testkit.TestFabrics;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The engines that spread routes over VL layers, on large fat trees: LASH on the 8- and 16-ary
 * 3-trees (the test kit's, 192 and 768 switches) routes every pair, switches too, minimally and
 * deadlock-free per VL; Nue with 1 and 4 VLs on the generated 16-ary 3-tree (4,096 CAs) routes
 * every CA pair deadlock-free within its VLs. Prints the times (none asserted; the benchmarks
 * module measures them).
 */
@Tag("slow")
class LayeredEnginesSlowTest {
  @ParameterizedTest(name = "{0}-ary 3-tree")
  @ValueSource(ints = {8, 16})
  void lashRoutesEveryPairMinimallyAndDeadlockFree(int k) throws Exception {
    Fabric tree = TestFabrics.kAryNTree(k, 3);
    assertEquals(3 * k * k, tree.numSwitches());
    assertEquals(k * k * k, tree.numCas());
    long start = System.nanoTime();
    Routing routing = new LashEngine().route(tree, RoutingOptions.seeded(1).withThreads(1));
    System.out.printf(
        "lash %d-ary 3-tree: %.2f s, %d VLs%n",
        k, (System.nanoTime() - start) / 1e9, routing.slTable().numVls());
    RoutingAssertions.assertAllPairsRouted(routing, EndpointScope.TERMINALS_AND_SWITCHES);
    RoutingAssertions.assertMinimal(routing, EndpointScope.TERMINALS_AND_SWITCHES);
    RoutingAssertions.assertDeadlockFreePerVl(routing, EndpointScope.TERMINALS_AND_SWITCHES);
  }

  @ParameterizedTest(name = "{0} VL(s)")
  @ValueSource(ints = {1, 4})
  void nueRoutesEveryCaPairDeadlockFreeWithinItsVls(int vls) throws Exception {
    Fabric tree = Topologies.kAryNTree(16, 3);
    assertEquals(4096, tree.numCas());
    long start = System.nanoTime();
    Routing routing = new NueEngine(vls, false).route(tree, RoutingOptions.defaults());
    System.out.printf(
        "nue 16-ary 3-tree, %d VL(s): %.2f s%n", vls, (System.nanoTime() - start) / 1e9);
    RoutingAssertions.assertAllPairsRouted(routing);
    RoutingAssertions.assertDeadlockFreePerVl(routing);
    RoutingAssertions.assertVlsWithin(routing, vls);
  }
}
