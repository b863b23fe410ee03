package org.ibrouting.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.EngineChain;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.FabricFile;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.io.lft.LftDumpWriter;
import org.ibrouting.io.opensm.OpenSmDeployment;
import org.ibrouting.io.opensm.QosPolicyWriter;
import org.ibrouting.io.sl.SlFileWriter;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ibrouting route -R ENGINE FABRIC -o LFTS}: computes and writes forwarding tables. */
@Command(
    name = "route",
    description = {
      "Route a fabric and write an LFT dump that OpenSM's file engine loads (opensm -R file -U LFTS),"
          + " or, with --opensm-dir, everything a stock OpenSM needs to deploy the routing with its SLs.",
      "-R a,b tries the engines in order, like OpenSM, and says which one produced the tables.",
      "Exit status 3 when every engine refused, or when the tables route no pair of CA ports."
    })
final class RouteCommand implements Callable<Integer> {
  @Option(
      names = {"-R", "--routing-engine"},
      required = true,
      paramLabel = "ENGINES",
      description =
          "Engine or comma-separated chain (e.g. minhop, lash, dor,minhop); NAME:SETTING=VALUE gives one engine its own setting (multiupdn:updn_trees=3).")
  String engines;

  @Parameters(
      index = "0",
      paramLabel = "FABRIC",
      description = "ibnetdiscover output (default or -g) or ibsim net file, .gz ok")
  Path fabricFile;

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

  @Mixin FabricOptions fabricOptions;

  @Mixin CommonOptions common;

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

  @Override
  public Integer call() throws Exception {
    DumpFormat dumpFormat = compact ? DumpFormat.COMPACT : dumpFormat(format);
    if (output == null && openSmDir == null) {
      throw new IllegalArgumentException("route needs -o LFTS, --opensm-dir DIR, or both");
    }
    var chain = engineOptions.chain(engines);
    FabricFile input = fabricOptions.read(fabricFile);
    Fabric fabric = input.fabric();
    engineOptions.jobMap(fabric);
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
    long writeStart = System.nanoTime();
    long bytes = 0;
    if (output != null) {
      LftDumpWriter.write(routing, output, dumpFormat);
      bytes = java.nio.file.Files.size(output);
    }
    OpenSmDeployment.Result deployment =
        openSmDir == null ? null : OpenSmDeployment.write(routing, openSmDir, dumpFormat);
    double writeSeconds = (System.nanoTime() - writeStart) / 1e9;
    Path slPath = slOutput;
    if (slPath == null && output != null && !routing.slTable().isNone()) {
      slPath = output.resolveSibling(output.getFileName() + ".sl");
    }
    if (slPath != null) {
      SlFileWriter.write(routing, slPath);
    }
    if (common.json) {
      Json json =
          FabricOptions.put(new Json().put("fabric", fabricFile.toString()), input)
              .put("engine", routing.engineName())
              .putRaw("failed_engines", Json.stringArray(result.failures()))
              .put("routing_seconds", routingSeconds)
              .put("vls", routing.slTable().numVls())
              .put("sl2vl", Summaries.sl2vlKind(routing.slTable()))
              .put("lfts", output == null ? null : output.toString())
              .put("sl_file", slPath == null ? null : slPath.toString())
              .put("lfts_bytes", bytes)
              .put("write_seconds", writeSeconds)
              .putRaw("notes", Json.stringArray(routing.notes()));
      if (deployment != null) {
        QosPolicyWriter.Stats policy = deployment.policy();
        json.put("opensm_dir", deployment.dir().toString())
            .put("opensm_command", deployment.commandLine())
            .put("qos_rules", policy.rules())
            .put("qos_port_groups", policy.sourceGroups() + policy.destinationGroups())
            .put("qos_policy_bytes", policy.bytes());
      }
      System.out.println(Summaries.routeReport(json, report));
    } else if (!common.quiet) {
      FabricOptions.print(input);
      Summaries.printNotes(routing);
      for (String failure : result.failures()) {
        System.out.println("skipped      " + failure);
      }
      System.out.printf(
          Locale.ROOT,
          "engine       %s (%d switches, %d CAs) in %.3f s, %d VL(s)%s%n",
          routing.engineName(),
          fabric.numSwitches(),
          fabric.numCas(),
          routingSeconds,
          routing.slTable().numVls(),
          routing.slTable().portSl2Vl() == null
              ? ""
              : ", " + Summaries.sl2vlKind(routing.slTable()));
      System.out.println(Summaries.routeReportText(report));
      if (output != null) {
        System.out.printf(
            Locale.ROOT,
            "written      %s (%d bytes in %.3f s, %.0f MB/s)%s%n",
            output,
            bytes,
            writeSeconds,
            bytes / 1e6 / Math.max(writeSeconds, 1e-9),
            slPath == null ? "" : " and " + slPath);
      } else if (slPath != null) {
        System.out.println("written      " + slPath);
      }
      if (deployment != null) {
        QosPolicyWriter.Stats policy = deployment.policy();
        System.out.printf(
            Locale.ROOT,
            "deployed     %s: %s, %s (%d rules, %d port groups, %d bytes)," + " %s%n",
            deployment.dir(),
            OpenSmDeployment.LFT_DUMP,
            OpenSmDeployment.QOS_POLICY,
            policy.rules(),
            policy.sourceGroups() + policy.destinationGroups(),
            policy.bytes(),
            OpenSmDeployment.CONF);
        System.out.printf(Locale.ROOT, "start        %s%n", deployment.commandLine());
        System.out.printf(
            Locale.ROOT,
            "             (every port must run %d data VL(s); hosts get"
                + " the SLs from the SA's PathRecords)%n",
            deployment.numVls());
      }
    }
    return 0;
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
