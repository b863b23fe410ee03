package org.ibrouting.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ibrouting.bench.Measurement.Figure;
import org.ibrouting.bench.Measurement.Side;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.interop.OpenSmSimulation;
import org.ibrouting.io.AtomicFiles;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.topology.TopologySpec;

/**
 * The side-by-side comparison with OpenSM 3.3.23: for each reference fabric, generate it, run every
 * OpenSM engine on it under ibsim (once each, its routing phase timed from its log), run every one
 * of our engines on it (in a child JVM, {@link OursProbe}), measure both tables with the same
 * checker, forwarding index and Λ patterns, and write the headline into {@code
 * benchmarks/RESULTS.md} (between the {@code side-by-side} markers), every table into {@code
 * benchmarks/results/side-by-side.md} and the CSVs and charts beside it. With {@code --scale}, also
 * the largest k-ary 3-tree each of our engines routes within 60 s and 8 GiB, with its time curve.
 *
 * <p>OpenSM's figures are cached per fabric and engine under the work directory, so a second run
 * re-measures only ours ({@code --fresh} runs OpenSM again). Run it with {@code
 * benchmarks/side-by-side.sh [options]}; {@code --help} lists the options.
 *
 * <p>This class holds the options and the run loop; {@link OpenSmRunner} and {@link OursRunner}
 * measure one routing each ({@link Measurement}), {@link EngineFacts} says what differs per engine,
 * {@link SideBySideReport} and {@link SideBySideCharts} write the results.
 */
public final class SideBySide {
  /** The reference fabrics of the comparison, as {@code ibrouting generate} specs. */
  static final List<String> FABRICS =
      List.of(
          "ktree 4 3",
          "ktree 8 3",
          "ktree 16 3",
          "xgft 2 16,12 1,8",
          "torus 8,8 2",
          "torus 4,4,4 2",
          "hypercube 6 2",
          "jellyfish 32 24 12 1",
          "jellyfish 128 12 8 3",
          "dragonfly 4 2 2",
          "directors 3 24 12 8 30 radix=24");

  /** What each fabric is, for the tables. */
  static final Map<String, String> WHAT =
      Map.ofEntries(
          Map.entry("ktree 4 3", "4-ary 3-tree"),
          Map.entry("ktree 8 3", "8-ary 3-tree"),
          Map.entry("ktree 16 3", "16-ary 3-tree"),
          Map.entry("ktree 32 3", "32-ary 3-tree"),
          Map.entry("xgft 2 16,12 1,8", "2:1 oversubscribed 2-level XGFT"),
          Map.entry("torus 8,8 2", "2D torus 8x8"),
          Map.entry("torus 4,4,4 2", "3D torus 4x4x4"),
          Map.entry("hypercube 6 2", "6-cube"),
          Map.entry("jellyfish 32 24 12 1", "Jellyfish, 32 switches"),
          Map.entry("jellyfish 128 12 8 3", "Jellyfish, 128 switches"),
          Map.entry("dragonfly 4 2 2", "Dragonfly a=4 p=2 h=2"),
          Map.entry("directors 3 24 12 8 30 radix=24", "Deimos-like chain of 3 directors"));

  /** OpenSM 3.3.23's engines that route without a configuration file of their own. */
  static final List<String> OPENSM_ENGINES =
      List.of("minhop", "updn", "dnup", "dor", "lash", "sssp", "dfsssp", "ftree", "nue");

  private SideBySide() {}

  /** Options. */
  static final class Options {
    List<String> fabrics = FABRICS;
    List<String> ours = null;
    List<String> openSm = OPENSM_ENGINES;
    int patterns = 1000;
    long seed = 0;
    Path work = Path.of("benchmarks/target/side-by-side");
    Path results = Path.of("benchmarks/RESULTS.md");
    Path plots = Path.of("benchmarks/results");
    boolean fresh;
    boolean noOpenSm;
    boolean scale;
    int[] scaleK = {4, 8, 12, 16, 20, 24, 28, 32};
    long timeoutSeconds = 1800;
    String childHeap = "-Xmx8g";
    boolean cold = true;
    int coldRuns = 3;
    List<String> scaleExtra = List.of("xgft 3 32,32,44 1,32,32");
    Path launcher = Path.of("bin/ibrouting");

    /**
     * {@code --from-csv}: rebuild the report from the CSVs in {@link #plots}, measuring nothing.
     */
    boolean fromCsv;

    /** The section's "Run on ..." line; null: today, this machine. */
    String runOn;
  }

  /** Runs the comparison; {@code --help} for the options. */
  public static void main(String[] args) throws Exception {
    Options o = parse(args);
    if (o == null) {
      return;
    }
    String[] study =
        Arrays.stream(args).filter(a -> !a.equals("--from-csv")).toArray(String[]::new);
    if (o.fromCsv) {
      rebuild(o, study);
      return;
    }
    if (o.ours == null) {
      o.ours = Engines.names();
    }
    Files.createDirectories(o.work);
    List<Measurement> rows = new ArrayList<>();
    for (String spec : o.fabrics) {
      rows.addAll(fabric(spec, o));
    }
    List<Measurement> scale = o.scale ? scale(o) : List.of();
    SideBySideReport.writeCsv(rows, o.plots.resolve("side-by-side.csv"));
    if (!scale.isEmpty()) {
      SideBySideReport.writeCsv(scale, o.plots.resolve("scale.csv"));
    }
    report(rows, scale, o, study);
  }

  /** Writes the charts, the detail file and the section of RESULTS.md. */
  private static void report(
      List<Measurement> rows, List<Measurement> scale, Options o, String[] args)
      throws IOException {
    SideBySideCharts.write(rows, scale, o);
    String section = SideBySideReport.section(rows, scale, o, args);
    ReportSections.write(
        o.results,
        "side-by-side",
        section,
        o.plots.resolve("side-by-side.md"),
        SideBySideReport.detail(rows, scale, o, args));
    System.out.println(section);
  }

  /**
   * The report of the run whose CSVs are in {@code o.plots} (with {@code --scale}, its scale.csv
   * too), under the run's own "Run on" line from the section it replaces; the engines, unless
   * given, in the CSV's order. {@code args}: the run's options, less {@code --from-csv}.
   */
  private static void rebuild(Options o, String[] args) throws IOException {
    List<Measurement> rows = Measurement.readCsv(o.plots.resolve("side-by-side.csv"));
    List<Measurement> scale =
        o.scale ? Measurement.readCsv(o.plots.resolve("scale.csv")) : List.of();
    if (o.ours == null) {
      o.ours = engines(rows, Side.OURS);
    }
    if (o.openSm == OPENSM_ENGINES) {
      o.openSm = engines(rows, Side.OPENSM);
    }
    o.runOn = ReportSections.runLine(o.results, "side-by-side");
    report(rows, scale, o, args);
  }

  /** The engines of one side in the order of their first row. */
  static List<String> engines(List<Measurement> rows, Side side) {
    return rows.stream().filter(r -> r.side() == side).map(Measurement::engine).distinct().toList();
  }

  static Options parse(String[] args) {
    Options o = new Options();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--help" -> {
          System.out.println(
              """
              usage: SideBySide [--fabrics 'SPEC;SPEC...'] [--engines e1,e2|none] [--opensm-engines e1,e2|none]
                                [--patterns N] [--seed N] [--work DIR] [--results FILE] [--plots DIR]
                                [--fresh] [--no-opensm] [--scale] [--scale-k 4,8,...] [--scale-extra 'SPEC;...'|none]
                                [--no-cold] [--cold-runs N] [--timeout S] [--from-csv]
              SPEC is an 'ibrouting generate' spec, e.g. 'ktree 8 3' or 'torus 4,4,4 2'.
              Cold figures: each engine also routes each fabric in fresh bin/ibrouting processes (routing
              phase from --json, whole process timed by farm-bench when installed).
              --from-csv: measure nothing; rebuild the charts, results/side-by-side.md and the section
              from the CSVs in --plots (with --scale, scale.csv too), keeping the section's "Run on"
              line; give the run's own options so that its reproduce line stays the same.""");
          return null;
        }
        case "--fabrics" -> o.fabrics = List.of(args[++i].split("\\s*;\\s*"));
        case "--engines" -> o.ours = engineList(args[++i]);
        case "--opensm-engines" -> o.openSm = engineList(args[++i]);
        case "--patterns" -> o.patterns = Integer.parseInt(args[++i]);
        case "--seed" -> o.seed = Long.parseLong(args[++i]);
        case "--work" -> o.work = Path.of(args[++i]);
        case "--results" -> o.results = Path.of(args[++i]);
        case "--plots" -> o.plots = Path.of(args[++i]);
        case "--fresh" -> o.fresh = true;
        case "--no-opensm" -> o.noOpenSm = true;
        case "--scale" -> o.scale = true;
        case "--scale-k" ->
            o.scaleK = Arrays.stream(args[++i].split(",")).mapToInt(Integer::parseInt).toArray();
        case "--timeout" -> o.timeoutSeconds = Long.parseLong(args[++i]);
        case "--no-cold" -> o.cold = false;
        case "--from-csv" -> o.fromCsv = true;
        case "--cold-runs" -> o.coldRuns = Integer.parseInt(args[++i]);
        case "--scale-extra" ->
            o.scaleExtra =
                args[++i].equals("none") ? List.of() : List.of(args[i].split("\\s*;\\s*"));
        default -> throw new IllegalArgumentException("unknown option " + a + " (see --help)");
      }
    }
    return o;
  }

  /** A comma-separated list of engines; {@code none} is the empty list. */
  static List<String> engineList(String arg) {
    return arg.equals("none") ? List.of() : List.of(arg.split(","));
  }

  /** Builds the fabric of an {@code ibrouting generate} spec such as {@code "ktree 8 3"}. */
  static Fabric buildFabric(String spec) {
    return TopologySpec.parse(spec).build();
  }

  /**
   * Our engines' settings for a fabric spec: a generated torus or mesh gives torus-2QoS its
   * configuration.
   */
  static org.ibrouting.engines.EngineConfig engineConfig(String spec) {
    String kind = spec.trim().split("\\s+")[0];
    org.ibrouting.engines.EngineConfig config = org.ibrouting.engines.EngineConfig.none();
    if (kind.equals("torus") || kind.equals("mesh")) {
      config = config.with(EngineInputs.TORUS_CONFIG, TopologySpec.parse(spec).torusConfig());
    }
    return config;
  }

  /** A file-name-safe form of a fabric spec. */
  static String slug(String spec) {
    return spec.trim().replaceAll("[^A-Za-z0-9]+", "_");
  }

  private static List<Measurement> fabric(String spec, Options o)
      throws IOException, InterruptedException {
    Fabric fabric = buildFabric(spec);
    Path dir = o.work.resolve(slug(spec));
    Files.createDirectories(dir);
    Path net = dir.resolve("fabric.net");
    IbnetdiscoverWriter.write(fabric, net);
    List<Measurement> rows = new ArrayList<>();
    Map<String, Path> dumps = new LinkedHashMap<>();
    for (String engine : o.openSm) {
      if (o.noOpenSm || !OpenSmSimulation.available()) {
        break;
      }
      Path dump = dir.resolve("opensm-" + engine + ".lfts.dump.gz");
      Map<Figure, String> p = OpenSmRunner.figures(spec, fabric, net, dir, engine, dump, o);
      if (Files.exists(dump) && engine.equals(p.get(Figure.ENGINE_USED))) {
        dumps.put(engine, dump);
      }
      rows.add(
          new Measurement(spec, fabric.numSwitches(), fabric.numCas(), Side.OPENSM, engine, p));
    }
    for (String engine : o.ours) {
      Map<Figure, String> p;
      EngineFacts facts = EngineFacts.of(engine);
      if (fabric.numCas() > facts.maxCas()) {
        p = new EnumMap<>(Figure.class);
        p.put(Figure.STATUS, "skipped");
        p.put(
            Figure.MESSAGE, "not run above " + facts.maxCas() + " CAs (" + facts.whyMaxCas() + ")");
      } else {
        System.err.printf("%s: running ours %s ...%n", spec, engine);
        Path dump = dumps.get(engine);
        p = OursRunner.probe(spec, engine, o, dump == null ? "-" : dump.toString(), false);
        if (o.cold && "ok".equals(p.get(Figure.STATUS))) {
          // a routing of over 20 s was timed cold already; one process then suffices
          int runs = Double.parseDouble(p.getOrDefault(Figure.SECONDS, "0")) > 20 ? 1 : o.coldRuns;
          OursRunner.coldCli(net, engine, o, p, runs);
        }
      }
      rows.add(new Measurement(spec, fabric.numSwitches(), fabric.numCas(), Side.OURS, engine, p));
    }
    return rows;
  }

  private static List<Measurement> scale(Options o) throws IOException, InterruptedException {
    List<Measurement> rows = new ArrayList<>();
    for (String engine : o.ours) {
      int maxCas = EngineFacts.of(engine).maxCas();
      for (int k : o.scaleK) {
        String spec = "ktree " + k + " 3";
        Fabric fabric = buildFabric(spec);
        if (fabric.numCas() > maxCas) {
          break;
        }
        System.err.printf("scale: %s on %s ...%n", engine, spec);
        Measurement row = scaleRow(spec, fabric, engine, o);
        rows.add(row);
        if (!row.ok() || row.num(Figure.SECONDS) > 60) {
          break;
        }
      }
      for (String spec : o.scaleExtra) {
        Fabric fabric = buildFabric(spec);
        if (fabric.numCas() > maxCas) {
          continue;
        }
        System.err.printf("scale: %s on %s ...%n", engine, spec);
        rows.add(scaleRow(spec, fabric, engine, o));
      }
    }
    return rows;
  }

  private static Measurement scaleRow(String spec, Fabric fabric, String engine, Options o)
      throws IOException, InterruptedException {
    return new Measurement(
        spec,
        fabric.numSwitches(),
        fabric.numCas(),
        Side.OURS,
        engine,
        OursRunner.probe(spec, engine, o, "-", true));
  }

  static String machine() {
    String cpu = "?";
    String mem = "?";
    try {
      cpu =
          Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
              .filter(l -> l.startsWith("model name"))
              .findFirst()
              .map(l -> l.substring(l.indexOf(':') + 1).trim())
              .orElse("?");
      mem =
          Files.readAllLines(Path.of("/proc/meminfo")).stream()
              .filter(l -> l.startsWith("MemTotal"))
              .findFirst()
              .map(l -> Long.parseLong(l.replaceAll("\\D", "")) / 1024 / 1024 + " GiB")
              .orElse("?");
    } catch (IOException | RuntimeException e) {
      // not Linux: leave the fields unknown
    }
    return String.format(
        Locale.ROOT,
        "%d cores (%s), %s RAM, Java %s, OpenSM %s",
        Runtime.getRuntime().availableProcessors(),
        cpu,
        mem,
        System.getProperty("java.version"),
        packageVersion("opensm"));
  }

  private static String packageVersion(String pkg) {
    try {
      Process p =
          new ProcessBuilder("dpkg-query", "-W", "-f=${Version}", pkg)
              .redirectErrorStream(true)
              .start();
      String v = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      return p.waitFor() == 0 ? v : "not installed";
    } catch (IOException e) {
      return "unknown";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown";
    }
  }

  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var walk = Files.walk(dir)) {
      for (Path p : walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  /**
   * Replaces the section between the markers {@code <!-- NAME:begin ...} and {@code <!-- NAME:end
   * -->} of {@code file}, or appends it.
   */
  static void insertSection(Path file, String section, String name) throws IOException {
    String text = Files.exists(file) ? Files.readString(file) : "";
    int begin = text.indexOf("<!-- " + name + ":begin");
    String endMarker = "<!-- " + name + ":end -->";
    int end = text.indexOf(endMarker);
    String updated;
    if (begin >= 0 && end > begin) {
      updated = text.substring(0, begin) + section + text.substring(end + endMarker.length() + 1);
    } else {
      updated = text + (text.endsWith("\n") || text.isEmpty() ? "\n" : "\n\n") + section;
    }
    AtomicFiles.writeString(file, updated);
  }
}
