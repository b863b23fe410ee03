package org.ibrouting.bench;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.cli.IbRouting;
import org.ibrouting.engines.EngineChain;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.interop.OpenSmSimulation;
import org.ibrouting.interop.ServeProcess;
import org.ibrouting.io.AtomicFiles;
import org.ibrouting.io.FabricFiles;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.opensm.DeploymentUpdate;
import org.ibrouting.io.opensm.OpenSmDeployment;
import org.ibrouting.io.torus.TorusConfigWriter;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.TopologySpec;

/**
 * The failure timeline on a running fabric, measured against OpenSM 3.3.23 on the same events in
 * the same run (issue 43): on a fabric simulated by ibsim, a cable is cut, brought back, and a
 * switch fails, one after the other; each event is healed either by OpenSM's own engine (its next
 * heavy sweep re-routes the whole subnet) or by {@code ibrouting serve} beside an OpenSM that runs
 * our deployment through its {@code file} engine.
 *
 * <p>Per event: the time from the cut (the console command to ibsim) to the end of the heavy sweep
 * whose tables deliver every still-connected pair of CA ports (OpenSM's "SUBNET UP"; for serve the
 * sweep that loaded its last step), checked here by reading every switch's LFT back ({@code
 * dump_fts}); for serve also the time to its audit, the plan and its steps; the LFT entries the
 * event changed, and for serve those a full route of the same engine would have changed.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.ibrouting.bench.LiveHeal [torus|ktree16|jellyfish ...]
 * </pre>
 *
 * <p>Writes {@code benchmarks/results/live-heal.csv} and prints a Markdown table; {@code
 * LIVE_HEAL_SIDES=opensm} or {@code serve} runs one side only, {@code LIVE_HEAL_ENGINES=a,b} those
 * engines only ({@code opensm:minhop,serve:dfsssp}: an engine on one side); serve runs at {@code
 * nice -n 10} (as the README's systemd unit: OpenSM first), {@code LIVE_HEAL_SERVE_NICE=0} at
 * OpenSM's priority; {@code file} adds the control, our deployment under OpenSM's file engine with
 * nobody repairing it (the sweep after the event, which re-pushes the old tables, timed). Our
 * deployments are written in the compact dump format, the one to deploy on a large fabric (the full
 * format's comments make the 16-ary 3-tree's dump about six times as large, and OpenSM parses every
 * line at every sweep).
 */
public final class LiveHeal {
  private LiveHeal() {}

  /** A fabric, the engines OpenSM heals it with, and ours that serve heals it with. */
  record Setup(String name, String spec, List<String> openSm, List<String> ours) {}

  /** One event's figures. */
  record Row(
      String fabric,
      String side,
      String engine,
      String event,
      double healSeconds,
      double auditSeconds,
      long entriesChanged,
      long fullRouteEntries,
      boolean delivered,
      String deadlockFree,
      String plan,
      int steps) {
    String csv() {
      return String.join(
          ",",
          fabric,
          side,
          engine,
          event,
          fmt(healSeconds),
          fmt(auditSeconds),
          Long.toString(entriesChanged),
          fullRouteEntries < 0 ? "" : Long.toString(fullRouteEntries),
          Boolean.toString(delivered),
          deadlockFree,
          plan,
          Integer.toString(steps));
    }
  }

  static final List<Setup> SETUPS =
      List.of(
          new Setup(
              "torus",
              "torus 6,6 4",
              List.of("minhop", "dfsssp", "nue", "torus-2QoS"),
              List.of("dfsssp", "nue", "torus-2QoS")),
          new Setup(
              "ktree16",
              "ktree 16 3",
              List.of("minhop", "updn", "sssp", "dfsssp"),
              List.of("minhop", "updn", "sssp", "dfsssp")),
          new Setup(
              "jellyfish", "jellyfish 40 8 4 7", List.of("minhop", "dfsssp"), List.of("dfsssp")));

  /** Runs the setups named on the command line (all without arguments). */
  public static void main(String[] args) throws Exception {
    Path work = Files.createTempDirectory("ibrouting-live-heal-");
    List<Row> rows = new ArrayList<>();
    for (Setup setup : SETUPS) {
      if (args.length > 0 && !List.of(args).contains(setup.name())) {
        continue;
      }
      Path dir = work.resolve(setup.name());
      Files.createDirectories(dir);
      Fabric fabric = TopologySpec.parse(setup.spec()).build();
      Path net = dir.resolve("fabric.ibnd");
      IbnetdiscoverWriter.write(fabric, net);
      String sides = System.getenv().getOrDefault("LIVE_HEAL_SIDES", "opensm,serve");
      List<String> only = List.of(System.getenv().getOrDefault("LIVE_HEAL_ENGINES", "").split(","));
      for (String engine : sides.contains("opensm") ? setup.openSm() : List.<String>of()) {
        if (runs(only, "opensm", engine)) {
          rows.addAll(openSm(setup, fabric, net, dir.resolve("opensm-" + engine), engine));
        }
      }
      for (String engine : sides.contains("file") ? setup.ours() : List.<String>of()) {
        if (runs(only, "file", engine)) {
          rows.addAll(fileAlone(setup, fabric, net, dir.resolve("file-" + engine), engine));
        }
      }
      for (String engine : sides.contains("serve") ? setup.ours() : List.<String>of()) {
        if (runs(only, "serve", engine)) {
          rows.addAll(serve(setup, fabric, net, dir.resolve("serve-" + engine), engine));
        }
      }
    }
    StringBuilder csv =
        new StringBuilder(
            "fabric,side,engine,event,heal_s,audit_s,entries_changed,full_route_entries,"
                + "delivered,deadlock_free,plan,steps\n");
    for (Row r : rows) {
      csv.append(r.csv()).append('\n');
    }
    Path out = Path.of("benchmarks/results/live-heal.csv");
    AtomicFiles.writeString(out, csv.toString());
    System.out.println(markdown(rows));
    System.err.println("written " + out);
  }

  /**
   * Whether {@code side} runs {@code engine}: {@code only} is empty (every engine), or names it,
   * alone or as {@code side:engine}.
   */
  static boolean runs(List<String> only, String side, String engine) {
    return only.get(0).isEmpty() || only.contains(engine) || only.contains(side + ":" + engine);
  }

  /** OpenSM's own engine heals each event in its next heavy sweep. */
  static List<Row> openSm(Setup setup, Fabric fabric, Path net, Path dir, String engine)
      throws Exception {
    List<String> args = new ArrayList<>(List.of("-R", engine));
    args.addAll(OpenSmSimulation.engineOptions(engine));
    if (engine.equals("torus-2QoS")) {
      args.addAll(List.of("--torus_config", torusConfig(setup, dir).toString()));
    }
    return sweeps(setup, fabric, net, dir, "OpenSM", engine, args);
  }

  /**
   * The control: OpenSM runs our deployment of {@code engine} through its file engine and nobody
   * repairs it; the time is to the end of its first sweep after the event (which re-pushes the old
   * tables), the floor of any repair the file engine loads.
   */
  static List<Row> fileAlone(Setup setup, Fabric fabric, Path net, Path dir, String engine)
      throws Exception {
    Path deploy = dir.resolve("deploy");
    deployed(setup, net, dir, engine);
    List<String> args = List.of("-F", deploy.resolve(OpenSmDeployment.CONF).toString());
    return sweeps(setup, fabric, net, dir, "file alone", engine, args);
  }

  /**
   * Writes our deployment of {@code engine} into {@code dir/deploy} ({@code route --opensm-dir
   * --format compact}); returns the route command's arguments.
   */
  private static List<String> deployed(Setup setup, Path net, Path dir, String engine)
      throws Exception {
    Files.createDirectories(dir);
    List<String> routeArgs =
        new ArrayList<>(
            List.of(
                "route",
                "-R",
                engine,
                net.toString(),
                "--opensm-dir",
                dir.resolve("deploy").toString(),
                "--format",
                "compact",
                "-q"));
    if (engine.equals("torus-2QoS")) {
      routeArgs.addAll(
          List.of(
              "--torus-config", torusConfig(setup, dir).toString(), "-P", "torus_sl2vl=identity"));
    }
    int status = IbRouting.run(routeArgs.toArray(String[]::new));
    if (status != 0) {
      throw new IOException("route " + engine + " failed with status " + status);
    }
    return routeArgs;
  }

  private static List<Row> sweeps(
      Setup setup, Fabric fabric, Path net, Path dir, String side, String engine, List<String> args)
      throws Exception {
    List<Row> rows = new ArrayList<>();
    System.err.printf("%s: %s %s ...%n", setup.name(), side, engine);
    LiveHealEvents events = LiveHealEvents.of(fabric, setup.spec());
    try (OpenSmSimulation sim =
            OpenSmSimulation.startWithConsole(net, dir, OpenSmSimulation.ibsimLimits(fabric));
        OpenSmSimulation.RunningOpenSm opensm = sim.startOpenSm(args, 1800)) {
      for (int i = 0; i < 3; i++) {
        Path before = Files.writeString(dir.resolve("before-" + i + ".txt"), sim.dumpFts());
        long logAt = Files.size(opensm.log());
        Instant at = Instant.now();
        String event = events.apply(sim, fabric, i);
        Instant up = awaitSubnetUp(opensm.log(), logAt, 1800);
        Fabric now = discovered(sim);
        Routing held = LftDumpReader.read(now, new StringReader(sim.dumpFts()), "dump_fts");
        RouteReport routes = RouteChecker.terminals().check(held);
        long changed = LftDumpReader.readEarlier(now, before).differingEntries(held);
        rows.add(
            new Row(
                setup.name(),
                side,
                engine,
                event,
                seconds(at, up),
                Double.NaN,
                changed,
                -1,
                routes.allRouted(),
                "-",
                "-",
                1));
        System.err.println("  " + rows.get(rows.size() - 1).csv());
      }
    }
    return rows;
  }

  /** Our engine deployed through OpenSM's file engine, healed by serve. */
  static List<Row> serve(Setup setup, Fabric fabric, Path net, Path dir, String engine)
      throws Exception {
    List<Row> rows = new ArrayList<>();
    Path deploy = dir.resolve("deploy");
    List<String> routeArgs = deployed(setup, net, dir, engine);
    System.err.printf("%s: serve %s ...%n", setup.name(), engine);
    LiveHealEvents events = LiveHealEvents.of(fabric, setup.spec());
    try (OpenSmSimulation sim =
            OpenSmSimulation.startWithConsole(net, dir, OpenSmSimulation.ibsimLimits(fabric));
        OpenSmSimulation.RunningOpenSm opensm =
            sim.startOpenSm(List.of("-F", deploy.resolve(OpenSmDeployment.CONF).toString()), 1800);
        ServeProcess serve = serve(sim, dir, deploy, routeArgs)) {
      System.err.printf("  OpenSM pid %d, serve ready%n", opensm.pid());
      await(serve, "ready", 1800);
      for (int i = 0; i < 3; i++) {
        Fabric routedFabric = FabricFiles.read(deploy.resolve(OpenSmDeployment.FABRIC));
        Routing old = DeploymentUpdate.readRouting(deploy, routedFabric);
        Instant at = Instant.now();
        String event = events.apply(sim, fabric, i);
        String line = await(serve, null, 1800);
        Fabric now = discovered(sim);
        // a repair from what the trapping switches said may be followed by one after a discovery
        for (int more = 0; more < 3 && !sameShape(now, deployedFabric(deploy)); more++) {
          line = await(serve, null, 600);
          now = discovered(sim);
        }
        Routing held = LftDumpReader.read(now, new StringReader(sim.dumpFts()), "dump_fts");
        Routing deployed = DeploymentUpdate.readRouting(deploy, now);
        held = held.withSlTable("file", deployed.slTable());
        RouteReport routes = RouteChecker.terminals().check(held);
        boolean free = CreditLoopVerifier.defaults().verify(held).isDeadlockFree();
        long full = fullRouteEntries(engine, setup, dir, now, old);
        Instant up = instant(field(line, "healed_at"));
        Instant audited = instant(field(line, "audited_at"));
        rows.add(
            new Row(
                setup.name(),
                "serve",
                engine,
                event,
                up == null ? Double.NaN : seconds(at, up),
                audited == null ? Double.NaN : seconds(at, audited),
                number(line, "entries_changed"),
                full,
                routes.allRouted(),
                Boolean.toString(free),
                line.startsWith("{\"event\":\"refused\"") ? "refused" : field(line, "plan"),
                (int) number(line, "steps")));
        System.err.println("  " + rows.get(rows.size() - 1).csv());
      }
    }
    return rows;
  }

  /** The entries a full route of {@code engine} on {@code now} changes in {@code old}'s tables. */
  private static long fullRouteEntries(
      String engine, Setup setup, Path dir, Fabric now, Routing old) throws Exception {
    EngineConfig config = EngineConfig.none();
    if (engine.equals("torus-2QoS")) {
      config =
          config
              .with(
                  EngineInputs.TORUS_CONFIG,
                  org.ibrouting.io.torus.TorusConfigReader.read(torusConfig(setup, dir)))
              .with(
                  org.ibrouting.engines.torus2qos.Torus2QosProvider.SL2VL,
                  org.ibrouting.engines.torus2qos.Torus2QosEngine.Sl2Vl.IDENTITY);
    }
    try {
      Routing fresh =
          EngineChain.route(Engines.chain(engine, config), now, RoutingOptions.seeded(0)).routing();
      return org.ibrouting.engines.reroute.Reroute.carryOver(old, now).differingEntries(fresh);
    } catch (org.ibrouting.routing.RoutingException e) {
      return -1;
    }
  }

  private static Path torusConfig(Setup setup, Path dir) throws IOException {
    Path conf = dir.resolveSibling("torus-2QoS.conf");
    if (!Files.exists(conf)) {
      TorusConfigWriter.write(TopologySpec.parse(setup.spec()).torusConfig(), setup.spec(), conf);
    }
    return conf;
  }

  private static Fabric deployedFabric(Path deploy) throws IOException {
    return FabricFiles.read(deploy.resolve(OpenSmDeployment.FABRIC));
  }

  /** Whether two fabrics have the same switches, CAs and cables, counted. */
  private static boolean sameShape(Fabric a, Fabric b) {
    return a.numSwitches() == b.numSwitches()
        && a.numCas() == b.numCas()
        && a.numLinks() == b.numLinks();
  }

  private static Fabric discovered(OpenSmSimulation sim) throws IOException {
    return IbnetdiscoverReader.read(new StringReader(sim.ibnetdiscover()), "ibnetdiscover");
  }

  /** Waits for a "SUBNET UP" line written after byte {@code from} of the log; returns its time. */
  static Instant awaitSubnetUp(Path log, long from, long timeoutSeconds)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
    Pattern stamp =
        Pattern.compile("^\\w{3} +\\d+ (\\d\\d):(\\d\\d):(\\d\\d) (\\d{6}) .*SUBNET UP");
    while (System.nanoTime() < deadline) {
      byte[] all = Files.readAllBytes(log);
      String text =
          new String(all, (int) from, all.length - (int) from, StandardCharsets.ISO_8859_1);
      for (String line : text.split("\n")) {
        Matcher m = stamp.matcher(line);
        if (m.find()) {
          java.time.LocalDate today = java.time.LocalDate.now();
          return java.time.LocalDateTime.of(
                  today,
                  java.time.LocalTime.of(
                      Integer.parseInt(m.group(1)),
                      Integer.parseInt(m.group(2)),
                      Integer.parseInt(m.group(3)),
                      Integer.parseInt(m.group(4)) * 1000))
              .atZone(java.time.ZoneId.systemDefault())
              .toInstant();
        }
      }
      Thread.sleep(20);
    }
    throw new IOException("no SUBNET UP in " + log + " within " + timeoutSeconds + " s");
  }

  /** Serve beside {@code sim} with the engine and its options as route had them. */
  private static ServeProcess serve(
      OpenSmSimulation sim, Path dir, Path deploy, List<String> routeArgs) throws IOException {
    List<String> args = new ArrayList<>();
    for (int i = 1; i < routeArgs.size(); i++) {
      String a = routeArgs.get(i);
      if (a.equals("-R") || a.equals("--torus-config") || a.equals("-P")) {
        args.add(a);
        args.add(routeArgs.get(++i));
      }
    }
    int nice = Integer.parseInt(System.getenv().getOrDefault("LIVE_HEAL_SERVE_NICE", "10"));
    return new ServeProcess(sim, dir, "serve", deploy, args, nice);
  }

  /** A repair or refusal of serve (null kind), or the next event of {@code kind}. */
  private static String await(ServeProcess serve, String kind, long seconds)
      throws IOException, InterruptedException {
    return serve.await(
        kind != null
            ? ServeProcess.event(kind)
            : line -> line.contains("\"repair\":") || line.startsWith("{\"event\":\"refused\""),
        seconds);
  }

  private static String field(String json, String key) {
    Matcher m = Pattern.compile("\"" + key + "\":\"?([^\",}]*)").matcher(json);
    return m.find() ? m.group(1) : "";
  }

  private static long number(String json, String key) {
    String v = field(json, key);
    return v.isEmpty() ? 0 : (long) Double.parseDouble(v);
  }

  private static Instant instant(String text) {
    return text.isEmpty() || text.equals("null") ? null : Instant.parse(text);
  }

  private static double seconds(Instant from, Instant to) {
    return Duration.between(from, to).toNanos() / 1e9;
  }

  private static String fmt(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
  }

  /** The rows as a Markdown table. */
  static String markdown(List<Row> rows) {
    StringBuilder b =
        new StringBuilder(
            "| fabric | event | healed by | heal s | audit s | entries changed | full route |"
                + " delivered | deadlock-free | plan, steps |\n|---|---|---|---|---|---|---|---|---|---|\n");
    for (Row r : rows) {
      b.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %s %s | %s | %s | %d | %s | %s | %s | %s |%n",
              r.fabric(),
              r.event(),
              r.side(),
              r.engine(),
              fmt(r.healSeconds()),
              fmt(r.auditSeconds()),
              r.entriesChanged(),
              r.fullRouteEntries() < 0 ? "-" : Long.toString(r.fullRouteEntries()),
              r.delivered() ? "yes" : "NO",
              r.deadlockFree(),
              r.plan().equals("-") ? "-" : r.plan() + ", " + r.steps()));
    }
    return b.toString();
  }
}
