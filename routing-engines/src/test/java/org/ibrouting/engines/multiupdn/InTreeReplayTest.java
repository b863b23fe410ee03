package org.ibrouting.engines.multiupdn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.paths.HopMatrix;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;

/**
 * A builder that routes several LIDs of one destination switch replays the first in-tree's
 * candidate edges: every in-tree, and the random stream after it, must be what a fresh builder's
 * full greedy gives, also where the replay is given up because a switch finds no hop.
 */
class InTreeReplayTest {
  @Test
  void replayedInTreesAreTheGreedysOwn() throws RoutingException {
    int replays = 0;
    int abandoned = 0;
    int backwards = 0;
    int forwards = 0;
    for (int seed = 0; seed < 12; seed++) {
      Fabric fabric = Topologies.jellyfish(10 + 3 * seed, 3 + seed % 4, 1, seed);
      HopMatrix hops = HopMatrix.compute(fabric, 1);
      for (int trees : new int[] {1, 2, 3, 7}) {
        MultiUpdnEngine.Forest forest = MultiUpdnEngine.Forest.of(fabric, trees, new int[0], hops);
        InTreeBuilder reused = forest.builder();
        for (int sw = 0; sw < fabric.numSwitches(); sw++) {
          for (int lid = 1; lid <= 6; lid++) {
            long lidSeed = seed ^ (0x9E3779B97F4A7C15L * (lid + 7L * sw));
            InTreeBuilder fresh = forest.builder();
            fresh.seed(lidSeed);
            fresh.build(sw, null);
            reused.seed(lidSeed);
            reused.build(sw, null);
            String where = "seed " + seed + ", " + trees + " trees, switch " + sw + ", lid " + lid;
            assertSameInTree(fresh, reused, where);
          }
        }
        replays += reused.replays;
        abandoned += reused.replaysAbandoned;
        backwards += reused.layersBackwards;
        forwards += reused.layersForwards;
      }
    }
    assertTrue(replays > 0, "no in-tree was replayed");
    assertTrue(abandoned > 0, "no replay was given up: its fallback is not tested");
    assertTrue(backwards > 0, "no layer drew backwards");
    assertTrue(forwards > 0, "no layer with an illegal edge was replayed");
  }

  private static void assertSameInTree(InTreeBuilder expected, InTreeBuilder actual, String where) {
    assertEquals(expected.count, actual.count, where);
    for (int i = 0; i < expected.count; i++) {
      int s = expected.order[i];
      assertEquals(s, actual.order[i], where + ", position " + i);
      assertEquals(expected.via[s], actual.via[s], where + ", via of " + s);
      assertEquals(expected.legal[s], actual.legal[s], where + ", legal trees of " + s);
      assertEquals(expected.allDown[s], actual.allDown[s], where + ", all-down trees of " + s);
      assertEquals(expected.dist[s], actual.dist[s], where + ", hops of " + s);
    }
    assertEquals(expected.nextInt(1 << 30), actual.nextInt(1 << 30), where + ", random stream");
  }
}
