package org.ibrouting.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.ibrouting.routing.ProgressListener;

/**
 * Runs tasks {@code 0..numTasks-1} on a few threads, one worker (with its own state) per thread.
 */
public final class Parallel {
  /** A worker: holds per-thread scratch arrays and partial results. */
  public interface Worker {
    /** Runs one task. */
    void run(int task);
  }

  /**
   * Below this many tasks of fabric-sized work (switches), starting threads costs more than it
   * saves.
   */
  public static final int SEQUENTIAL_BELOW = 128;

  private Parallel() {}

  /**
   * A value made on a thread of its own while the caller goes on; with one thread, made by the
   * caller when it asks for it. For large arrays whose fresh memory costs page faults.
   *
   * @param <T> the value's type
   */
  public static final class Background<T> {
    private final Supplier<T> maker;
    private final Thread thread;
    private T value;
    private Throwable failure;

    private Background(Supplier<T> maker, boolean ownThread, String name) {
      this.maker = maker;
      if (ownThread) {
        thread = new Thread(this::make, name);
        thread.setDaemon(true);
        thread.start();
      } else {
        thread = null;
      }
    }

    private void make() {
      try {
        value = maker.get();
      } catch (RuntimeException | Error e) {
        failure = e;
      }
    }

    /** The value, once made (once: later calls return it again); rethrows what making it threw. */
    public T join() {
      if (thread == null) {
        if (value == null && failure == null) {
          make();
        }
      } else {
        try {
          thread.join();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted while waiting for " + thread.getName(), e);
        }
      }
      if (failure instanceof RuntimeException re) {
        throw re;
      }
      if (failure instanceof Error err) {
        throw err;
      }
      return value;
    }
  }

  /**
   * Makes {@code maker}'s value on a new thread named {@code name} when {@code threads} is 2 or
   * more, else when {@link Background#join} asks for it.
   */
  public static <T> Background<T> inBackground(int threads, String name, Supplier<T> maker) {
    return new Background<>(maker, threads > 1, name);
  }

  /**
   * The threads worth using for {@code numTasks} per-switch tasks: 1 for small fabrics, else {@code
   * threads}.
   */
  public static int threadsFor(int numTasks, int threads) {
    return numTasks < SEQUENTIAL_BELOW ? 1 : threads;
  }

  /** Runs every task once and returns the workers, in creation order, for merging. */
  public static <W extends Worker> List<W> run(int numTasks, int threads, Supplier<W> newWorker) {
    return run(numTasks, threads, newWorker, ProgressListener.SILENT, null);
  }

  /**
   * Like {@link #run(int, int, Supplier)}, reporting the tasks finished as {@code phase} of {@code
   * progress}: one call per task, from the worker threads but one at a time, with counts that only
   * grow and end at {@code numTasks}.
   */
  public static <W extends Worker> List<W> run(
      int numTasks, int threads, Supplier<W> newWorker, ProgressListener progress, String phase) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, not " + threads);
    }
    int numWorkers = Math.max(1, Math.min(threads, numTasks));
    List<W> workers = new ArrayList<>(numWorkers);
    for (int w = 0; w < numWorkers; w++) {
      workers.add(newWorker.get());
    }
    AtomicInteger nextTask = new AtomicInteger();
    boolean report = progress != ProgressListener.SILENT;
    if (numWorkers == 1) {
      for (int task = 0; task < numTasks; task++) {
        workers.get(0).run(task);
        if (report) {
          progress.progress(phase, task + 1, numTasks);
        }
      }
      return workers;
    }
    long[] finished = {0};
    Thread[] pool = new Thread[numWorkers];
    Throwable[] failure = new Throwable[1];
    for (int w = 0; w < numWorkers; w++) {
      W worker = workers.get(w);
      pool[w] =
          new Thread(
              () -> {
                for (int task = nextTask.getAndIncrement();
                    task < numTasks;
                    task = nextTask.getAndIncrement()) {
                  worker.run(task);
                  if (report) {
                    synchronized (finished) {
                      progress.progress(phase, ++finished[0], numTasks);
                    }
                  }
                }
              },
              "ibrouting-worker-" + w);
      pool[w].setUncaughtExceptionHandler(
          (t, e) -> {
            synchronized (failure) {
              if (failure[0] == null) {
                failure[0] = e;
              }
            }
            nextTask.set(numTasks);
          });
      pool[w].start();
    }
    for (Thread thread : pool) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for worker threads", e);
      }
    }
    synchronized (failure) {
      if (failure[0] instanceof RuntimeException re) {
        throw re;
      }
      if (failure[0] instanceof Error err) {
        throw err;
      }
    }
    return workers;
  }
}
