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
 * The centrality of several layers computed side by side, and each layer's computed on its own, on
 * one thread or two, are bit for bit the sums of a plain source-by-source transcription of OpenSM's
 * order ({@link #reference}).
 */
class EscapePathsTest {
  @Test
  void matchesSourceBySourceSums() throws RoutingException {
    Fabric[] fabrics = {
      Topologies.kAryNTree(4, 3),
      Topologies.kAryNTree(8, 3),
      Topologies.torus(new int[] {4, 3}, 2),
      Topologies.directors(2, 6, 4, 3, 2),
      Topologies.jellyfish(150, 5, 2, 3),
      FabricArbitraries.randomConnected(20, 30, 2, false, 11)
    };
    SplittableRandom random = new SplittableRandom(7);
    for (Fabric fabric : fabrics) {
      NueNetwork net = NueNetwork.of(fabric);
      int n = net.numSwitches;
      // the whole fabric, about 70% of its switches, and about 30% (searches that reach fewer than
      // half the switches, whose dependencies are reset switch by switch)
      for (int hullKind = 0; hullKind < 3; hullKind++) {
        boolean[] hull = new boolean[n];
        for (int v = 0; v < n; v++) {
          hull[v] = hullKind == 0 || random.nextInt(10) < (hullKind == 1 ? 7 : 3);
        }
        int[][] terminals = new int[3][n];
        for (int[] layer : terminals) {
          for (int v = 0; v < n; v++) {
            layer[v] = random.nextInt(5);
          }
        }
        for (int threads : new int[] {1, 2}) {
          double[][] together = new EscapePaths(net).centrality(hull, terminals, threads);
          for (int g = 0; g < terminals.length; g++) {
            double[] alone =
                new EscapePaths(net).centrality(hull, new int[][] {terminals[g]}, threads)[0];
            double[] expected = reference(net, hull, terminals[g]);
            String what = fabric + ", hull " + hullKind + ", layer " + g + ", " + threads;
            assertArrayEquals(expected, together[g], what);
            assertArrayEquals(expected, alone, what);
          }
        }
      }
    }
  }

  /**
   * One layer's centrality as OpenSM sums it, source after source: a breadth-first search inside
   * the hull, each switch's dependency from the farthest switch back (its successors' shares first,
   * then one per CA of it), added once for the source switch and once per CA of the source; the
   * source switch gets, per CA of it, its own dependency plus one per other CA of it.
   */
  private static double[] reference(NueNetwork net, boolean[] hull, int[] terminals) {
    int n = net.numSwitches;
    double[] centrality = new double[n];
    for (int s = 0; s < n; s++) {
      if (!hull[s]) {
        continue;
      }
      long[] hop = new long[n];
      long[] sigma = new long[n];
      Arrays.fill(hop, Long.MAX_VALUE);
      int[][] preds = new int[n][0];
      int[] order = new int[n];
      int reached = 0;
      hop[s] = 0;
      sigma[s] = 1;
      order[reached++] = s;
      for (int head = 0; head < reached; head++) {
        int u = order[head];
        for (int l = net.linkStart[u]; l < net.linkStart[u + 1]; l++) {
          int v = net.linkTo[l];
          if (!hull[v]) {
            continue;
          }
          if (hop[v] == Long.MAX_VALUE) {
            hop[v] = hop[u] + 1;
            order[reached++] = v;
          }
          if (hop[v] == hop[u] + 1) {
            sigma[v] += sigma[u];
            preds[v] = Arrays.copyOf(preds[v], preds[v].length + 1);
            preds[v][preds[v].length - 1] = u;
          }
        }
      }
      double[] delta = new double[n];
      double own = 0;
      for (int pos = reached - 1; pos >= 0; pos--) {
        int v = order[pos];
        if (v == s) {
          own = delta[v];
          continue;
        }
        for (int k = 0; k < terminals[v]; k++) {
          delta[v] += 1.0;
        }
        for (int u : preds[v]) {
          delta[u] += ((double) sigma[u] / sigma[v]) * (1 + delta[v]);
        }
      }
      for (int repeat = 0; repeat <= terminals[s]; repeat++) {
        for (int pos = reached - 1; pos >= 0; pos--) {
          int v = order[pos];
          if (v != s) {
            centrality[v] += delta[v];
          }
        }
      }
      for (int k = 1; k < terminals[s]; k++) {
        own += 1.0;
      }
      for (int repeat = 0; repeat < terminals[s]; repeat++) {
        centrality[s] += own;
      }
    }
    return centrality;
  }
}
