package org.ibrouting.engines.ssspfamily;

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
 * <p>Which side a level is found from. Scanning a level's links also scans those back to the level
 * before, which shorten nothing; where the switches not yet reached have fewer links than the level
 * (the last level of a fat tree: its leaves have half the links of the switches above), each of
 * them looks instead at its own links for the least distance from the level ({@link #pull}), over
 * the cable's other direction. What it keeps is what the scan keeps: the least distance, of equal
 * ones the one from the nearest switch, of parallel links from that switch the first in its port
 * order, and a tie where two switches of equal distance give it.
 *
 * <p>Memory: per link two ints and a long (the switch it leaves, the other direction and its
 * weight), per switch a boolean, an int and a long (the ties); the rest is the graph's.
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

  /** Switches whose least distance two switches of equal distance give. */
  private final boolean[] tie;

  /**
   * The distance at which {@link #push} found a switch's tie, -1 for none: a shorter distance later
   * (distances only fall) leaves the mark stale, so a relaxation need not clear it.
   */
  private final long[] tiedAt;

  /** Per link, the switch it leaves (the pseudo-vertex for its link). */
  private final int[] linkFrom;

  /** Per link, the link the other way along its cable (-1 for the pseudo-vertex's). */
  private final int[] reverseLink;

  /** Per link, the weight of {@link #reverseLink}: what a link into its switch costs. */
  private final long[] reverseWeight;

  /** Whether every switch link has its {@link #reverseLink}, as cables give them. */
  private final boolean cables;

  /** Whether levels may be {@link #pull pulled} where cheaper (tests turn it off). */
  private boolean pullLevels = true;

  /** Levels found by {@link #pull} so far (tests). */
  private long levelsPulled;

  /** The links of the level the last {@link #push} or {@link #pull} found. */
  private long levelDegree;

  /** Whether that level has a tie. */
  private boolean tiedInLevel;

  private int relaxedPrefix;
  private int dijkstraPrefix;
  private int keptFrom;

  /** The tied switches of the deepest level with ties, {@link #numTied} of them. */
  private final int[] tied;

  private int numTied;

  HopLevelTrees(
      int numSwitches,
      int[] linkStart,
      int[] linkTo,
      long[] weight,
      long[] dist,
      int[] predLink,
      int[] predVertex,
      int[] order,
      int[] reverseLink) {
    this.numSwitches = numSwitches;
    this.linkStart = linkStart;
    this.linkTo = linkTo;
    this.weight = weight;
    this.dist = dist;
    this.predLink = predLink;
    this.predVertex = predVertex;
    this.order = order;
    this.reverseLink = reverseLink;
    tie = new boolean[numSwitches + 1];
    tiedAt = new long[numSwitches + 1];
    Arrays.fill(tiedAt, -1);
    linkFrom = new int[linkTo.length];
    for (int v = 0; v <= numSwitches; v++) {
      Arrays.fill(linkFrom, linkStart[v], linkStart[v + 1], v);
    }
    tied = new int[numSwitches + 1];
    reverseWeight = new long[linkTo.length];
    weightsChanged();
    boolean everyReverse = true;
    for (int l = 0; l < linkStart[numSwitches]; l++) {
      everyReverse &= reverseLink[l] >= 0;
    }
    cables = everyReverse;
  }

  /** Every link's weight changed. */
  void weightsChanged() {
    for (int l = 0; l < reverseLink.length; l++) {
      weightChanged(l);
    }
  }

  /** Link {@code l}'s weight changed. */
  void weightChanged(int l) {
    int reverse = reverseLink[l];
    if (reverse >= 0) {
      reverseWeight[reverse] = weight[l];
    }
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
    dijkstraPrefix = 0;
    int levelStart = 0;
    int tail = 1;
    // hops of the level being scanned, counted from the switch the pseudo-vertex's link enters
    long hops = source == numSwitches ? -1 : 0;
    long frontierDegree = linkStart[source + 1] - linkStart[source];
    long unreachedDegree = linkStart[numSwitches] - (source == numSwitches ? 0 : frontierDegree);
    while (levelStart < tail && tail < numVertices) {
      if (hops + 1 > maxHops) {
        return -1;
      }
      int levelEnd = tail;
      // the pseudo-vertex is no switch's neighbour: its level is pushed
      tail =
          hops >= 0 && cables && pullLevels && unreachedDegree < frontierDegree
              ? pull(levelStart, levelEnd)
              : push(levelStart, levelEnd);
      if (tiedInLevel) {
        tiedLevel(levelStart, levelEnd, tail);
      }
      frontierDegree = levelDegree;
      unreachedDegree -= levelDegree;
      levelStart = levelEnd;
      hops++;
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
   * Scans the level at {@code [start, end)} of the order, link by link, appending the next level;
   * returns where it ends. Sets {@link #levelDegree} and {@link #tiedInLevel} for the next level.
   */
  private int push(int start, int end) {
    int tail = end;
    boolean marked = false;
    long degree = 0;
    for (int head = start; head < end; head++) {
      int u = order[head];
      long du = dist[u];
      int first = linkStart[u];
      int last = linkStart[u + 1];
      for (int l = first; l < last; l++) {
        int v = linkTo[l];
        long candidate = du + weight[l];
        long dv = dist[v];
        if (candidate < dv) {
          if (dv == Long.MAX_VALUE) {
            order[tail++] = v;
            degree += linkStart[v + 1] - linkStart[v];
          }
          dist[v] = candidate;
          predLink[v] = l;
        } else if (candidate == dv && (predLink[v] < first || predLink[v] >= last)) {
          // the predecessor is another switch: its link is not one of u's
          marked |= breakTie(v, u, du, l);
        }
      }
    }
    for (int i = end; i < tail; i++) {
      int v = order[i];
      predVertex[v] = linkFrom[predLink[v]];
    }
    levelDegree = degree;
    tiedInLevel = marked && tiesLeft(end, tail);
    return tail;
  }

  /**
   * Marks {@link #tie} the switches of the level at {@code [start, end)} of the order whose {@link
   * #tiedAt} mark still holds (no shorter distance came after it); clears every mark; returns
   * whether one held.
   */
  private boolean tiesLeft(int start, int end) {
    boolean any = false;
    for (int i = start; i < end; i++) {
      int v = order[i];
      if (tiedAt[v] == dist[v]) {
        tie[v] = true;
        any = true;
      }
      tiedAt[v] = -1;
    }
    return any;
  }

  /**
   * The next level after the one at {@code [start, end)} of the order, found from the other side:
   * each unreached switch looks for its links from that level, which is cheaper than scanning the
   * level's links when the unreached switches have fewer. Gives what {@link #push} gives: the least
   * distance, from the nearest switch, by the first of its parallel links, a tie where two switches
   * of equal distance give it.
   */
  private int pull(int start, int end) {
    levelsPulled++;
    long levelMax = 0;
    for (int i = start; i < end; i++) {
      levelMax = Math.max(levelMax, dist[order[i]]);
    }
    // a switch no level before this one reaches has no link from them: a link from a switch at
    // most levelMax away is one from this level (the next level's distances all exceed it)
    int tail = end;
    boolean levelTied = false;
    long degree = 0;
    for (int v = 0; v < numSwitches; v++) {
      if (dist[v] != Long.MAX_VALUE) {
        continue;
      }
      int first = linkStart[v];
      int last = linkStart[v + 1];
      long best = Long.MAX_VALUE;
      long bestFrom = 0;
      int bestIn = -1;
      boolean tiedHere = false;
      for (int l = first; l < last; l++) {
        long du = dist[linkTo[l]];
        if (du > levelMax) {
          continue;
        }
        long candidate = du + reverseWeight[l];
        if (candidate < best || candidate == best && du < bestFrom) {
          best = candidate;
          bestFrom = du;
          bestIn = l;
          tiedHere = false;
        } else if (candidate == best && du == bestFrom) {
          if (linkTo[l] != linkTo[bestIn]) {
            tiedHere = true;
          } else if (reverseLink[l] < reverseLink[bestIn]) {
            bestIn = l;
          }
        }
      }
      if (bestIn < 0) {
        continue;
      }
      dist[v] = best;
      predLink[v] = reverseLink[bestIn];
      predVertex[v] = linkTo[bestIn];
      order[tail++] = v;
      degree += last - first;
      if (tiedHere) {
        tie[v] = true;
        levelTied = true;
      }
    }
    levelDegree = degree;
    tiedInLevel = levelTied;
    return tail;
  }

  /** Tests: whether levels may be {@link #pull pulled} where that is cheaper (it is by default). */
  void pullLevels(boolean allowed) {
    pullLevels = allowed;
  }

  /**
   * After a {@link #grow} with a {@link #dijkstraPrefix}: the tied switches of its level (tests).
   */
  int[] tiedSwitches() {
    return Arrays.copyOf(tied, numTied);
  }

  /** The levels found from the unreached switches' side so far (tests). */
  long levelsPulled() {
    return levelsPulled;
  }

  /**
   * The level at positions {@code [start, end)} of the order, reached from the one at {@code
   * [before, start)}, has ties: Dijkstra must settle the levels before it ({@link #dijkstraPrefix},
   * {@link #relaxedPrefix}); its tied switches are listed for {@link #resolveTies} and their marks
   * cleared (those of earlier levels were cleared when they were found).
   */
  private void tiedLevel(int before, int start, int end) {
    numTied = 0;
    for (int i = start; i < end; i++) {
      int v = order[i];
      if (tie[v]) {
        tie[v] = false;
        tied[numTied++] = v;
      }
    }
    relaxedPrefix = before;
    dijkstraPrefix = start;
    keptFrom = end;
  }

  /**
   * After a {@link #grow} with a {@link #dijkstraPrefix}, where every switch link has its reverse:
   * where the level before the deepest tie starts. Dijkstra need relax only the links of the
   * vertices before it, and only take the rest of the prefix from its heap in order: what a vertex
   * of the level before the tie relaxes enters the tied level, whose keys all exceed that level's,
   * so its sift-up stops below every vertex of that level, and an extraction's sift-down moves that
   * level's vertices as it would after the relaxations (a key above the level's has none of them
   * below it in the heap). Then {@link #resolveTies} gives the tied switches their predecessors
   * from that order.
   */
  int relaxedPrefix() {
    return relaxedPrefix;
  }

  /**
   * After Dijkstra took the level before the deepest tie from its heap, {@code rank} the position
   * each of its vertices came out at: each tied switch of the deepest level keeps, of the links
   * that give it its least distance, the one from the switch taken first, the first of its parallel
   * links in port order, as Dijkstra's relaxations would.
   */
  void resolveTies(int[] rank) {
    for (int t = 0; t < numTied; t++) {
      int v = tied[t];
      long best = Long.MAX_VALUE;
      int bestRank = Integer.MAX_VALUE;
      int bestIn = -1;
      for (int l = linkStart[v], last = linkStart[v + 1]; l < last; l++) {
        int u = linkTo[l];
        long du = dist[u];
        if (du == Long.MAX_VALUE) {
          continue; // only the level before has its distances
        }
        long candidate = du + reverseWeight[l];
        if (candidate < best
            || candidate == best
                && (rank[u] < bestRank
                    || rank[u] == bestRank && reverseLink[l] < reverseLink[bestIn])) {
          best = candidate;
          bestRank = rank[u];
          bestIn = l;
        }
      }
      predLink[v] = reverseLink[bestIn];
      predVertex[v] = linkTo[bestIn];
    }
  }

  /**
   * After a {@link #grow} that returned a tree: the number of vertices at the start of its order
   * that Dijkstra must settle (every level before the deepest level with a tie), 0 for none. The
   * predecessors of the levels from {@link #keptFrom} on are right as they are, and so are those of
   * that level's switches without a tie.
   */
  int dijkstraPrefix() {
    return dijkstraPrefix;
  }

  /**
   * After a {@link #grow} with a {@link #dijkstraPrefix}: where the levels after the ties start
   * (tests: {@link SsspGraph} keeps every untied predecessor from the tied level on).
   */
  int keptFrom() {
    return keptFrom;
  }

  /**
   * {@code u} at distance {@code du} gives {@code v} its distance again, by link {@code l}: the
   * nearer of it and {@code v}'s predecessor wins, as in Dijkstra; at equal distances {@code v} is
   * marked ({@link #tiedAt}). Returns whether it marked {@code v}.
   */
  private boolean breakTie(int v, int u, long du, int l) {
    long dp = dist[v] - weight[predLink[v]];
    if (du < dp) {
      predLink[v] = l;
      tiedAt[v] = -1;
      return false;
    }
    if (du == dp) {
      tiedAt[v] = dist[v];
      return true;
    }
    return false;
  }
}
