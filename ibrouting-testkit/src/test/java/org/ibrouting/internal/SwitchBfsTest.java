package org.ibrouting.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.testkit.FabricArbitraries;

/** {@link SwitchBfs} against Floyd-Warshall on the switch graph, reused across searches. */
class SwitchBfsTest {
  @Provide
  Arbitrary<Fabric> fabrics() {
    return Arbitraries.oneOf(
        FabricArbitraries.randomConnectedWithMultiPortCas(),
        FabricArbitraries.tori(),
        FabricArbitraries.withFailedLinks(FabricArbitraries.randomConnected(), 4, false));
  }

  /** All-pairs hops over switch links (or over every node's links), the obvious way. */
  private static int[][] floydWarshall(Fabric fabric, int limit) {
    int[][] d = new int[limit][limit];
    for (int a = 0; a < limit; a++) {
      Arrays.fill(d[a], SwitchBfs.UNREACHED);
      d[a][a] = 0;
      for (int i = 0; i < fabric.outDegree(a); i++) {
        int b = fabric.channelHead(fabric.outChannel(a, i));
        if (b < limit && b != a) {
          d[a][b] = 1;
        }
      }
    }
    for (int k = 0; k < limit; k++) {
      for (int a = 0; a < limit; a++) {
        for (int b = 0; b < limit; b++) {
          if (d[a][k] != SwitchBfs.UNREACHED && d[k][b] != SwitchBfs.UNREACHED) {
            d[a][b] = Math.min(d[a][b], d[a][k] + d[k][b]);
          }
        }
      }
    }
    return d;
  }

  @Property(tries = 60)
  void distancesOrderAndParentsMatchTheReference(
      @ForAll("fabrics") Fabric fabric, @ForAll boolean allNodes) {
    int limit = allNodes ? fabric.numNodes() : fabric.numSwitches();
    int[][] reference = floydWarshall(fabric, limit);
    SwitchBfs bfs = allNodes ? SwitchBfs.overAllNodes(fabric) : new SwitchBfs(fabric);
    for (int root = 0; root < limit; root++) {
      bfs.from(root);
      long sum = 0;
      int reached = 0;
      for (int node = 0; node < limit; node++) {
        assertEquals(reference[root][node], bfs.distance(node), "from " + root + " to " + node);
        if (reference[root][node] != SwitchBfs.UNREACHED) {
          sum += reference[root][node];
          reached++;
        }
      }
      assertEquals(reached, bfs.numReached());
      assertEquals(sum, bfs.distanceSum());
      assertEquals(root, bfs.reached(0));
      for (int i = 1; i < bfs.numReached(); i++) {
        int node = bfs.reached(i);
        assertTrue(bfs.distance(bfs.reached(i - 1)) <= bfs.distance(node), "BFS order");
        int channel = bfs.parentChannel(node);
        assertEquals(node, fabric.channelHead(channel));
        assertEquals(bfs.distance(node) - 1, bfs.distance(fabric.nodeOfPort(channel)));
      }
      assertEquals(bfs.distance(bfs.reached(bfs.numReached() - 1)), bfs.maxDistance());
    }
  }

  @Property(tries = 40)
  void severalRootsGiveTheDistanceToTheNearest(
      @ForAll("fabrics") Fabric fabric, @ForAll long seed) {
    int n = fabric.numSwitches();
    int[][] reference = floydWarshall(fabric, n);
    java.util.Random random = new java.util.Random(seed);
    int[] roots = new int[1 + random.nextInt(3)];
    for (int i = 0; i < roots.length; i++) {
      roots[i] = random.nextInt(n);
    }
    SwitchBfs bfs = new SwitchBfs(fabric).from(random.nextInt(n));
    bfs.from(roots, roots.length);
    for (int sw = 0; sw < n; sw++) {
      int nearest = SwitchBfs.UNREACHED;
      for (int root : roots) {
        nearest = Math.min(nearest, reference[root][sw]);
      }
      assertEquals(nearest, bfs.distance(sw), "switch " + sw);
    }
    // a filter that follows no channel leaves the roots alone
    bfs.from(roots, roots.length, channel -> false);
    int[] expected = new int[n];
    Arrays.fill(expected, SwitchBfs.UNREACHED);
    for (int root : roots) {
      expected[root] = 0;
    }
    for (int sw = 0; sw < n; sw++) {
      assertEquals(expected[sw], bfs.distance(sw), "switch " + sw);
    }
  }
}
