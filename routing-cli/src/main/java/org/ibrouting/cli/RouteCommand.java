package org.ibrouting.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.EngineChain;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.io.lft.LftDumpWriter;
import org.ibrouting.io.opensm.OpenSmDeployment;
import org.ibrouting.io.sl.SlFileWriter;
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
      "Exit status 3 when every engine refused, or when the tables route no pair of CA ports."
    })
final class RouteCommand extends FabricCommand {
  @Option(
      names = {"-R", "--routing-engine"},
      required = true,
      paramLabel = "ENGINES",
      description =
          "Engine or comma-separated chain (e.g. minhop, lash, dor,minhop); NAME:SETTING=VALUE gives one engine its own setting (multiupdn:updn_trees=3).")
  String engines;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "LFTS",
      description = "LFT dump to write (atomically).")
  Path output;

  @Option(
      names = "--opensm-dir",
      paramLabel = "DIR",
      description =
          "Deploy into a running OpenSM with the SLs: write DIR/opensm-lfts.dump,"
              + " DIR/qos-policy.conf and DIR/opensm.conf (the directory as a whole) and print the"
              + " opensm command that loads them.")
  Path openSmDir;

  @Option(
      names = "--sl-out",
      paramLabel = "SLFILE",
      description = "SL file to write (default: LFTS.sl when the engine assigns SLs).")
  Path slOutput;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "full",
      description =
          "full (byte-identical to opensm-lfts.dump), compact (only what the file engine reads),"
              + " compact-guid (compact plus port GUIDs). Default: ${DEFAULT-VALUE}.")
  String format;

  @Option(names = "--compact", description = "Same as --format compact.")
  boolean compact;

  @Mixin EngineOptions engineOptions;

  /** The dump format a {@code --format} value names. */
  static DumpFormat dumpFormat(String format) {
    return switch (format.toLowerCase(Locale.ROOT)) {
      case "full" -> DumpFormat.FULL;
      case "compact" -> DumpFormat.COMPACT;
      case "compact-guid" -> DumpFormat.COMPACT_WITH_GUID;
      default ->
          throw new IllegalArgumentException(
              "unknown --format '" + format + "'; expected full, compact or compact-guid");
    };
  }

  private DumpFormat dumpFormat;

  private List<RoutingEngine> chain;

  /** The engine's warm-up, running until the command's routing starts; null when off. */
  private EngineWarmUp warmUp;

  @Override
  void checkArguments() throws Exception {
    dumpFormat = compact ? DumpFormat.COMPACT : dumpFormat(format);
    if (output == null && openSmDir == null) {
      throw new IllegalArgumentException("route needs -o LFTS, --opensm-dir DIR, or both");
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

  /** What the route phase produced: the chain's result, its time and the check of its tables. */
  private record Routed(EngineChain.Result result, double seconds, RouteReport report) {
    Routing routing() {
      return result.routing();
    }
  }

  /** What the write phase wrote: dump bytes, its time, the deployment and the SL file, if any. */
  private record Written(
      long bytes, double seconds, OpenSmDeployment.Result deployment, Path slPath) {}

  @Override
  int run(Fabric fabric) throws Exception {
    engineOptions.jobMap(fabric);
    Routed routed = route(fabric);
    Written written = write(routed.routing());
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
    try {
      result = EngineChain.route(chain, fabric, engineOptions.routingOptions(common));
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
    return new Routed(result, routingSeconds, report);
  }

  /** Writes the LFT dump, the OpenSM deployment and the SL file that were asked for. */
  private Written write(Routing routing) throws java.io.IOException {
    long writeStart = System.nanoTime();
    long bytes = 0;
    if (output != null) {
      LftDumpWriter.write(routing, output, dumpFormat, common.threads);
      bytes = java.nio.file.Files.size(output);
    }
    OpenSmDeployment.Result deployment =
        openSmDir == null
            ? null
            : OpenSmDeployment.write(routing, openSmDir, dumpFormat, common.threads);
    double writeSeconds = (System.nanoTime() - writeStart) / 1e9;
    return new Written(bytes, writeSeconds, deployment, writeSls(routing, output, slOutput));
  }

  private void printJson(Routed routed, Written written) {
    Routing routing = routed.routing();
    Json json =
        fabricOptions
            .json()
            .put("engine", routing.engineName())
            .putRaw("failed_engines", Json.stringArray(routed.result().failures()))
            .putRaw("refusals", refusals(routed.result()))
            .put("routing_seconds", routed.seconds())
            .put("vls", routing.slTable().numVls())
            .put("sl2vl", Summaries.sl2vlKind(routing.slTable()))
            .put("lfts", output == null ? null : output.toString())
            .put("sl_file", written.slPath() == null ? null : written.slPath().toString())
            .put("lfts_bytes", written.bytes())
            .put("write_seconds", written.seconds())
            .putRaw("notes", Json.stringArray(routing.notes()));
    if (written.deployment() != null) {
      Summaries.deploymentJson(json, written.deployment());
    }
    System.out.println(Summaries.routeReport(json, routed.report()));
  }

  /** The chain's refusals as a JSON array of {engine, reason, message} objects. */
  static String refusals(EngineChain.Result result) {
    List<String> objects = new ArrayList<>();
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

  private void printText(Fabric fabric, Routed routed, Written written) {
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
    System.out.printf(
        Locale.ROOT,
        "engine       %s (%d switches, %d CAs) in %.3f s, %d VL(s)%s%n",
        routing.engineName(),
        fabric.numSwitches(),
        fabric.numCas(),
        routed.seconds(),
        routing.slTable().numVls(),
        routing.slTable().portSl2Vl() == null ? "" : ", " + Summaries.sl2vlKind(routing.slTable()));
    System.out.println(Summaries.routeReportText(routed.report()));
    Path slPath = written.slPath();
    if (output != null) {
      System.out.printf(
          Locale.ROOT,
          "written      %s (%s)%s%n",
          output,
          Summaries.written(written.bytes(), written.seconds()),
          slPath == null ? "" : " and " + slPath);
    } else if (slPath != null) {
      System.out.println("written      " + slPath);
    }
    if (written.deployment() != null) {
      System.out.println(Summaries.deploymentText(written.deployment()));
    }
  }

  /**
   * Writes the SL file {@code slOutput}, by default {@code LFTS.sl} next to the dump {@code output}
   * when the routing has SLs; returns the file written, or null.
   */
  static Path writeSls(Routing routing, Path output, Path slOutput) throws java.io.IOException {
    Path slPath = slOutput;
    if (slPath == null && output != null && !routing.slTable().isNone()) {
      slPath = output.resolveSibling(output.getFileName() + ".sl");
    }
    if (slPath != null) {
      SlFileWriter.write(routing, slPath);
    }
    return slPath;
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
