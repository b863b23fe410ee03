package org.ibrouting.engines.ssspfamily;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import org.ibrouting.routing.ProgressListener;

/**
 * Not API. VL 0's graph built by helper threads while the router is still writing the tables: a
 * task (destinations {@code 16t..16t+15}) starts once the router has finished its last destination
 * (a waiting helper learns of it every {@value #WAKE_EVERY} destinations, and at the end), so it
 * reads rows no thread writes any more. With one helper, it takes every task in order and meets
 * first uses in order, so it creates the graph's vertices and links as it meets them and nothing is
 * left to merge; with none, {@link #finish} does the same on the caller's thread; with more, {@link
 * #finish} runs what is left on the caller's thread too and merges. {@link #cancel} stops the
 * helpers when routing failed.
 */
final class FirstVlPipeline {
  private final FirstVlGraph graph;
  private final int numTasks;
  private final AtomicInteger nextTask = new AtomicInteger();
  private final List<FirstVlGraph.FirstUse> workers = new ArrayList<>();
  private final Thread[] helpers;
  // one helper, or the caller at the end when there is none, takes every task in order and
  // builds the graph as it goes (no merge)
  private final boolean inOrder;

  /** Destinations between wake-ups of a waiting helper: a multiple of a task's. */
  static final int WAKE_EVERY = 16 * FirstVlGraph.DESTINATIONS_PER_TASK;

  private final Object lock = new Object();
  private volatile int routed;
  // helpers inside awaitRouted's wait loop
  private final AtomicInteger waiting = new AtomicInteger();
  private volatile boolean cancelled;
  private Throwable failure;

  /** Starts {@code numHelpers} helpers (at most one per task) on {@code graph}'s tasks. */
  FirstVlPipeline(FirstVlGraph graph, int numHelpers) {
    this.graph = graph;
    this.numTasks = graph.numTasks();
    // before any helper starts: its tasks wait for their rows
    graph.pipeline = this;
    helpers = new Thread[Math.max(0, Math.min(numHelpers, numTasks))];
    inOrder = helpers.length <= 1;
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
    // a helper waits for the end of its task (a multiple of 16 destinations, or the last one); it
    // is woken every 256 destinations, as a wake-up is a system call that costs tens of
    // microseconds on a VM, and the helper keeps up with the router easily
    if (waiting.get() > 0
        && (count / WAKE_EVERY != before / WAKE_EVERY || count >= graph.order.ports.length)) {
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
      throw new IllegalStateException("VL 0's graph: " + (failure == null ? "cancelled" : failure));
    }
  }

  /**
   * Waits until the router has finished the first {@code count} destinations; throws {@link
   * CancellationException} once the pipeline is cancelled.
   */
  void awaitRouted(int count) {
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
      FirstVlGraph.FirstUse worker = null;
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
   * none, this thread runs the tasks left too), rethrows a helper's failure, and returns the graph,
   * reporting {@code phase} of {@code progress} once. Once only, and not after {@link #cancel}.
   */
  DependencyGraph finish(ProgressListener progress, String phase) {
    try {
      routed(graph.order.ports.length);
    } catch (RuntimeException | Error e) {
      cancel();
      throw e;
    }
    if (!inOrder || helpers.length == 0) {
      work();
    }
    joinHelpers();
    if (cancelled) {
      throwFailure();
    }
    progress.progress(phase, numTasks, numTasks);
    DependencyGraph g;
    if (inOrder) {
      if (workers.isEmpty()) {
        workers.add(graph.new FirstUse(true));
      }
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
