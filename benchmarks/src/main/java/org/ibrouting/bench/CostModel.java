package org.ibrouting.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.AtomicFiles;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The cost model of RESULTS.md: how far each engine is from what this machine allows. Measures the
 * memory baseline ({@link MemoryBenchmark}, JMH, one and two threads), reads the routing times of
 * the scale run ({@code benchmarks/results/scale.csv}, written by {@code side-by-side.sh --scale}),
 * and for the largest fabric each engine routed counts the work it cannot avoid and the bytes that
 * work must move, then writes the section between {@code <!-- cost-model:begin -->} and {@code <!--
 * cost-model:end -->}.
 *
 * <p>Usage: {@code CostModel [--scale-csv FILE] [--results FILE] [--memory FILE] [--lambda-seconds
 * S]}. {@code --memory} reuses a baseline stored by an earlier run (key=value lines) instead of
 * measuring.
 */
public final class CostModel {
  private CostModel() {}

  /** The memory baseline: bytes per second streamed and nanoseconds per random access. */
  record Memory(
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
  }

  /** Runs the model; see the class comment for the options. */
  public static void main(String[] args) throws Exception {
    Path scaleCsv = Path.of("benchmarks/results/scale.csv");
    Path results = Path.of("benchmarks/RESULTS.md");
    Path memoryFile = Path.of("benchmarks/results/memory.properties");
    boolean measure = true;
    double lambdaSeconds = Double.NaN;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--scale-csv" -> scaleCsv = Path.of(args[++i]);
        case "--results" -> results = Path.of(args[++i]);
        case "--memory" -> {
          memoryFile = Path.of(args[++i]);
          measure = false;
        }
        case "--lambda-seconds" -> lambdaSeconds = Double.parseDouble(args[++i]);
        default ->
            throw new IllegalArgumentException(
                "unknown option "
                    + args[i]
                    + "; usage: CostModel [--scale-csv FILE] [--results FILE] [--memory FILE] [--lambda-seconds S]");
      }
    }
    Memory memory = measure ? measureMemory(memoryFile) : loadMemory(memoryFile);
    if (Double.isNaN(lambdaSeconds)) {
      lambdaSeconds = measureLambda();
    }
    List<Map<String, String>> scale = readCsv(scaleCsv);
    String section = section(memory, scale, lambdaSeconds);
    insertSection(results, section);
    System.out.println(section);
  }

  /**
   * Λ over 100,000 random bisect patterns on the 16-ary 3-tree routed by minhop, on all cores: the
   * median of three runs after one not counted.
   */
  static double measureLambda() throws Exception {
    var routing =
        new org.ibrouting.engines.minhop.MinhopEngine()
            .route(
                SideBySide.buildFabric("ktree 16 3"),
                org.ibrouting.routing.RoutingOptions.defaults());
    var paths =
        org.ibrouting.simulation.PathTable.build(routing, EndPorts.cabledCas(routing.fabric()));
    int threads = Runtime.getRuntime().availableProcessors();
    double[] seconds = new double[3];
    for (int run = -1; run < seconds.length; run++) {
      long start = System.nanoTime();
      org.ibrouting.simulation.Simulator.effectiveBisectionBandwidth(
          paths, org.ibrouting.simulation.SimulationOptions.of(100_000, 1).withThreads(threads));
      if (run >= 0) {
        seconds[run] = (System.nanoTime() - start) / 1e9;
      }
    }
    java.util.Arrays.sort(seconds);
    return seconds[1];
  }

  private static Memory measureMemory(Path store) throws Exception {
    double[] read = new double[3];
    double[] write = new double[3];
    double dependent = Double.NaN;
    double independent = Double.NaN;
    for (int threads = 1; threads <= 2; threads++) {
      Options options =
          new OptionsBuilder()
              .include(MemoryBenchmark.class.getSimpleName())
              .threads(threads)
              .build();
      Collection<RunResult> runs = new Runner(options).run();
      for (RunResult run : runs) {
        String name = run.getParams().getBenchmark();
        double nsPerOp = run.getPrimaryResult().getScore();
        // per thread 8 bytes an operation; all threads together move threads x that
        double bytesPerSecond = threads * 8 / (nsPerOp * 1e-9);
        switch (benchmarkMethod(name)) {
          case "sequentialRead" -> read[threads] = bytesPerSecond;
          case "sequentialWrite" -> write[threads] = bytesPerSecond;
          case "dependentRandomRead" -> dependent = threads == 1 ? nsPerOp : dependent;
          case "independentRandomRead" -> independent = threads == 1 ? nsPerOp : independent;
          default -> throw new IllegalStateException("unexpected benchmark " + name);
        }
      }
    }
    Memory m = new Memory(read[1], read[2], write[1], write[2], dependent, independent);
    Properties p = new Properties();
    p.setProperty("read_bytes_per_second_1", Double.toString(m.readBytesPerSecond1()));
    p.setProperty("read_bytes_per_second_2", Double.toString(m.readBytesPerSecond2()));
    p.setProperty("write_bytes_per_second_1", Double.toString(m.writeBytesPerSecond1()));
    p.setProperty("write_bytes_per_second_2", Double.toString(m.writeBytesPerSecond2()));
    p.setProperty("dependent_random_ns", Double.toString(m.dependentNs()));
    p.setProperty("independent_random_ns", Double.toString(m.independentNs()));
    p.setProperty("measured", LocalDate.now().toString());
    Files.createDirectories(store.toAbsolutePath().getParent());
    StringBuilder text = new StringBuilder("# MemoryBenchmark (JMH), written by CostModel\n");
    for (String key : p.stringPropertyNames().stream().sorted().toList()) {
      text.append(key).append('=').append(p.getProperty(key)).append('\n');
    }
    AtomicFiles.writeString(store, text.toString());
    return m;
  }

  /**
   * The method of a JMH benchmark name ({@code ...MemoryBenchmark.independentRandomRead} gives
   * {@code independentRandomRead}; a suffix test would take it for {@code dependentRandomRead}).
   */
  static String benchmarkMethod(String benchmark) {
    return benchmark.substring(benchmark.lastIndexOf('.') + 1);
  }

  private static Memory loadMemory(Path file) throws IOException {
    Properties p = new Properties();
    try (var in = Files.newBufferedReader(file)) {
      p.load(in);
    }
    return new Memory(
        num(p, "read_bytes_per_second_1"),
        num(p, "read_bytes_per_second_2"),
        num(p, "write_bytes_per_second_1"),
        num(p, "write_bytes_per_second_2"),
        num(p, "dependent_random_ns"),
        num(p, "independent_random_ns"));
  }

  private static double num(Properties p, String key) {
    return Double.parseDouble(p.getProperty(key, "NaN"));
  }

  /** The sizes the model needs: switches, routed LIDs, switch-to-switch channels, CA LIDs. */
  record Sizes(long switches, long lids, long channels, long caLids) {
    static Sizes of(Fabric fabric) {
      long channels = 0;
      for (int sw = 0; sw < fabric.numSwitches(); sw++) {
        for (int i = 0; i < fabric.outDegree(sw); i++) {
          int head = fabric.channelHead(fabric.outChannel(sw, i));
          channels += head < fabric.numSwitches() && head != sw ? 1 : 0;
        }
      }
      long lids = 0;
      long caLids = 0;
      for (int node = 0; node < fabric.numNodes(); node++) {
        boolean sw = fabric.isSwitch(node);
        for (int p = sw ? 0 : 1; p <= (sw ? 0 : fabric.numPorts(node)); p++) {
          int port = fabric.port(node, p);
          if (fabric.baseLid(port) != 0) {
            lids += 1L << fabric.lmc(port);
            caLids += sw ? 0 : 1L << fabric.lmc(port);
          }
        }
      }
      return new Sizes(fabric.numSwitches(), lids, channels, caLids);
    }

    long entries() {
      return switches * lids;
    }
  }

  /**
   * The work an engine cannot avoid on a fabric, in its own unit, the bytes that work must move at
   * least, and the cores it can use; {@code what} says how it was counted.
   */
  record Work(double units, String unit, double bytes, int cores, String what) {}

  /** The model's lower bound of each engine's work (null for engines it does not cover). */
  static Work work(String engine, Sizes s) {
    double entries = s.entries();
    return switch (engine) {
      case "minhop", "updn", "dnup" ->
          new Work(
              entries,
              "LFT entries",
              (double) s.switches() * s.switches() + entries,
              2,
              "the hop matrix (1 byte per switch pair) written and every LFT entry written once");
      case "ftree" -> new Work(entries, "LFT entries", entries, 1, "every LFT entry written once");
      case "sssp", "dfsssp", "sar" ->
          new Work(
              (double) s.lids() * s.channels(),
              "relaxations",
              (double) s.lids() * s.channels() * 12 + entries * (engine.equals("sssp") ? 1 : 2),
              1,
              "per LID one Dijkstra that reads every link's weight and head (12 bytes)"
                  + (engine.equals("sssp") ? "" : ", then the LFTs read again for the VL walk")
                  + "; sequential by definition (each tree depends on all earlier weights)");
      case "multiupdn" ->
          new Work(
              (double) s.lids() * s.channels(),
              "channel visits",
              (double) s.lids() * s.channels() * 12 + 2 * entries,
              2,
              "per LID one breadth-first search over every channel (neighbour, channel, tree mask: 12 bytes), "
                  + "LFTs and SLs written once");
      case "nue" ->
          new Work(
              (double) s.lids() * (s.channels() + s.switches()),
              "cCDG edge visits",
              (double) s.lids() * (s.channels() + s.switches()) * 13 + entries,
              1,
              "per LID one Dijkstra on the channel graph that settles one channel per switch and reads its "
                  + "dependencies' class, weight and head (13 bytes); sequential by definition");
      case "lash" ->
          new Work(
              (double) s.switches() * (s.switches() - 1) * 4,
              "path dependencies",
              (double) s.switches() * (s.switches() - 1) * 4 * 4 + entries,
              1,
              "every switch pair's two paths (about 2 dependencies each on a 3-tree) counted into a layer "
                  + "(4 bytes each); sequential by definition (first fit, then seeded balancing)");
      case "p2sssp" ->
          new Work(
              (double) s.caLids() * s.lids() * 4,
              "path hops",
              (double) s.caLids() * s.lids() * 4 * 8 + entries,
              1,
              "every (source, destination LID) pair's path (about 4 hops) with its weights updated (8 bytes); "
                  + "sequential by definition");
      default -> null;
    };
  }

  static String section(Memory m, List<Map<String, String>> scale, double lambdaSeconds) {
    StringBuilder md = new StringBuilder();
    intro(md, m);
    List<String> notes = new ArrayList<>();
    for (Map.Entry<String, Map<String, String>> e : largestRouted(scale).entrySet()) {
      String engine = e.getKey();
      Map<String, String> row = e.getValue();
      Fabric fabric = SideBySide.buildFabric(row.get("fabric"));
      Work w = work(engine, Sizes.of(fabric));
      if (w == null) {
        continue;
      }
      double seconds = Double.parseDouble(row.get("seconds"));
      double limit = w.bytes() / m.read(w.cores());
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | `%s` | %.3g %s | %.3g GB | %d | %.2f | %.3g %s/s | %.3g | %.1f |%n",
              engine,
              row.get("fabric"),
              w.units(),
              w.unit(),
              w.bytes() / 1e9,
              w.cores(),
              seconds,
              w.units() / seconds,
              w.unit(),
              limit,
              seconds / limit));
      notes.add("- " + engine + ": " + w.what() + ".");
    }
    if (!Double.isNaN(lambdaSeconds)) {
      lambdaRow(md, notes, m, lambdaSeconds);
    }
    md.append('\n').append(String.join("\n", notes)).append("\n\n");
    md.append(
        "Raw figures: [results/scale.csv](results/scale.csv), [results/memory.properties](results/memory.properties).\n");
    md.append("<!-- cost-model:end -->\n");
    return md.toString();
  }

  /** The section's heading, machine, memory baseline, explanation and table head. */
  private static void intro(StringBuilder md, Memory m) {
    md.append(
        "<!-- cost-model:begin (written by benchmarks/side-by-side.sh --scale through CostModel; edits here are overwritten) -->\n");
    md.append("## Cost model: how far each engine is from this machine's limit\n\n");
    md.append(SideBySideReport.runOn());
    md.append(
        String.format(
            Locale.ROOT,
            "Memory baseline (`MemoryBenchmark`, JMH, 512 MiB per thread): streaming "
                + "read %.1f GB/s on one core, %.1f GB/s on two; streaming write %.1f / %.1f GB/s; a dependent random "
                + "read (pointer chase) %.0f ns, an independent one %.1f ns.%n%n",
            m.readBytesPerSecond1() / 1e9,
            m.readBytesPerSecond2() / 1e9,
            m.writeBytesPerSecond1() / 1e9,
            m.writeBytesPerSecond2() / 1e9,
            m.dependentNs(),
            m.independentNs()));
    md.append(
            "For each engine, on the largest fabric of the scale run it routed: the work it cannot avoid (counted ")
        .append(
            "from the fabric), the bytes that work must at least move, and the time those bytes take at the ")
        .append(
            "streaming bandwidth of the cores the engine can use (the limit); the ratio is the measured routing ")
        .append(
            "time over that limit. A ratio near 1 means the engine runs at this machine's memory speed; what is ")
        .append(
            "left above it is latency (dependent accesses: heaps, searches, walks) and instructions.\n\n");
    md.append(
            "| engine | fabric | minimum work | bytes at least | cores | measured s | throughput | limit s | ratio |\n")
        .append("|---|---|---|---|---|---|---|---|---|\n");
  }

  /** Per engine, the row of the scale run with the most CAs it routed. */
  private static Map<String, Map<String, String>> largestRouted(List<Map<String, String>> scale) {
    Map<String, Map<String, String>> largest = new LinkedHashMap<>();
    for (Map<String, String> row : scale) {
      if (!"ok".equals(row.get("status"))) {
        continue;
      }
      Map<String, String> best = largest.get(row.get("engine"));
      if (best == null || Long.parseLong(row.get("cas")) > Long.parseLong(best.get("cas"))) {
        largest.put(row.get("engine"), row);
      }
    }
    return largest;
  }

  /** The row of the Λ simulation on the 16-ary 3-tree against its latency-bound limit. */
  private static void lambdaRow(
      StringBuilder md, List<String> notes, Memory m, double lambdaSeconds) {
    // 100,000 bisect patterns of 2,048 streams on the 16-ary 3-tree, 6 channels a path on average
    double hops = 100_000.0 * 2048 * 6;
    double limit = hops * m.independentNs() * 1e-9 / 2;
    md.append(
        String.format(
            Locale.ROOT,
            "| Λ (simulate) | `ktree 16 3`, 100,000 bisect patterns | %.3g flow-hops | - | 2 | %.2f | %.3g flow-hops/s | %.3g | %.1f |%n",
            hops,
            lambdaSeconds,
            hops / lambdaSeconds,
            limit,
            lambdaSeconds / limit));
    notes.add(
        "- Λ: every stream's path walked through the LFTs, one independent random read per hop "
            + "(the latency-bound limit: flow-hops x independent random read / 2 cores).");
  }

  private static List<Map<String, String>> readCsv(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file);
    String[] header = splitCsv(lines.get(0));
    List<Map<String, String>> rows = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = splitCsv(line);
      Map<String, String> row = new LinkedHashMap<>();
      for (int i = 0; i < header.length && i < cells.length; i++) {
        row.put(header[i], cells[i]);
      }
      rows.add(row);
    }
    return rows;
  }

  /** Splits one CSV line as SideBySide writes it (fields quoted with double quotes when needed). */
  static String[] splitCsv(String line) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          cell.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          cell.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        cells.add(cell.toString());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    cells.add(cell.toString());
    return cells.toArray(new String[0]);
  }

  static void insertSection(Path file, String section) throws IOException {
    String text = Files.exists(file) ? Files.readString(file) : "";
    int begin = text.indexOf("<!-- cost-model:begin");
    int end = text.indexOf("<!-- cost-model:end -->");
    String updated;
    if (begin >= 0 && end > begin) {
      updated =
          text.substring(0, begin)
              + section
              + text.substring(end + "<!-- cost-model:end -->\n".length());
    } else {
      int after = text.indexOf("<!-- side-by-side:end -->\n");
      updated =
          after < 0
              ? text + "\n" + section
              : text.substring(0, after + "<!-- side-by-side:end -->\n".length())
                  + "\n"
                  + section
                  + text.substring(after + "<!-- side-by-side:end -->\n".length());
    }
    AtomicFiles.writeString(file, updated);
  }
}
