package org.ibrouting.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.routing.RoutingException;
import org.junit.jupiter.api.Test;

/**
 * The benchmark's set-up splits every CA into its layers and times a search that finds a root per
 * layer, the same on one thread as on two.
 */
class CentralityBenchmarkTest {
  @Test
  void findsOneRootPerLayerOnAnyNumberOfThreads() throws RoutingException {
    for (int layers : new int[] {1, 8}) {
      int[][] roots = new int[2][];
      for (int threads = 1; threads <= 2; threads++) {
        CentralityBenchmark benchmark = new CentralityBenchmark();
        benchmark.k = 8;
        benchmark.layers = layers;
        benchmark.threads = threads;
        benchmark.setUp();
        roots[threads - 1] = benchmark.centralSwitches();
      }
      assertEquals(layers, roots[0].length);
      for (int root : roots[0]) {
        // the 8-ary 3-tree has 192 switches, enough for two threads
        assertTrue(root >= 0 && root < 192, "root " + root);
      }
      assertArrayEquals(roots[0], roots[1], layers + " layers");
    }
  }
}
