package org.ibrouting.internal;

import java.util.Arrays;

/**
 * Not API. {@link SsspGraph}'s shortest-path trees grown hop level by hop level, without a priority
 * queue, wherever that provably gives the tree of Dijkstra's algorithm with OpenSM's heap; where it
 * might not, {@link #grow} says so and the graph runs Dijkstra.
 *
 * <p>Why it is the same tree. While every switch link weighs between w ≥ 1 and w + d with h·d &lt;
 * w for every hop count h of the tree (sssp, dfsssp and sar start every link at P², far above what
 * the routes add; weights only grow), a path of h hops costs less than any longer one: Dijkstra
 * settles the switches level by level (by hops from the tree's switch), and a scan from level h
 * shortens no distance of level h or below. Scanning the levels in turn, each in any order, gives
 * the same distances. Dijkstra keeps, of the links that give a switch its least distance, the first
 * it scans. It scans switches by distance, so the link from the switch with the least distance
 * wins; of parallel links from one switch, the first in port order, which this scans first too.
 * Only where two different switches with the same distance give a switch its least distance does
 * the order of equal keys in OpenSM's heap decide; such a tie is marked, cleared if a shorter
 * distance comes later. A level with a mark left at its end is left to Dijkstra ({@link
 * #dijkstraPrefix}): the distances are right whatever the ties, and a level's predecessors depend
 * only on the distances of the level before it, so Dijkstra needs to settle only the levels before
 * the deepest tie.
 *
 * <p>Memory: a boolean per switch; the rest is the graph's.
 */
final class HopLevelTrees {
  private final int numSwitches;
  private final int[] linkStart;
  private final int[] linkTo;
  private final long[] weight;
  private final long[] dist;
  private final int[] predLink;
  private final int[] predVertex;
  private final int[] order;

  /** Switches whose least distance two switches of equal distance give, so far. */
  private final boolean[] tie;

  private int dijkstraPrefix;
  private int keptFrom;

  HopLevelTrees(
      int numSwitches,
      int[] linkStart,
      int[] linkTo,
      long[] weight,
      long[] dist,
      int[] predLink,
      int[] predVertex,
      int[] order) {
    this.numSwitches = numSwitches;
    this.linkStart = linkStart;
    this.linkTo = linkTo;
    this.weight = weight;
    this.dist = dist;
    this.predLink = predLink;
    this.predVertex = predVertex;
    this.order = order;
    tie = new boolean[numSwitches + 1];
  }

  /**
   * Grows the tree from {@code source} (a switch, or the pseudo-vertex of a CA destination, whose
   * single link weighs 1) into the graph's distances, predecessors and order, each vertex after its
   * predecessor; returns the vertices reached, or -1 where Dijkstra must grow the whole tree (the
   * graph's arrays then hold nothing of use). Where the tree has ties, {@link #dijkstraPrefix} says
   * which levels Dijkstra must settle.
   *
   * @param minWeight the least weight a switch link can have
   * @param maxWeight the largest weight of a switch link now
   */
  int grow(int source, long minWeight, long maxWeight) {
    if (minWeight < 1) {
      return -1; // the proof needs every link to cost something
    }
    long spread = maxWeight - minWeight;
    long maxHops = spread == 0 ? Long.MAX_VALUE : (minWeight - 1) / spread;
    int numVertices = source == numSwitches ? numSwitches + 1 : numSwitches;
    // a reached vertex gets its predecessor when first reached; the unreached ones at the end
    Arrays.fill(dist, 0, numVertices, Long.MAX_VALUE);
    predLink[source] = -1;
    predVertex[source] = -1;
    dist[source] = 0;
    order[0] = source;
    int tail = 1;
    int levelEnd = 1;
    // hops of the level being scanned, counted from the switch the pseudo-vertex's link enters
    long hops = source == numSwitches ? -1 : 0;
    if (hops + 1 > maxHops) {
      return -1;
    }
    int tied = 0;
    dijkstraPrefix = 0;
    for (int head = 0; head < tail; head++) {
      if (head == levelEnd) {
        if (tied != 0) {
          tiedLevel(head, tail);
          tied = 0;
        }
        if (tail == numVertices) {
          break; // every vertex reached: the last level's scans shorten nothing
        }
        levelEnd = tail;
        hops++;
        if (hops + 1 > maxHops) {
          return -1; // no mark is set at a level's start
        }
      }
      int u = order[head];
      long du = dist[u];
      for (int l = linkStart[u], end = linkStart[u + 1]; l < end; l++) {
        int v = linkTo[l];
        long candidate = du + weight[l];
        long dv = dist[v];
        if (candidate < dv) {
          if (dv == Long.MAX_VALUE) {
            order[tail++] = v;
          } else if (tie[v]) {
            tie[v] = false;
            tied--;
          }
          dist[v] = candidate;
          predLink[v] = l;
          predVertex[v] = u;
        } else if (candidate == dv && predVertex[v] != u) {
          tied += breakTie(v, u, du, l);
        }
      }
    }
    if (tied != 0) {
      tiedLevel(levelEnd, tail);
    }
    if (tail < numVertices) {
      for (int v = 0; v < numVertices; v++) {
        if (dist[v] == Long.MAX_VALUE) {
          predLink[v] = -1;
          predVertex[v] = -1;
        }
      }
    }
    return tail;
  }

  /**
   * The level at positions {@code [start, end)} of the order has ties: Dijkstra must settle the
   * levels before it ({@link #dijkstraPrefix}) and gives this level's predecessors; this one's and
   * the earlier levels' marks are cleared.
   */
  private void tiedLevel(int start, int end) {
    for (int i = start; i < end; i++) {
      tie[order[i]] = false;
    }
    dijkstraPrefix = start;
    keptFrom = end;
  }

  /**
   * After a {@link #grow} that returned a tree: the number of vertices at the start of its order
   * that Dijkstra must settle (every level before the deepest level with a tie), 0 for none. The
   * predecessors of the levels from {@link #keptFrom} on are right as they are.
   */
  int dijkstraPrefix() {
    return dijkstraPrefix;
  }

  /**
   * After a {@link #grow} with a {@link #dijkstraPrefix}: where the levels after the ties start.
   */
  int keptFrom() {
    return keptFrom;
  }

  /**
   * {@code u} at distance {@code du} gives {@code v} its distance again, by link {@code l}: the
   * nearer of it and {@code v}'s predecessor wins, as in Dijkstra; at equal distances {@code v} is
   * marked. Returns the change in the number of marked switches.
   */
  private int breakTie(int v, int u, long du, int l) {
    long dp = dist[predVertex[v]];
    if (du < dp) {
      predLink[v] = l;
      predVertex[v] = u;
      if (tie[v]) {
        tie[v] = false;
        return -1;
      }
    } else if (du == dp && !tie[v]) {
      tie[v] = true;
      return 1;
    }
    return 0;
  }
}
