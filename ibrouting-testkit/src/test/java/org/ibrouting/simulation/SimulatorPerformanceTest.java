package org.ibrouting.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.EndPorts;
import org.ibrouting.routing.Routing;
import org.ibrouting.testkit.TestRoutings;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * 100,000 random bisect patterns on a 16-ary 3-tree (768 switches, 4,096 CAs) routed d-mod-k.
 * Prints the time; the target is 10 s on two cores. Timings are reported, not asserted.
 */
@Tag("slow")
class SimulatorPerformanceTest {

  @Test
  void hundredThousandBisectionsOn4096Endpoints() {
    long t0 = System.nanoTime();
    Routing tree = TestRoutings.dModK(16, 3, false);
    assertEquals(768, tree.fabric().numSwitches());
    assertEquals(4096, tree.fabric().numCas());
    long t1 = System.nanoTime();
    PathTable table = PathTable.build(tree, EndPorts.cabledCas(tree.fabric()));
    assertEquals(0, table.numUnroutablePairs());
    long t2 = System.nanoTime();
    int threads = Runtime.getRuntime().availableProcessors();
    // warm-up so the JIT has compiled the level loop before timing
    Simulator.effectiveBisectionBandwidth(
        table, SimulationOptions.of(2_000, 1).withThreads(threads));
    long t3 = System.nanoTime();
    SimulationResult r =
        Simulator.effectiveBisectionBandwidth(
            table, SimulationOptions.of(100_000, 42).withThreads(threads));
    long t4 = System.nanoTime();
    System.out.printf(
        "16-ary 3-tree: build %.2f s, path table %.2f s (%s), 100,000 bisections on %d threads %.2f s%n",
        (t1 - t0) / 1e9,
        (t2 - t1) / 1e9,
        table.isExplicit() ? "explicit" : "walked",
        threads,
        (t4 - t3) / 1e9);
    System.out.println("Λ = " + r);
    assertEquals(100_000L * 2048, r.numStreams());
    assertTrue(r.mean() > 0 && r.mean() < 1, r.toString());
  }
}
