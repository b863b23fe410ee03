package org.ibrouting.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.ibrouting.io.AtomicFiles;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The cost model's machine baseline: {@link MemoryBenchmark} run on one and two threads for every
 * level of the memory hierarchy, with the cache sizes Linux's sysfs gives, and {@link
 * SelectBenchmark} on one thread, stored as key=value lines ({@code
 * benchmarks/results/memory.properties}) so that a later model can reuse it.
 */
final class MemoryBaseline {
  private MemoryBaseline() {}

  /**
   * One level of the memory hierarchy: the bytes one core can keep there ({@code capacity}; for a
   * shared cache, per core when both cores work; {@code assumed} where sysfs gave no size), bytes
   * per second streamed by one and by two cores, and nanoseconds per random access on one core.
   */
  record Level(
      String name,
      long capacity,
      boolean assumed,
      boolean shared,
      double readBytesPerSecond1,
      double readBytesPerSecond2,
      double writeBytesPerSecond1,
      double writeBytesPerSecond2,
      double dependentNs,
      double independentNs) {
    double read(int cores) {
      return cores > 1 ? readBytesPerSecond2 : readBytesPerSecond1;
    }

    double write(int cores) {
      return cores > 1 ? writeBytesPerSecond2 : writeBytesPerSecond1;
    }

    /**
     * Whether a working set of {@code bytes} per core stays in this level when {@code cores} work.
     */
    boolean holds(double bytes, int cores) {
      return bytes <= (shared ? capacity / Math.max(1, cores) : capacity);
    }
  }

  /**
   * The machine baseline: the levels from the L1 data cache to main memory (the last), and the
   * nanoseconds one candidate of a least-distance choice takes on one core ({@link
   * SelectBenchmark}; NaN where the stored baseline predates it).
   */
  record Memory(List<Level> levels, double selectNs) {
    /** Main memory. */
    Level main() {
      return levels.get(levels.size() - 1);
    }

    /** The smallest level that holds a working set of {@code bytes} per core. */
    Level holding(double bytes, int cores) {
      for (Level level : levels) {
        if (level.holds(bytes, cores)) {
          return level;
        }
      }
      return main();
    }
  }

  /** The levels MemoryBenchmark measures, by its {@code elements} parameter (longs per array). */
  static final Map<Integer, String> LEVEL_OF_ELEMENTS =
      Map.of(2048, "L1", 65536, "L2", 1048576, "L3", 67108864, "memory");

  private static final List<String> LEVEL_NAMES = List.of("L1", "L2", "L3", "memory");

  static Memory measure(Path store) throws Exception {
    Properties p = new Properties();
    for (int threads = 1; threads <= 2; threads++) {
      Options options =
          new OptionsBuilder()
              .include(MemoryBenchmark.class.getSimpleName())
              .threads(threads)
              .build();
      Collection<RunResult> runs = new Runner(options).run();
      for (RunResult run : runs) {
        String level =
            LEVEL_OF_ELEMENTS.get(Integer.parseInt(run.getParams().getParam("elements")));
        double nsPerOp = run.getPrimaryResult().getScore();
        // per thread 8 bytes an operation; all threads together move threads x that
        String bytesPerSecond = Double.toString(threads * 8 / (nsPerOp * 1e-9));
        switch (benchmarkMethod(run.getParams().getBenchmark())) {
          case "sequentialRead" ->
              p.setProperty(level + ".read_bytes_per_second_" + threads, bytesPerSecond);
          case "sequentialWrite" ->
              p.setProperty(level + ".write_bytes_per_second_" + threads, bytesPerSecond);
          case "dependentRandomRead" -> {
            if (threads == 1) {
              p.setProperty(level + ".dependent_random_ns", Double.toString(nsPerOp));
            }
          }
          case "independentRandomRead" -> {
            if (threads == 1) {
              p.setProperty(level + ".independent_random_ns", Double.toString(nsPerOp));
            }
          }
          default ->
              throw new IllegalStateException(
                  "unexpected benchmark " + run.getParams().getBenchmark());
        }
      }
    }
    p.setProperty(SELECT_KEY, Double.toString(selectNs()));
    for (int index = 0; index < 4; index++) {
      Path cache = Path.of("/sys/devices/system/cpu/cpu0/cache/index" + index);
      if (Files.isDirectory(cache)) {
        String type = Files.readString(cache.resolve("type")).trim();
        if (!type.equals("Instruction")) {
          String level = "L" + Files.readString(cache.resolve("level")).trim();
          p.setProperty(
              level + ".capacity_bytes",
              Long.toString(sysfsSize(Files.readString(cache.resolve("size")))));
          p.setProperty(
              level + ".shared",
              Boolean.toString(
                  Files.readString(cache.resolve("shared_cpu_list")).trim().matches(".*[-,].*")));
        }
      }
    }
    p.setProperty("measured", LocalDate.now().toString());
    Files.createDirectories(store.toAbsolutePath().getParent());
    StringBuilder text =
        new StringBuilder(
            "# MemoryBenchmark and SelectBenchmark (JMH) and the cache sizes (sysfs), written by CostModel\n");
    for (String key : p.stringPropertyNames().stream().sorted().toList()) {
      text.append(key).append('=').append(p.getProperty(key)).append('\n');
    }
    AtomicFiles.writeString(store, text.toString());
    return memoryOf(p);
  }

  /** The stored baseline's key of {@link Memory#selectNs}. */
  static final String SELECT_KEY = "select.candidate_ns";

  /** {@link SelectBenchmark} on one thread: its faster way's nanoseconds per candidate. */
  private static double selectNs() throws Exception {
    Options options =
        new OptionsBuilder().include(SelectBenchmark.class.getSimpleName()).threads(1).build();
    double fastest = Double.POSITIVE_INFINITY;
    for (RunResult run : new Runner(options).run()) {
      fastest = Math.min(fastest, run.getPrimaryResult().getScore());
    }
    return fastest;
  }

  /** A sysfs cache size such as {@code 32K}, {@code 1024K} or {@code 32M} in bytes. */
  static long sysfsSize(String text) {
    String t = text.trim();
    char unit = t.charAt(t.length() - 1);
    long scale = unit == 'K' ? 1L << 10 : unit == 'M' ? 1L << 20 : unit == 'G' ? 1L << 30 : 1;
    return Long.parseLong(scale == 1 ? t : t.substring(0, t.length() - 1)) * scale;
  }

  /**
   * The levels of a stored baseline; a cache whose size sysfs did not give holds twice the array
   * MemoryBenchmark measured it with, main memory holds everything.
   */
  static Memory memoryOf(Properties p) {
    List<Level> levels = new ArrayList<>();
    long[] defaultCapacity = {32L << 10, 1L << 20, 16L << 20, Long.MAX_VALUE};
    for (int i = 0; i < LEVEL_NAMES.size(); i++) {
      String name = LEVEL_NAMES.get(i);
      if (p.getProperty(name + ".read_bytes_per_second_1") == null) {
        continue;
      }
      boolean memory = name.equals("memory");
      String sized = p.getProperty(name + ".capacity_bytes");
      long capacity =
          memory ? Long.MAX_VALUE : sized == null ? defaultCapacity[i] : Long.parseLong(sized);
      levels.add(
          new Level(
              name,
              capacity,
              !memory && sized == null,
              !memory
                  && Boolean.parseBoolean(
                      p.getProperty(name + ".shared", Boolean.toString(i == 2))),
              num(p, name + ".read_bytes_per_second_1"),
              num(p, name + ".read_bytes_per_second_2"),
              num(p, name + ".write_bytes_per_second_1"),
              num(p, name + ".write_bytes_per_second_2"),
              num(p, name + ".dependent_random_ns"),
              num(p, name + ".independent_random_ns")));
    }
    if (levels.isEmpty() || !levels.get(levels.size() - 1).name().equals("memory")) {
      throw new IllegalArgumentException(
          "the memory baseline has no main-memory figures (memory.*)");
    }
    return new Memory(levels, num(p, SELECT_KEY));
  }

  /**
   * The method of a JMH benchmark name ({@code ...MemoryBenchmark.independentRandomRead} gives
   * {@code independentRandomRead}; a suffix test would take it for {@code dependentRandomRead}).
   */
  static String benchmarkMethod(String benchmark) {
    return benchmark.substring(benchmark.lastIndexOf('.') + 1);
  }

  static Memory load(Path file) throws IOException {
    Properties p = new Properties();
    try (var in = Files.newBufferedReader(file)) {
      p.load(in);
    }
    return memoryOf(p);
  }

  private static double num(Properties p, String key) {
    return Double.parseDouble(p.getProperty(key, "NaN"));
  }
}
