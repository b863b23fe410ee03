package org.ibrouting.engines.nue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;

/**
 * The centrality of several layers computed side by side is, bit for bit, each layer's computed on
 * its own, on one thread or two.
 */
class EscapePathsTest {
  @Test
  void layersSideBySideEqualEachOnItsOwn() throws RoutingException {
    Fabric[] fabrics = {
      Topologies.kAryNTree(4, 3),
      Topologies.torus(new int[] {4, 3}, 2),
      FabricArbitraries.randomConnected(20, 30, 2, false, 11)
    };
    SplittableRandom random = new SplittableRandom(5);
    for (Fabric fabric : fabrics) {
      NueNetwork net = NueNetwork.of(fabric);
      int n = net.numSwitches;
      boolean[] hull = new boolean[n];
      Arrays.fill(hull, true);
      int[][] terminals = new int[3][n];
      for (int[] layer : terminals) {
        for (int v = 0; v < n; v++) {
          layer[v] = random.nextInt(4);
        }
      }
      for (int threads : new int[] {1, 2}) {
        double[][] together = new EscapePaths(net).centrality(hull, terminals, threads);
        for (int g = 0; g < terminals.length; g++) {
          double[] alone =
              new EscapePaths(net).centrality(hull, new int[][] {terminals[g]}, threads)[0];
          assertArrayEquals(alone, together[g], fabric + ", layer " + g + ", " + threads);
        }
      }
    }
  }
}
