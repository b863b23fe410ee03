package org.ibrouting.simulation;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;

/**
 * The congestion simulator: runs a {@link PatternSpec} many times over a routing, each run with a
 * fresh rank-to-endpoint mapping, and measures a {@link Metric}.
 *
 * <p>Model (Hoefler, Schneider, Lumsdaine, "Multistage Switches are not Crossbars"; Schneider,
 * Hoefler, Lumsdaine, "ORCS"): within one level, the congestion τ(c) of a directed channel is the
 * number of the level's streams whose path uses it, injection and ejection channels included; a
 * stream's congestion is the largest τ on its path and its bandwidth 1/congestion of the link
 * bandwidth. Levels and runs are independent. The effective bisection bandwidth ({@link
 * #effectiveBisectionBandwidth}) is the mean over random bisect patterns of the summed stream
 * bandwidths divided by P/2 (Hoefler, Schneider, Lumsdaine, "Optimized Routing for Large-Scale
 * InfiniBand Networks").
 *
 * <p>Runs are spread over threads; run {@code r} draws from a {@link SplittableRandom} seeded from
 * {@code (seed, r)} only, and results are stored per run, so any thread count gives the same
 * result. Per level a thread writes every stream's path into a reusable buffer (from the table's
 * packed first hops when it walks on demand, see PackedPaths), counts τ in an int array indexed by
 * channel and takes each stream's maximum in a second pass over the buffer (ChannelCongestion); a
 * one-to-one level may do both passes on the packed longs instead (PackedPaths.congestion).
 *
 * <p>Cost: O(runs x streams x path length); memory per thread: 1 int per port slot, plus the
 * streams of the largest level times the longest path, and a long per stream of it.
 */
public final class Simulator {
  private static final int RUNS_PER_CHUNK = 32;

  /** 1.0 / w for the congestions met most, the same doubles the division gives. */
  private static final double[] INVERSES = new double[1024];

  static {
    for (int w = 1; w < INVERSES.length; w++) {
      INVERSES[w] = 1.0 / w;
    }
  }

  private Simulator() {}

  /** Builds the {@link PathTable} of all CA endpoints and simulates. */
  public static SimulationResult simulate(
      Routing routing, PatternSpec pattern, Metric metric, SimulationOptions options) {
    return simulate(
        PathTable.build(routing, EndPorts.cabledCas(routing.fabric())), pattern, metric, options);
  }

  /**
   * Simulates {@code pattern} over the endpoints of {@code table}.
   *
   * @throws IllegalArgumentException if the communicator is larger than the endpoints or too small
   *     for the pattern
   * @throws UnroutablePairsException if the routing leaves endpoint pairs unroutable
   */
  public static SimulationResult simulate(
      PathTable table, PatternSpec pattern, Metric metric, SimulationOptions options) {
    int commSize = communicatorSize(table, pattern, options);
    requireRoutable(table);
    Pattern fixed = isRandom(pattern) ? null : pattern.generate(commSize, new SplittableRandom(0));
    int[] bfsOrder =
        options.subset() == NodeSubset.LINEAR_BFS
            ? NodeSubset.linearBfsOrder(table.endPorts())
            : null;
    int numRuns = options.numRuns();
    double[] runValues = new double[numRuns];
    int threads = Math.min(options.threads(), (numRuns + RUNS_PER_CHUNK - 1) / RUNS_PER_CHUNK);
    Worker[] workers = new Worker[Math.max(1, threads)];
    BoundedDraws draws = new BoundedDraws(Math.max(table.numEndpoints(), commSize));
    PackedPaths hops = table.packedPaths();
    for (int t = 0; t < workers.length; t++) {
      workers[t] =
          new Worker(
              table, hops, true, pattern, fixed, metric, options, commSize, bfsOrder, runValues,
              draws);
    }
    runAll(workers, numRuns);
    long[] histogram = new long[0];
    long[] channelCongestion =
        metric == Metric.GET_CABLE_CONG ? new long[table.fabric().numPortSlots()] : null;
    for (Worker w : workers) {
      if (w.histogram.length > histogram.length) {
        histogram = Arrays.copyOf(histogram, w.histogram.length);
      }
      for (int i = 0; i < w.histogram.length; i++) {
        histogram[i] += w.histogram[i];
      }
      if (channelCongestion != null) {
        for (int c = 0; c < channelCongestion.length; c++) {
          channelCongestion[c] += w.channelLoad[c];
        }
      }
    }
    return new SimulationResult(pattern, metric, commSize, runValues, histogram, channelCongestion);
  }

  /** The communicator's size: the option's, or every endpoint; checked against the pattern. */
  private static int communicatorSize(
      PathTable table, PatternSpec pattern, SimulationOptions options) {
    int numEndpoints = table.numEndpoints();
    int commSize = options.commSize() == 0 ? numEndpoints : options.commSize();
    if (commSize > numEndpoints) {
      throw new IllegalArgumentException(
          "a communicator of "
              + commSize
              + " ranks exceeds the "
              + numEndpoints
              + " endpoints of "
              + table.fabric());
    }
    if (commSize < pattern.minCommSize()) {
      throw new IllegalArgumentException(
          "pattern "
              + pattern
              + " needs at least "
              + pattern.minCommSize()
              + " ranks, the communicator has "
              + commSize);
    }
    return commSize;
  }

  /**
   * Runs {@code 0..numRuns-1} on the workers, one thread each (the caller's when there is one),
   * taking chunks of {@link #RUNS_PER_CHUNK} runs in turn; the first failure stops them all and is
   * rethrown.
   */
  private static void runAll(Worker[] workers, int numRuns) {
    AtomicInteger nextChunk = new AtomicInteger();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread[] pool = new Thread[workers.length];
    for (int t = 0; t < workers.length; t++) {
      Worker w = workers[t];
      pool[t] =
          new Thread(
              () -> {
                try {
                  int chunk;
                  while (failure.get() == null
                      && (chunk = nextChunk.getAndIncrement()) * RUNS_PER_CHUNK < numRuns) {
                    int to = Math.min(numRuns, (chunk + 1) * RUNS_PER_CHUNK);
                    for (int run = chunk * RUNS_PER_CHUNK; run < to; run++) {
                      w.run(run);
                    }
                  }
                } catch (Throwable e) {
                  failure.compareAndSet(null, e);
                }
              },
              "ibrouting-sim-" + t);
    }
    if (pool.length == 1) {
      pool[0].run();
    } else {
      for (Thread t : pool) {
        t.start();
      }
      for (Thread t : pool) {
        try {
          t.join();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted while simulating", e);
        }
      }
    }
    Throwable e = failure.get();
    if (e instanceof RuntimeException re) {
      throw re;
    } else if (e instanceof Error err) {
      throw err;
    }
  }

  /**
   * The effective bisection bandwidth Λ of a routing over all its CA endpoints: {@code numPatterns}
   * random bisect patterns drawn from {@code seed}, on {@link RoutingOptions#defaultThreads()}
   * threads; {@link SimulationResult#mean()} is Λ as a fraction of {@code B·P/2} and {@link
   * SimulationResult#confidence95()} its 95% confidence half-width.
   *
   * @throws UnroutablePairsException when some pair of CA endpoints has no route
   */
  public static SimulationResult effectiveBisectionBandwidth(
      Routing routing, int numPatterns, long seed) {
    return effectiveBisectionBandwidth(routing, SimulationOptions.of(numPatterns, seed));
  }

  /**
   * Λ over all CA endpoints, with {@code options.numRuns()} random bisect patterns, its seed and
   * threads (communicator size, subset and rank order do not apply: every endpoint takes part).
   *
   * @throws UnroutablePairsException when some pair of CA endpoints has no route
   */
  public static SimulationResult effectiveBisectionBandwidth(
      Routing routing, SimulationOptions options) {
    return effectiveBisectionBandwidth(
        PathTable.build(routing, EndPorts.cabledCas(routing.fabric())), options);
  }

  /**
   * Λ over the endpoints of {@code table} (build it once to measure several ways), with {@code
   * options.numRuns()} random bisect patterns, its seed and threads.
   *
   * @throws UnroutablePairsException when some pair of the table's endpoints has no route
   */
  public static SimulationResult effectiveBisectionBandwidth(
      PathTable table, SimulationOptions options) {
    return simulate(
        table,
        PatternSpec.of(PatternSpec.Kind.BISECT),
        Metric.HIST_ACC_BAND,
        new SimulationOptions(
            0, options.numRuns(), NodeSubset.RAND, options.seed(), options.threads(), true));
  }

  /**
   * The congestion of every stream of {@code pattern} with rank {@code r} on endpoint {@code
   * rankToEndpoint[r]}, in stream order (levels one after the other).
   */
  public static int[] streamCongestion(PathTable table, Pattern pattern, int[] rankToEndpoint) {
    if (rankToEndpoint.length < pattern.commSize()) {
      throw new IllegalArgumentException(
          "the mapping covers "
              + rankToEndpoint.length
              + " ranks, the pattern has "
              + pattern.commSize());
    }
    int[] weights = new int[pattern.numStreams()];
    Worker w =
        new Worker(
            table,
            null,
            false,
            null,
            pattern,
            Metric.HIST_MAX_CONG,
            SimulationOptions.of(1, 0),
            pattern.commSize(),
            null,
            new double[1],
            null);
    for (int level = 0; level < pattern.numLevels(); level++) {
      w.simulateLevel(pattern, level, rankToEndpoint, weights);
    }
    return weights;
  }

  static void requireRoutable(PathTable table) {
    if (table.numUnroutablePairs() > 0) {
      throw new UnroutablePairsException(
          "routing '"
              + table.routing().engineName()
              + "' leaves "
              + table.numUnroutablePairs()
              + " of "
              + (long) table.numEndpoints() * (table.numEndpoints() - 1)
              + " endpoint pairs unroutable, e.g.\n  "
              + String.join("\n  ", table.unroutableSamples()),
          table.numUnroutablePairs());
    }
  }

  private static boolean isRandom(PatternSpec spec) {
    return spec.kind() == PatternSpec.Kind.RAND
        || spec.kind() == PatternSpec.Kind.PTRNVSPTRN
            && (isRandom(spec.first()) || isRandom(spec.second()));
  }

  /** A 64-bit mix of (seed, run), so that neighbouring runs get unrelated generators. */
  static long runSeed(long seed, int run) {
    long z = seed + 0x9E3779B97F4A7C15L * (run + 1L);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** One thread's state, reused across runs and levels. */
  private static final class Worker {
    private final PathTable table;
    private final PackedPaths hops;

    /** Whether the rank maps send no two ranks to one endpoint. */
    private final boolean injectiveMap;

    private final PatternSpec spec;
    private final Pattern fixed;
    private final Metric metric;
    private final SimulationOptions options;
    private final int commSize;
    private final int[] bfsOrder;
    private final double[] runValues;
    private final BoundedDraws draws;

    private final ChannelCongestion congestion;

    private final int[] endpointPool;
    private final int[] rankToEndpoint;
    private int[] pathBuffer = new int[0];
    private int[] pathLength = new int[0];
    private long[] packed = new long[0];
    private int[] senders = new int[0];
    private int[] receivers = new int[0];
    private int[] weights = new int[0];
    private long[] ready = new long[0];
    long[] histogram = new long[16];
    final long[] channelLoad;

    Worker(
        PathTable table,
        PackedPaths hops,
        boolean injectiveMap,
        PatternSpec spec,
        Pattern fixed,
        Metric metric,
        SimulationOptions options,
        int commSize,
        int[] bfsOrder,
        double[] runValues,
        BoundedDraws draws) {
      this.table = table;
      this.hops = hops;
      this.injectiveMap = injectiveMap;
      this.spec = spec;
      this.fixed = fixed;
      this.metric = metric;
      this.options = options;
      this.commSize = commSize;
      this.bfsOrder = bfsOrder;
      this.runValues = runValues;
      this.draws = draws;
      this.congestion = new ChannelCongestion(table.fabric().numPortSlots());
      this.endpointPool = new int[table.numEndpoints()];
      this.rankToEndpoint = new int[commSize];
      this.channelLoad =
          metric == Metric.GET_CABLE_CONG ? new long[table.fabric().numPortSlots()] : null;
    }

    void run(int run) {
      long seed = runSeed(options.seed(), run);
      SplittableRandom random = fixed != null ? null : new SplittableRandom(seed);
      Pattern pattern = fixed != null ? fixed : spec.generate(commSize, random);
      mapRanks(random, seed);
      if (weights.length < pattern.numStreams()) {
        weights = new int[pattern.numStreams()];
      }
      long sumMax = 0;
      double inverseSum = 0;
      for (int level = 0; level < pattern.numLevels(); level++) {
        simulateLevel(pattern, level, rankToEndpoint, weights);
        int levelMax = 0;
        for (int k = pattern.levelStart(level); k < pattern.levelStart(level + 1); k++) {
          int w = weights[k];
          levelMax = Math.max(levelMax, w);
          inverseSum += w < INVERSES.length ? INVERSES[w] : 1.0 / w;
          if (w >= histogram.length) {
            histogram = Arrays.copyOf(histogram, Math.max(w + 1, histogram.length * 2));
          }
          histogram[w]++;
        }
        sumMax += levelMax;
      }
      runValues[run] =
          switch (metric) {
            case SUM_MAX_CONG -> sumMax;
            case DEP_MAX_DELAY -> dependencyDelay(pattern);
            default -> pattern.numStreams() == 0 ? 1.0 : inverseSum / pattern.numStreams();
          };
    }

    /**
     * Draws the run's rank map from {@code random}, or when the pattern drew nothing (null) from
     * {@code new SplittableRandom(seed)}.
     */
    private void mapRanks(SplittableRandom random, long seed) {
      int numEndpoints = endpointPool.length;
      if (bfsOrder != null) {
        System.arraycopy(bfsOrder, 0, rankToEndpoint, 0, commSize);
        if (options.shuffleRanks()) {
          shuffle(rankToEndpoint, commSize, random != null ? random : new SplittableRandom(seed));
        }
        return;
      }
      // a partial Fisher-Yates draw of commSize endpoints in random order; the pool restarts from
      // the identity every run so that the result does not depend on earlier runs of this thread
      for (int e = 0; e < numEndpoints; e++) {
        endpointPool[e] = e;
      }
      if (options.shuffleRanks() || commSize < numEndpoints) {
        if (random != null) {
          draws.shuffle(random, endpointPool, numEndpoints, commSize);
        } else {
          draws.shuffle(seed, endpointPool, numEndpoints, commSize);
        }
      }
      System.arraycopy(endpointPool, 0, rankToEndpoint, 0, commSize);
    }

    private void shuffle(int[] a, int n, SplittableRandom random) {
      for (int i = n - 1; i > 0; i--) {
        int j = draws.nextInt(random, i + 1);
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
      }
    }

    /** Fills {@code out[k]} with the congestion of every stream k of one level. */
    void simulateLevel(Pattern pattern, int level, int[] map, int[] out) {
      int from = pattern.levelStart(level);
      int to = pattern.levelStart(level + 1);
      int numStreams = to - from;
      int maxPath = table.maxPathLength();
      if (pathBuffer.length < numStreams * maxPath) {
        pathBuffer = new int[numStreams * maxPath];
      }
      if (senders.length < numStreams) {
        senders = new int[numStreams];
        receivers = new int[numStreams];
        pathLength = new int[numStreams];
        packed = new long[numStreams];
      }
      for (int k = 0; k < numStreams; k++) {
        senders[k] = map[pattern.sender(from + k)];
        receivers[k] = map[pattern.receiver(from + k)];
      }
      int[] buffer = pathBuffer;
      int[] length = pathLength;
      // with no endpoint sending or receiving twice, a stream alone uses its first and last channel
      boolean endsAlone = injectiveMap && pattern.oneToOne(level);
      congestion.startLevel(numStreams);
      boolean fast = hops != null && endsAlone && channelLoad == null;
      if (fast && hops.congestion(senders, receivers, numStreams, packed, congestion, out, from)) {
        return;
      }
      // stream k's channels are buffer[k * maxPath .. k * maxPath + length[k])
      if (hops != null) {
        hops.paths(
            senders, receivers, numStreams, buffer, maxPath, length, packed, congestion, endsAlone);
      } else {
        table.paths(senders, receivers, numStreams, buffer, maxPath, length);
      }
      int unroutable =
          congestion.measure(
              buffer, maxPath, length, numStreams, hops != null, endsAlone, out, from);
      if (unroutable >= 0) {
        throw new IllegalStateException(table.describe(senders[unroutable], receivers[unroutable]));
      }
      if (channelLoad != null) {
        for (int k = 0; k < numStreams; k++) {
          for (int i = k * maxPath, end = i + length[k]; i < end; i++) {
            channelLoad[buffer[i]]++;
          }
        }
      }
    }

    /**
     * The longest congestion-weighted dependency chain through the first pattern: a rank may send
     * once every stream it received in an earlier level has arrived; a stream takes as long as its
     * congestion. ORCS links a send only to receives of the level just before; a rank here keeps
     * everything it received, which is what a collective's data dependencies mean.
     */
    private double dependencyDelay(Pattern pattern) {
      int first = pattern.firstCommSize();
      if (ready.length < pattern.commSize()) {
        ready = new long[pattern.commSize()];
      }
      Arrays.fill(ready, 0, pattern.commSize(), 0);
      long longest = 0;
      long[] arrival = new long[0];
      for (int level = 0; level < pattern.numLevels(); level++) {
        int from = pattern.levelStart(level);
        int to = pattern.levelStart(level + 1);
        if (arrival.length < to - from) {
          arrival = new long[to - from];
        }
        for (int k = from; k < to; k++) {
          int s = pattern.sender(k);
          int d = pattern.receiver(k);
          arrival[k - from] = s < first && d < first ? ready[s] + weights[k] : -1;
        }
        for (int k = from; k < to; k++) {
          long t = arrival[k - from];
          if (t >= 0) {
            int d = pattern.receiver(k);
            ready[d] = Math.max(ready[d], t);
            longest = Math.max(longest, t);
          }
        }
      }
      return longest;
    }
  }
}
