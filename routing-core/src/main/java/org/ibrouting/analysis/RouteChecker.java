package org.ibrouting.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.LftWalker;
import org.ibrouting.internal.Parallel;
import org.ibrouting.internal.SwitchBfs;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;

/**
 * Follows the LFTs of a {@link Routing} for every pair of end ports and reports unreachable pairs,
 * black holes, forwarding loops, hop counts and the share of minimal routes ({@link RouteReport}).
 *
 * <p>It never walks a pair on its own. Per destination LID, every switch's distance to delivery is
 * computed by walking the LFTs with memoisation (each switch once, iteratively, with loop
 * detection), and every source derives its hop count from the switch it is cabled to: a source
 * LID's count is the links from its port to its switch plus the switch's count. Shortest distances
 * come from one BFS over the switch graph per destination switch. Destination switches are spread
 * over {@code threads} workers; the report does not depend on the thread count.
 *
 * <p>Cost: O(#LIDs * #switches + #switches * #channels) time; per thread 4 ints per switch and a
 * histogram. For a 4,096-endpoint 16-ary 3-tree that is about 3 million LFT reads.
 *
 * <pre>{@code
 * RouteReport report = new RouteChecker(EndpointScope.TERMINALS, 2).check(routing);
 * if (!report.allRouted()) System.err.println(report.witnesses());
 * }</pre>
 */
public final class RouteChecker {
  private static final int KIND_UNREACHABLE = 0;
  private static final int KIND_BLACKHOLE = 1;
  private static final int KIND_LOOP = 2;
  private static final int KIND_NONMINIMAL = 3;
  private static final int NUM_KINDS = 4;
  private static final int INFINITE = SwitchBfs.UNREACHED;

  private final EndpointScope scope;
  private final int threads;

  /** A checker over {@code scope} using {@code threads} worker threads (at least 1). */
  public RouteChecker(EndpointScope scope, int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, not " + threads);
    }
    this.scope = scope;
    this.threads = threads;
  }

  /** CA and router ports only (the OpenSM evaluation's pairs), all available processors. */
  public static RouteChecker terminals() {
    return new RouteChecker(EndpointScope.TERMINALS, RoutingOptions.defaultThreads());
  }

  /** Checks every pair of the routing's fabric. */
  public RouteReport check(Routing routing) {
    return checkWithWitnesses(routing, scope.select(routing.fabric())).report();
  }

  /**
   * Checks every pair of the selected end ports (say, a job's), whatever this checker's scope.
   *
   * @throws IllegalArgumentException when the end ports belong to another fabric than the routing
   */
  public RouteReport check(Routing routing, EndPorts endPorts) {
    return checkWithWitnesses(routing, endPorts).report();
  }

  /**
   * A report plus, per kind of problem (unreachable, black hole, loop, non-minimal), the witness
   * pair as {@code (dstLid << 16) | srcLid}, or {@code Long.MAX_VALUE} when there is none.
   */
  record Checked(RouteReport report, long[] witnessPairs) {}

  /** Checks every pair and keeps the witness pairs ({@link Verification} walks them). */
  Checked checkWithWitnesses(Routing routing, EndPorts endPorts) {
    EndPortIndex endpoints = EndPortIndex.of(routing, endPorts);
    List<Worker> workers =
        Parallel.run(endpoints.numGroups(), threads, () -> new Worker(routing, endpoints));
    Worker total = workers.get(0);
    for (int w = 1; w < workers.size(); w++) {
      total.merge(workers.get(w));
    }
    int maxHops = 0;
    for (int h = 0; h < total.histogram.length; h++) {
      if (total.histogram[h] > 0) {
        maxHops = h;
      }
    }
    long[] histogram = Arrays.copyOf(total.histogram, total.valid == 0 ? 0 : maxHops + 1);
    List<String> witnesses = new ArrayList<>();
    for (int kind = 0; kind < NUM_KINDS; kind++) {
      long key = total.witnessKey[kind];
      if (key != Long.MAX_VALUE) {
        String what =
            switch (kind) {
              case KIND_UNREACHABLE -> "unreachable: ";
              case KIND_BLACKHOLE -> "black hole: ";
              case KIND_LOOP -> "loop: ";
              default -> "not minimal (shortest " + total.witnessShortest + " hops): ";
            };
        witnesses.add(
            what + RoutePaths.describe(routing, (int) (key & 0xFFFF), (int) (key >>> 16)));
      }
    }
    long valid = total.valid;
    return new Checked(
        new RouteReport(
            endpoints.numPairs(),
            valid,
            total.failed[KIND_UNREACHABLE],
            total.failed[KIND_BLACKHOLE],
            total.failed[KIND_LOOP],
            total.minimal,
            histogram,
            valid == 0 ? 0 : (double) total.hopSum / valid,
            maxHops,
            valid == 0 ? 0 : (double) total.minimal / valid,
            total.bfsPairs == 0 ? 0 : (double) total.bfsSum / total.bfsPairs,
            witnesses),
        total.witnessKey.clone());
  }

  /** Per-thread state and partial sums. */
  private static final class Worker implements Parallel.Worker {
    private final Routing routing;
    private final Fabric fabric;
    private final EndPortIndex endpoints;
    private final LftWalker walker;
    private final SwitchBfs bfs;
    private final int[] unreached;
    private int[] dist;
    final long[] histogram;
    final long[] failed = new long[NUM_KINDS];
    final long[] witnessKey = new long[NUM_KINDS];
    int witnessShortest;
    long valid;
    long minimal;
    long hopSum;
    long bfsSum;
    long bfsPairs;

    Worker(Routing routing, EndPortIndex endpoints) {
      this.routing = routing;
      this.fabric = routing.fabric();
      this.endpoints = endpoints;
      this.walker = new LftWalker(routing);
      this.bfs = new SwitchBfs(fabric);
      this.unreached = new int[fabric.numSwitches()];
      Arrays.fill(unreached, INFINITE);
      this.histogram = new long[fabric.numSwitches() + 3];
      Arrays.fill(witnessKey, Long.MAX_VALUE);
    }

    @Override
    public void run(int group) {
      int from = endpoints.groupStart[group];
      int to = endpoints.groupStart[group + 1];
      if (from == to) {
        return;
      }
      boolean orphans = group == fabric.numSwitches();
      dist = orphans ? unreached : bfs.from(group).distances();
      for (int i = from; i < to; i++) {
        checkDestination(endpoints.groupLids[i]);
      }
    }

    private void checkDestination(int lid) {
      walker.reset(lid);
      int dstEndpoint = endpoints.endpointOfLid[lid];
      int ejection = endpoints.linkHops[dstEndpoint];
      int numSwitches = fabric.numSwitches();
      for (int sw = 0; sw < numSwitches; sw++) {
        long viaLink = endpoints.sourceLidsAt(sw, dstEndpoint, true);
        long own = endpoints.sourceLidsAt(sw, dstEndpoint, false);
        if (viaLink == 0 && own == 0) {
          continue;
        }
        int hops = walker.hops(sw);
        int shortest = dist[sw] == INFINITE ? INFINITE : dist[sw] + ejection;
        if (viaLink > 0) {
          count(
              lid,
              viaLink,
              hops < 0 ? hops : hops + 1,
              shortest == INFINITE ? INFINITE : shortest + 1);
        }
        if (own > 0) {
          count(lid, own, hops, shortest);
        }
      }
      for (int orphan : endpoints.orphans) {
        if (orphan != dstEndpoint) {
          boolean direct = fabric.peerPort(endpoints.ports[orphan]) == endpoints.ports[dstEndpoint];
          // no switch forwards for an orphan: its pairs are cut off by the fabric, not the LFTs
          count(
              lid,
              endpoints.numLidsOf[orphan],
              direct ? 1 : LftWalker.NO_ROUTE,
              direct ? 1 : INFINITE);
        }
      }
    }

    private void count(int lid, long lids, int hops, int shortest) {
      if (shortest != INFINITE) {
        bfsSum += lids * shortest;
        bfsPairs += lids;
      }
      int kind;
      if (hops >= 0) {
        valid += lids;
        histogram[hops] += lids;
        hopSum += lids * hops;
        if (hops == shortest) {
          minimal += lids;
          return;
        }
        kind = KIND_NONMINIMAL;
      } else {
        kind =
            hops == LftWalker.NO_ROUTE
                ? KIND_UNREACHABLE
                : LftWalker.isBlackHole(hops) ? KIND_BLACKHOLE : KIND_LOOP;
        failed[kind] += lids;
      }
      if ((witnessKey[kind] >>> 16) > lid) {
        findWitness(lid, kind);
      }
    }

    /** Finds the lowest source LID of kind {@code kind} for the current destination. */
    private void findWitness(int lid, int kind) {
      int dstEndpoint = endpoints.endpointOfLid[lid];
      int ejection = endpoints.linkHops[dstEndpoint];
      for (int e = 0; e < endpoints.ports.length; e++) {
        if (e == dstEndpoint) {
          continue;
        }
        int sw = endpoints.switchOf[e];
        int inject = endpoints.linkHops[e];
        int hops;
        int shortest;
        if (sw < 0) {
          boolean direct = fabric.peerPort(endpoints.ports[e]) == endpoints.ports[dstEndpoint];
          hops = direct ? 1 : LftWalker.NO_ROUTE;
          shortest = direct ? 1 : INFINITE;
        } else {
          int h = walker.hops(sw);
          hops = h < 0 ? h : h + inject;
          shortest = dist[sw] == INFINITE ? INFINITE : dist[sw] + ejection + inject;
        }
        int found =
            hops >= 0
                ? (hops == shortest ? -1 : KIND_NONMINIMAL)
                : hops == LftWalker.NO_ROUTE
                    ? KIND_UNREACHABLE
                    : LftWalker.isBlackHole(hops) ? KIND_BLACKHOLE : KIND_LOOP;
        if (found == kind) {
          long key = ((long) lid << 16) | fabric.baseLid(endpoints.ports[e]);
          if (key < witnessKey[kind]) {
            witnessKey[kind] = key;
            if (kind == KIND_NONMINIMAL) {
              witnessShortest = shortest;
            }
          }
          return;
        }
      }
    }

    void merge(Worker other) {
      for (int h = 0; h < histogram.length; h++) {
        histogram[h] += other.histogram[h];
      }
      for (int kind = 0; kind < NUM_KINDS; kind++) {
        failed[kind] += other.failed[kind];
        if (other.witnessKey[kind] < witnessKey[kind]) {
          witnessKey[kind] = other.witnessKey[kind];
          if (kind == KIND_NONMINIMAL) {
            witnessShortest = other.witnessShortest;
          }
        }
      }
      valid += other.valid;
      minimal += other.minimal;
      hopSum += other.hopSum;
      bfsSum += other.bfsSum;
      bfsPairs += other.bfsPairs;
    }
  }
}
