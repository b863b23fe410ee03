package org.ibrouting.engines.nue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Nue on a 16-ary 3-tree (768 switches, 4,096 CAs) with 1 and 4 VLs: routed and deadlock-free. */
@Tag("slow")
class NueSlowTest {
  @Test
  void routesSixteenAryThreeTree() throws Exception {
    Fabric fabric = Topologies.kAryNTree(16, 3);
    assertEquals(4096, fabric.numCas());
    for (int vls : new int[] {1, 4}) {
      long start = System.nanoTime();
      Routing routing = new NueEngine(vls, false).route(fabric, RoutingOptions.defaults());
      System.out.printf(
          "nue 16-ary 3-tree, %d VL(s): %.2f s%n", vls, (System.nanoTime() - start) / 1e9);
      RoutingAssertions.assertAllPairsRouted(routing);
      RoutingAssertions.assertDeadlockFreePerVl(routing);
      RoutingAssertions.assertVlsWithin(routing, vls);
    }
  }
}
