package org.ibrouting.engines.updn;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.nio.file.Path;
import java.util.Arrays;
import org.ibrouting.engines.GuidFiles;
import org.ibrouting.engines.minhop.MinhopLftBuilder;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.paths.HopMatrix;
import org.ibrouting.paths.Parallel;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * Up*&#47;Down*: minimum-hop routing restricted to paths that go up towards the roots and then
 * down, never down then up, so no credit loop can form (OpenSM {@code -R updn}, 3.3.23).
 *
 * <p>Roots come from a root GUID file (OpenSM's {@code -a}), else from OpenSM's detection on the
 * min-hop matrix: a switch is a root when exactly one distance holds more than 90% of the CAs and
 * no other holds more than 5% (the top of a fat tree). Where that finds none (tori, random graphs),
 * OpenSM gives up and falls back to MINHOP; we take, as documented here, the switch with the least
 * total hop distance to all others (first in OpenSM's switch order on ties) as the single root, so
 * every fabric is routed deadlock-free. Ranks are BFS distances from the roots; a link goes up
 * towards the lower rank, between equal ranks towards the higher GUID. Tables then come from
 * MINHOP's builder over {@link UpDownHops}, with OpenSM's port balancing.
 *
 * <p>Damaged fabrics: a part of a split fabric that holds no root gets its own most central switch
 * as root, so every part is routed. Where failures leave two connected switches without any
 * Up*&#47;Down* path (the roots' ranks make every path turn from down to up), the engine refuses
 * and names them, rather than returning tables that drop those pairs.
 *
 * <p>Cost: one BFS per switch over the switch links; 1 byte per (switch, switch, port).
 */
public final class UpdnEngine implements RoutingEngine {
  private final Path rootGuidFile;

  /** Roots detected from the topology. */
  public UpdnEngine() {
    this(null);
  }

  /** Roots read from {@code rootGuidFile} (one switch GUID a line, OpenSM's -a), or detected when null. */
  public UpdnEngine(Path rootGuidFile) {
    this.rootGuidFile = rootGuidFile;
  }

  @Override
  public String name() {
    return "updn";
  }

  @Override
  public Routing route(Fabric fabric, RoutingOptions options) throws RoutingException {
    if (fabric.numSwitches() == 0) {
      throw new RoutingException("updn: the fabric has no switch to route");
    }
    int threads = Parallel.threadsFor(fabric.numSwitches(), options.threads());
    int[] rank = ranks(fabric, roots(fabric, threads));
    UpDownHops hops = UpDownHops.compute(fabric, rank, threads);
    hops.requireConnectedSwitchesRouted(name(), "Up*/Down*", "name other roots with -a, or route"
        + " with minhop");
    return new MinhopLftBuilder(fabric, hops, MinhopLftBuilder.Mode.MINHOP).build(name(), threads);
  }

  /**
   * The root switches this engine ranks {@code fabric} from: those of its root GUID file, else the
   * detected ones ({@link #detectRoots}).
   */
  public int[] roots(Fabric fabric, int threads) throws RoutingException {
    return rootGuidFile != null ? readRoots(fabric, rootGuidFile) : detectRoots(fabric, threads);
  }

  /** Root switches as OpenSM detects them, or the most central switch when it finds none. */
  public static int[] detectRoots(Fabric fabric, int threads) {
    int n = fabric.numSwitches();
    HopMatrix hops = HopMatrix.compute(fabric, threads);
    int[] cas = new int[n];
    long total = 0;
    for (int sw = 0; sw < n; sw++) {
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        if (!fabric.isSwitch(fabric.channelHead(fabric.outChannel(sw, i)))) {
          cas[sw]++;
        }
      }
      total += cas[sw];
    }
    IntArrayList roots = new IntArrayList();
    long[] histogram = new long[64];
    for (int s = 0; s < n; s++) {
      Arrays.fill(histogram, 0);
      for (int t = 0; t < n; t++) {
        int d = hops.least(s, t);
        if (cas[t] > 0 && d < 64) {
          histogram[d] += cas[t];
        }
      }
      int above90 = 0;
      int above5 = 0;
      for (long bar : histogram) {
        if (bar > 0.9 * total) {
          above90++;
        }
        if (bar > 0.05 * total) {
          above5++;
        }
      }
      if (above90 == 1 && above5 == 1) {
        roots.add(s);
      }
    }
    if (roots.isEmpty()) {
      int best = 0;
      long bestSum = Long.MAX_VALUE;
      for (int s = 0; s < n; s++) {
        long sum = 0;
        for (int t = 0; t < n; t++) {
          sum += hops.least(s, t);
        }
        if (sum < bestSum) {
          bestSum = sum;
          best = s;
        }
      }
      roots.add(best);
    }
    return roots.toIntArray();
  }

  static int[] readRoots(Fabric fabric, Path file) throws RoutingException {
    return GuidFiles.readSwitches(fabric, file, "updn", "root GUID file");
  }

  /**
   * BFS distance of every switch from the nearest root over switch links; a part of a split fabric
   * that no root reaches is ranked from its own most central switch.
   */
  public static int[] ranks(Fabric fabric, int[] roots) throws RoutingException {
    int n = fabric.numSwitches();
    int[] rank = new int[n];
    Arrays.fill(rank, Integer.MAX_VALUE);
    int[] queue = new int[n];
    int tail = 0;
    int[] sorted = roots.clone();
    Arrays.sort(sorted);
    for (int root : sorted) {
      if (rank[root] != 0) {
        rank[root] = 0;
        queue[tail++] = root;
      }
    }
    tail = rankFrom(fabric, rank, queue, 0, tail);
    for (int sw = 0; sw < n; sw++) {
      if (rank[sw] == Integer.MAX_VALUE) {
        // a part of a split fabric that holds no root (OpenSM, which sees only the part its SM
        // sits in, never meets one): its most central switch becomes its root
        int root = mostCentral(fabric, sw, rank);
        rank[root] = 0;
        queue[tail] = root;
        tail = rankFrom(fabric, rank, queue, tail, tail + 1);
      }
    }
    return rank;
  }

  /** BFS over switch links from {@code queue[head..tail)}, lowering ranks; returns the new tail. */
  private static int rankFrom(Fabric fabric, int[] rank, int[] queue, int head, int tail) {
    int n = fabric.numSwitches();
    for (; head < tail; head++) {
      int u = queue[head];
      for (int i = 0; i < fabric.outDegree(u); i++) {
        int r = fabric.channelHead(fabric.outChannel(u, i));
        if (r < n && rank[r] > rank[u] + 1) {
          rank[r] = rank[u] + 1;
          queue[tail++] = r;
        }
      }
    }
    return tail;
  }

  /**
   * The switch of {@code start}'s component (over switch links; all still unranked) with the least
   * total hop distance to the others, the lowest index on ties.
   */
  private static int mostCentral(Fabric fabric, int start, int[] rank) {
    int n = fabric.numSwitches();
    int[] members = new int[n];
    int[] dist = new int[n];
    Arrays.fill(dist, -1);
    int size = 0;
    members[size++] = start;
    dist[start] = 0;
    for (int head = 0; head < size; head++) {
      int u = members[head];
      for (int i = 0; i < fabric.outDegree(u); i++) {
        int r = fabric.channelHead(fabric.outChannel(u, i));
        if (r < n && dist[r] < 0) {
          dist[r] = 0;
          members[size++] = r;
        }
      }
    }
    int[] queue = new int[size];
    int best = -1;
    long bestSum = Long.MAX_VALUE;
    for (int m = 0; m < size; m++) {
      int source = members[m];
      for (int k = 0; k < size; k++) {
        dist[members[k]] = -1;
      }
      long sum = 0;
      int tail = 0;
      queue[tail++] = source;
      dist[source] = 0;
      for (int head = 0; head < tail; head++) {
        int u = queue[head];
        sum += dist[u];
        for (int i = 0; i < fabric.outDegree(u); i++) {
          int r = fabric.channelHead(fabric.outChannel(u, i));
          if (r < n && dist[r] < 0) {
            dist[r] = dist[u] + 1;
            queue[tail++] = r;
          }
        }
      }
      if (sum < bestSum || sum == bestSum && source < best) {
        bestSum = sum;
        best = source;
      }
    }
    return best;
  }
}
