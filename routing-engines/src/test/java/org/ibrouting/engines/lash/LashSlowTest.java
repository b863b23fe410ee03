package org.ibrouting.engines.lash;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.TestFabrics;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** LASH on a 16-ary 3-tree (768 switches, 4,096 CAs): time and correctness. */
@Tag("slow")
class LashSlowTest {
  @Test
  void routesSixteenAryThreeTree() throws Exception {
    Fabric fabric = TestFabrics.kAryNTree(16, 3);
    assertEquals(768, fabric.numSwitches());
    assertEquals(4096, fabric.numCas());
    RoutingOptions options = RoutingOptions.seeded(1).withThreads(1);
    long start = System.nanoTime();
    Routing routing = new LashEngine().route(fabric, options);
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf(
        "lash 16-ary 3-tree (%s): %.2f s, %d VLs%n", fabric, seconds, routing.slTable().numVls());
    LashEngineTest.assertRoutedMinimalDeadlockFree(routing);
  }

  @Test
  void routesEightAryThreeTree() throws Exception {
    Fabric fabric = TestFabrics.kAryNTree(8, 3);
    RoutingOptions options = RoutingOptions.seeded(1).withThreads(1);
    Routing routing = null;
    for (int run = 0; run < 5; run++) {
      long start = System.nanoTime();
      routing = new LashEngine().route(fabric, options);
      System.out.printf(
          "lash 8-ary 3-tree run %d: %.3f s, %d VLs, layers before balancing %s%n",
          run,
          (System.nanoTime() - start) / 1e9,
          routing.slTable().numVls(),
          java.util.Arrays.toString(LashEngine.pathsPerLayerBeforeBalancing(fabric)));
    }
    LashEngineTest.assertRoutedMinimalDeadlockFree(routing);
  }
}
