package org.ibrouting.bench;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
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
    boolean routesAll() {
      return status.equals("ok") && routed >= 1.0 - 1e-12;
    }
  }

  /**
   * One damaged fabric of the study, as its rows name it: the topology's spec, the failure kind,
   * rate and seed, the share of the intact fabric's CA pairs it still connects, and the CAs of its
   * largest component (where Λ is measured).
   */
  record Damage(
      String topology,
      String kind,
      double rate,
      long seed,
      Fabric fabric,
      double connected,
      EndPorts largest) {
    /** A row of a routing that did not happen (refused, failed, fell back): nothing measured. */
    Row notRouted(String side, String engine, String status, String message) {
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

    /** A row of a routing that was measured. */
    Row measured(
        String side, String engine, double routed, String deadlock, int vls, double lambda) {
      return new Row(
          topology, kind, rate, seed, side, engine, "ok", connected, routed, deadlock, vls, lambda,
          "");
    }

    /** The directory name of its simulation. */
    String slug() {
      return SideBySide.slug(topology)
          + "-"
          + kind
          + "-"
          + FailInPlaceReport.fmt(rate)
          + "-"
          + seed;
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
    String loadBefore = FailInPlaceReport.loadAverage();
    long start = System.nanoTime();
    List<Row> rows = new ArrayList<>();
    for (String topology : o.topologies) {
      rows.addAll(topology(topology, o));
    }
    double minutes = (System.nanoTime() - start) / 60e9;
    String load = loadBefore + " at the start, " + FailInPlaceReport.loadAverage() + " at the end";
    Files.createDirectories(o.plots);
    AtomicFiles.writeString(o.plots.resolve("fail-in-place.csv"), FailInPlaceReport.csv(rows));
    for (String topology : o.topologies) {
      AtomicFiles.writeString(
          o.plots.resolve("fail-in-place-" + SideBySide.slug(topology) + ".svg"),
          FailInPlaceReport.chart(rows, topology, o));
    }
    String section = FailInPlaceReport.markdown(rows, o, args, minutes, load);
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
        case "--engines" -> o.ours = SideBySide.engineList(args[++i]);
        case "--opensm-engines" -> o.openSm = SideBySide.engineList(args[++i]);
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

  /** Every damage of one topology, routed by every engine. */
  private static List<Row> topology(String spec, Options o) throws IOException {
    Fabric intact = SideBySide.buildFabric(spec);
    long pairs = Connectivity.connectedPairs(intact);
    List<Row> rows = new ArrayList<>();
    for (Failure failure : failures(o)) {
      Fabric fabric = failure.apply(intact);
      double connected = pairs == 0 ? 0 : (double) Connectivity.connectedPairs(fabric) / pairs;
      System.err.printf(
          Locale.ROOT,
          "%s, %s %.0f%% (seed %d): %s, %.4f of the pairs connected%n",
          spec,
          failure.kind(),
          failure.rate(),
          failure.seed(),
          fabric,
          connected);
      Damage d =
          new Damage(
              spec,
              failure.kind(),
              failure.rate(),
              failure.seed(),
              fabric,
              connected,
              largestComponent(fabric));
      // SAR routes by a job map: seeded random jobs of 2..16 CAs until 90% of the CAs are busy
      EngineConfig config =
          SideBySide.engineConfig(spec)
              .withJobs(
                  JobListReader.parse(
                      new StringReader(RoutingBenchmark.randomJobs(fabric, 16, d.seed())),
                      "random jobs"));
      for (String engine : o.ours) {
        rows.add(ours(d, engine, config, o));
      }
      if (!o.openSm.isEmpty() && OpenSmSimulation.available()) {
        rows.addAll(openSm(d, o));
      }
    }
    return rows;
  }

  /** A failure of the study: {@code links} or {@code switches} at a rate and seed, or none. */
  private record Failure(String kind, double rate, long seed) {
    Fabric apply(Fabric intact) {
      return switch (kind) {
        case "links" -> Failures.failLinkShare(intact, rate, seed);
        case "switches" -> Failures.failSwitchShare(intact, rate, seed);
        default -> intact;
      };
    }
  }

  /** None, then each link and each switch failure rate at each seed. */
  private static List<Failure> failures(Options o) {
    List<Failure> failures = new ArrayList<>();
    failures.add(new Failure("none", 0, 0));
    for (double rate : o.linkRates) {
      for (long seed = 1; seed <= o.seeds; seed++) {
        failures.add(new Failure("links", rate, seed));
      }
    }
    for (double rate : o.switchRates) {
      for (long seed = 1; seed <= o.seeds; seed++) {
        failures.add(new Failure("switches", rate, seed));
      }
    }
    return failures;
  }

  private static Row ours(Damage d, String engine, EngineConfig config, Options o) {
    Routing routing;
    try {
      routing = Engines.create(engine, config).route(d.fabric(), RoutingOptions.seeded(d.seed()));
    } catch (RoutingException e) {
      return d.notRouted("ours", engine, "refused", e.getMessage());
    }
    return measure(d, "ours", engine, routing, true, routing.slTable().numVls(), o);
  }

  /** One ibsim on the damaged net file, one OpenSM run per engine. */
  private static List<Row> openSm(Damage d, Options o) throws IOException {
    List<Row> rows = new ArrayList<>();
    Path dir = o.work.resolve(d.slug());
    SideBySide.deleteTree(dir);
    Files.createDirectories(dir);
    Path net = dir.resolve("fabric.net");
    IbnetdiscoverWriter.write(d.fabric(), net);
    TorusConfig torus = SideBySide.engineConfig(d.topology()).torusConfig().orElse(null);
    try (OpenSmSimulation sim =
        OpenSmSimulation.start(net, dir, OpenSmSimulation.ibsimLimits(d.fabric()))) {
      for (String engine : o.openSm) {
        List<String> args = new ArrayList<>(OpenSmSimulation.engineOptions(engine));
        if (engine.equals("torus-2QoS")) {
          if (torus == null) {
            continue;
          }
          Path conf = dir.resolve("torus-2QoS.conf");
          TorusConfigWriter.write(torus, d.topology(), conf);
          args.addAll(List.of("--torus_config", conf.toAbsolutePath().toString()));
        }
        rows.add(openSmRun(sim, d, engine, args, o));
      }
    } catch (IOException e) {
      for (String engine : o.openSm) {
        if (!engine.equals("torus-2QoS") || torus != null) {
          rows.add(d.notRouted("opensm", engine, "failed", "ibsim: " + e.getMessage()));
        }
      }
    }
    SideBySide.deleteTree(dir);
    return rows;
  }

  private static Row openSmRun(
      OpenSmSimulation sim, Damage d, String engine, List<String> args, Options o) {
    try {
      OpenSmSimulation.Result r = sim.runOpenSm(engine, args, 600);
      if (r.lftDump() == null) {
        return d.notRouted("opensm", engine, "failed", "no LFT dump, exit " + r.exitCode());
      }
      if (!engine.equals(r.engineUsed())) {
        return d.notRouted("opensm", engine, "fell back", "OpenSM routed with " + r.engineUsed());
      }
      int vls = EngineFacts.openSmVls(engine, r.log());
      Routing theirs = LftDumpReader.read(d.fabric(), r.lftDump());
      // a dump has no SLs: only one-VL routings can be checked for credit loops (torus-2QoS's VLs
      // come from its per-port SL-to-VL maps, which neither the dump nor its log gives)
      boolean torus2qos = engine.equals("torus-2QoS");
      return measure(d, "opensm", engine, theirs, vls == 1 && !torus2qos, torus2qos ? 0 : vls, o);
    } catch (IOException | RuntimeException e) {
      return d.notRouted("opensm", engine, "failed", String.valueOf(e.getMessage()));
    }
  }

  private static Row measure(
      Damage d,
      String side,
      String engine,
      Routing routing,
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
    EndPorts largest = d.largest();
    if (report.validPairs() == connectedPairs && largest.size() >= 2 && o.patterns > 0) {
      PathTable table = PathTable.build(routing, largest);
      lambda =
          Simulator.effectiveBisectionBandwidth(
                  table, SimulationOptions.of(o.patterns, o.patternSeed).withThreads(threads))
              .mean();
    }
    return d.measured(side, engine, routed, deadlock, vls, lambda);
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
}
