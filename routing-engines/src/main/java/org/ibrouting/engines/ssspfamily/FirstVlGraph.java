package org.ibrouting.engines.ssspfamily;

import it.unimi.dsi.fastutil.longs.LongArrays;
import java.util.Arrays;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.routing.ProgressListener;
import org.ibrouting.routing.Routing;

/**
 * Not API. VL 0's channel dependency graph with every group: the groups' paths are walked through
 * the destination-major LFTs and the graph's vertices and links created in the order of their first
 * use (in OpenSM's group order), so the result does not depend on the thread count. {@link #build}
 * on up to two threads, or a {@link FirstVlPipeline} with at most one helper, has one thread walk
 * every destination in order and create them as it meets them; otherwise each thread walks a range
 * of destinations and records, per channel and per dependency, the first group that uses it, and
 * the records are merged. A path stops where it joins one walked before towards the same LID
 * (destination-based routing: the rest is that path's, whose group came first, or its own from an
 * earlier visit). The links' weights wait until a cycle needs them ({@link
 * DependencyGraph#listGroups}): an acyclic VL 0 never does.
 *
 * <p>Memory: per walking thread 8 bytes per switch and LID of a port (2^LMC LIDs); per recording
 * thread also 8 bytes per port slot and per possible dependency.
 */
final class FirstVlGraph {
  private static final long NEVER = Long.MAX_VALUE;

  /** Destinations per parallel task. */
  static final int DESTINATIONS_PER_TASK = 16;

  /**
   * Up to this many threads one builds the graph in order: two that record first uses and merge
   * them took longer (32-ary 3-tree on 2 cores: 2.1 s against 1.7 s;
   * benchmarks/history/speed-diary-issue-20.md).
   */
  private static final int IN_ORDER_UP_TO = 2;

  private final ChannelPaths paths;
  private final GroupVls groups;
  final GroupOrder order;
  // set when the tables are still being routed: workers wait for their destinations' rows
  FirstVlPipeline pipeline;

  // tests: walk every path to its end instead of stopping where it joins an earlier one
  private final boolean walkEveryHop;

  private FirstVlGraph(
      ChannelPaths paths, GroupVls groups, GroupOrder order, boolean walkEveryHop) {
    this.paths = paths;
    this.groups = groups;
    this.order = order;
    this.walkEveryHop = walkEveryHop;
  }

  int numTasks() {
    return (order.ports.length + DESTINATIONS_PER_TASK - 1) / DESTINATIONS_PER_TASK;
  }

  /** VL 0's graph, vertices and dependencies created in OpenSM's order; no members kept. */
  static DependencyGraph build(
      ChannelPaths paths,
      GroupVls groups,
      GroupOrder order,
      int threads,
      ProgressListener progress,
      String phase) {
    return new FirstVlGraph(paths, groups, order, false).build(threads, progress, phase);
  }

  /**
   * Tests: VL 0's graph built by {@code workers} threads that each record first uses and are then
   * merged (1: every first use recorded and merged), or by one thread in order ({@code workers} 0),
   * or by a {@link FirstVlPipeline} of {@code helpers} threads over finished tables ({@code
   * helpers} > 0, -1 for none); with {@code walkEveryHop}, every path walked to its end.
   */
  static DependencyGraph build(
      ChannelPaths paths,
      GroupVls groups,
      GroupOrder order,
      int workers,
      int helpers,
      boolean walkEveryHop) {
    FirstVlGraph graph = new FirstVlGraph(paths, groups, order, walkEveryHop);
    if (helpers != 0) {
      return new FirstVlPipeline(graph, Math.max(0, helpers))
          .finish(ProgressListener.SILENT, "test");
    }
    return graph.build(Math.max(1, workers), ProgressListener.SILENT, "test", workers > 0);
  }

  /** Tests: the paths that stop where they join an earlier one, one thread building in order. */
  static long joinedPaths(ChannelPaths paths, GroupVls groups, GroupOrder order) {
    FirstVlGraph graph = new FirstVlGraph(paths, groups, order, false);
    FirstUse worker = graph.new FirstUse(true);
    Parallel.run(graph.numTasks(), 1, () -> worker);
    return worker.joins;
  }

  /**
   * Per thread: the first use (group << 8 | hop) of every dependency, and of channels that form a
   * path alone; other channels' first use follows from their dependencies. The links' weights are
   * only needed to cut a cycle: {@link DependencyGraph#listGroups} sums them then.
   */
  final class FirstUse implements Parallel.Worker {
    final long[] channelFirst;
    final long[] edges;
    final int[] sources = new int[groups.numSources];
    // per (LID offset, switch): (destination LID << 16) | the least hop at which a path towards
    // that LID left the switch; a later path through it at that hop or later meets nothing new
    long[] walked = new long[0];
    // paths that stopped where they joined an earlier one (tests)
    long joins;
    // with every task, in order, on this worker: first uses come in order, so the graph itself
    final DependencyGraph inOrder;

    FirstUse() {
      this(false);
    }

    FirstUse(boolean everyTaskInOrder) {
      if (everyTaskInOrder) {
        inOrder = new DependencyGraph(paths, groups);
        channelFirst = null;
        edges = null;
      } else {
        inOrder = null;
        channelFirst = new long[paths.fabric.numPortSlots()];
        edges = new long[paths.numEdges];
        Arrays.fill(channelFirst, NEVER);
        Arrays.fill(edges, NEVER);
      }
    }

    /** {@link #walked}, at least {@code size} long. */
    private long[] walked(int size) {
      if (walked.length < size) {
        walked = new long[size];
      }
      return walked;
    }

    @Override
    public void run(int task) {
      int numSwitches = paths.numSwitches;
      int[] ports = order.ports;
      int end = Math.min(ports.length, (task + 1) * DESTINATIONS_PER_TASK);
      if (pipeline != null) {
        pipeline.awaitRouted(end);
      }
      for (int i = task * DESTINATIONS_PER_TASK; i < end; i++) {
        int dst = ports[i];
        int numLids = 1 << paths.fabric.lmc(dst);
        int n = order.sourcesFor(i, sources);
        long group = order.firstGroupOfDst[i];
        long[] walkedAt = walked(numLids * numSwitches);
        for (int j = 0; j < n; j++) {
          int srcSwitch = groups.switchOfSource(sources[j]);
          for (int k = 0; k < numLids; k++) {
            long stamp = group << 8;
            int first =
                walkPath(
                    srcSwitch, paths.fabric.baseLid(dst) + k, walkedAt, k * numSwitches, stamp);
            // a path that joined another at its second switch also ends after one hop: its
            // channel's first use is then the one merge() derives from the dependency just stamped
            if (first >= 0 && stamp < channelFirst[first]) {
              channelFirst[first] = stamp;
            }
            group++;
          }
        }
      }
    }

    /**
     * Walks the path to {@code lid} from switch {@code srcSwitch} through the tables, making its
     * channels and dependencies in the graph (in order) or stamping each dependency's first use
     * ({@code stamp} plus the hop), until it joins a path walked before; {@code walkedAt} from
     * {@code walkedRow} on holds, per switch, the LID and hop it was last walked at. Returns the
     * first channel's slot when stamping and the walk ended after one hop, else -1.
     */
    private int walkPath(int srcSwitch, int lid, long[] walkedAt, int walkedRow, long stamp) {
      byte[] lft = paths.lftByLid;
      int[] head = paths.headSwitch;
      int[] base = paths.edgeBase;
      int[] firstSlot = paths.firstSlotOfSwitch;
      long[] edge = edges;
      DependencyGraph g = inOrder;
      int row = lid * paths.numSwitches;
      int sw = srcSwitch;
      int previous = -1;
      int first = -1;
      int h = 0;
      while (h < ChannelPaths.MAX_HOPS) {
        int port = lft[row + sw] & 0xFF;
        if (port == Routing.NO_ROUTE || port == 0) {
          break;
        }
        int slot = firstSlot[sw] + port;
        int next = head[slot];
        if (next < 0) {
          break;
        }
        if (g != null) {
          if (!g.hasNode(slot)) {
            g.node(slot);
          }
          if (h > 0) {
            int e = base[previous] + port;
            if (!g.hasLink(e)) {
              g.link(g.nodeOfChannel[previous], g.nodeOfChannel[slot], e);
            }
          }
        } else if (h == 0) {
          first = slot;
        } else {
          int e = base[previous] + port;
          if (stamp + h < edge[e]) {
            edge[e] = stamp + h;
          }
        }
        // from here on the path is an earlier one's (a smaller group's, or its own before a
        // loop), which made or stamped the dependencies first, unless it had fewer hops left
        long mark = walkedAt[walkedRow + sw];
        if ((mark >>> 16) == lid && (mark & 0xFFFF) <= h && !walkEveryHop) {
          joins++;
          break;
        }
        walkedAt[walkedRow + sw] = ((long) lid << 16) | h;
        previous = slot;
        sw = next;
        h++;
      }
      return h == 1 ? first : -1;
    }
  }

  private DependencyGraph build(int threads, ProgressListener progress, String phase) {
    return build(Parallel.threadsFor(paths.numSwitches, threads), progress, phase, false);
  }

  /**
   * With up to {@link #IN_ORDER_UP_TO} workers (unless {@code mergeAlways}), one takes every task
   * in order and builds the graph as it meets first uses, as a single {@link FirstVlPipeline}
   * helper does: no first-use arrays, no merge.
   */
  private DependencyGraph build(
      int workers, ProgressListener progress, String phase, boolean mergeAlways) {
    if (Math.min(workers, numTasks()) <= IN_ORDER_UP_TO && !mergeAlways) {
      DependencyGraph g =
          Parallel.run(numTasks(), 1, () -> new FirstUse(true), progress, phase).get(0).inOrder;
      g.members = null;
      return g;
    }
    return merge(Parallel.run(numTasks(), workers, FirstUse::new, progress, phase));
  }

  /**
   * Starts building VL 0's graph while the destinations of {@code order} are still being routed
   * into {@code paths}' tables, on {@code helpers} threads (none: everything waits for {@link
   * FirstVlPipeline#finish}); the router reports with {@link FirstVlPipeline#routed}.
   */
  static FirstVlPipeline start(ChannelPaths paths, GroupVls groups, GroupOrder order, int helpers) {
    return new FirstVlPipeline(new FirstVlGraph(paths, groups, order, false), helpers);
  }

  /** The graph of the workers' first uses, which do not depend on how tasks were spread. */
  DependencyGraph merge(List<FirstUse> workers) {
    FirstUse merged = workers.get(0);
    long[] edgeUse = merged.edges;
    for (int w = 1; w < workers.size(); w++) {
      FirstUse other = workers.get(w);
      for (int c = 0; c < merged.channelFirst.length; c++) {
        merged.channelFirst[c] = Math.min(merged.channelFirst[c], other.channelFirst[c]);
      }
      for (int e = 0; e < edgeUse.length; e++) {
        edgeUse[e] = Math.min(edgeUse[e], other.edges[e]);
      }
    }
    workers = null;
    long[] channelFirst = merged.channelFirst;
    Fabric fabric = paths.fabric;
    int[] edgeBase = paths.edgeBase;
    int[] headSwitch = paths.headSwitch;
    int numSlots = fabric.numPortSlots();
    for (int slot = 0; slot < numSlots; slot++) {
      if (edgeBase[slot] < 0) {
        continue;
      }
      int head = headSwitch[slot];
      for (int p = 0; p <= fabric.numPorts(head); p++) {
        long first = edgeUse[edgeBase[slot] + p];
        if (first != NEVER) {
          int to = fabric.port(head, p);
          channelFirst[slot] = Math.min(channelFirst[slot], first - 1);
          channelFirst[to] = Math.min(channelFirst[to], first);
        }
      }
    }
    DependencyGraph g = new DependencyGraph(paths, groups);
    for (long payload : usedInOrder(channelFirst)) {
      g.node((int) payload);
    }
    // dependencies: source channel and port of the next channel, in order of first use
    long[] edgeStamps = new long[16];
    long[] edgePayload = new long[16];
    int numUsed = 0;
    for (int slot = 0; slot < numSlots; slot++) {
      if (edgeBase[slot] < 0) {
        continue;
      }
      int head = headSwitch[slot];
      for (int p = 0; p <= fabric.numPorts(head); p++) {
        int e = edgeBase[slot] + p;
        if (edgeUse[e] != NEVER) {
          if (numUsed == edgeStamps.length) {
            edgeStamps = Arrays.copyOf(edgeStamps, numUsed * 2);
            edgePayload = Arrays.copyOf(edgePayload, numUsed * 2);
          }
          edgeStamps[numUsed] = edgeUse[e];
          edgePayload[numUsed] = ((long) slot << 32) | fabric.port(head, p);
          numUsed++;
        }
      }
    }
    edgeStamps = Arrays.copyOf(edgeStamps, numUsed);
    edgePayload = Arrays.copyOf(edgePayload, numUsed);
    LongArrays.radixSort(edgeStamps, edgePayload);
    for (int i = 0; i < numUsed; i++) {
      int from = (int) (edgePayload[i] >>> 32);
      int to = (int) edgePayload[i];
      int e = paths.edgeIndex(from, to);
      g.link(g.nodeOfChannel[from], g.nodeOfChannel[to], e);
    }
    g.members = null;
    return g;
  }

  /** The indices with a first use, sorted by it. */
  private static long[] usedInOrder(long[] first) {
    int used = 0;
    for (long f : first) {
      if (f != NEVER) {
        used++;
      }
    }
    long[] stamps = new long[used];
    long[] payload = new long[used];
    int n = 0;
    for (int i = 0; i < first.length; i++) {
      if (first[i] != NEVER) {
        stamps[n] = first[i];
        payload[n++] = i;
      }
    }
    LongArrays.radixSort(stamps, payload);
    return payload;
  }
}
