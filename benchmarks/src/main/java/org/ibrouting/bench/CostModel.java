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

/**
 * The cost model of RESULTS.md: how far each engine is from what this machine allows. Measures the
 * memory baseline at each level of the memory hierarchy ({@link MemoryBenchmark}, JMH, one and two
 * threads; the cache sizes from Linux's sysfs), reads the routing times of the scale run ({@code
 * benchmarks/results/scale.csv}, written by {@code side-by-side.sh --scale}), and for the largest
 * fabric each engine routed (and the 32-ary 3-tree) counts the work it cannot avoid, the bytes that
 * work must move, the data it keeps re-reading (its working set, which decides the level it streams
 * from) and the random reads it cannot avoid (each at its level's measured latency), then writes
 * the section between {@code <!-- cost-model:begin -->} and {@code <!-- cost-model:end -->} (each
 * engine's time against its limit) and {@code results/cost-model.md} beside the scale CSV (the
 * baseline, the counts, every row). The search engines' comparisons are priced at {@link
 * SelectBenchmark}'s time per candidate.
 *
 * <p>The work per engine is {@link MinimumWork}'s. Usage: {@code CostModel [--scale-csv FILE]
 * [--results FILE] [--memory FILE] [--lambda-seconds S]}. {@code --memory} reuses a baseline stored
 * by an earlier run (key=value lines) instead of measuring; with it and {@code --lambda-seconds}
 * nothing is measured and the section keeps its "Run on" line.
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
    boolean measuredLambda = Double.isNaN(lambdaSeconds);
    if (measuredLambda) {
      lambdaSeconds = measureLambda();
    }
    List<Map<String, String>> scale = readCsv(scaleCsv);
    // measuring nothing, the figures are those of the run the section reports
    String runLine =
        measure || measuredLambda
            ? SideBySideReport.runOn().trim()
            : ReportSections.runLine(results, "cost-model");
    Texts texts = texts(memory, scale, lambdaSeconds, scaleCsv.getFileName().toString(), runLine);
    ReportSections.write(
        results,
        "cost-model",
        texts.section(),
        scaleCsv.resolveSibling("cost-model.md"),
        texts.detail(),
        "side-by-side");
    System.out.println(texts.section());
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

  /** The anchor of the section in RESULTS.md. */
  static final String ANCHOR = "cost-model-how-far-each-engine-is-from-this-machines-limit";

  /** The section of RESULTS.md and the text of its detail file {@code results/cost-model.md}. */
  record Texts(String section, String detail) {}

  /**
   * The section and detail file for the scale run {@code scale} (read from {@code
   * results/scaleCsvName}) and the Λ time, under {@code runLine} ("Run on DATE: MACHINE.").
   */
  static Texts texts(
      Memory m,
      List<Map<String, String>> scale,
      double lambdaSeconds,
      String scaleCsvName,
      String runLine) {
    StringBuilder md = new StringBuilder();
    StringBuilder summary = new StringBuilder();
    intro(md, m, runLine);
    List<String> notes = new ArrayList<>();
    for (Map.Entry<String, List<Map<String, String>>> e : rowsPerEngine(scale).entrySet()) {
      String engine = e.getKey();
      MinimumWork.Work w = null;
      for (Map<String, String> row : e.getValue()) {
        w = MinimumWork.of(engine, MinimumWork.Sizes.of(SideBySide.buildFabric(row.get("fabric"))));
        if (w == null) {
          break;
        }
        double seconds = Double.parseDouble(row.get("seconds"));
        double limit = w.limitSeconds(m);
        double choices = w.selectSeconds(m);
        md.append(
            String.format(
                Locale.ROOT,
                "| %s | `%s` | %.3g %s | %.3g GB | %s (%s) | %s | %d | %.2f | %.3g %s/s | %.3g | %s | %.3g | %.2f |%n",
                engine,
                row.get("fabric"),
                w.units(),
                w.unit(),
                w.bytes() / 1e9,
                size(w.workingSet()),
                w.cachedBytes() == 0 ? "-" : w.level(m).name(),
                randomReads(w.random(), m, w.cores()),
                w.cores(),
                seconds,
                w.units() / seconds,
                w.unit(),
                w.streamingSeconds(m),
                choices == 0 ? "-" : String.format(Locale.ROOT, "%.3g", choices),
                limit,
                seconds / limit));
        if (row == e.getValue().get(0)) {
          summary.append(
              String.format(
                  Locale.ROOT,
                  "| %s | `%s` | %.2f | %.3g | %.2f |%n",
                  engine,
                  row.get("fabric"),
                  seconds,
                  limit,
                  seconds / limit));
        }
      }
      if (w != null) {
        notes.add("- " + engine + ": " + w.what() + ".");
      }
    }
    if (!Double.isNaN(lambdaSeconds)) {
      double limit = lambdaRow(md, notes, m, lambdaSeconds);
      summary.append(
          String.format(
              Locale.ROOT,
              "| Λ (simulate) | `ktree 16 3`, 100,000 bisect patterns | %.2f | %.3g | %.2f |%n",
              lambdaSeconds,
              limit,
              lambdaSeconds / limit));
    }
    md.append('\n').append(String.join("\n", notes)).append("\n\n");
    md.append(
        "Raw figures: ["
            + scaleCsvName
            + "]("
            + scaleCsvName
            + "), "
            + "[memory.properties](memory.properties).\n");
    return new Texts(section(summary, scaleCsvName, runLine), md.toString());
  }

  /** The section of RESULTS.md around the summary table's rows. */
  private static String section(StringBuilder rows, String scaleCsvName, String runLine) {
    return "<!-- cost-model:begin (written by benchmarks/side-by-side.sh --scale through CostModel;"
        + " edits here are overwritten) -->\n"
        + "## Cost model: how far each engine is from this machine's limit\n\n"
        + "Reproduce: `benchmarks/side-by-side.sh --scale` (after the scale run, `CostModel`"
        + " measures the memory baseline and Λ and reads the run's times; `CostModel --memory"
        + " benchmarks/results/memory.properties --lambda-seconds S` prices them again without"
        + " measuring).\n\n"
        + runLine
        + "\n\nEach engine's routing time against the model limit of the work it cannot avoid on"
        + " this machine (ratio near 1: it works at the machine's speed), on the 32-ary 3-tree or,"
        + " where it did not route that, the largest tree it routed:\n\n"
        + "| engine | fabric | measured s | model limit s | ratio |\n|---|---|---|---|---|\n"
        + rows
        + "\nThe memory baseline, how the model counts each engine's work, and every row with its"
        + " work, bytes, working set and random reads: [results/cost-model.md](results/cost-model.md)."
        + " Raw figures: [results/"
        + scaleCsvName
        + "](results/"
        + scaleCsvName
        + "), [results/memory.properties](results/memory.properties).\n"
        + "<!-- cost-model:end -->\n";
  }

  /** The random reads' cell: their counts, independent / dependent, and the levels they hit. */
  private static String randomReads(MinimumWork.RandomReads r, Memory m, int cores) {
    if (r.independent() == 0 && r.dependent() == 0) {
      return "-";
    }
    return count(r.independent()) + " / " + count(r.dependent()) + " (" + r.levels(m, cores) + ")";
  }

  /** A count in three significant digits, or "0". */
  private static String count(double n) {
    return n == 0 ? "0" : String.format(Locale.ROOT, "%.3g", n);
  }

  /** The detail file's heading, machine, memory baseline, explanation and table head. */
  private static void intro(StringBuilder md, Memory m, String runLine) {
    md.append(
        ReportSections.detailHead(
            "Cost model: how far each engine is from this machine's limit",
            "side-by-side.sh --scale through CostModel",
            ANCHOR));
    md.append(runLine).append("\n\n");
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
                      + (level.shared() ? " (shared: half each on 2 cores)" : "")
                      + (level.assumed() ? " (assumed: sysfs gives no size)" : ""),
              level.readBytesPerSecond1() / 1e9,
              level.readBytesPerSecond2() / 1e9,
              level.writeBytesPerSecond1() / 1e9,
              level.writeBytesPerSecond2() / 1e9,
              level.dependentNs(),
              level.independentNs()));
    }
    if (!Double.isNaN(m.selectNs())) {
      md.append('\n')
          .append(
              String.format(
                  Locale.ROOT,
                  "Least-distance choice (`SelectBenchmark`, JMH, one core): %.2f ns per candidate, "
                      + "the fastest of one running least with a branch, one without and four "
                      + "merged at the end; each candidate is a far switch's distance read through "
                      + "its link plus the link's weight (L1 and L2), 32 candidates per switch in "
                      + "random order.\n",
                  m.selectNs()));
    }
    md.append('\n');
    explanation(md);
    md.append(
        "Each engine's row on the 32-ary 3-tree, where issue 20 sets most of its targets, comes first.\n\n");
    md.append(
            "| engine | fabric | minimum work | bytes at least | working set (level) | random reads, independent / dependent (levels) | cores | measured s | throughput | streaming limit s | choice limit s | model limit s | ratio |\n")
        .append("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  }

  /** How the table below reads. */
  private static void explanation(StringBuilder md) {
    md.append(
            "For each engine, on the largest fabric of the scale run it routed (and on the 32-ary 3-tree): the work it cannot avoid (counted ")
        .append(
            "from the fabric), the bytes that work must at least move, its working set (the data it reads again ")
        .append(
            "for every destination, which decides the level those reads stream from), and the random reads it ")
        .append(
            "cannot avoid (counted for sssp, dfsssp, sar, multiupdn, nue and Λ): independent ones, whose ")
        .append("addresses are known ahead so the CPU overlaps them, and ")
        .append(
            "dependent ones, each address coming from the read before (a heap's sift, a search). The streaming ")
        .append(
            "limit is the time the re-read bytes take at their level's streaming speed plus the bytes written ")
        .append("once (the LFTs) at main memory's. The model limit prices each random read at the ")
        .append(
            "measured random-read time of the smallest level that holds the data it reads; the independent ")
        .append(
            "reads and the comparisons (next) overlap the streaming (the longest of the three counts) and the dependent reads are added, ")
        .append(
            "all on the cores the engine can use. Adding them assumes a chain does not overlap the rest (a ")
        .append(
            "heap's sift-down ends before the relaxations that follow may change the heap, though their reads ")
        .append(
            "could start earlier), so the model limit is a model of the work's cost, not a proof. The ")
        .append(
            "streaming figures are those of a plain loop reading longs, about one a cycle at every cache ")
        .append(
            "level, not the caches' peak. The search engines must also compare every candidate ")
        .append("distance they read (sssp, dfsssp and sar each level link, nue each dependency it ")
        .append(
            "visits): the choice limit prices each at the measured time per candidate of a least-distance ")
        .append("choice, whose loop does those reads as well. The ")
        .append("ratio is the measured routing time over the model limit: ")
        .append("near 1, the engine does its work at this machine's speed; ")
        .append(
            "above it, the time goes to instructions, to reads the model does not count, or to data kept ")
        .append("further from the core than needed.\n\n");
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

  /** The 32-ary 3-tree, where issue 20 sets most of its targets. */
  static final String TARGET_FABRIC = "ktree 32 3";

  /**
   * Per engine, the rows of the scale run the model reads: the {@link #TARGET_FABRIC} if the engine
   * routed it, then the fabric with the most CAs it routed (once if they are the same).
   */
  static Map<String, List<Map<String, String>>> rowsPerEngine(List<Map<String, String>> scale) {
    Map<String, Map<String, String>> largest = new LinkedHashMap<>();
    Map<String, Map<String, String>> target = new LinkedHashMap<>();
    for (Map<String, String> row : scale) {
      if (!"ok".equals(row.get("status"))) {
        continue;
      }
      String engine = row.get("engine");
      Map<String, String> best = largest.get(engine);
      if (best == null || Long.parseLong(row.get("cas")) > Long.parseLong(best.get("cas"))) {
        largest.put(engine, row);
      }
      if (TARGET_FABRIC.equals(row.get("fabric"))) {
        target.put(engine, row);
      }
    }
    Map<String, List<Map<String, String>>> rows = new LinkedHashMap<>();
    for (Map.Entry<String, Map<String, String>> e : largest.entrySet()) {
      List<Map<String, String>> list = new ArrayList<>();
      Map<String, String> t = target.get(e.getKey());
      if (t != null && t != e.getValue()) {
        list.add(t);
      }
      list.add(e.getValue());
      rows.put(e.getKey(), list);
    }
    return rows;
  }

  /** The row of the Λ simulation on the 16-ary 3-tree; returns its latency-bound limit. */
  private static double lambdaRow(
      StringBuilder md, List<String> notes, Memory m, double lambdaSeconds) {
    // 100,000 bisect patterns of 2,048 streams on the 16-ary 3-tree, 6 channels a path on average;
    // the walk reads the LFTs: 768 switches x 4,864 LIDs, a byte each
    double hops = 100_000.0 * 2048 * 6;
    double lfts = 768.0 * 4864;
    Level level = m.holding(lfts, 2);
    MinimumWork.RandomReads reads = new MinimumWork.RandomReads(hops, lfts, 0, 0);
    double limit = reads.independentSeconds(m, 2);
    md.append(
        String.format(
            Locale.ROOT,
            "| Λ (simulate) | `ktree 16 3`, 100,000 bisect patterns | %.3g flow-hops | - | %s (%s) | %s | 2 | %.2f | %.3g flow-hops/s | - | - | %.3g | %.2f |%n",
            hops,
            size(lfts),
            level.name(),
            randomReads(reads, m, 2),
            lambdaSeconds,
            hops / lambdaSeconds,
            limit,
            lambdaSeconds / limit));
    notes.add(
        "- Λ: every stream's path walked through the LFTs, one independent random read per hop at the "
            + "level that holds the LFTs (the latency-bound limit: flow-hops x that read / 2 cores).");
    return limit;
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
}
