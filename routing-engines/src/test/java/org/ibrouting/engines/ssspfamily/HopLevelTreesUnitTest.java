package org.ibrouting.engines.ssspfamily;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link HopLevelTrees} on small hand-made graphs: which link each switch keeps, where the heap
 * would decide (a tie between switches of equal distance), where the weights are too spread to
 * prove anything, the pseudo-vertex of a CA destination and a switch no link reaches.
 */
class HopLevelTreesUnitTest {
  /** A directed graph in {@link SsspGraph}'s layout: links grouped by the switch they leave. */
  private static final class Graph {
    final int n;
    final IntArrayList[] to;
    final LongArrayList[] weight;
    int[] linkStart;
    long[] dist;
    int[] predLink;
    int[] predVertex;
    int[] order;
    HopLevelTrees trees;
    final IntArrayList pairs = new IntArrayList();

    /** {@code n} switches and the pseudo-vertex {@code n}. */
    Graph(int n) {
      this.n = n;
      to = new IntArrayList[n + 1];
      weight = new LongArrayList[n + 1];
      for (int v = 0; v <= n; v++) {
        to[v] = new IntArrayList();
        weight[v] = new LongArrayList();
      }
    }

    /** Adds link {@code u -> v} after {@code u}'s others; returns this. */
    Graph link(int u, int v, long w) {
      to[u].add(v);
      weight[u].add(w);
      return this;
    }

    /** Makes the {@code ku}-th link of {@code u} and the {@code kv}-th of {@code v} one cable. */
    Graph pair(int u, int ku, int v, int kv) {
      pairs.add(u);
      pairs.add(ku);
      pairs.add(v);
      pairs.add(kv);
      return this;
    }

    Graph build() {
      linkStart = new int[n + 2];
      IntArrayList allTo = new IntArrayList();
      LongArrayList allWeight = new LongArrayList();
      for (int v = 0; v <= n; v++) {
        linkStart[v] = allTo.size();
        allTo.addAll(to[v]);
        allWeight.addAll(weight[v]);
      }
      linkStart[n + 1] = allTo.size();
      dist = new long[n + 1];
      predLink = new int[n + 1];
      predVertex = new int[n + 1];
      order = new int[n + 1];
      // a link's reverse: as paired, else the first unpaired link back, where there is one
      int[] reverse = new int[allTo.size()];
      java.util.Arrays.fill(reverse, -1);
      for (int i = 0; i < pairs.size(); i += 4) {
        int l = linkStart[pairs.getInt(i)] + pairs.getInt(i + 1);
        int r = linkStart[pairs.getInt(i + 2)] + pairs.getInt(i + 3);
        reverse[l] = r;
        reverse[r] = l;
      }
      for (int l = 0; l < allTo.size(); l++) {
        int u = ownerOf(l);
        int v = allTo.getInt(l);
        for (int r = linkStart[v]; r < linkStart[v + 1] && reverse[l] < 0; r++) {
          if (allTo.getInt(r) == u && reverse[r] < 0 && r != l) {
            reverse[l] = r;
            reverse[r] = l;
          }
        }
      }
      trees =
          new HopLevelTrees(
              n,
              linkStart,
              allTo.toIntArray(),
              allWeight.toLongArray(),
              dist,
              predLink,
              predVertex,
              order,
              reverse);
      return this;
    }

    private int ownerOf(int l) {
      int u = 0;
      while (linkStart[u + 1] <= l) {
        u++;
      }
      return u;
    }

    /** The link index of the {@code k}-th link of {@code u}. */
    int linkOf(int u, int k) {
      return linkStart[u] + k;
    }

    int grow(int source, long minWeight, long maxWeight) {
      return trees.grow(source, minWeight, maxWeight);
    }
  }

  /** 0 links to 2 and then 1 (in that order); 1 and 2 both link to 3. */
  private static Graph diamond(long w01, long w02, long w13, long w23) {
    return new Graph(4)
        .link(0, 2, w02)
        .link(0, 1, w01)
        .link(1, 0, 10)
        .link(1, 3, w13)
        .link(2, 0, 10)
        .link(2, 3, w23)
        .link(3, 1, 10)
        .link(3, 2, 10)
        .build();
  }

  @Test
  void theShorterPathWins() {
    Graph g = diamond(10, 11, 10, 10);
    assertEquals(4, g.grow(0, 10, 11));
    assertEquals(1, g.trees.levelsPulled(), "3 has fewer links than 1 and 2: pulled");
    assertEquals(g.linkOf(1, 1), g.predLink[3]);
    assertEquals(1, g.predVertex[3]);
    assertEquals(-1, g.predLink[0]);
    assertEquals(g.linkOf(0, 1), g.predLink[1]);
    assertEquals(g.linkOf(0, 0), g.predLink[2]);
  }

  /** Equal distances from switches at different distances: the nearer one, scanned later here. */
  @Test
  void theNearerOfTwoEqualPathsWinsAsInDijkstra() {
    Graph g = diamond(10, 11, 11, 10);
    assertEquals(4, g.grow(0, 10, 11));
    assertEquals(2, g.order[1], "2 is scanned first");
    assertEquals(1, g.trees.levelsPulled());
    assertEquals(1, g.predVertex[3], "Dijkstra scans 1 (distance 10) before 2 (11)");
    assertEquals(g.linkOf(1, 1), g.predLink[3]);
  }

  /**
   * Two switches of equal distance give 3 the same distance: OpenSM's heap would decide, so
   * Dijkstra must settle the levels before 3's (positions 0 to 2 of the order).
   */
  @Test
  void aTieLeavesItsLevelToDijkstra() {
    Graph g = diamond(10, 10, 10, 10);
    assertEquals(4, g.grow(0, 10, 10));
    assertEquals(3, g.trees.dijkstraPrefix());
    assertEquals(4, g.trees.keptFrom());
    assertEquals(1, g.trees.levelsPulled());
    g.trees.pullLevels(false);
    assertEquals(4, g.grow(0, 10, 10));
    assertEquals(3, g.trees.dijkstraPrefix(), "the scan finds the tie too");
    assertEquals(1, g.trees.levelsPulled());
  }

  /** 0 links to 1, 2 and 4; 1 and 2 to 3 with weight 10, 4 to 3 with weight 9. */
  private static Graph threeWays(long w04) {
    return new Graph(5)
        .link(0, 1, 10)
        .link(0, 2, 10)
        .link(0, 4, w04)
        .link(1, 3, 10)
        .link(2, 3, 10)
        .link(4, 3, 9)
        .build();
  }

  /** A tie that a shorter path clears later is no tie. */
  @Test
  void aTieClearedByAShorterPathStays() {
    Graph g = threeWays(10);
    assertEquals(5, g.grow(0, 9, 10));
    assertEquals(0, g.trees.dijkstraPrefix());
    assertEquals(4, g.predVertex[3]);
    Graph after = threeWays(11);
    assertEquals(5, after.grow(0, 9, 11));
    assertEquals(4, after.trees.dijkstraPrefix(), "4's path is as long: still a tie");
  }

  /** {@code n} switches, 0 linked to 1 and 2, both linked to 3, weight 10; not built yet. */
  private static Graph square(int n) {
    return new Graph(n).link(0, 1, 10).link(0, 2, 10).link(1, 3, 10).link(2, 3, 10);
  }

  /** Two diamonds in a row, 0 to 3 and 3 to 6, every link of weight 10 but {@code 5 -> 6}. */
  private static Graph twoDiamonds(long w56) {
    return square(7).link(3, 4, 10).link(3, 5, 10).link(4, 6, 10).link(5, 6, w56).build();
  }

  /** Ties at two levels: Dijkstra settles every level before the deeper one. */
  @Test
  void theDeepestTieDecides() {
    Graph g = twoDiamonds(10);
    assertEquals(7, g.grow(0, 10, 10));
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 0}, g.order);
    assertEquals(6, g.trees.dijkstraPrefix());
    assertEquals(7, g.trees.keptFrom());
    Graph shallow = twoDiamonds(11);
    assertEquals(7, shallow.grow(0, 10, 11));
    assertEquals(3, shallow.trees.dijkstraPrefix());
    assertEquals(4, shallow.trees.keptFrom());
    assertEquals(4, shallow.predVertex[6], "the level after the tie keeps its predecessor");
  }

  /** Parallel links from one switch: the first of the least weight, as Dijkstra scans them. */
  @Test
  void parallelLinksKeepTheFirstOfTheLeast() {
    Graph same = new Graph(2).link(0, 1, 10).link(0, 1, 10).build();
    assertEquals(2, same.grow(0, 10, 10));
    assertEquals(same.linkOf(0, 0), same.predLink[1]);
    Graph lighter = new Graph(2).link(0, 1, 11).link(0, 1, 10).link(0, 1, 10).build();
    assertEquals(2, lighter.grow(0, 10, 11));
    assertEquals(lighter.linkOf(0, 1), lighter.predLink[1]);
  }

  /**
   * A chain of 4 switches (3 hops) with links of weight 10: h·d must stay below 10 for every hop
   * count h up to 3, so a spread of 3 is proven and 4 is not; from the pseudo-vertex the hops are
   * counted from the switch its link enters.
   */
  @Test
  void spreadWeightsGiveTheTreeBack() {
    Graph chain = new Graph(4).link(0, 1, 10).link(1, 2, 10).link(2, 3, 10).link(4, 0, 1).build();
    assertEquals(4, chain.grow(0, 10, 13));
    assertEquals(-1, chain.grow(0, 10, 14));
    assertEquals(5, chain.grow(4, 10, 13));
    assertArrayEquals(new int[] {4, 0, 1, 2, 3}, chain.order);
    assertEquals(chain.linkOf(4, 0), chain.predLink[0]);
    assertEquals(4, chain.predVertex[0]);
    assertEquals(-1, chain.grow(4, 10, 14));
    assertEquals(-1, chain.grow(0, 0, 0), "weight 0 proves nothing");
  }

  /** A switch no link reaches keeps no link and is not counted. */
  @Test
  void unreachedSwitches() {
    Graph island = new Graph(5).link(0, 1, 10).link(1, 2, 10).link(2, 3, 10).build();
    assertEquals(4, island.grow(0, 10, 10));
    assertEquals(-1, island.predLink[4]);
    assertEquals(-1, island.predVertex[4]);
  }

  /**
   * A tree with a tie leaves no mark: the next tree shortens 3's distance (from 2's path to 1's),
   * which a mark left on 3 would count as a tie cleared.
   */
  @Test
  void aTieLeavesNoMark() {
    Graph g = square(5).link(4, 2, 12).link(4, 1, 10).build();
    assertEquals(4, g.grow(0, 10, 12));
    assertEquals(3, g.trees.dijkstraPrefix());
    assertEquals(4, g.grow(4, 10, 12));
    assertEquals(0, g.trees.dijkstraPrefix());
    assertEquals(1, g.predVertex[3]);
    assertEquals(g.linkOf(1, 0), g.predLink[3]);
    assertEquals(-1, g.predLink[0], "0 is reached by no link");
  }

  /**
   * Two cables between 1 and 2 whose ends are in opposite port orders: 2, found from its own links,
   * keeps 1's first link of the least weight, as 1's scan would.
   */
  @Test
  void aPulledSwitchKeepsTheFirstParallelLinkOfItsNearestSwitch() {
    for (long second : new long[] {10, 9}) {
      Graph g =
          new Graph(3)
              .link(0, 1, 10)
              .link(1, 0, 10)
              .link(1, 2, 10)
              .link(1, 2, second)
              .link(2, 1, 10)
              .link(2, 1, 10)
              .pair(1, 1, 2, 1)
              .pair(1, 2, 2, 0)
              .build();
      assertEquals(3, g.grow(0, 9, 10));
      assertEquals(1, g.trees.levelsPulled());
      assertEquals(g.linkOf(1, second == 10 ? 1 : 2), g.predLink[2], "second link " + second);
      assertEquals(1, g.predVertex[2]);
      assertEquals(10 + Math.min(10, second), g.dist[2]);
    }
  }

  /**
   * Random cabled graphs (parallel cables among them, each end in its own random port order, and a
   * pseudo-vertex on switch 0) with weights close enough for many ties: a level found from either
   * side gives the scan's tree, its ties included.
   */
  @Test
  void pulledLevelsGiveTheScansTrees() {
    SplittableRandom random = new SplittableRandom(20261127);
    long pulled = 0;
    for (int run = 0; run < 500; run++) {
      int n = 2 + random.nextInt(24);
      long seed = random.nextLong();
      long spread = random.nextInt(4);
      Graph pulling = randomCabled(n, spread, new SplittableRandom(seed));
      Graph scanning = randomCabled(n, spread, new SplittableRandom(seed));
      scanning.trees.pullLevels(false);
      for (int source = 0; source <= n; source++) {
        String where = "run " + run + " source " + source;
        int reached = pulling.grow(source, 100, 100 + spread);
        assertEquals(scanning.grow(source, 100, 100 + spread), reached, where);
        int prefix = pulling.trees.dijkstraPrefix();
        assertEquals(scanning.trees.dijkstraPrefix(), prefix, where);
        int keptFrom = pulling.trees.keptFrom();
        boolean[] tied = new boolean[n + 1];
        if (prefix > 0) {
          assertEquals(scanning.trees.keptFrom(), keptFrom, where);
          int[] ties = pulling.trees.tiedSwitches();
          int[] scannedTies = scanning.trees.tiedSwitches();
          java.util.Arrays.sort(ties);
          java.util.Arrays.sort(scannedTies);
          assertArrayEquals(scannedTies, ties, where);
          for (int v : ties) {
            tied[v] = true;
          }
        }
        // Dijkstra gives the predecessors of the levels before the deepest tie; the tied switches
        // take theirs from the heap's order; every other switch keeps what the level step gave
        boolean[] compared = new boolean[n + 1];
        for (int i = prefix; i < reached; i++) {
          compared[pulling.order[i]] = !tied[pulling.order[i]];
        }
        for (int v = 0; v <= n; v++) {
          assertEquals(scanning.dist[v], pulling.dist[v], where + " vertex " + v);
          if (compared[v]) {
            assertEquals(scanning.predLink[v], pulling.predLink[v], where + " vertex " + v);
            assertEquals(scanning.predVertex[v], pulling.predVertex[v], where + " vertex " + v);
          }
        }
      }
      pulled += pulling.trees.levelsPulled();
    }
    assertTrue(pulled > 500, "levels pulled: " + pulled);
  }

  /**
   * {@code n} switches, mostly connected, with up to 2n further cables between random switches
   * (parallel ones among them); weights 100 to 100 + {@code spread}; every switch's links in a
   * random port order.
   */
  private static Graph randomCabled(int n, long spread, SplittableRandom random) {
    IntArrayList ends = new IntArrayList();
    for (int v = 1; v < n; v++) {
      if (random.nextInt(8) != 0) {
        ends.add(random.nextInt(v));
        ends.add(v);
      }
    }
    for (int extra = random.nextInt(2 * n + 1); extra > 0; extra--) {
      int u = random.nextInt(n);
      int v = random.nextInt(n);
      if (u != v) {
        ends.add(u);
        ends.add(v);
      }
    }
    int cables = ends.size() / 2;
    // each switch's cable ends, shuffled: the port order
    IntArrayList[] endsOf = new IntArrayList[n];
    for (int v = 0; v < n; v++) {
      endsOf[v] = new IntArrayList();
    }
    for (int end = 0; end < 2 * cables; end++) {
      endsOf[ends.getInt(end)].add(end);
    }
    int[] position = new int[2 * cables];
    Graph g = new Graph(n);
    long[] weightOfEnd = new long[2 * cables];
    for (int end = 0; end < 2 * cables; end++) {
      weightOfEnd[end] = 100 + random.nextLong(spread + 1);
    }
    for (int v = 0; v < n; v++) {
      IntArrayList list = endsOf[v];
      for (int i = list.size() - 1; i > 0; i--) {
        int j = random.nextInt(i + 1);
        int t = list.getInt(i);
        list.set(i, list.getInt(j));
        list.set(j, t);
      }
      for (int k = 0; k < list.size(); k++) {
        int end = list.getInt(k);
        position[end] = k;
        g.link(v, ends.getInt(end ^ 1), weightOfEnd[end]);
      }
    }
    for (int c = 0; c < cables; c++) {
      g.pair(ends.getInt(2 * c), position[2 * c], ends.getInt(2 * c + 1), position[2 * c + 1]);
    }
    return g.link(n, 0, 1).build();
  }
}
