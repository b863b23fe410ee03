package org.ibrouting.bench;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.interop.OpenSmSimulation;
import org.ibrouting.io.AtomicFiles;
import org.ibrouting.io.JobListReader;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.torus.TorusConfigWriter;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.simulation.PathTable;
import org.ibrouting.simulation.SimulationOptions;
import org.ibrouting.simulation.Simulator;
import org.ibrouting.topology.Connectivity;
import org.ibrouting.topology.Failures;
import org.ibrouting.topology.TorusConfig;

/**
 * The fail-in-place study (after Domke, Hoefler, Matsuoka, "Fail-in-place network design", SC14):
 * how each engine degrades as links and switches fail. For each topology, failure kind (a share of
 * the switch-to-switch links, or of the switches with the CAs cabled only to them), rate and seed,
 * the damaged fabric ({@link Failures}) is routed by every one of our engines and, under ibsim, by
 * OpenSM 3.3.23's engines ({@link OpenSmSimulation}, the same damaged net file); each routing is
 * measured alike: the share of CA pairs the fabric still connects, the share of those the tables
 * deliver ({@link RouteChecker}), freedom from credit loops per VL ({@link CreditLoopVerifier};
 * OpenSM's dumps carry no SLs, so its VL engines' loops are not checked), the VLs used, and Λ over
 * random bisect patterns among the CAs of the largest component ({@link Simulator}), when every
 * connected pair is delivered. The results go to {@code benchmarks/results/fail-in-place.csv}, one
 * SVG per topology (Λ against the share of failed links) and the fail-in-place section of {@code
 * benchmarks/RESULTS.md}, with the table of the first failure rate at which each engine stops
 * routing every connected pair or stops being deadlock-free. Run it with {@code
 * benchmarks/fail-in-place.sh [options]}; {@code --help} lists them, {@code --full} is the study at
 * the paper's scale (10 seeds, larger fabrics).
 */
public final class FailInPlace {
  /** The default topologies: a fat tree, a torus, Jellyfish and Dragonfly, small. */
  static final List<String> TOPOLOGIES =
      List.of("ktree 4 3", "torus 4,4,4 1", "jellyfish 32 6 4 1", "dragonfly 4 2 2");

  /** The topologies of {@code --full}. */
  static final List<String> FULL_TOPOLOGIES =
      List.of(
          "ktree 8 3",
          "xgft 2 16,12 1,8",
          "torus 6,6,6 2",
          "jellyfish 128 12 8 3",
          "dragonfly 6 3 3");

  /**
   * The OpenSM engines run by default: those that route any topology without a file, and torus-2QoS
   * on the tori (with the generator's torus-2QoS.conf).
   */
  static final List<String> OPENSM_ENGINES =
      List.of("minhop", "updn", "dnup", "lash", "sssp", "dfsssp", "ftree", "nue", "torus-2QoS");

  private FailInPlace() {}

  /**
   * One measured routing.
   *
   * @param topology the generator spec
   * @param kind {@code links}, {@code switches}, or {@code none} for the intact fabric
   * @param rate the failed share in percent
   * @param seed the failures' seed
   * @param side {@code ours} or {@code opensm}
   * @param engine the engine asked for
   * @param status {@code ok}, {@code refused} (ours), {@code fell back} (OpenSM used another
   *     engine), {@code failed}
   * @param connected share of the intact fabric's CA pairs the damaged fabric still connects
   * @param routed share of the connected pairs the tables deliver (0 unless ok)
   * @param deadlock {@code yes}, {@code no}, or {@code n/a} (not checked)
   * @param vls VLs the routing uses
   * @param lambda Λ among the CAs of the largest component, NaN unless every connected pair is
   *     delivered
   * @param message why it was refused or failed
   */
  record Row(
      String topology,
      String kind,
      double rate,
      long seed,
      String side,
      String engine,
      String status,
      double connected,
      double routed,
      String deadlock,
      int vls,
      double lambda,
      String message) {
    /** A row of a routing that did not happen (refused, failed, fell back): nothing measured. */
    static Row notRouted(
        String topology,
        String kind,
        double rate,
        long seed,
        String side,
        String engine,
        String status,
        double connected,
        String message) {
      return new Row(
          topology,
          kind,
          rate,
          seed,
          side,
          engine,
          status,
          connected,
          0,
          "n/a",
          0,
          Double.NaN,
          message);
    }

    boolean routesAll() {
      return status.equals("ok") && routed >= 1.0 - 1e-12;
    }
  }

  /** Options. */
  static final class Options {
    List<String> topologies = TOPOLOGIES;
    double[] linkRates = {1, 2, 5, 10, 20};
    double[] switchRates = {1, 2, 5};
    int seeds = 3;
    List<String> ours = null;
    List<String> openSm = OPENSM_ENGINES;
    int patterns = 200;
    long patternSeed = 0;
    Path work = Path.of("benchmarks/target/fail-in-place");
    Path results = Path.of("benchmarks/RESULTS.md");
    Path plots = Path.of("benchmarks/results");
    boolean full;
  }

  /** Runs the study; {@code --help} for the options. */
  public static void main(String[] args) throws Exception {
    Options o = parse(args);
    if (o == null) {
      return;
    }
    if (o.ours == null) {
      o.ours = Engines.names();
    }
    Files.createDirectories(o.work);
    String loadBefore = loadAverage();
    long start = System.nanoTime();
    List<Row> rows = new ArrayList<>();
    for (String topology : o.topologies) {
      rows.addAll(topology(topology, o));
    }
    double minutes = (System.nanoTime() - start) / 60e9;
    String load = loadBefore + " at the start, " + loadAverage() + " at the end";
    Files.createDirectories(o.plots);
    AtomicFiles.writeString(o.plots.resolve("fail-in-place.csv"), csv(rows));
    for (String topology : o.topologies) {
      AtomicFiles.writeString(
          o.plots.resolve("fail-in-place-" + slug(topology) + ".svg"), chart(rows, topology, o));
    }
    String section = markdown(rows, o, args, minutes, load);
    SideBySide.insertSection(o.results, section, "fail-in-place");
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
              usage: FailInPlace [--full] [--topologies 'SPEC;SPEC...'] [--link-rates 1,2,5,10,20]
                                 [--switch-rates 1,2,5] [--seeds N] [--engines e1,e2|none]
                                 [--opensm-engines e1,e2|none] [--patterns N] [--work DIR]
                                 [--results FILE] [--plots DIR]
              SPEC is an 'ibrouting generate' spec, e.g. 'ktree 4 3' or 'torus 4,4,4 1'.
              Default: 4 small topologies, 3 seeds, 200 patterns (under 30 min here);
              --full: 5 larger topologies, 10 seeds, 1000 patterns (hours).""");
          return null;
        }
        case "--full" -> {
          o.full = true;
          o.topologies = FULL_TOPOLOGIES;
          o.seeds = 10;
          o.patterns = 1000;
        }
        case "--topologies" -> o.topologies = List.of(args[++i].split("\\s*;\\s*"));
        case "--link-rates" -> o.linkRates = rates(args[++i]);
        case "--switch-rates" -> o.switchRates = rates(args[++i]);
        case "--seeds" -> o.seeds = Integer.parseInt(args[++i]);
        case "--engines" -> o.ours = list(args[++i]);
        case "--opensm-engines" -> o.openSm = list(args[++i]);
        case "--patterns" -> o.patterns = Integer.parseInt(args[++i]);
        case "--work" -> o.work = Path.of(args[++i]);
        case "--results" -> o.results = Path.of(args[++i]);
        case "--plots" -> o.plots = Path.of(args[++i]);
        default -> throw new IllegalArgumentException("unknown option " + a + " (see --help)");
      }
    }
    return o;
  }

  private static double[] rates(String arg) {
    return arg.isBlank() || arg.equals("none")
        ? new double[0]
        : Arrays.stream(arg.split(",")).mapToDouble(Double::parseDouble).toArray();
  }

  private static List<String> list(String arg) {
    return arg.equals("none") ? List.of() : List.of(arg.split(","));
  }

  /** Every damage of one topology, routed by every engine. */
  private static List<Row> topology(String spec, Options o) throws IOException {
    Fabric intact = SideBySide.buildFabric(spec);
    long pairs = Connectivity.connectedPairs(intact);
    List<Row> rows = new ArrayList<>();
    List<Object[]> damages = new ArrayList<>();
    damages.add(new Object[] {"none", 0.0, 0L});
    for (double rate : o.linkRates) {
      for (long seed = 1; seed <= o.seeds; seed++) {
        damages.add(new Object[] {"links", rate, seed});
      }
    }
    for (double rate : o.switchRates) {
      for (long seed = 1; seed <= o.seeds; seed++) {
        damages.add(new Object[] {"switches", rate, seed});
      }
    }
    for (Object[] d : damages) {
      String kind = (String) d[0];
      double rate = (Double) d[1];
      long seed = (Long) d[2];
      Fabric fabric =
          kind.equals("links")
              ? Failures.failLinkShare(intact, rate, seed)
              : kind.equals("switches") ? Failures.failSwitchShare(intact, rate, seed) : intact;
      double connected = pairs == 0 ? 0 : (double) Connectivity.connectedPairs(fabric) / pairs;
      System.err.printf(
          Locale.ROOT,
          "%s, %s %.0f%% (seed %d): %s, %.4f of the pairs connected%n",
          spec,
          kind,
          rate,
          seed,
          fabric,
          connected);
      EndPorts largest = largestComponent(fabric);
      // SAR routes by a job map: seeded random jobs of 2..16 CAs until 90% of the CAs are busy
      EngineConfig config =
          SideBySide.engineConfig(spec)
              .withJobs(
                  JobListReader.parse(
                      new StringReader(RoutingBenchmark.randomJobs(fabric, 16, seed)),
                      "random jobs"));
      for (String engine : o.ours) {
        rows.add(ours(spec, kind, rate, seed, engine, fabric, config, connected, largest, o));
      }
      if (!o.openSm.isEmpty() && OpenSmSimulation.available()) {
        rows.addAll(openSm(spec, kind, rate, seed, fabric, connected, largest, o));
      }
    }
    return rows;
  }

  private static Row ours(
      String spec,
      String kind,
      double rate,
      long seed,
      String engine,
      Fabric fabric,
      EngineConfig config,
      double connected,
      EndPorts largest,
      Options o) {
    Routing routing;
    try {
      routing = Engines.create(engine, config).route(fabric, RoutingOptions.seeded(seed));
    } catch (RoutingException e) {
      return Row.notRouted(
          spec, kind, rate, seed, "ours", engine, "refused", connected, e.getMessage());
    }
    return measure(
        spec,
        kind,
        rate,
        seed,
        "ours",
        engine,
        routing,
        connected,
        largest,
        true,
        routing.slTable().numVls(),
        o);
  }

  /** One ibsim on the damaged net file, one OpenSM run per engine. */
  private static List<Row> openSm(
      String spec,
      String kind,
      double rate,
      long seed,
      Fabric fabric,
      double connected,
      EndPorts largest,
      Options o)
      throws IOException {
    List<Row> rows = new ArrayList<>();
    Path dir = o.work.resolve(slug(spec) + "-" + kind + "-" + fmt(rate) + "-" + seed);
    SideBySide.deleteTree(dir);
    Files.createDirectories(dir);
    Path net = dir.resolve("fabric.net");
    IbnetdiscoverWriter.write(fabric, net);
    TorusConfig torus = SideBySide.engineConfig(spec).torusConfig().orElse(null);
    try (OpenSmSimulation sim =
        OpenSmSimulation.start(net, dir, OpenSmSimulation.ibsimLimits(fabric))) {
      for (String engine : o.openSm) {
        List<String> args = new ArrayList<>(OpenSmSimulation.engineOptions(engine));
        if (engine.equals("torus-2QoS")) {
          if (torus == null) {
            continue;
          }
          Path conf = dir.resolve("torus-2QoS.conf");
          TorusConfigWriter.write(torus, spec, conf);
          args.addAll(List.of("--torus_config", conf.toAbsolutePath().toString()));
        }
        rows.add(
            openSmRun(sim, spec, kind, rate, seed, engine, args, fabric, connected, largest, o));
      }
    } catch (IOException e) {
      for (String engine : o.openSm) {
        if (engine.equals("torus-2QoS") && torus == null) {
          continue;
        }
        rows.add(
            Row.notRouted(
                spec,
                kind,
                rate,
                seed,
                "opensm",
                engine,
                "failed",
                connected,
                "ibsim: " + e.getMessage()));
      }
    }
    SideBySide.deleteTree(dir);
    return rows;
  }

  private static Row openSmRun(
      OpenSmSimulation sim,
      String spec,
      String kind,
      double rate,
      long seed,
      String engine,
      List<String> args,
      Fabric fabric,
      double connected,
      EndPorts largest,
      Options o) {
    try {
      OpenSmSimulation.Result r = sim.runOpenSm(engine, args, 600);
      if (r.lftDump() == null) {
        return Row.notRouted(
            spec,
            kind,
            rate,
            seed,
            "opensm",
            engine,
            "failed",
            connected,
            "no LFT dump, exit " + r.exitCode());
      }
      if (!engine.equals(r.engineUsed())) {
        return Row.notRouted(
            spec,
            kind,
            rate,
            seed,
            "opensm",
            engine,
            "fell back",
            connected,
            "OpenSM routed with " + r.engineUsed());
      }
      int vls = EngineFacts.openSmVls(engine, r.log());
      Routing theirs = LftDumpReader.read(fabric, r.lftDump());
      // a dump has no SLs: only one-VL routings can be checked for credit loops (torus-2QoS's VLs
      // come from its per-port SL-to-VL maps, which neither the dump nor its log gives)
      boolean torus2qos = engine.equals("torus-2QoS");
      return measure(
          spec,
          kind,
          rate,
          seed,
          "opensm",
          engine,
          theirs,
          connected,
          largest,
          vls == 1 && !torus2qos,
          torus2qos ? 0 : vls,
          o);
    } catch (IOException | RuntimeException e) {
      return Row.notRouted(
          spec,
          kind,
          rate,
          seed,
          "opensm",
          engine,
          "failed",
          connected,
          String.valueOf(e.getMessage()));
    }
  }

  private static Row measure(
      String spec,
      String kind,
      double rate,
      long seed,
      String side,
      String engine,
      Routing routing,
      double connected,
      EndPorts largest,
      boolean checkDeadlock,
      int vls,
      Options o) {
    Fabric fabric = routing.fabric();
    int threads = Runtime.getRuntime().availableProcessors();
    RouteReport report = new RouteChecker(EndpointScope.TERMINALS, threads).check(routing);
    long connectedPairs = Connectivity.connectedPairs(fabric);
    double routed = connectedPairs == 0 ? 1 : (double) report.validPairs() / connectedPairs;
    String deadlock = "n/a";
    if (checkDeadlock) {
      CdgReport cdg = CreditLoopVerifier.defaults().withThreads(threads).verify(routing);
      deadlock = cdg.isDeadlockFree() ? "yes" : "no";
    }
    double lambda = Double.NaN;
    if (report.validPairs() == connectedPairs && largest.size() >= 2 && o.patterns > 0) {
      PathTable table = PathTable.build(routing, largest);
      lambda =
          Simulator.effectiveBisectionBandwidth(
                  table, SimulationOptions.of(o.patterns, o.patternSeed).withThreads(threads))
              .mean();
    }
    return new Row(
        spec, kind, rate, seed, side, engine, "ok", connected, routed, deadlock, vls, lambda, "");
  }

  /** The CAs cabled to the largest component of the switches (first in switch order on ties). */
  static EndPorts largestComponent(Fabric fabric) {
    int[] component = Connectivity.switchComponents(fabric);
    EndPorts all = EndPorts.cabledCas(fabric);
    int[] count = new int[fabric.numSwitches() + 1];
    for (int e = 0; e < all.size(); e++) {
      count[component[fabric.nodeOfPort(all.switchPort(e))]]++;
    }
    int best = 0;
    for (int c = 1; c < count.length; c++) {
      if (count[c] > count[best]) {
        best = c;
      }
    }
    int[] ports = new int[count[best]];
    int k = 0;
    for (int e = 0; e < all.size(); e++) {
      if (component[fabric.nodeOfPort(all.switchPort(e))] == best) {
        ports[k++] = all.port(e);
      }
    }
    return EndPorts.ofPorts(fabric, ports);
  }

  // ---- output -------------------------------------------------------------------------------

  static String csv(List<Row> rows) {
    StringBuilder csv =
        new StringBuilder(
            "topology,kind,rate_percent,seed,side,engine,status,"
                + "connected_share,routed_share,deadlock_free,vls,lambda,message\n");
    for (Row r : rows) {
      csv.append(
          String.format(
              Locale.ROOT,
              "\"%s\",%s,%s,%d,%s,%s,%s,%.6f,%.6f,%s,%d,%s,\"%s\"%n",
              r.topology(),
              r.kind(),
              fmt(r.rate()),
              r.seed(),
              r.side(),
              r.engine(),
              r.status(),
              r.connected(),
              r.routed(),
              r.deadlock(),
              r.vls(),
              Double.isNaN(r.lambda()) ? "" : String.format(Locale.ROOT, "%.5f", r.lambda()),
              r.message().replace("\"", "'")));
    }
    return csv.toString();
  }

  /** Λ against the share of failed links, the mean over seeds, one curve per (side, engine). */
  static String chart(List<Row> rows, String topology, Options o) {
    List<String> engines = new ArrayList<>(o.ours);
    o.openSm.stream().filter(e -> !engines.contains(e)).forEach(engines::add);
    double[] rates = new double[o.linkRates.length + 1];
    System.arraycopy(o.linkRates, 0, rates, 1, o.linkRates.length);
    List<Charts.Curve> curves = new ArrayList<>();
    for (String side : List.of("ours", "opensm")) {
      for (String engine : side.equals("ours") ? o.ours : o.openSm) {
        double[] y = new double[rates.length];
        boolean any = false;
        for (int i = 0; i < rates.length; i++) {
          y[i] = meanLambda(rows, topology, i == 0 ? "none" : "links", rates[i], side, engine);
          any |= !Double.isNaN(y[i]);
        }
        if (any) {
          curves.add(
              new Charts.Curve(
                  (side.equals("ours") ? "" : "OpenSM ") + engine,
                  Charts.color(engine, engines),
                  side.equals("opensm"),
                  rates,
                  y));
        }
      }
    }
    return Charts.linear(
        "Lambda against failed links, "
            + topology
            + " (solid: ibrouting, dashed:"
            + " OpenSM 3.3.23; a gap: not every connected pair routed)",
        "failed switch-to-switch links (%)",
        "Lambda (mean over seeds)",
        curves,
        1.0);
  }

  /**
   * The mean Λ over the seeds of one cell, NaN when any seed did not route every connected pair.
   */
  private static double meanLambda(
      List<Row> rows, String topology, String kind, double rate, String side, String engine) {
    double sum = 0;
    int n = 0;
    for (Row r : rows) {
      if (r.topology().equals(topology)
          && r.kind().equals(kind)
          && r.rate() == rate
          && r.side().equals(side)
          && r.engine().equals(engine)) {
        if (!r.routesAll() || Double.isNaN(r.lambda())) {
          return Double.NaN;
        }
        sum += r.lambda();
        n++;
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  /** The load averages of {@code /proc/loadavg} (1, 5, 15 min), or "unknown". */
  static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return f[0] + " / " + f[1] + " / " + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  static String markdown(List<Row> rows, Options o, String[] args, double minutes, String load) {
    StringBuilder md = new StringBuilder();
    md.append(
        "<!-- fail-in-place:begin (written by benchmarks/fail-in-place.sh; edits here are overwritten) -->\n");
    md.append("## Fail in place: how each engine degrades as links and switches fail\n\n");
    md.append("Reproduce: `benchmarks/fail-in-place.sh")
        .append(
            args.length == 0
                ? ""
                : " "
                    + String.join(
                        " ",
                        Arrays.stream(args)
                            .map(a -> a.contains(" ") || a.contains(";") ? "'" + a + "'" : a)
                            .toList()))
        .append("` (`--full` for 10 seeds on larger fabrics). Run on ")
        .append(LocalDate.now())
        .append(" in ")
        .append(String.format(Locale.ROOT, "%.0f", minutes))
        .append(" min: ")
        .append(SideBySide.machine())
        .append("; load average (1/5/15 min) ")
        .append(load)
        .append(", the machine shared with other jobs.\n\n");
    md.append(
            "The question of Domke, Hoefler and Matsuoka's \"Fail-in-place network design\" (SC14), asked of these")
        .append(" engines: each topology loses a random share of its switch-to-switch links (")
        .append(rateList(o.linkRates))
        .append(" %) or of its switches (")
        .append(rateList(o.switchRates))
        .append(" %, with the CAs cabled only to them), ")
        .append(o.seeds)
        .append(" seed(s) each; the damaged fabric")
        .append(
            " is routed by every engine of ours and, under ibsim, by OpenSM 3.3.23's (`opensm -o -R ENGINE`, `-Q`")
        .append(
            " for lash; torus-2QoS, ours and OpenSM's, on the tori only, with the generator's torus-2QoS.conf;")
        .append(
            " a run where OpenSM fell back to another engine counts as the engine giving up). Every")
        .append(
            " routing is measured alike: the CA pairs it delivers among those the damaged fabric connects, credit")
        .append(
            " loops per VL (OpenSM's dumps carry no SLs, so its lash, dfsssp and torus-2QoS are not checked), and Λ over ")
        .append(o.patterns)
        .append(" bisect patterns among the CAs of the largest component when every connected")
        .append(
            " pair is delivered. sar routes by a seeded random job map (jobs of 2 to 16 CAs until 90% of the")
        .append(" CAs are busy). CSV: `benchmarks/results/fail-in-place.csv`.\n\n");
    md.append(
            "**First failure rate at which an engine stops routing every connected pair / stops being")
        .append(
            " deadlock-free** (links failed, then switches failed; \"ok\": never within the rates tried;")
        .append(" \"0%\": not even intact; \"–\": not checked):\n\n");
    List<String> topologies = o.topologies;
    md.append("| engine |");
    for (String t : topologies) {
      md.append(' ').append(t).append(" |");
    }
    md.append("\n|---|");
    md.append("---|".repeat(topologies.size())).append('\n');
    for (String side : List.of("ours", "opensm")) {
      for (String engine : side.equals("ours") ? o.ours : o.openSm) {
        md.append("| ").append(side.equals("ours") ? engine : "OpenSM " + engine).append(" |");
        for (String t : topologies) {
          md.append(' ').append(firstBreak(rows, t, side, engine, o)).append(" |");
        }
        md.append('\n');
      }
    }
    md.append("\nCells: `links: routing / deadlock; switches: routing / deadlock`.\n\n");
    md.append(
            "**Λ, mean over seeds** (intact, then each share of failed links; \"–\": some seed left")
        .append(" connected pairs unrouted, or refused):\n\n");
    for (String t : topologies) {
      md.append("![Λ against failed links, ")
          .append(t)
          .append("](results/fail-in-place-")
          .append(slug(t))
          .append(".svg)\n\n");
      md.append("| ").append(t).append(" | intact |");
      for (double r : o.linkRates) {
        md.append(' ').append(fmt(r)).append("% |");
      }
      md.append("\n|---|---|").append("---|".repeat(o.linkRates.length)).append('\n');
      for (String side : List.of("ours", "opensm")) {
        for (String engine : side.equals("ours") ? o.ours : o.openSm) {
          StringBuilder line =
              new StringBuilder("| " + (side.equals("ours") ? engine : "OpenSM " + engine) + " |");
          boolean any = false;
          for (int i = 0; i <= o.linkRates.length; i++) {
            double l =
                meanLambda(
                    rows,
                    t,
                    i == 0 ? "none" : "links",
                    i == 0 ? 0 : o.linkRates[i - 1],
                    side,
                    engine);
            any |= !Double.isNaN(l);
            line.append(Double.isNaN(l) ? " – |" : String.format(Locale.ROOT, " %.3f |", l));
          }
          if (any) {
            md.append(line).append('\n');
          }
        }
      }
      md.append('\n');
    }
    md.append("<!-- fail-in-place:end -->\n");
    return md.toString();
  }

  /** {@code links: R / D; switches: R / D} for one engine on one topology. */
  private static String firstBreak(
      List<Row> rows, String topology, String side, String engine, Options o) {
    Map<String, double[]> kinds = new LinkedHashMap<>();
    kinds.put("links", o.linkRates);
    kinds.put("switches", o.switchRates);
    List<String> parts = new ArrayList<>();
    for (Map.Entry<String, double[]> kind : kinds.entrySet()) {
      String routing = "ok";
      String deadlock = "ok";
      double[] rates = new double[kind.getValue().length + 1];
      System.arraycopy(kind.getValue(), 0, rates, 1, kind.getValue().length);
      boolean unchecked = false;
      boolean ran = false;
      for (int i = 0; i < rates.length; i++) {
        String k = i == 0 ? "none" : kind.getKey();
        double rate = rates[i];
        List<Row> cell =
            rows.stream()
                .filter(
                    r ->
                        r.topology().equals(topology)
                            && r.kind().equals(k)
                            && r.rate() == rate
                            && r.side().equals(side)
                            && r.engine().equals(engine))
                .toList();
        if (cell.isEmpty()) {
          continue;
        }
        ran = true;
        if (routing.equals("ok") && cell.stream().anyMatch(r -> !r.routesAll())) {
          routing = fmt(rate) + "%";
        }
        if (deadlock.equals("ok") && cell.stream().anyMatch(r -> r.deadlock().equals("no"))) {
          deadlock = fmt(rate) + "%";
        }
        unchecked |=
            cell.stream().anyMatch(r -> r.status().equals("ok") && r.deadlock().equals("n/a"));
      }
      if (unchecked && deadlock.equals("ok")) {
        deadlock = "–";
      }
      parts.add(ran ? routing + " / " + deadlock : "– / –");
    }
    return String.join("; ", parts);
  }

  private static String rateList(double[] rates) {
    return String.join(", ", Arrays.stream(rates).mapToObj(FailInPlace::fmt).toList());
  }

  private static String fmt(double rate) {
    return rate == Math.rint(rate) ? Long.toString((long) rate) : Double.toString(rate);
  }

  private static String slug(String spec) {
    return spec.trim().replaceAll("[^A-Za-z0-9]+", "_");
  }
}
