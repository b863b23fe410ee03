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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What this machine's memory allows, as the baseline of the cost model in RESULTS.md, at each level
 * of the memory hierarchy: for an array that fits the L1 data cache (16 KiB), the L2 (512 KiB), the
 * L3 (8 MiB per thread) and one far beyond every cache (512 MiB), streaming reads and writes in
 * bytes per second, and dependent random reads (a pointer chase through a random cycle) and
 * independent random reads in nanoseconds per access. Run with {@code -t 1} and {@code -t 2} for
 * one and both cores, e.g. {@code java -jar benchmarks/target/benchmarks.jar MemoryBenchmark -t 2};
 * every thread walks its own arrays. Each operation is one 8-byte element.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx4g"})
public class MemoryBenchmark {
  /**
   * Elements per array, a power of two: 2^11 longs = 16 KiB (L1), 2^16 = 512 KiB (L2), 2^20 = 8 MiB
   * (L3), 2^26 = 512 MiB (main memory); one array per thread.
   */
  @Param({"2048", "65536", "1048576", "67108864"})
  public int elements;

  private static final int STREAM_ELEMENTS = 1 << 26;
  private static final int CHASE_STEPS = 1 << 20;

  private long[] data;
  private int[] next;

  /** Fills the array and a random single cycle over an int array of as many elements. */
  @Setup(Level.Trial)
  public void setUp() {
    data = new long[elements];
    for (int i = 0; i < elements; i++) {
      data[i] = i;
    }
    int n = elements;
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    SplittableRandom random = new SplittableRandom(7);
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    next = new int[n];
    for (int i = 0; i < n; i++) {
      next[order[i]] = order[(i + 1) % n];
    }
  }

  /** Sums the array, 2^26 elements in all: sequential read bandwidth (ns per 8 bytes). */
  @Benchmark
  @OperationsPerInvocation(STREAM_ELEMENTS)
  public long sequentialRead() {
    long sum = 0;
    long[] a = data;
    for (int pass = STREAM_ELEMENTS / a.length; pass > 0; pass--) {
      for (int i = 0; i < a.length; i++) {
        sum += a[i];
      }
    }
    return sum;
  }

  /** Writes the array, 2^26 elements in all: sequential write bandwidth (ns per 8 bytes). */
  @Benchmark
  @OperationsPerInvocation(STREAM_ELEMENTS)
  public long[] sequentialWrite() {
    long[] a = data;
    for (int pass = STREAM_ELEMENTS / a.length; pass > 0; pass--) {
      for (int i = 0; i < a.length; i++) {
        a[i] = i + pass;
      }
    }
    return a;
  }

  /** Follows a random cycle: the latency of one dependent random access (ns). */
  @Benchmark
  @OperationsPerInvocation(CHASE_STEPS)
  public int dependentRandomRead() {
    int at = 0;
    int[] n = next;
    for (int step = 0; step < CHASE_STEPS; step++) {
      at = n[at];
    }
    return at;
  }

  /**
   * Reads at positions known in advance (from the cycle array): independent random accesses (ns
   * each).
   */
  @Benchmark
  @OperationsPerInvocation(CHASE_STEPS)
  public long independentRandomRead() {
    long sum = 0;
    long[] a = data;
    int[] n = next;
    int mask = n.length - 1;
    for (int step = 0; step < CHASE_STEPS; step++) {
      sum += a[n[step & mask]];
    }
    return sum;
  }
}
