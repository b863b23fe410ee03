package org.ibrouting.engines.ssspfamily;

import static org.ibrouting.testkit.FabricArbitraries.connected;
import static org.ibrouting.testkit.FabricArbitraries.fatTrees;
import static org.ibrouting.testkit.FabricArbitraries.randomConnectedWithMultiPortCas;
import static org.ibrouting.testkit.FabricArbitraries.tori;
import static org.ibrouting.testkit.FabricArbitraries.withFailedLinks;
import static org.ibrouting.testkit.FabricArbitraries.withLmc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;

/**
 * {@link SsspGraph}'s trees that end once no scan can shorten a distance give the same trees, the
 * same reach and the same weights after them as trees that scan every reached vertex, as OpenSM
 * does.
 */
class SsspGraphEarlyEndTest {
  @Provide
  Arbitrary<Fabric> fabrics() {
    return Arbitraries.oneOf(
        connected(fatTrees(), tori(), randomConnectedWithMultiPortCas()),
        withLmc(connected(fatTrees(), tori()), 2),
        withFailedLinks(connected(fatTrees(), tori()), 3, false));
  }

  @Property(tries = 60)
  void earlyEndsChangeNoTree(@ForAll("fabrics") Fabric fabric, @ForAll boolean minimal) {
    long[] ended = compare(fabric, minimal);
    assertEquals(0, ended[1], "the full scan ended early");
  }

  /** Fat trees end most trees early, with P² start weights as well as with 1. */
  @Test
  void fatTreesEndEarly() {
    for (Fabric fabric :
        new Fabric[] {
          Topologies.kAryNTree(4, 3), Topologies.xgft(new int[] {4, 4, 3}, new int[] {1, 2, 2})
        }) {
      for (boolean minimal : new boolean[] {true, false}) {
        long[] ended = compare(fabric, minimal);
        assertTrue(ended[0] > 0, fabric + ": no tree ended early");
      }
    }
  }

  /**
   * Routes every destination LID in OpenSM's order with both graphs, comparing each tree; returns
   * the trees each ended early.
   */
  private static long[] compare(Fabric fabric, boolean minimal) {
    SsspGraph early = new SsspGraph(fabric);
    // Dijkstra's early end alone: the level trees would take most trees from it
    early.levelTrees(false);
    SsspGraph full = new SsspGraph(fabric);
    full.scanEveryVertex(true);
    long p = early.numEndpointLids();
    early.resetWeights(minimal ? p * p : 1);
    full.resetWeights(minimal ? p * p : 1);
    long[] add = early.endPortLids();
    for (int dest : early.destinationOrder(null, null)) {
      for (int k = 0; k < 1 << fabric.lmc(dest); k++) {
        assertEquals(
            full.shortestPathTree(dest), early.shortestPathTree(dest), fabric + " " + dest);
        for (int sw = 0; sw < fabric.numSwitches(); sw++) {
          assertEquals(full.outPortNum(sw), early.outPortNum(sw), fabric + " " + dest + " " + sw);
        }
        full.addWeights(add);
        early.addWeights(add);
      }
    }
    return new long[] {early.treesEndedEarly(), full.treesEndedEarly()};
  }
}
