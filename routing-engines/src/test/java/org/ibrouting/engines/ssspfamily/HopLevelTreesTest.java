package org.ibrouting.engines.ssspfamily;

import static org.ibrouting.testkit.FabricArbitraries.connected;
import static org.ibrouting.testkit.FabricArbitraries.directors;
import static org.ibrouting.testkit.FabricArbitraries.dragonflies;
import static org.ibrouting.testkit.FabricArbitraries.fatTrees;
import static org.ibrouting.testkit.FabricArbitraries.jellyfish;
import static org.ibrouting.testkit.FabricArbitraries.randomConnectedWithMultiPortCas;
import static org.ibrouting.testkit.FabricArbitraries.tori;
import static org.ibrouting.testkit.FabricArbitraries.withFailedLinks;
import static org.ibrouting.testkit.FabricArbitraries.withLmc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;

/**
 * {@link SsspGraph}'s trees grown hop level by hop level, without a heap, are Dijkstra's trees with
 * OpenSM's heap: the same port towards the destination at every switch, the same reach and the same
 * weights after them, whether the levels were kept or Dijkstra had to decide (a tie in the heap, or
 * weights spread so far that a longer path may cost less).
 */
class HopLevelTreesTest {
  @Provide
  Arbitrary<Fabric> fabrics() {
    return Arbitraries.oneOf(
        connected(fatTrees(), tori(), randomConnectedWithMultiPortCas(), dragonflies()),
        connected(jellyfish(), directors()),
        withLmc(connected(fatTrees(), tori()), 2),
        withFailedLinks(connected(fatTrees(), tori()), 3, false));
  }

  /** OpenSM's start weights and its own weight update, as sssp and dfsssp route. */
  @Property(tries = 80)
  void sameTreesAsDijkstra(@ForAll("fabrics") Fabric fabric, @ForAll boolean minimal) {
    compare(new SsspGraph(fabric), fabric, minimal ? -1 : 1, 0, 0);
  }

  /**
   * Updates of random size on random switches (as SAR's, which raise only a job's routes, and far
   * larger), so that levels are given up for spread weights as well as for ties.
   */
  @Property(tries = 60)
  void sameTreesWithRandomUpdates(
      @ForAll("fabrics") Fabric fabric, @ForAll long seed, @ForAll boolean large) {
    compare(new SsspGraph(fabric), fabric, -1, seed, large ? 1L << 40 : 8);
  }

  /**
   * On fat trees with OpenSM's weights most trees keep their levels (the leaves of the last one
   * found from their own links), some have ties that Dijkstra settles on the levels before them,
   * and some are Dijkstra's alone (the spread of the weights), so every way is compared above;
   * links starting at weight 1 give the levels up as soon as a link is raised.
   */
  @Test
  void fatTreesUseBothWays() {
    for (Fabric fabric :
        new Fabric[] {
          Topologies.kAryNTree(4, 3),
          Topologies.kAryNTree(6, 3),
          Topologies.xgft(new int[] {4, 4, 3}, new int[] {1, 2, 2})
        }) {
      SsspGraph graph = new SsspGraph(fabric);
      long[] minimal = compare(graph, fabric, -1, 0, 0);
      assertTrue(minimal[0] > minimal[1] / 2, fabric + ": few trees by levels " + minimal[0]);
      assertTrue(graph.treesWithTies() > 0, fabric + ": no tree with ties");
      assertTrue(graph.levelsPulled() > 0, fabric + ": no level found from the leaves' side");
      long[] fromOne = compare(new SsspGraph(fabric), fabric, 1, 0, 0);
      assertTrue(fromOne[0] <= 1, fabric + ": trees by levels with spread weights");
    }
  }

  /**
   * Routes every destination LID in OpenSM's order with {@code byLevels} and a graph that runs
   * Dijkstra for every tree, comparing each tree; {@code start} -1 is P². With {@code maxAdd} 0
   * each tree adds OpenSM's end-port LIDs; otherwise up to {@code maxAdd} on some switches, drawn
   * from {@code seed}. Returns the trees grown by levels and the trees routed.
   */
  private static long[] compare(
      SsspGraph byLevels, Fabric fabric, long start, long seed, long maxAdd) {
    SsspGraph dijkstra = new SsspGraph(fabric);
    dijkstra.scanEveryVertex(true);
    long p = byLevels.numEndpointLids();
    byLevels.resetWeights(start < 0 ? p * p : start);
    dijkstra.resetWeights(start < 0 ? p * p : start);
    long[] add = byLevels.endPortLids();
    SplittableRandom random = new SplittableRandom(seed);
    long trees = 0;
    for (int dest : byLevels.destinationOrder(null, null)) {
      for (int k = 0; k < 1 << fabric.lmc(dest); k++) {
        String where = fabric + " " + dest;
        assertEquals(dijkstra.shortestPathTree(dest), byLevels.shortestPathTree(dest), where);
        for (int sw = 0; sw < fabric.numSwitches(); sw++) {
          assertEquals(dijkstra.outPortNum(sw), byLevels.outPortNum(sw), where + " " + sw);
        }
        if (maxAdd > 0) {
          for (int sw = 0; sw < add.length; sw++) {
            add[sw] = random.nextInt(3) == 0 ? random.nextLong(maxAdd + 1) : 0;
          }
        }
        dijkstra.addWeights(add);
        byLevels.addWeights(add);
        trees++;
      }
    }
    assertEquals(0, dijkstra.treesByLevels(), "Dijkstra's graph grew trees by levels");
    return new long[] {byLevels.treesByLevels(), trees};
  }
}
