package org.ibrouting.bench;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.EngineAdvice;
import org.ibrouting.engines.EngineAdvisor;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
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

    /** A row of a routing that was measured; {@code message} may name what was chosen. */
    Row measured(
        String side,
        String engine,
        double routed,
        String deadlock,
        int vls,
        double lambda,
        String message) {
      return new Row(
          topology, kind, rate, seed, side, engine, "ok", connected, routed, deadlock, vls, lambda,
          message);
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

  /** One routing of the study's grid: a topology, a failure, and an engine of one side. */
  record Cell(int index, String topology, Failure failure, String side, String engine) {}

  /** The row of a cell. */
  record Measured(int cell, Row row) {}

  /**
   * Runs the study, one shard of it ({@code --shard I/N}), or merges the shards ({@code --merge
   * DIR}); {@code --help} for the options.
   */
  public static void main(String[] args) throws Exception {
    FailInPlaceOptions o = FailInPlaceOptions.parse(args);
    if (o == null) {
      return;
    }
    if (o.merge != null) {
      FailInPlaceShards.merge(o);
      return;
    }
    o.resolveEngines();
    Files.createDirectories(o.work);
    String loadBefore = FailInPlaceReport.loadAverage();
    long start = System.nanoTime();
    List<Cell> cells = grid(o);
    if (o.shards > 0) {
      cells = FailInPlaceShards.slice(cells, o.shard, o.shards);
    }
    List<Measured> measured = run(cells, o);
    double minutes = (System.nanoTime() - start) / 60e9;
    String load = loadBefore + " at the start, " + FailInPlaceReport.loadAverage() + " at the end";
    if (o.shards > 0) {
      FailInPlaceShards.write(o, cells.size(), measured, minutes, load);
      return;
    }
    String run =
        String.format(Locale.ROOT, "Run on %s in %.0f min: ", java.time.LocalDate.now(), minutes)
            + SideBySide.machine()
            + "; load average (1/5/15 min) "
            + load
            + ", the machine shared with other jobs.";
    report(measured.stream().map(Measured::row).toList(), o, run);
  }

  /**
   * Writes the CSV, one chart per topology, the detail file and the RESULTS.md section of {@code
   * rows}.
   */
  static void report(List<Row> rows, FailInPlaceOptions o, String run) throws IOException {
    Files.createDirectories(o.plots);
    AtomicFiles.writeString(o.plots.resolve(o.name + ".csv"), FailInPlaceReport.csv(rows));
    for (String topology : o.topologies) {
      AtomicFiles.writeString(
          o.plots.resolve(FailInPlaceReport.chartFile(o, topology)),
          FailInPlaceReport.chart(rows, topology, o));
    }
    String section = FailInPlaceReport.section(rows, o, run);
    ReportSections.write(
        o.results,
        o.name,
        section,
        o.plots.resolve(o.name + ".md"),
        FailInPlaceReport.detail(rows, o, run));
    System.out.println(section);
  }

  /**
   * The study's grid, in the order of its rows: per topology, per failure (none, then each link
   * rate and seed, then each switch rate and seed), our engines, then OpenSM's (torus-2QoS on tori
   * only).
   */
  static List<Cell> grid(FailInPlaceOptions o) {
    List<Cell> cells = new ArrayList<>();
    for (String topology : o.topologies) {
      boolean torus = SideBySide.engineConfig(topology).find(EngineInputs.TORUS_CONFIG).isPresent();
      for (Failure failure : failures(o)) {
        for (String engine : o.ours) {
          cells.add(new Cell(cells.size(), topology, failure, "ours", engine));
        }
        for (String engine : o.openSm) {
          if (!engine.equals("torus-2QoS") || torus) {
            cells.add(new Cell(cells.size(), topology, failure, "opensm", engine));
          }
        }
      }
    }
    return cells;
  }

  /**
   * Measures {@code cells} (in grid order): each damaged fabric is built once for the cells that
   * route it, and OpenSM's cells of one damaged fabric share one ibsim. OpenSM's cells give no row
   * where OpenSM or ibsim is not installed.
   */
  static List<Measured> run(List<Cell> cells, FailInPlaceOptions o) throws IOException {
    List<Measured> out = new ArrayList<>();
    String topology = null;
    Fabric intact = null;
    long pairs = 0;
    for (int i = 0, end; i < cells.size(); i = end) {
      Cell first = cells.get(i);
      end = i;
      while (end < cells.size()
          && cells.get(end).topology().equals(first.topology())
          && cells.get(end).failure().equals(first.failure())) {
        end++;
      }
      if (!first.topology().equals(topology)) {
        topology = first.topology();
        intact = SideBySide.buildFabric(topology);
        pairs = Connectivity.connectedPairs(intact);
      }
      Damage d = damage(topology, intact, pairs, first.failure());
      // SAR routes by a job map: seeded random jobs of 2..16 CAs until 90% of the CAs are busy
      EngineConfig config =
          SideBySide.engineConfig(topology)
              .with(
                  EngineInputs.JOBS,
                  JobListReader.parse(
                      new StringReader(RoutingBenchmark.randomJobs(d.fabric(), 16, d.seed())),
                      "random jobs"));
      List<Cell> openSmCells = new ArrayList<>();
      for (Cell c : cells.subList(i, end)) {
        if (c.side().equals("ours")) {
          out.add(new Measured(c.index(), ours(d, c.engine(), config, o)));
        } else {
          openSmCells.add(c);
        }
      }
      if (!openSmCells.isEmpty() && OpenSmSimulation.available()) {
        List<Row> rows = openSm(d, openSmCells.stream().map(Cell::engine).toList(), o);
        for (int k = 0; k < rows.size(); k++) {
          out.add(new Measured(openSmCells.get(k).index(), rows.get(k)));
        }
      }
    }
    return out;
  }

  private static Damage damage(String spec, Fabric intact, long pairs, Failure failure) {
    Fabric fabric = failure.apply(intact);
    double connected = pairs == 0 ? 0 : (double) Connectivity.connectedPairs(fabric) / pairs;
    System.err.printf(
        Locale.ROOT,
        "%s, %s %s%% (seed %d): %s, %.4f of the pairs connected%n",
        spec,
        failure.kind(),
        FailInPlaceReport.fmt(failure.rate()),
        failure.seed(),
        fabric,
        connected);
    return new Damage(
        spec,
        failure.kind(),
        failure.rate(),
        failure.seed(),
        fabric,
        connected,
        Connectivity.largestComponentCas(fabric));
  }

  /** A failure of the study: {@code links} or {@code switches} at a rate and seed, or none. */
  record Failure(String kind, double rate, long seed) {
    Fabric apply(Fabric intact) {
      return switch (kind) {
        case "links" -> Failures.failLinkShare(intact, rate, seed);
        case "switches" -> Failures.failSwitchShare(intact, rate, seed);
        default -> intact;
      };
    }
  }

  /** None, then each link and each switch failure rate at each seed. */
  private static List<Failure> failures(FailInPlaceOptions o) {
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

  private static Row ours(Damage d, String engine, EngineConfig config, FailInPlaceOptions o) {
    if (engine.equals(EngineAdvisor.NAME)) {
      return best(d, config, o);
    }
    Routing routing;
    try {
      routing = Engines.create(engine, config).route(d.fabric(), routingOptions(d, o));
    } catch (RoutingException e) {
      return d.notRouted("ours", engine, "refused", e.getMessage());
    }
    return measure(d, "ours", engine, routing, true, routing.slTable().numVls(), o, "");
  }

  private static RoutingOptions routingOptions(Damage d, FailInPlaceOptions o) {
    return RoutingOptions.seeded(d.seed()).withMaxVls(o.maxVls);
  }

  /**
   * What {@code -R best} routes on the damaged fabric: the advisor chooses among our other engines
   * (the same seed, VL budget, patterns and pattern seed as their rows), and its choice is measured
   * as every row is; the message names the choice.
   */
  private static Row best(Damage d, EngineConfig config, FailInPlaceOptions o) {
    EngineAdvisor advisor =
        EngineAdvisor.defaults()
            .withEngines(o.oursWithoutBest())
            .withPatterns(o.patterns)
            .withPatternSeed(o.patternSeed);
    advisor = o.budget.isZero() ? advisor.withoutBudget() : advisor.withBudget(o.budget);
    EngineAdvice advice;
    try {
      advice = advisor.advise(d.fabric(), config, routingOptions(d, o));
    } catch (RoutingException e) {
      return d.notRouted("ours", EngineAdvisor.NAME, "refused", e.getMessage());
    }
    if (advice.routing().isEmpty()) {
      return d.notRouted("ours", EngineAdvisor.NAME, "refused", advice.reason());
    }
    Routing routing = advice.routing().get();
    String chose = "chose " + advice.chosen().orElseThrow().spec();
    return measure(
        d, "ours", EngineAdvisor.NAME, routing, true, routing.slTable().numVls(), o, chose);
  }

  /** One ibsim on the damaged net file, one OpenSM run and row per engine of {@code engines}. */
  private static List<Row> openSm(Damage d, List<String> engines, FailInPlaceOptions o)
      throws IOException {
    List<Row> rows = new ArrayList<>();
    Path dir = o.work.resolve(d.slug());
    SideBySide.deleteTree(dir);
    Files.createDirectories(dir);
    Path net = dir.resolve("fabric.net");
    IbnetdiscoverWriter.write(d.fabric(), net);
    TorusConfig torus = SideBySide.engineConfig(d.topology()).get(EngineInputs.TORUS_CONFIG);
    try (OpenSmSimulation sim =
        OpenSmSimulation.start(net, dir, OpenSmSimulation.ibsimLimits(d.fabric()))) {
      for (String engine : engines) {
        List<String> args = new ArrayList<>(OpenSmSimulation.engineOptions(engine));
        if (engine.equals("torus-2QoS")) {
          if (torus == null) {
            rows.add(d.notRouted("opensm", engine, "failed", "no torus-2QoS.conf for this fabric"));
            continue;
          }
          Path conf = dir.resolve("torus-2QoS.conf");
          TorusConfigWriter.write(torus, d.topology(), conf);
          args.addAll(List.of("--torus_config", conf.toAbsolutePath().toString()));
        }
        rows.add(openSmRun(sim, d, engine, args, o));
      }
    } catch (IOException e) {
      rows.clear();
      for (String engine : engines) {
        rows.add(d.notRouted("opensm", engine, "failed", "ibsim: " + e.getMessage()));
      }
    }
    SideBySide.deleteTree(dir);
    return rows;
  }

  private static Row openSmRun(
      OpenSmSimulation sim, Damage d, String engine, List<String> args, FailInPlaceOptions o) {
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
      return measure(
          d, "opensm", engine, theirs, vls == 1 && !torus2qos, torus2qos ? 0 : vls, o, "");
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
      FailInPlaceOptions o,
      String message) {
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
    return d.measured(side, engine, routed, deadlock, vls, lambda, message);
  }
}
