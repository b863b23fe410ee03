package org.ibrouting.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ibrouting.bench.MemoryBaseline.Level;
import org.ibrouting.bench.MemoryBaseline.Memory;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.AtomicFiles;

/**
 * The cost model of RESULTS.md: how far each engine is from what this machine allows. Measures the
 * memory baseline at each level of the memory hierarchy ({@link MemoryBenchmark}, JMH, one and two
 * threads; the cache sizes from Linux's sysfs), reads the routing times of the scale run ({@code
 * benchmarks/results/scale.csv}, written by {@code side-by-side.sh --scale}), and for the largest
 * fabric each engine routed counts the work it cannot avoid, the bytes that work must move, and the
 * data it keeps re-reading (its working set, which decides the level it streams from), then writes
 * the section between {@code <!-- cost-model:begin -->} and {@code <!-- cost-model:end -->}.
 *
 * <p>Usage: {@code CostModel [--scale-csv FILE] [--results FILE] [--memory FILE] [--lambda-seconds
 * S]}. {@code --memory} reuses a baseline stored by an earlier run (key=value lines) instead of
 * measuring.
 */
public final class CostModel {
  private CostModel() {}

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
    Memory memory = measure ? MemoryBaseline.measure(memoryFile) : MemoryBaseline.load(memoryFile);
    if (Double.isNaN(lambdaSeconds)) {
      lambdaSeconds = measureLambda();
    }
    List<Map<String, String>> scale = readCsv(scaleCsv);
    String section = section(memory, scale, lambdaSeconds, scaleCsv.getFileName().toString());
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
   * The work an engine cannot avoid on a fabric, in its own unit; the bytes it reads and writes
   * again and again within a working set of {@code workingSet} bytes per core (so at the speed of
   * the level that holds it), the bytes it writes once (at main memory's streaming speed), and the
   * cores it can use; {@code what} says how it was counted.
   */
  record Work(
      double units,
      String unit,
      double cachedBytes,
      double workingSet,
      double streamedBytes,
      int cores,
      String what) {
    double bytes() {
      return cachedBytes + streamedBytes;
    }

    /** The working set's level of {@code m}. */
    Level level(Memory m) {
      return m.holding(workingSet, cores);
    }

    /** The seconds the bytes take at least: each part at its level's streaming speed. */
    double limitSeconds(Memory m) {
      return cachedBytes / level(m).read(cores) + streamedBytes / m.main().write(cores);
    }
  }

  /** The model's lower bound of each engine's work (null for engines it does not cover). */
  static Work work(String engine, Sizes s) {
    double entries = s.entries();
    double lids = s.lids();
    double channels = s.channels();
    double switches = s.switches();
    return switch (engine) {
      case "minhop", "updn", "dnup" ->
          new Work(
              entries,
              "LFT entries",
              switches * switches,
              switches * switches,
              entries,
              2,
              "the hop matrix (1 byte per switch pair) built, every LFT entry written once");
      case "ftree" ->
          new Work(entries, "LFT entries", 0, 0, entries, 1, "every LFT entry written once");
      case "sssp", "dfsssp", "sar" ->
          new Work(
              lids * channels,
              "relaxations",
              lids * channels * 12,
              channels * 12 + switches * 48,
              entries * (engine.equals("sssp") ? 1 : 2),
              1,
              "per LID one Dijkstra that reads every link's weight and head (12 bytes; working set the links and"
                  + " 48 bytes of heap and tree per switch)"
                  + (engine.equals("sssp") ? "" : ", then the LFTs read again for the VL walk")
                  + "; sequential by definition (each tree depends on all earlier weights)");
      case "multiupdn" ->
          new Work(
              lids * channels,
              "channel visits",
              lids * channels * 12,
              channels * 12 + switches * 48,
              2 * entries,
              2,
              "per LID one breadth-first search over every channel (neighbour, channel, tree mask: 12 bytes; "
                  + "working set those and 48 bytes per switch), LFTs and SLs written once");
      case "nue" ->
          new Work(
              lids * (channels + switches),
              "cCDG edge visits",
              lids * (channels + switches) * 13,
              (channels + switches) * 13,
              entries,
              1,
              "per LID one Dijkstra on the channel graph that settles one channel per switch and reads its "
                  + "dependencies' class, weight and head (13 bytes); sequential by definition");
      case "lash" ->
          new Work(
              switches * (switches - 1) * 4,
              "path dependencies",
              switches * (switches - 1) * 4 * 4,
              channels * (channels / switches) * 4,
              entries,
              1,
              "every switch pair's two paths (about 2 dependencies each on a 3-tree) counted into a layer "
                  + "(4 bytes each, in a layer's dependency graph of 4 bytes per channel pair that meet at a"
                  + " switch); sequential by definition (first fit, then seeded balancing)");
      case "p2sssp" ->
          new Work(
              s.caLids() * lids * 4,
              "path hops",
              s.caLids() * lids * 4 * 8,
              channels * 8,
              entries,
              1,
              "every (source, destination LID) pair's path (about 4 hops) with its weights updated (8 bytes, "
                  + "working set the links' weights); sequential by definition");
      default -> null;
    };
  }

  /**
   * The section for the scale run {@code scale} (read from {@code results/scaleCsvName}) and the Λ
   * time.
   */
  static String section(
      Memory m, List<Map<String, String>> scale, double lambdaSeconds, String scaleCsvName) {
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
      double limit = w.limitSeconds(m);
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | `%s` | %.3g %s | %.3g GB | %s (%s) | %d | %.2f | %.3g %s/s | %.3g | %.1f |%n",
              engine,
              row.get("fabric"),
              w.units(),
              w.unit(),
              w.bytes() / 1e9,
              size(w.workingSet()),
              w.cachedBytes() == 0 ? "-" : w.level(m).name(),
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
        "Raw figures: [results/"
            + scaleCsvName
            + "](results/"
            + scaleCsvName
            + "), [results/memory.properties](results/memory.properties).\n");
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
            "Memory baseline (`MemoryBenchmark`, JMH; per level an array that fits it, one per thread; cache sizes ")
        .append("from sysfs):\n\n")
        .append(
            "| level | holds per core | read GB/s, 1 / 2 cores | write GB/s, 1 / 2 cores | dependent random read ns | independent random read ns |\n")
        .append("|---|---|---|---|---|---|\n");
    for (Level level : m.levels()) {
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %.1f / %.1f | %.1f / %.1f | %.1f | %.1f |%n",
              level.name(),
              level.capacity() == Long.MAX_VALUE
                  ? "-"
                  : size(level.capacity())
                      + (level.shared() ? " (shared: half each on 2 cores)" : ""),
              level.readBytesPerSecond1() / 1e9,
              level.readBytesPerSecond2() / 1e9,
              level.writeBytesPerSecond1() / 1e9,
              level.writeBytesPerSecond2() / 1e9,
              level.dependentNs(),
              level.independentNs()));
    }
    md.append('\n')
        .append(
            "For each engine, on the largest fabric of the scale run it routed: the work it cannot avoid (counted ")
        .append(
            "from the fabric), the bytes that work must at least move, and its working set: the data it reads ")
        .append(
            "again for every destination, which decides the level those reads stream from. The limit is the ")
        .append(
            "time the re-read bytes take at that level's streaming speed plus the bytes written once (the LFTs) ")
        .append(
            "at main memory's, on the cores the engine can use; the ratio is the measured routing time over ")
        .append(
            "it. A ratio near 1 means the engine runs at this machine's memory speed; what is left above it is ")
        .append("latency (dependent accesses: heaps, searches, walks) and instructions.\n\n");
    md.append(
            "| engine | fabric | minimum work | bytes at least | working set (level) | cores | measured s | throughput | limit s | ratio |\n")
        .append("|---|---|---|---|---|---|---|---|---|---|\n");
  }

  /** A byte count in KiB, MiB or GiB. */
  static String size(double bytes) {
    if (bytes >= 1L << 30) {
      return String.format(Locale.ROOT, "%.1f GiB", bytes / (1L << 30));
    }
    if (bytes >= 1L << 20) {
      return String.format(Locale.ROOT, "%.1f MiB", bytes / (1L << 20));
    }
    return String.format(Locale.ROOT, "%.0f KiB", bytes / (1L << 10));
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
    // 100,000 bisect patterns of 2,048 streams on the 16-ary 3-tree, 6 channels a path on average;
    // the walk reads the LFTs: 768 switches x 4,864 LIDs, a byte each
    double hops = 100_000.0 * 2048 * 6;
    double lfts = 768.0 * 4864;
    Level level = m.holding(lfts, 2);
    double limit = hops * level.independentNs() * 1e-9 / 2;
    md.append(
        String.format(
            Locale.ROOT,
            "| Λ (simulate) | `ktree 16 3`, 100,000 bisect patterns | %.3g flow-hops | - | %s (%s) | 2 | %.2f | %.3g flow-hops/s | %.3g | %.1f |%n",
            hops,
            size(lfts),
            level.name(),
            lambdaSeconds,
            hops / lambdaSeconds,
            limit,
            lambdaSeconds / limit));
    notes.add(
        "- Λ: every stream's path walked through the LFTs, one independent random read per hop at the "
            + "level that holds the LFTs (the latency-bound limit: flow-hops x that read / 2 cores).");
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
