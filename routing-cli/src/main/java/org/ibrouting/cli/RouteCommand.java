package org.ibrouting.cli;

import java.util.List;
import java.util.Locale;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.EngineAdvice;
import org.ibrouting.engines.EngineAdvisor;
import org.ibrouting.engines.EngineChain;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code ibrouting route -R ENGINE FABRIC -o LFTS}: computes and writes forwarding tables. */
@Command(
    name = "route",
    description = {
      "Route a fabric and write an LFT dump that OpenSM's file engine loads (opensm -R file -U LFTS),"
          + " or, with --opensm-dir, everything a stock OpenSM needs to deploy the routing with its SLs.",
      "-R a,b tries the engines in order, like OpenSM, and says which one produced the tables.",
      "-R best routes with every engine and takes the one advise would choose (--budget, --patterns).",
      "Exit status 3 when every engine refused, or when the tables route no pair of CA ports."
    })
final class RouteCommand extends FabricCommand {
  @Option(
      names = {"-R", "--routing-engine"},
      required = true,
      paramLabel = "ENGINES",
      description =
          "Engine or comma-separated chain (e.g. minhop, lash, dor,minhop), or best (alone: the choice of advise); NAME:SETTING=VALUE gives one engine its own setting (multiupdn:updn_trees=3).")
  String engines;

  @Mixin TableOutput tables;

  @Mixin AdviceOptions adviceOptions;

  @Mixin EngineOptions engineOptions;

  private List<RoutingEngine> chain;

  /** The advisor of {@code -R best}; null for a chain. */
  private EngineAdvisor advisor;

  /** The engine's warm-up, running until the command's routing starts; null when off. */
  private EngineWarmUp warmUp;

  @Override
  void checkArguments() throws Exception {
    tables.dumpFormat();
    if (tables.output == null && tables.openSmDir == null) {
      throw new IllegalArgumentException("route needs -o LFTS, --opensm-dir DIR, or both");
    }
    if (AdviceOptions.isBest(engines)) {
      advisor = adviceOptions.advisor(null);
      EngineWarmUp.stopEarly();
      return;
    }
    if (adviceOptions.given()) {
      throw new IllegalArgumentException(
          "--budget and --patterns apply to -R best only, not to -R " + engines);
    }
    chain = engineOptions.chain(engines);
    // with one thread asked for, the command keeps to one core
    if (common.threads > 1) {
      warmUp =
          EngineWarmUp.start(engines, engineOptions.params, engineOptions.routingOptions(common));
    } else {
      EngineWarmUp.stopEarly();
    }
  }

  @Override
  void finish() {
    if (warmUp != null) {
      warmUp.stop();
    }
  }

  /**
   * What the route phase produced: the chain's result, its time, the check of its tables, and the
   * advice of {@code -R best} (null for a chain).
   */
  private record Routed(
      EngineChain.Result result, double seconds, RouteReport report, EngineAdvice advice) {
    Routing routing() {
      return result.routing();
    }
  }

  @Override
  int run(Fabric fabric) throws Exception {
    engineOptions.jobMap(fabric);
    Routed routed = route(fabric);
    TableOutput.Written written = tables.write(routed.routing(), common.threads);
    if (common.json) {
      printJson(routed, written);
    } else if (!common.quiet) {
      printText(fabric, routed, written);
    }
    return 0;
  }

  /** Routes with the chain and checks the tables: a routing of no pair of CA ports is refused. */
  private Routed route(Fabric fabric) throws Exception {
    if (warmUp != null) {
      warmUp.stop();
    }
    long start = System.nanoTime();
    EngineChain.Result result;
    EngineAdvice advice = null;
    try {
      if (advisor != null) {
        advice =
            advisor.advise(fabric, engineOptions.config(), engineOptions.routingOptions(common));
        result = new EngineChain.Result(advice.routingOrThrow(), List.of());
      } else {
        result = EngineChain.route(chain, fabric, engineOptions.routingOptions(common));
      }
    } finally {
      common.endProgress();
    }
    double routingSeconds = (System.nanoTime() - start) / 1e9;
    Routing routing = result.routing();
    RouteReport report = new RouteChecker(EndpointScope.TERMINALS, common.threads).check(routing);
    if (report.validPairs() == 0) {
      // tables that route no pair of CA ports are no result, whatever the engine says
      throw new RoutingException(
          "nothing routed: "
              + (report.pairs() == 0
                  ? "the fabric has " + caLids(fabric) + " and routes need two"
                  : "none of the "
                      + report.pairs()
                      + " pairs of CA LIDs is reachable through "
                      + routing.engineName()
                      + "'s tables")
              + "; no LFT dump written");
    }
    return new Routed(result, routingSeconds, report, advice);
  }

  private void printJson(Routed routed, TableOutput.Written written) {
    Routing routing = routed.routing();
    Json json =
        fabricOptions
            .json()
            .put("engine", routing.engineName())
            .putRaw("failed_engines", Json.stringArray(routed.result().failures()))
            .putRaw("refusals", refusals(routed.result()))
            .put("routing_seconds", routed.seconds())
            .put("vls", routing.slTable().numVls())
            .put("sl2vl", Summaries.sl2vlKind(routing.slTable()));
    tables.filesJson(json, written).putRaw("notes", Json.stringArray(routing.notes()));
    tables.deploymentJson(json, written);
    if (routed.advice() != null) {
      json.putRaw("best", AdviceOptions.json(new Json(), routed.advice()).toString());
    }
    System.out.println(Summaries.routeReport(json, routed.report()));
  }

  /** The chain's refusals as a JSON array of {engine, reason, message} objects. */
  static String refusals(EngineChain.Result result) {
    List<String> objects = new java.util.ArrayList<>();
    for (EngineChain.Refusal refusal : result.refusals()) {
      objects.add(
          new Json()
              .put("engine", refusal.engine())
              .put("reason", refusal.reason().name())
              .put("message", refusal.message())
              .toString());
    }
    return "[" + String.join(",", objects) + "]";
  }

  private void printText(Fabric fabric, Routed routed, TableOutput.Written written) {
    Routing routing = routed.routing();
    fabricOptions.print();
    Summaries.printNotes(routing);
    for (EngineChain.Refusal refusal : routed.result().refusals()) {
      System.out.println(
          "skipped      "
              + refusal.message()
              + " ("
              + refusal.reason().name().toLowerCase(Locale.ROOT).replace('_', ' ')
              + ")");
    }
    EngineAdvice advice = routed.advice();
    if (advice != null) {
      System.out.printf(
          Locale.ROOT,
          "best         %s of %d engines (%d eligible, %.1f s): %s%n",
          advice.chosen().orElseThrow().spec(),
          advice.candidates().size(),
          advice.ranking().size(),
          advice.seconds(),
          advice.reason());
    }
    System.out.printf(
        Locale.ROOT,
        "engine       %s (%d switches, %d CAs) in %.3f s, %d VL(s)%s%n",
        routing.engineName(),
        fabric.numSwitches(),
        fabric.numCas(),
        advice == null ? routed.seconds() : advice.chosen().orElseThrow().routingSeconds(),
        routing.slTable().numVls(),
        routing.slTable().portSl2Vl() == null ? "" : ", " + Summaries.sl2vlKind(routing.slTable()));
    System.out.println(Summaries.routeReportText(routed.report()));
    tables.print(written);
  }

  private static String caLids(Fabric fabric) {
    int count = 0;
    for (int node = fabric.numSwitches(); node < fabric.numNodes(); node++) {
      for (int p = 1; p <= fabric.numPorts(node); p++) {
        if (fabric.baseLid(fabric.port(node, p)) != 0) {
          count++;
        }
      }
    }
    return count + (count == 1 ? " CA or router port" : " CA and router ports") + " with a LID";
  }
}
