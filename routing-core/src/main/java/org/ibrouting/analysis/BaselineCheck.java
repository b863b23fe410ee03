package org.ibrouting.analysis;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;
import java.util.List;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.SlTable;

/**
 * {@link CreditLoopVerifier}'s check against a {@link CdgBaseline}: the routes to the changed
 * destinations are walked, their dependencies the baseline lacks are added to its graph, and the
 * union is searched for a cycle from the dependencies against the baseline's order.
 */
final class BaselineCheck {
  /** The answer when the union with the baseline has a cycle (compared by identity). */
  static final CdgReport UNION_CYCLIC =
      new CdgReport(new int[0], new long[0], new int[0], new CreditLoop[0]);

  private BaselineCheck() {}

  /**
   * The report on {@code routing} (or on {@code mix}, whose first routing it is) when the union
   * with the baseline is acyclic (its counts are the union's); {@link #UNION_CYCLIC} when the union
   * has a cycle; null when the baseline cannot tell: an end port moved, or more than half the
   * destinations changed.
   */
  static CdgReport check(
      CdgBaseline baseline,
      Routing routing,
      RoutingMix mix,
      EndPorts endPorts,
      boolean vlLess,
      boolean endpointChannels,
      int threads) {
    Fabric fabric = routing.fabric();
    BaselineFabric on = baseline.on(fabric);
    if (on.endPortsMoved) {
      return null;
    }
    boolean[] changed = new boolean[fabric.maxLid() + 1];
    baseline.markChanged(on, routing, changed);
    if (mix != null) {
      baseline.markChanged(on, mix.second(), changed);
    }
    EndPortIndex endpoints = EndPortIndex.of(routing, endPorts);
    int[] lids = new int[fabric.maxLid()];
    int count = 0;
    for (int lid = 1; lid < changed.length; lid++) {
      if (changed[lid] && endpoints.endpointOfLid[lid] >= 0) {
        lids[count++] = lid;
      }
    }
    if (2L * count > endpoints.numLids) {
      return null;
    }
    int[] walked = Arrays.copyOf(lids, count);
    SlTable second = mix == null ? null : mix.second().slTable();
    SourceGroups groups = new SourceGroups(endpoints, routing.slTable(), second, vlLess, null);
    List<CdgWorker> workers =
        Parallel.run(
            walked.length,
            threads,
            () -> new CdgWorker(routing, mix, groups, endpointChannels).walking(walked));
    return union(on, workers, fabric.numPortSlots());
  }

  /**
   * The report on the baseline's graphs with the workers' dependencies, or {@link #UNION_CYCLIC}.
   */
  private static CdgReport union(BaselineFabric on, List<CdgWorker> workers, int numSlots) {
    int numVls = on.graphs.length;
    for (CdgWorker w : workers) {
      for (int vl = CreditLoopVerifier.MAX_VLS - 1; vl >= numVls; vl--) {
        if (w.edges[vl] != null && !w.edges[vl].isEmpty()) {
          numVls = vl + 1;
        }
      }
    }
    int[] numVertices = new int[numVls];
    long[] numEdges = new long[numVls];
    for (int vl = 0; vl < numVls; vl++) {
      BaselineGraph graph = vl < on.graphs.length ? on.graphs[vl] : null;
      if (graph == null) {
        graph = BaselineGraph.of(new long[0], numSlots);
      }
      long[] extra = newEdges(graph, workers, vl);
      if (graph.cyclicWith(extra)) {
        return UNION_CYCLIC;
      }
      numEdges[vl] = graph.numEdges() + extra.length;
      numVertices[vl] = vertices(graph, extra);
    }
    int used = numVls;
    while (used > 0 && numVertices[used - 1] == 0) {
      used--;
    }
    return new CdgReport(
        Arrays.copyOf(numVertices, used),
        Arrays.copyOf(numEdges, used),
        new int[used],
        new CreditLoop[used]);
  }

  /** The workers' dependencies on {@code vl} that {@code graph} lacks, sorted and distinct. */
  private static long[] newEdges(BaselineGraph graph, List<CdgWorker> workers, int vl) {
    LongArrayList extra = new LongArrayList();
    for (CdgWorker w : workers) {
      if (w.edges[vl] == null) {
        continue;
      }
      for (var it = w.edges[vl].iterator(); it.hasNext(); ) {
        long key = it.nextLong();
        if (!graph.contains((int) (key >>> 32), (int) key)) {
          extra.add(key);
        }
      }
    }
    return CreditLoopVerifier.sortedDistinct(extra.toLongArray());
  }

  /** The channels with a dependency in the graph or among {@code extra}. */
  private static int vertices(BaselineGraph graph, long[] extra) {
    it.unimi.dsi.fastutil.ints.IntOpenHashSet more =
        new it.unimi.dsi.fastutil.ints.IntOpenHashSet();
    for (long key : extra) {
      if (!graph.isVertex[(int) (key >>> 32)]) {
        more.add((int) (key >>> 32));
      }
      if (!graph.isVertex[(int) key]) {
        more.add((int) key);
      }
    }
    return graph.numVertices + more.size();
  }
}
