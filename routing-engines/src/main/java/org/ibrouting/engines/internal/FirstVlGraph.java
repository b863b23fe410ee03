package org.ibrouting.engines.internal;

import it.unimi.dsi.fastutil.longs.LongArrays;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.routing.ProgressListener;
import org.ibrouting.routing.Routing;

/**
 * Not API. VL 0's channel dependency graph with every group, built in parallel: each thread walks
 * the groups of a range of destinations through the destination-major LFTs and records, per channel
 * and per dependency, the first group (in OpenSM's order) that uses it; the graph's vertices and
 * links are then created in that order, so the result does not depend on the thread count. The
 * links' weights wait until a cycle needs them ({@link DependencyGraph#listGroups}): an acyclic VL
 * 0 never does.
 *
 * <p>Memory: per thread 8 bytes per port slot and per possible dependency; a single helper building
 * the graph in order ({@link Pipeline}) needs none of it beyond the graph's own index.
 */
final class FirstVlGraph {
  private static final long NEVER = Long.MAX_VALUE;

  /** Destinations per parallel task. */
  private static final int DESTINATIONS_PER_TASK = 16;

  private final ChannelPaths paths;
  private final GroupVls groups;
  private final GroupOrder order;
  // set when the tables are still being routed: workers wait for their destinations' rows
  private Pipeline pipeline;

  private FirstVlGraph(ChannelPaths paths, GroupVls groups, GroupOrder order) {
    this.paths = paths;
    this.groups = groups;
    this.order = order;
  }

  private int numTasks() {
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
    return new FirstVlGraph(paths, groups, order).build(threads, progress, phase);
  }

  /**
   * Per thread: the first use (group << 8 | hop) of every dependency, and of channels that form a
   * path alone; other channels' first use follows from their dependencies. The links' weights are
   * only needed to cut a cycle: {@link DependencyGraph#listGroups} sums them then.
   */
  private final class FirstUse implements Parallel.Worker {
    final long[] channelFirst;
    final long[] edges;
    final int[] sources = new int[groups.numSources];
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

    @Override
    public void run(int task) {
      byte[] lft = paths.lftByLid;
      int[] head = paths.headSwitch;
      int[] base = paths.edgeBase;
      int[] firstSlot = paths.firstSlotOfSwitch;
      int numSwitches = paths.numSwitches;
      int[] ports = order.ports;
      long[] edge = edges;
      DependencyGraph g = inOrder;
      int end = Math.min(ports.length, (task + 1) * DESTINATIONS_PER_TASK);
      if (pipeline != null) {
        pipeline.awaitRouted(end);
      }
      for (int i = task * DESTINATIONS_PER_TASK; i < end; i++) {
        int dst = ports[i];
        int numLids = 1 << paths.fabric.lmc(dst);
        int n = order.sourcesFor(i, sources);
        long group = order.firstGroupOfDst[i];
        for (int j = 0; j < n; j++) {
          int srcSwitch = groups.switchOfSource(sources[j]);
          for (int k = 0; k < numLids; k++) {
            int row = (paths.fabric.baseLid(dst) + k) * numSwitches;
            long stamp = group << 8;
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
                if (g.nodeOfChannel[slot] < 0) {
                  g.node(slot);
                }
                if (h > 0) {
                  int e = base[previous] + port;
                  if (g.linkOfEdge[e] < 0) {
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
              previous = slot;
              sw = next;
              h++;
            }
            if (h == 1 && g == null && stamp < channelFirst[first]) {
              channelFirst[first] = stamp;
            }
            group++;
          }
        }
      }
    }
  }

  private DependencyGraph build(int threads, ProgressListener progress, String phase) {
    return merge(
        Parallel.run(
            numTasks(),
            Parallel.threadsFor(paths.numSwitches, threads),
            FirstUse::new,
            progress,
            phase));
  }

  /**
   * Starts building VL 0's graph while the destinations of {@code order} are still being routed
   * into {@code paths}' tables, on {@code helpers} threads (none: everything waits for {@link
   * Pipeline#finish}); the router reports with {@link Pipeline#routed}.
   */
  static Pipeline start(ChannelPaths paths, GroupVls groups, GroupOrder order, int helpers) {
    return new Pipeline(new FirstVlGraph(paths, groups, order), helpers);
  }

  /** The graph of the workers' first uses, which do not depend on how tasks were spread. */
  private DependencyGraph merge(List<FirstUse> workers) {
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

  /**
   * VL 0's graph built by helper threads while the router is still writing the tables: a task
   * (destinations {@code 16t..16t+15}) starts once the router has finished its last destination, so
   * it reads rows no thread writes any more. With one helper, it takes every task in order and
   * meets first uses in order, so it creates the graph's vertices and links as it meets them and
   * nothing is left to merge; with more, {@link #finish} runs what is left on the caller's thread
   * too and merges. {@link #cancel} stops the helpers when routing failed.
   */
  static final class Pipeline {
    private final FirstVlGraph graph;
    private final int numTasks;
    private final AtomicInteger nextTask = new AtomicInteger();
    private final List<FirstUse> workers = new ArrayList<>();
    private final Thread[] helpers;
    // one helper takes every task, in order, and builds the graph as it goes (no merge)
    private final boolean inOrder;
    private final Object lock = new Object();
    private volatile int routed;
    // helpers inside awaitRouted's wait loop
    private final AtomicInteger waiting = new AtomicInteger();
    private volatile boolean cancelled;
    private Throwable failure;

    private Pipeline(FirstVlGraph graph, int numHelpers) {
      this.graph = graph;
      this.numTasks = graph.numTasks();
      // before any helper starts: its tasks wait for their rows
      graph.pipeline = this;
      helpers = new Thread[Math.max(0, Math.min(numHelpers, numTasks))];
      inOrder = helpers.length == 1;
      try {
        for (int h = 0; h < helpers.length; h++) {
          helpers[h] = new Thread(this::work, "ibrouting-vl0-" + h);
          helpers[h].setDaemon(true);
          helpers[h].start();
        }
      } catch (RuntimeException | Error e) {
        // the helpers that started must not wait for rows that never come
        cancel();
        throw e;
      }
    }

    /**
     * The router has written every LID of the first {@code count} destinations (counts only grow).
     * Rethrows a helper's failure, so that the router stops early.
     */
    void routed(int count) {
      if (cancelled) {
        throwFailure();
      }
      int before = routed;
      routed = count;
      // a helper waits for the end of its task: a multiple of 16 destinations, or the last one
      if (waiting.get() > 0
          && (count / DESTINATIONS_PER_TASK != before / DESTINATIONS_PER_TASK
              || count >= graph.order.ports.length)) {
        synchronized (lock) {
          lock.notifyAll();
        }
      }
    }

    private void throwFailure() {
      synchronized (workers) {
        if (failure instanceof RuntimeException e) {
          throw e;
        }
        if (failure instanceof Error e) {
          throw e;
        }
        throw new IllegalStateException(
            "VL 0's graph: " + (failure == null ? "cancelled" : failure));
      }
    }

    private void awaitRouted(int count) {
      while (routed < count) {
        synchronized (lock) {
          waiting.incrementAndGet();
          try {
            while (routed < count && !cancelled) {
              lock.wait();
            }
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for routed tables", e);
          } finally {
            waiting.decrementAndGet();
          }
        }
        if (cancelled) {
          throw new CancellationException();
        }
      }
    }

    /** Runs tasks until none is left; the worker is created at the first task it takes. */
    private void work() {
      try {
        FirstUse worker = null;
        for (int task = nextTask.getAndIncrement();
            task < numTasks && !cancelled;
            task = nextTask.getAndIncrement()) {
          if (worker == null) {
            worker = graph.new FirstUse(inOrder);
            synchronized (workers) {
              workers.add(worker);
            }
          }
          worker.run(task);
        }
      } catch (CancellationException e) {
        // routing failed: the graph is not wanted
      } catch (Throwable e) {
        synchronized (workers) {
          failure = failure == null ? e : failure;
        }
        cancelled = true;
      }
    }

    /**
     * After the router reported every destination: waits for the helpers (with more than one, or
     * none, this thread runs the tasks left too), rethrows a helper's failure, and returns the
     * graph, reporting {@code phase} of {@code progress} once. Once only, and not after {@link
     * #cancel}.
     */
    DependencyGraph finish(ProgressListener progress, String phase) {
      try {
        routed(graph.order.ports.length);
      } catch (RuntimeException | Error e) {
        cancel();
        throw e;
      }
      if (!inOrder) {
        work();
      }
      joinHelpers();
      if (cancelled) {
        throwFailure();
      }
      progress.progress(phase, numTasks, numTasks);
      DependencyGraph g;
      if (inOrder) {
        g = workers.get(0).inOrder;
        g.members = null;
      } else {
        if (workers.isEmpty()) {
          workers.add(graph.new FirstUse());
        }
        g = graph.merge(workers);
      }
      // the workers' arrays (or VL 0's graph, later freed by its user) are not kept here
      workers.clear();
      return g;
    }

    /** Stops the helpers (the routing failed) and waits for them. */
    void cancel() {
      cancelled = true;
      synchronized (lock) {
        lock.notifyAll();
      }
      joinHelpers();
    }

    private void joinHelpers() {
      for (Thread helper : helpers) {
        if (helper == null) {
          continue;
        }
        boolean interrupted = false;
        while (true) {
          try {
            helper.join();
            break;
          } catch (InterruptedException e) {
            interrupted = true;
          }
        }
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
      }
    }
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
