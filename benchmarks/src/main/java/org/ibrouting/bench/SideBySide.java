package org.ibrouting.bench;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.interop.OpenSmLog;
import org.ibrouting.interop.OpenSmSimulation;
import org.ibrouting.io.AtomicFiles;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.simulation.RoutingQuality;
import org.ibrouting.simulation.UnroutablePairsException;
import org.ibrouting.topology.TopologySpec;

/**
 * The side-by-side comparison with OpenSM 3.3.23: for each reference fabric, generate it, run every
 * OpenSM engine on it under ibsim (once each, its routing phase timed from its log), run every one
 * of our engines on it (in a child JVM, {@link OursProbe}), measure both tables with the same
 * checker, forwarding index and Λ patterns, and write the tables, headline and charts into {@code
 * benchmarks/RESULTS.md} (between the {@code side-by-side} markers) and {@code
 * benchmarks/results/}. With {@code --scale}, also the largest k-ary 3-tree each of our engines
 * routes within 60 s and 8 GiB, with its time curve.
 *
 * <p>OpenSM's figures are cached per fabric and engine under the work directory, so a second run
 * re-measures only ours ({@code --fresh} runs OpenSM again). Run it with {@code
 * benchmarks/side-by-side.sh [options]}; {@code --help} lists the options.
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

  /** Our engines that are too slow for large fabrics by design (P²-SSSP: one Dijkstra per pair). */
  static final Map<String, Integer> MAX_CAS = Map.of("p2sssp", 4096);

  /** Engines whose Λ the headline compares. */
  private SideBySide() {}

  /** One measured routing: OpenSM's or ours. */
  record Row(String fabric, int switches, int cas, String side, String engine, Properties p) {
    String get(String key) {
      return p.getProperty(key, "");
    }

    double num(String key) {
      String v = p.getProperty(key);
      try {
        return v == null || v.isEmpty() ? Double.NaN : Double.parseDouble(v);
      } catch (NumberFormatException e) {
        return Double.NaN;
      }
    }

    boolean ok() {
      return "ok".equals(get("status"));
    }

    /** OpenSM rows: true when the engine asked for configured the tables (no fallback). */
    boolean ranAsAsked() {
      return ok() && (side.equals("ours") || engine.equals(get("engine_used")));
    }
  }

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
  }

  /** Runs the comparison; {@code --help} for the options. */
  public static void main(String[] args) throws Exception {
    Options o = parse(args);
    if (o == null) {
      return;
    }
    if (o.ours == null) {
      o.ours = Engines.names();
    }
    Files.createDirectories(o.work);
    List<Row> rows = new ArrayList<>();
    for (String spec : o.fabrics) {
      rows.addAll(fabric(spec, o));
    }
    List<Row> scale = o.scale ? scale(o) : List.of();
    writeCsv(rows, o.plots.resolve("side-by-side.csv"));
    if (!scale.isEmpty()) {
      writeCsv(scale, o.plots.resolve("scale.csv"));
    }
    writeCharts(rows, scale, o);
    String section = markdown(rows, scale, o, args);
    insertSection(o.results, section);
    System.out.println(section);
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
                                [--no-cold] [--cold-runs N] [--timeout S]
              SPEC is an 'ibrouting generate' spec, e.g. 'ktree 8 3' or 'torus 4,4,4 2'.
              Cold figures: each engine also routes each fabric in fresh bin/ibrouting processes (routing
              phase from --json, whole process timed by farm-bench when installed).""");
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
  private static List<String> engineList(String arg) {
    return arg.equals("none") ? List.of() : List.of(arg.split(","));
  }

  /** Builds the fabric of an {@code ibrouting generate} spec such as {@code "ktree 8 3"}. */
  static Fabric buildFabric(String spec) {
    String[] words = spec.trim().split("\\s+");
    return TopologySpec.parse(words[0], List.of(words).subList(1, words.length)).build();
  }

  /**
   * Our engines' settings for a fabric spec: a generated torus or mesh gives torus-2QoS its
   * configuration.
   */
  static org.ibrouting.engines.EngineConfig engineConfig(String spec) {
    String[] words = spec.trim().split("\\s+");
    org.ibrouting.engines.EngineConfig config = org.ibrouting.engines.EngineConfig.none();
    if (words[0].equals("torus") || words[0].equals("mesh")) {
      config =
          config.withTorusConfig(
              TopologySpec.parse(words[0], List.of(words).subList(1, words.length)).torusConfig());
    }
    return config;
  }

  private static String slug(String spec) {
    return spec.trim().replaceAll("[^A-Za-z0-9]+", "_");
  }

  private static List<Row> fabric(String spec, Options o) throws IOException, InterruptedException {
    Fabric fabric = buildFabric(spec);
    Path dir = o.work.resolve(slug(spec));
    Files.createDirectories(dir);
    Path net = dir.resolve("fabric.net");
    IbnetdiscoverWriter.write(fabric, net);
    List<Row> rows = new ArrayList<>();
    Map<String, Path> dumps = new LinkedHashMap<>();
    for (String engine : o.openSm) {
      if (o.noOpenSm || !OpenSmSimulation.available()) {
        break;
      }
      Path cache = dir.resolve("opensm-" + engine + ".properties");
      Path dump = dir.resolve("opensm-" + engine + ".lfts.dump.gz");
      Properties p;
      if (!o.fresh && Files.exists(cache)) {
        p = load(cache);
        System.err.printf("%s: OpenSM %s from the cache (%s)%n", spec, engine, cache);
      } else {
        System.err.printf("%s: running OpenSM %s ...%n", spec, engine);
        p = runOpenSm(fabric, net, dir, engine, dump, o);
        store(p, cache);
      }
      if (Files.exists(dump) && engine.equals(p.getProperty("engine_used"))) {
        dumps.put(engine, dump);
      }
      rows.add(new Row(spec, fabric.numSwitches(), fabric.numCas(), "opensm", engine, p));
    }
    for (String engine : o.ours) {
      Properties p;
      int maxCas = MAX_CAS.getOrDefault(engine, Integer.MAX_VALUE);
      if (fabric.numCas() > maxCas) {
        p = new Properties();
        p.setProperty("status", "skipped");
        p.setProperty("message", "not run above " + maxCas + " CAs (one Dijkstra per pair)");
      } else {
        System.err.printf("%s: running ours %s ...%n", spec, engine);
        Path dump = dumps.get(engine);
        p = probe(spec, engine, o, dump == null ? "-" : dump.toString(), false);
        if (o.cold && "ok".equals(p.getProperty("status"))) {
          // a routing of over 20 s was timed cold already; one process then suffices
          int runs = Double.parseDouble(p.getProperty("seconds", "0")) > 20 ? 1 : o.coldRuns;
          coldCli(net, engine, o, p, runs);
        }
      }
      rows.add(new Row(spec, fabric.numSwitches(), fabric.numCas(), "ours", engine, p));
    }
    return rows;
  }

  private static Properties runOpenSm(
      Fabric fabric, Path net, Path dir, String engine, Path keptDump, Options o)
      throws IOException {
    Properties p = new Properties();
    Path simDir = dir.resolve("sim-" + engine);
    deleteTree(simDir);
    try (OpenSmSimulation sim =
        OpenSmSimulation.start(net, simDir, OpenSmSimulation.ibsimLimits(fabric))) {
      long start = System.nanoTime();
      OpenSmSimulation.Result r =
          sim.runOpenSm(engine, OpenSmSimulation.engineOptions(engine), o.timeoutSeconds);
      // the whole opensm process: discovery over ibsim, routing, LFTs sent to the switches, dumps
      p.setProperty(
          "process_seconds", String.format(Locale.ROOT, "%.6f", (System.nanoTime() - start) / 1e9));
      p.setProperty("engine_used", String.valueOf(r.engineUsed()));
      p.setProperty("seconds", String.format(Locale.ROOT, "%.6f", r.routingSeconds()));
      int vls = 1;
      if (Files.exists(r.log()) && (engine.equals("lash") || engine.equals("dfsssp"))) {
        OpenSmLog log = OpenSmLog.read(r.log());
        vls = Math.max(1, engine.equals("lash") ? log.lashLayersNeeded() : log.dfssspVlsNeeded());
      }
      if (r.lftDump() == null) {
        p.setProperty("status", "failed");
        p.setProperty("message", "no LFT dump; exit " + r.exitCode() + ", see the log");
        return p;
      }
      p.setProperty("status", "ok");
      var theirs = LftDumpReader.read(fabric, r.lftDump());
      RoutingQuality.Options measure =
          RoutingQuality.Options.defaults().withPatterns(o.patterns).withSeed(o.seed);
      Properties q;
      try {
        q = parseLines(OursProbe.lines(RoutingQuality.measure(theirs, measure)));
      } catch (UnroutablePairsException e) {
        // tables that leave pairs unrouted (OpenSM's ftree on a fabric it cannot rank) get no Λ
        q = parseLines(OursProbe.lines(RoutingQuality.measure(theirs, measure.withPatterns(0))));
        p.setProperty("message", e.getMessage().lines().findFirst().orElse(""));
      }
      p.putAll(q);
      p.setProperty("vls", Integer.toString(vls));
      gzip(r.lftDump(), keptDump);
    } catch (IOException e) {
      p.setProperty("status", "failed");
      p.setProperty("message", e.getMessage());
    } finally {
      deleteTree(simDir);
    }
    return p;
  }

  /** Runs {@link OursProbe} in a child JVM, bounded in time; a timeout or crash is a row too. */
  static Properties probe(String spec, String engine, Options o, String dump, boolean timeOnly)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                o.childHeap,
                "-XX:+ExitOnOutOfMemoryError",
                "-cp",
                System.getProperty("java.class.path"),
                OursProbe.class.getName(),
                spec,
                engine,
                Integer.toString(o.patterns),
                Long.toString(o.seed),
                dump));
    if (timeOnly) {
      command.add("time-only");
    }
    Path out = Files.createTempFile(o.work, "probe-", ".out");
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    long timeout = timeOnly ? 300 : o.timeoutSeconds;
    boolean finished = process.waitFor(timeout, TimeUnit.SECONDS);
    String output = Files.readString(out);
    Files.deleteIfExists(out);
    Properties p = parseLines(output.lines().filter(l -> l.matches("^[a-z_0-9]+=.*")).toList());
    if (!finished) {
      process.destroyForcibly().waitFor();
      p.setProperty("status", "timeout");
      p.setProperty("message", "still routing after " + timeout + " s");
    } else if (process.exitValue() != 0) {
      p.setProperty("status", output.contains("OutOfMemoryError") ? "oom" : "failed");
      p.setProperty(
          "message",
          output.contains("OutOfMemoryError")
              ? "out of memory with " + o.childHeap
              : "exit " + process.exitValue() + ": " + lastLine(output));
    }
    return p;
  }

  /**
   * What a user gets: {@code bin/ibrouting route -R ENGINE FABRIC --json} in fresh processes
   * ({@code coldRuns} of them, after one not counted unless only one is asked for; the launcher's
   * class archive is made first): the median of the routing phase the command reports ({@code
   * cold_seconds}) and of the whole process's wall time ({@code process_seconds}), timed by {@code
   * farm-bench} when it is installed, else here.
   */
  static void coldCli(Path fabricFile, String engine, Options o, Properties p, int coldRuns)
      throws IOException, InterruptedException {
    Path launcher = o.launcher.toAbsolutePath();
    if (!Files.isExecutable(launcher)) {
      return;
    }
    Path cds = o.work.resolve("cds").toAbsolutePath();
    Path log = Files.createTempFile(o.work, "cold-", ".log");
    Path dump = o.work.resolve("cold.lfts.dump").toAbsolutePath();
    String route =
        String.join(
            " ",
            quoteArg(launcher.toString()),
            "route",
            "-R",
            engine,
            quoteArg(fabricFile.toAbsolutePath().toString()),
            "-o",
            quoteArg(dump.toString()),
            "--json",
            "-q");
    String[] env = {
      "IBROUTING_CDS_DIR=" + cds, "IBROUTING_JAVA_OPTS=" + o.childHeap + " -XX:+UseParallelGC"
    };
    ensureClassArchive(launcher, env, cds);
    boolean farmBench = onPath("farm-bench");
    List<String> command = new ArrayList<>(List.of("env"));
    command.addAll(List.of(env));
    if (farmBench) {
      command.addAll(
          List.of(
              "farm-bench",
              "-n",
              Integer.toString(coldRuns),
              "--warmup",
              coldRuns == 1 ? "0" : "1",
              "--timeout",
              Long.toString(Math.min(3600, o.timeoutSeconds)),
              "--",
              "sh",
              "-c",
              "exec " + route + " >>" + log + " 2>&1"));
    } else {
      command.addAll(List.of("sh", "-c", route + " >>" + log + " 2>&1"));
    }
    List<Double> walls = new ArrayList<>();
    String report = "";
    for (int run = 0; run < (farmBench || coldRuns == 1 ? 1 : coldRuns + 1); run++) {
      long start = System.nanoTime();
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      report = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      process.waitFor();
      if (run > 0 || coldRuns == 1) {
        walls.add((System.nanoTime() - start) / 1e9);
      }
    }
    if (farmBench) {
      Matcher m = Pattern.compile("(?m)^A wall s\\s+\\S+\\s+(\\S+)").matcher(report);
      if (!m.find()) {
        m = Pattern.compile("(?m)^wall s\\s+\\S+\\s+(\\S+)").matcher(report);
      }
      if (m.find(0)) {
        walls.add(Double.parseDouble(m.group(1)));
      }
    }
    List<Double> routing = new ArrayList<>();
    Matcher m = Pattern.compile("\"routing_seconds\":([0-9.]+)").matcher(Files.readString(log));
    while (m.find()) {
      routing.add(Double.parseDouble(m.group(1)));
    }
    Files.deleteIfExists(log);
    Files.deleteIfExists(dump);
    // farm-bench's first run is a warm-up, not counted: the last coldRuns are the measured ones
    List<Double> measured = routing.subList(Math.max(0, routing.size() - coldRuns), routing.size());
    if (!measured.isEmpty()) {
      p.setProperty("cold_seconds", String.format(Locale.ROOT, "%.6f", median(measured)));
    }
    if (!walls.isEmpty()) {
      p.setProperty("process_seconds", String.format(Locale.ROOT, "%.6f", median(walls)));
    }
  }

  /**
   * Runs the launcher once and waits (up to 2 minutes) for the class archive it creates in {@code
   * cds}.
   */
  private static void ensureClassArchive(Path launcher, String[] env, Path cds)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("env"));
    command.addAll(List.of(env));
    command.addAll(List.of(launcher.toString(), "--version"));
    new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start()
        .waitFor();
    long until = System.nanoTime() + 120_000_000_000L;
    while (System.nanoTime() < until) {
      try (var files = Files.list(cds)) {
        if (files.anyMatch(f -> f.getFileName().toString().endsWith(".jsa"))) {
          return;
        }
      } catch (IOException e) {
        // not created yet
      }
      Thread.sleep(250);
    }
  }

  private static boolean onPath(String program) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
        return true;
      }
    }
    return false;
  }

  private static String quoteArg(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }

  private static double median(List<Double> values) {
    double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return v[v.length / 2];
  }

  private static List<Row> scale(Options o) throws IOException, InterruptedException {
    List<Row> rows = new ArrayList<>();
    for (String engine : o.ours) {
      for (int k : o.scaleK) {
        String spec = "ktree " + k + " 3";
        Fabric fabric = buildFabric(spec);
        if (fabric.numCas() > MAX_CAS.getOrDefault(engine, Integer.MAX_VALUE)) {
          break;
        }
        System.err.printf("scale: %s on %s ...%n", engine, spec);
        Properties p = probe(spec, engine, o, "-", true);
        rows.add(new Row(spec, fabric.numSwitches(), fabric.numCas(), "ours", engine, p));
        Row row = rows.get(rows.size() - 1);
        if (!row.ok() || row.num("seconds") > 60) {
          break;
        }
      }
      for (String spec : o.scaleExtra) {
        Fabric fabric = buildFabric(spec);
        if (fabric.numCas() > MAX_CAS.getOrDefault(engine, Integer.MAX_VALUE)) {
          continue;
        }
        System.err.printf("scale: %s on %s ...%n", engine, spec);
        rows.add(
            new Row(
                spec,
                fabric.numSwitches(),
                fabric.numCas(),
                "ours",
                engine,
                probe(spec, engine, o, "-", true)));
      }
    }
    return rows;
  }

  // ---- output -------------------------------------------------------------------------------

  private static void writeCsv(List<Row> rows, Path file) throws IOException {
    String[] keys = {
      "status",
      "engine_used",
      "seconds",
      "cold_seconds",
      "process_seconds",
      "peak_heap_mib",
      "vls",
      "all_routed",
      "avg_hops",
      "max_hops",
      "minimal_share",
      "efi_max",
      "efi_mean",
      "lambda",
      "lambda_ci95",
      "same_lfts",
      "message"
    };
    StringBuilder csv =
        new StringBuilder("fabric,switches,cas,side,engine," + String.join(",", keys) + "\n");
    for (Row r : rows) {
      csv.append(
          String.join(
              ",",
              quote(r.fabric()),
              Integer.toString(r.switches()),
              Integer.toString(r.cas()),
              r.side(),
              r.engine()));
      for (String k : keys) {
        csv.append(',').append(quote(r.get(k)));
      }
      csv.append('\n');
    }
    Files.createDirectories(file.getParent());
    AtomicFiles.writeString(file, csv.toString());
  }

  private static void writeCharts(List<Row> rows, List<Row> scale, Options o) throws IOException {
    List<String> fabrics = rows.stream().map(Row::fabric).distinct().toList();
    List<String> engines = new ArrayList<>(o.ours);
    o.openSm.stream().filter(e -> !engines.contains(e)).forEach(engines::add);
    List<String> labels = fabrics.stream().map(f -> WHAT.getOrDefault(f, f)).toList();
    List<Charts.DotSeries> dots = new ArrayList<>();
    for (String side : List.of("ours", "opensm")) {
      for (String engine : engines) {
        double[] values = new double[fabrics.size()];
        boolean any = false;
        for (int i = 0; i < fabrics.size(); i++) {
          Row r = find(rows, fabrics.get(i), side, engine);
          values[i] = r != null && r.ranAsAsked() ? r.num("lambda") : Double.NaN;
          any |= !Double.isNaN(values[i]);
        }
        if (any) {
          dots.add(
              new Charts.DotSeries(
                  (side.equals("ours") ? "" : "OpenSM ") + engine,
                  Charts.color(engine, engines),
                  side.equals("ours"),
                  values));
        }
      }
    }
    Files.createDirectories(o.plots);
    AtomicFiles.writeString(
        o.plots.resolve("lambda.svg"),
        Charts.dotPlot(
            "Effective bisection bandwidth (filled: ibrouting, hollow: OpenSM 3.3.23)",
            "Lambda (fraction of full bisection bandwidth)",
            labels,
            1.0,
            dots));
    List<Charts.Curve> curves = new ArrayList<>();
    for (String side : List.of("ours", "opensm")) {
      for (String engine : engines) {
        List<Row> points =
            rows.stream()
                .filter(
                    r ->
                        r.side().equals(side)
                            && r.engine().equals(engine)
                            && r.ranAsAsked()
                            && r.num("seconds") > 0)
                .sorted((a, b) -> Integer.compare(a.cas() + a.switches(), b.cas() + b.switches()))
                .toList();
        if (!points.isEmpty()) {
          curves.add(
              new Charts.Curve(
                  (side.equals("ours") ? "" : "OpenSM ") + engine,
                  Charts.color(engine, engines),
                  side.equals("opensm"),
                  points.stream().mapToDouble(r -> r.cas() + r.switches()).toArray(),
                  points.stream().mapToDouble(r -> r.num("seconds")).toArray()));
        }
      }
    }
    AtomicFiles.writeString(
        o.plots.resolve("routing-time.svg"),
        Charts.logLog(
            "Routing time per fabric (solid: ibrouting, dashed: OpenSM 3.3.23's routing phase)",
            "nodes (switches + CAs) of the fabric",
            "seconds",
            curves,
            0,
            null));
    if (!scale.isEmpty()) {
      List<Charts.Curve> scaleCurves = new ArrayList<>();
      for (String engine : o.ours) {
        List<Row> points = scale.stream().filter(r -> r.engine().equals(engine) && r.ok()).toList();
        if (!points.isEmpty()) {
          scaleCurves.add(
              new Charts.Curve(
                  engine,
                  Charts.color(engine, engines),
                  false,
                  points.stream().mapToDouble(Row::cas).toArray(),
                  points.stream().mapToDouble(r -> r.num("seconds")).toArray()));
        }
      }
      AtomicFiles.writeString(
          o.plots.resolve("scale.svg"),
          Charts.logLog(
              "ibrouting on k-ary 3-trees (k = " + Arrays.toString(o.scaleK) + "), -Xmx8g",
              "CAs",
              "routing seconds",
              scaleCurves,
              60,
              "60 s"));
    }
  }

  static String markdown(List<Row> rows, List<Row> scale, Options o, String[] args)
      throws IOException {
    StringBuilder md = new StringBuilder();
    md.append(
        "<!-- side-by-side:begin (written by benchmarks/side-by-side.sh; edits here are overwritten) -->\n");
    md.append("## Side by side with OpenSM 3.3.23 (every engine, every reference fabric)\n\n");
    md.append("Reproduce: `benchmarks/side-by-side.sh")
        .append(
            args.length == 0
                ? ""
                : " "
                    + String.join(
                        " ",
                        Arrays.stream(args)
                            .map(a -> a.contains(" ") || a.contains(";") ? "'" + a + "'" : a)
                            .toList()))
        .append(
            "` (builds, then runs `org.ibrouting.bench.SideBySide`; OpenSM's figures are cached in ")
        .append("`benchmarks/target/side-by-side`, `--fresh` re-runs OpenSM).\n\n");
    md.append("Run on ").append(LocalDate.now()).append(": ").append(machine()).append(".\n\n");
    md.append(
            "Each fabric is generated, simulated by ibsim and routed once by each OpenSM engine (`opensm -o -R ")
        .append(
            "ENGINE -D 0x47`, `-Q` for lash; its routing phase from the log lines \"building routing with\" to ")
        .append(
            "\"tables configured on all switches\"; VLs from its log). Each of our engines routes it in a child JVM ")
        .append("(")
        .append(o.childHeap)
        .append(", all cores; median of up to 5 runs after about 3 s of warm-up, or one ")
        .append(
            "cold run when a run takes over 20 s). Both tables are then measured the same way over the CAs: average hops, ")
        .append(
            "share of minimal routes, edge forwarding index (EFI, max routes on an inter-switch channel) and Λ over ")
        .append(o.patterns)
        .append(" random bisect patterns (seed ")
        .append(o.seed)
        .append("), the same patterns for every ")
        .append(
            "routing of a fabric. \"fell back\" means OpenSM could not use the engine and routed with another ")
        .append(
            "(its figures are then not the engine's). A dump carries no SLs, so OpenSM's VL count is the one its ")
        .append("log reports (dfsssp, lash; nue runs with its default of 1 VL).\n\n");
    headline(md, rows);
    paperClaims(md, rows);
    List<String> fabrics = rows.stream().map(Row::fabric).distinct().toList();
    for (String f : fabrics) {
      Row any = rows.stream().filter(r -> r.fabric().equals(f)).findFirst().orElseThrow();
      md.append(
          String.format(
              Locale.ROOT,
              "### %s (`%s`): %,d switches, %,d CAs%n%n",
              WHAT.getOrDefault(f, f),
              f,
              any.switches(),
              any.cas()));
      md.append(
              "| engine | OpenSM s | ours s (warm) | speed-up | ours cold s | cold speed-up | process s O / us ")
          .append("| same LFTs | VLs O / us | avg hops O / us | minimal O / us ")
          .append(
              "| EFI O / us | Λ OpenSM | Λ ours |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
      List<String> engines = new ArrayList<>(o.ours);
      o.openSm.stream().filter(e -> !engines.contains(e)).forEach(engines::add);
      for (String e : engines) {
        Row them = find(rows, f, "opensm", e);
        Row us = find(rows, f, "ours", e);
        if (them == null && us == null) {
          continue;
        }
        md.append("| ")
            .append(e)
            .append(" | ")
            .append(openSmTime(them))
            .append(" | ")
            .append(ourTime(us))
            .append(" | ")
            .append(speedUp(them, us, "seconds"))
            .append(" | ")
            .append(coldTime(us))
            .append(" | ")
            .append(speedUp(them, us, "cold_seconds"))
            .append(" | ")
            .append(pair(them, us, "process_seconds", "%.2f"))
            .append(" | ")
            .append(
                us != null && us.ok() && !us.get("same_lfts").isEmpty()
                    ? (us.get("same_lfts").equals("true") ? "yes" : "no")
                    : "-")
            .append(" | ")
            .append(pair(them, us, "vls", "%.0f"))
            .append(" | ")
            .append(pair(them, us, "avg_hops", "%.3f"))
            .append(" | ")
            .append(pair(them, us, "minimal_share", "%.3f"))
            .append(" | ")
            .append(pair(them, us, "efi_max", "%.0f"))
            .append(" | ")
            .append(lambda(them))
            .append(" | ")
            .append(lambda(us))
            .append(" |\n");
      }
      md.append('\n');
    }
    if (!scale.isEmpty()) {
      md.append("### Scale: the largest k-ary 3-tree each of our engines routes within 60 s and ")
          .append(o.childHeap.substring(4).replace("g", " GiB"))
          .append(" of heap\n\n");
      md.append("Routing time only (one child JVM per size, ")
          .append(o.childHeap)
          .append("); sizes k = ")
          .append(Arrays.toString(o.scaleK))
          .append(" until one takes over 60 s or fails.\n\n");
      md.append(
              "| engine | largest within 60 s | CAs | seconds | peak heap MiB | curve (CAs: seconds) |\n")
          .append("|---|---|---|---|---|---|\n");
      for (String e : o.ours) {
        List<Row> points = scale.stream().filter(r -> r.engine().equals(e)).toList();
        if (points.isEmpty()) {
          continue;
        }
        Row best = null;
        StringBuilder curve = new StringBuilder();
        for (Row r : points) {
          if (r.ok()) {
            curve
                .append(curve.length() == 0 ? "" : ", ")
                .append(String.format(Locale.ROOT, "%,d: %.3g", r.cas(), r.num("seconds")));
            if (r.num("seconds") <= 60) {
              best = r;
            }
          } else {
            curve
                .append(curve.length() == 0 ? "" : ", ")
                .append(String.format(Locale.ROOT, "%,d: %s", r.cas(), r.get("status")));
          }
        }
        md.append("| ")
            .append(e)
            .append(" | ")
            .append(best == null ? "none" : best.fabric())
            .append(" | ")
            .append(best == null ? "-" : String.format(Locale.ROOT, "%,d", best.cas()))
            .append(" | ")
            .append(best == null ? "-" : String.format(Locale.ROOT, "%.3f", best.num("seconds")))
            .append(" | ")
            .append(best == null ? "-" : best.get("peak_heap_mib"))
            .append(" | ")
            .append(curve)
            .append(" |\n");
      }
      md.append("\n![routing time against fabric size on k-ary 3-trees](results/scale.svg)\n\n");
    }
    md.append("![Λ per engine per fabric](results/lambda.svg)\n\n");
    md.append("![routing time against fabric size](results/routing-time.svg)\n\n");
    md.append("Raw figures: [results/side-by-side.csv](results/side-by-side.csv)")
        .append(scale.isEmpty() ? "" : ", [results/scale.csv](results/scale.csv)")
        .append(".\n");
    md.append("<!-- side-by-side:end -->\n");
    return md.toString();
  }

  private static void headline(StringBuilder md, List<Row> rows) {
    md.append("### Headline\n\n");
    md.append(
            "Λ of our P-SSSP (`sssp`) and DFSSSP over our MINHOP, and the best Λ of any OpenSM engine that ran as ")
        .append(
            "asked:\n\n| fabric | Λ minhop | Λ sssp | Λ dfsssp | gain of sssp | gain of dfsssp | best OpenSM engine (Λ) |\n")
        .append("|---|---|---|---|---|---|---|\n");
    for (String f : rows.stream().map(Row::fabric).distinct().toList()) {
      double minhop = lambdaOf(rows, f, "ours", "minhop");
      double sssp = lambdaOf(rows, f, "ours", "sssp");
      double dfsssp = lambdaOf(rows, f, "ours", "dfsssp");
      Row best =
          rows.stream()
              .filter(
                  r ->
                      r.fabric().equals(f)
                          && r.side().equals("opensm")
                          && r.ranAsAsked()
                          && !Double.isNaN(r.num("lambda")))
              .max((a, b) -> Double.compare(a.num("lambda"), b.num("lambda")))
              .orElse(null);
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %s | %s | %s | %s | %s |%n",
              WHAT.getOrDefault(f, f),
              fmt(minhop),
              fmt(sssp),
              fmt(dfsssp),
              gain(sssp, minhop),
              gain(dfsssp, minhop),
              best == null ? "-" : best.engine() + " (" + fmt(best.num("lambda")) + ")"));
    }
    md.append(
            "\nSpeed-up of our engines over OpenSM's routing phase, on the fabrics where OpenSM ran the same ")
        .append(
            "engine: warm (median in a JVM that has routed for a few seconds, what an embedding program sees) ")
        .append(
            "and cold (the routing phase a fresh `bin/ibrouting route` process reports, what a user sees):\n\n")
        .append(
            "| engine | fabrics | warm min | median | max | cold min | median | max | on the largest of them, warm; cold |\n")
        .append("|---|---|---|---|---|---|---|---|---|\n");
    for (String e :
        rows.stream().filter(r -> r.side().equals("opensm")).map(Row::engine).distinct().toList()) {
      double[] warm = ratios(rows, e, "seconds");
      double[] cold = ratios(rows, e, "cold_seconds");
      if (warm.length == 0) {
        continue;
      }
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %s | %s |%n",
              e,
              warm.length,
              spread(warm),
              spread(cold)
                  + " | "
                  + largest(rows, e, "seconds")
                  + "; "
                  + largest(rows, e, "cold_seconds")));
    }
    md.append('\n');
  }

  /**
   * OpenSM's routing time over ours ({@code ourKey}), per fabric where both ran the engine, sorted.
   */
  private static double[] ratios(List<Row> rows, String engine, String ourKey) {
    List<Double> ratios = new ArrayList<>();
    for (String f : rows.stream().map(Row::fabric).distinct().toList()) {
      Row them = find(rows, f, "opensm", engine);
      Row us = find(rows, f, "ours", engine);
      if (them != null && us != null && them.ranAsAsked() && us.ok() && us.num(ourKey) > 0) {
        ratios.add(them.num("seconds") / us.num(ourKey));
      }
    }
    return ratios.stream().mapToDouble(Double::doubleValue).sorted().toArray();
  }

  private static String spread(double[] r) {
    return r.length == 0
        ? "- | - | -"
        : String.format(
            Locale.ROOT, "%.1fx | %.1fx | %.1fx", r[0], r[r.length / 2], r[r.length - 1]);
  }

  /**
   * The speed-up on the largest fabric where both ran the engine: "12.1x (16-ary 3-tree: 0.196 s vs
   * 2.366 s)".
   */
  private static String largest(List<Row> rows, String engine, String ourKey) {
    String largest = "-";
    int largestSize = -1;
    for (String f : rows.stream().map(Row::fabric).distinct().toList()) {
      Row them = find(rows, f, "opensm", engine);
      Row us = find(rows, f, "ours", engine);
      if (them != null
          && us != null
          && them.ranAsAsked()
          && us.ok()
          && us.num(ourKey) > 0
          && them.cas() + them.switches() > largestSize) {
        largestSize = them.cas() + them.switches();
        largest =
            String.format(
                Locale.ROOT,
                "%.1fx (%s: %.3f s vs %.3f s)",
                them.num("seconds") / us.num(ourKey),
                WHAT.getOrDefault(f, f),
                us.num(ourKey),
                them.num("seconds"));
      }
    }
    return largest;
  }

  private static void paperClaims(StringBuilder md, List<Row> rows) {
    md.append("### The P-SSSP paper's qualitative results, checked\n\n");
    md.append(
            "1. *P-SSSP beats every OpenSM engine's Λ on the fat trees and the Deimos-like chain* (the paper compared ")
        .append(
            "with OpenSM 3.2.2's minhop, updn, ftree, dor and lash; here every other 3.3.23 engine that ran as asked):\n\n");
    for (String f :
        rows.stream()
            .map(Row::fabric)
            .distinct()
            .filter(f -> f.startsWith("ktree") || f.startsWith("xgft") || f.startsWith("directors"))
            .toList()) {
      double sssp = lambdaOf(rows, f, "ours", "sssp");
      List<Row> others =
          rows.stream()
              .filter(
                  r ->
                      r.fabric().equals(f)
                          && r.side().equals("opensm")
                          && r.ranAsAsked()
                          && !r.engine().endsWith("sssp")
                          && !Double.isNaN(r.num("lambda")))
              .toList();
      if (Double.isNaN(sssp) || others.isEmpty()) {
        continue;
      }
      List<String> beaten = new ArrayList<>();
      List<String> notBeaten = new ArrayList<>();
      for (Row r : others) {
        (sssp > r.num("lambda") ? beaten : notBeaten).add(r.engine() + " " + fmt(r.num("lambda")));
      }
      md.append("   - ")
          .append(WHAT.getOrDefault(f, f))
          .append(": sssp ")
          .append(fmt(sssp))
          .append(
              notBeaten.isEmpty()
                  ? " — **reproduced**, above " + String.join(", ", beaten)
                  : " — **contradicted** by "
                      + String.join(", ", notBeaten)
                      + (beaten.isEmpty() ? "" : "; above " + String.join(", ", beaten)))
          .append('\n');
    }
    md.append("\n2. *P²-SSSP has a lower EFI than P-SSSP but not a higher Λ*:\n\n");
    for (String f : rows.stream().map(Row::fabric).distinct().toList()) {
      Row p2 = find(rows, f, "ours", "p2sssp");
      Row p1 = find(rows, f, "ours", "sssp");
      if (p2 == null || p1 == null || !p2.ok() || !p1.ok()) {
        continue;
      }
      boolean lowerEfi = p2.num("efi_max") < p1.num("efi_max");
      boolean notHigherLambda = p2.num("lambda") <= p1.num("lambda") + p1.num("lambda_ci95");
      md.append(
          String.format(
              Locale.ROOT,
              "   - %s: EFI %s vs %s, Λ %s vs %s — %s%n",
              WHAT.getOrDefault(f, f),
              p2.get("efi_max"),
              p1.get("efi_max"),
              fmt(p2.num("lambda")),
              fmt(p1.num("lambda")),
              lowerEfi && notHigherLambda
                  ? "**reproduced**"
                  : "**contradicted** ("
                      + (lowerEfi ? "" : "EFI not lower")
                      + (lowerEfi || notHigherLambda ? "" : ", ")
                      + (notHigherLambda ? "" : "Λ higher")
                      + ")"));
    }
    md.append('\n');
  }

  // ---- helpers ------------------------------------------------------------------------------

  private static Row find(List<Row> rows, String fabric, String side, String engine) {
    for (Row r : rows) {
      if (r.fabric().equals(fabric) && r.side().equals(side) && r.engine().equals(engine)) {
        return r;
      }
    }
    return null;
  }

  private static double lambdaOf(List<Row> rows, String fabric, String side, String engine) {
    Row r = find(rows, fabric, side, engine);
    return r != null && r.ranAsAsked() ? r.num("lambda") : Double.NaN;
  }

  private static String openSmTime(Row r) {
    if (r == null) {
      return "-";
    }
    if (!r.ok()) {
      return r.get("status");
    }
    String t = String.format(Locale.ROOT, "%.4f", r.num("seconds"));
    return r.ranAsAsked() ? t : t + " (fell back to " + r.get("engine_used") + ")";
  }

  private static String ourTime(Row r) {
    if (r == null) {
      return "-";
    }
    if (!r.ok()) {
      String why = r.get("message");
      return r.get("status") + (why.isEmpty() ? "" : ": " + shorten(why));
    }
    return String.format(Locale.ROOT, "%.4f", r.num("seconds"));
  }

  private static String speedUp(Row them, Row us, String ourKey) {
    if (them == null || us == null || !them.ranAsAsked() || !us.ok() || !(us.num(ourKey) > 0)) {
      return "-";
    }
    return String.format(Locale.ROOT, "%.1fx", them.num("seconds") / us.num(ourKey));
  }

  private static String coldTime(Row r) {
    return r == null || !r.ok() || Double.isNaN(r.num("cold_seconds"))
        ? "-"
        : String.format(Locale.ROOT, "%.4f", r.num("cold_seconds"));
  }

  private static String pair(Row them, Row us, String key, String format) {
    String a =
        them != null && them.ok() && !Double.isNaN(them.num(key))
            ? String.format(Locale.ROOT, format, them.num(key))
            : "-";
    String b =
        us != null && us.ok() && !Double.isNaN(us.num(key))
            ? String.format(Locale.ROOT, format, us.num(key))
            : "-";
    return a + " / " + b;
  }

  private static String lambda(Row r) {
    if (r == null || !r.ok()) {
      return "-";
    }
    if (Double.isNaN(r.num("lambda"))) {
      return "not all routed";
    }
    return String.format(Locale.ROOT, "%.4f ± %.4f", r.num("lambda"), r.num("lambda_ci95"));
  }

  private static String gain(double a, double base) {
    return Double.isNaN(a) || Double.isNaN(base) || base == 0
        ? "-"
        : String.format(Locale.ROOT, "%+.0f%%", 100 * (a / base - 1));
  }

  private static String fmt(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
  }

  private static String shorten(String s) {
    String t = s.replace('|', '/');
    return t.length() > 140 ? t.substring(0, 137) + "..." : t;
  }

  private static String quote(String s) {
    return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }

  private static String lastLine(String output) {
    List<String> lines = output.lines().filter(l -> !l.isBlank()).toList();
    return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
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

  private static Properties parseLines(List<String> lines) throws IOException {
    Properties p = new Properties();
    for (String line : lines) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        p.setProperty(line.substring(0, eq), line.substring(eq + 1));
      }
    }
    return p;
  }

  private static Properties load(Path file) throws IOException {
    Properties p = new Properties();
    p.load(new StringReader(Files.readString(file)));
    return p;
  }

  private static void store(Properties p, Path file) throws IOException {
    StringBuilder s = new StringBuilder();
    for (String k : p.stringPropertyNames().stream().sorted().toList()) {
      s.append(k)
          .append('=')
          .append(p.getProperty(k).replace("\\", "\\\\").replace("\n", " "))
          .append('\n');
    }
    AtomicFiles.writeString(file, s.toString());
  }

  private static void gzip(Path from, Path to) throws IOException {
    AtomicFiles.write(
        to,
        out -> {
          GZIPOutputStream gz = new GZIPOutputStream(out, 1 << 16);
          Files.copy(from, gz);
          gz.finish();
        });
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

  /** Replaces the section between the side-by-side markers of {@code file}, or appends it. */
  static void insertSection(Path file, String section) throws IOException {
    insertSection(file, section, "side-by-side");
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
