package org.ibrouting.engines.nue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;

/** The weight update after a destination's tree: sums up the tree against a walk of every path. */
class NueRouterTest {
  @Test
  void treeSumsEqualEveryPathWalked() throws RoutingException {
    Fabric[] fabrics = {
      Topologies.kAryNTree(4, 3),
      Topologies.torus(new int[] {3, 4}, 2),
      FabricArbitraries.randomConnected(8, 12, 1, false, 3),
      FabricArbitraries.randomConnected(5, 9, 2, false, 9)
    };
    for (Fabric fabric : fabrics) {
      NueNetwork net = NueNetwork.of(fabric);
      NueRouter router = new NueRouter(net, 7, false);
      for (int dest = 0; dest < net.numSwitches; dest++) {
        breadthFirstTree(net, dest, router.usedLink);
        long[] expected = router.weights();
        for (int i = 0; i < net.numSwitches; i++) {
          for (int cur = i; cur != dest; cur = net.linkFrom[router.usedLink[cur]]) {
            expected[router.usedLink[cur]] += net.numTerminals[i] & 0xFF;
          }
        }
        assertEquals(-1, router.addPathWeights(dest), fabric + ", destination " + dest);
        assertArrayEquals(expected, router.weights(), fabric + ", destination " + dest);
      }
    }
  }

  /** A cycle of links or a path that ends short of the destination is reported at a switch. */
  @Test
  void brokenTreesNameASwitch() throws RoutingException {
    NueNetwork net = NueNetwork.of(Topologies.kAryNTree(4, 3));
    NueRouter router = new NueRouter(net, 1, false);
    int dest = 0;
    breadthFirstTree(net, dest, router.usedLink);
    int leaf = farthest(net, dest, router.usedLink);
    int parent = net.linkFrom[router.usedLink[leaf]];
    router.usedLink[parent] = -1;
    assertEquals(parent, router.addPathWeights(dest));

    breadthFirstTree(net, dest, router.usedLink);
    int grandparent = net.linkFrom[router.usedLink[parent]];
    assertTrue(grandparent != dest, "the leaf is at least 3 hops away");
    router.usedLink[grandparent] = linkBetween(net, parent, grandparent);
    int named = router.addPathWeights(dest);
    assertTrue(named == parent || named == grandparent, "named " + named);
  }

  /** Fills {@code used} with a breadth-first tree towards {@code dest}: used[i] enters i. */
  private static void breadthFirstTree(NueNetwork net, int dest, int[] used) {
    Arrays.fill(used, -1);
    int[] queue = new int[net.numSwitches];
    boolean[] seen = new boolean[net.numSwitches];
    int head = 0;
    int tail = 0;
    queue[tail++] = dest;
    seen[dest] = true;
    while (head < tail) {
      int s = queue[head++];
      for (int l = net.linkStart[s]; l < net.linkStart[s + 1]; l++) {
        int t = net.linkTo[l];
        if (!seen[t]) {
          seen[t] = true;
          used[t] = l;
          queue[tail++] = t;
        }
      }
    }
  }

  private static int farthest(NueNetwork net, int dest, int[] used) {
    int best = dest;
    int bestHops = 0;
    for (int i = 0; i < net.numSwitches; i++) {
      int hops = 0;
      for (int cur = i; cur != dest; cur = net.linkFrom[used[cur]]) {
        hops++;
      }
      if (hops > bestHops) {
        best = i;
        bestHops = hops;
      }
    }
    return best;
  }

  private static int linkBetween(NueNetwork net, int from, int to) {
    for (int l = net.linkStart[from]; l < net.linkStart[from + 1]; l++) {
      if (net.linkTo[l] == to) {
        return l;
      }
    }
    throw new AssertionError(from + " and " + to + " are not linked");
  }
}
