package org.ibrouting.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.testkit.TestFabrics;
import org.ibrouting.testkit.TestRoutings;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * All pairs of a 4,096-endpoint 16-ary 3-tree (768 switches): checks the figures and prints the
 * time of each analysis (no timing is asserted; see benchmarks/ for measurements).
 */
@Tag("slow")
class LargeFabricSlowTest {

  @Test
  void sixteenAryThreeTree() {
    Fabric fabric = TestFabrics.kAryNTree(16, 3);
    Routing routing = TestRoutings.shortestPaths(fabric);
    for (int round = 0; round < 3; round++) {
      for (int threads = 1; threads <= 2; threads++) {
        long t0 = System.nanoTime();
        RouteReport report = new RouteChecker(EndpointScope.TERMINALS, threads).check(routing);
        long t1 = System.nanoTime();
        ForwardingIndex efi = ForwardingIndex.compute(routing, EndpointScope.TERMINALS, threads);
        long t2 = System.nanoTime();
        CdgReport cdg = CreditLoopVerifier.defaults().withThreads(threads).verify(routing);
        long t3 = System.nanoTime();
        System.out.printf(
            "16-ary 3-tree, %d threads: check %.1f ms, efi %.1f ms, cdg %.1f ms" + " (%d edges)%n",
            threads, (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6, cdg.numEdges(0));
        assertEquals(4096L * 4095, report.pairs());
        assertTrue(report.allRouted() && report.allMinimal());
        assertEquals(2 * 2 * 256 * 16, efi.numSwitchChannels());
        assertTrue(cdg.isDeadlockFree());
      }
    }
  }
}
