package org.ibrouting.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost model's baseline for the comparison a shortest-path search makes per link (RESULTS.md):
 * the least of a switch's candidate distances, each the far switch's distance, read through the
 * link's far end, plus the link's weight, with the link that gives it. A tree grown by hop levels
 * (sssp, dfsssp, sar) makes it once per link from the level before, and nue's scan once per
 * dependency it relaxes. Three plain ways to write it: one running least with a branch ({@link
 * #leastWithBranch}), without one ({@link #leastWithoutBranch}), and four running leasts over
 * alternate candidates merged at the end ({@link #leastOfFourChains}), so that the comparisons need
 * not wait for each other; the model takes the fastest. The data stay in the L1 and L2 caches
 * (2,048 distances, 16 KiB; 32,768 links, 384 KiB), and the candidates come in random order, as
 * route loads make them, so the running least changes about ln 32 times per switch at places no
 * predictor knows. 32 candidates per switch, as a leaf or a middle switch of a 32-ary 3-tree has
 * from the level before. Each operation is one candidate. Run on one thread: {@code java -jar
 * benchmarks/target/benchmarks.jar SelectBenchmark -t 1}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx1g"})
public class SelectBenchmark {
  /** Candidates per switch, the links of a 32-ary 3-tree's switch from the level before. */
  static final int CANDIDATES = 32;

  /** Switches whose distances the candidates read (16 KiB of longs). */
  static final int SWITCHES = 1 << 11;

  /** Links in all: 1,024 switches' candidates (far ends 128 KiB, weights 256 KiB). */
  static final int LINKS = 1 << 15;

  long[] dist;
  int[] far;
  long[] weight;
  long[] best;
  int[] bestLink;

  /**
   * Distances and weights as sssp starts them (above 2^32) plus a random load of up to 2^20, far
   * ends at random.
   */
  @Setup(Level.Trial)
  public void setUp() {
    SplittableRandom random = new SplittableRandom(7);
    dist = new long[SWITCHES];
    for (int v = 0; v < SWITCHES; v++) {
      dist[v] = (1L << 32) + random.nextLong(1 << 20);
    }
    far = new int[LINKS];
    weight = new long[LINKS];
    for (int l = 0; l < LINKS; l++) {
      far[l] = random.nextInt(SWITCHES);
      weight[l] = (1L << 32) + random.nextLong(1 << 20);
    }
    best = new long[LINKS / CANDIDATES];
    bestLink = new int[LINKS / CANDIDATES];
  }

  /** The least candidate of each switch and its link, kept by a branch on each comparison. */
  @Benchmark
  @OperationsPerInvocation(LINKS)
  public int[] leastWithBranch() {
    long[] d = dist;
    int[] to = far;
    long[] w = weight;
    for (int s = 0, l = 0; s < best.length; s++) {
      long least = Long.MAX_VALUE;
      int from = -1;
      for (int end = l + CANDIDATES; l < end; l++) {
        long candidate = d[to[l]] + w[l];
        if (candidate < least) {
          least = candidate;
          from = l;
        }
      }
      best[s] = least;
      bestLink[s] = from;
    }
    return bestLink;
  }

  /** The same, each comparison's outcome selected without a branch. */
  @Benchmark
  @OperationsPerInvocation(LINKS)
  public int[] leastWithoutBranch() {
    long[] d = dist;
    int[] to = far;
    long[] w = weight;
    for (int s = 0, l = 0; s < best.length; s++) {
      long least = Long.MAX_VALUE;
      int from = -1;
      for (int end = l + CANDIDATES; l < end; l++) {
        long candidate = d[to[l]] + w[l];
        boolean better = candidate < least;
        least = better ? candidate : least;
        from = better ? l : from;
      }
      best[s] = least;
      bestLink[s] = from;
    }
    return bestLink;
  }

  /**
   * The same with four running leasts, each over every fourth candidate, merged at the end (of
   * equal ones the first link): four independent chains of comparisons instead of one.
   */
  @Benchmark
  @OperationsPerInvocation(LINKS)
  public int[] leastOfFourChains() {
    long[] d = dist;
    int[] to = far;
    long[] w = weight;
    for (int s = 0, l = 0; s < best.length; s++, l += CANDIDATES) {
      long least0 = Long.MAX_VALUE;
      long least1 = Long.MAX_VALUE;
      long least2 = Long.MAX_VALUE;
      long least3 = Long.MAX_VALUE;
      int from0 = -1;
      int from1 = -1;
      int from2 = -1;
      int from3 = -1;
      for (int i = l, end = l + CANDIDATES; i < end; i += 4) {
        long c0 = d[to[i]] + w[i];
        long c1 = d[to[i + 1]] + w[i + 1];
        long c2 = d[to[i + 2]] + w[i + 2];
        long c3 = d[to[i + 3]] + w[i + 3];
        if (c0 < least0) {
          least0 = c0;
          from0 = i;
        }
        if (c1 < least1) {
          least1 = c1;
          from1 = i + 1;
        }
        if (c2 < least2) {
          least2 = c2;
          from2 = i + 2;
        }
        if (c3 < least3) {
          least3 = c3;
          from3 = i + 3;
        }
      }
      if (least1 < least0 || least1 == least0 && from1 < from0) {
        least0 = least1;
        from0 = from1;
      }
      if (least3 < least2 || least3 == least2 && from3 < from2) {
        least2 = least3;
        from2 = from3;
      }
      if (least2 < least0 || least2 == least0 && from2 < from0) {
        least0 = least2;
        from0 = from2;
      }
      best[s] = least0;
      bestLink[s] = from0;
    }
    return bestLink;
  }
}
