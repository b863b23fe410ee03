package org.ibrouting.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.EngineChain;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.FabricFiles;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.io.lft.LftDumpWriter;
import org.ibrouting.io.sl.SlFileWriter;
import org.ibrouting.routing.Routing;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ibrouting route -R ENGINE FABRIC -o LFTS}: computes and writes forwarding tables. */
@Command(name = "route", description = {
    "Route a fabric and write an LFT dump that OpenSM's file engine loads (opensm -R file -U LFTS).",
    "-R a,b tries the engines in order, like OpenSM, and says which one produced the tables."})
final class RouteCommand implements Callable<Integer> {
  @Option(names = {"-R", "--routing-engine"}, required = true, paramLabel = "ENGINES",
      description = "Engine or comma-separated chain (e.g. minhop, lash, dor,minhop); NAME:SETTING=VALUE gives one engine its own setting (multiupdn:updn_trees=3).")
  String engines;

  @Parameters(index = "0", paramLabel = "FABRIC", description = "ibnetdiscover output or ibsim net file")
  Path fabricFile;

  @Option(names = {"-o", "--output"}, required = true, paramLabel = "LFTS",
      description = "LFT dump to write (atomically).")
  Path output;

  @Option(names = "--sl-out", paramLabel = "SLFILE",
      description = "SL file to write (default: LFTS.sl when the engine assigns SLs).")
  Path slOutput;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "full",
      description = "full (byte-identical to opensm-lfts.dump), compact (only what the file engine reads),"
          + " compact-guid (compact plus port GUIDs). Default: ${DEFAULT-VALUE}.")
  String format;

  @Option(names = "--compact", description = "Same as --format compact.")
  boolean compact;

  @Mixin
  EngineOptions engineOptions;

  @Mixin
  CommonOptions common;

  /** The dump format a {@code --format} value names. */
  static DumpFormat dumpFormat(String format) {
    return switch (format.toLowerCase(Locale.ROOT)) {
      case "full" -> DumpFormat.FULL;
      case "compact" -> DumpFormat.COMPACT;
      case "compact-guid" -> DumpFormat.COMPACT_WITH_GUID;
      default -> throw new IllegalArgumentException("unknown --format '" + format
          + "'; expected full, compact or compact-guid");
    };
  }

  @Override
  public Integer call() throws Exception {
    DumpFormat dumpFormat = compact ? DumpFormat.COMPACT : dumpFormat(format);
    var chain = engineOptions.chain(engines);
    Fabric fabric = FabricFiles.read(fabricFile);
    long start = System.nanoTime();
    EngineChain.Result result = EngineChain.route(chain, fabric, engineOptions.routingOptions(common));
    double routingSeconds = (System.nanoTime() - start) / 1e9;
    Routing routing = result.routing();
    RouteReport report = new RouteChecker(EndpointScope.TERMINALS, common.threads)
        .check(routing);
    long writeStart = System.nanoTime();
    LftDumpWriter.write(routing, output, dumpFormat);
    double writeSeconds = (System.nanoTime() - writeStart) / 1e9;
    long bytes = java.nio.file.Files.size(output);
    Path slPath = slOutput;
    if (slPath == null && !routing.slTable().isNone()) {
      slPath = output.resolveSibling(output.getFileName() + ".sl");
    }
    if (slPath != null) {
      SlFileWriter.write(routing, slPath);
    }
    if (common.json) {
      Json json = new Json().put("fabric", fabricFile.toString()).put("engine", routing.engineName())
          .putRaw("failed_engines", Json.stringArray(result.failures()))
          .put("routing_seconds", routingSeconds).put("vls", routing.slTable().numVls())
          .put("lfts", output.toString()).put("sl_file", slPath == null ? null : slPath.toString())
          .put("lfts_bytes", bytes).put("write_seconds", writeSeconds);
      System.out.println(Summaries.routeReport(json, report));
    } else if (!common.quiet) {
      for (String failure : result.failures()) {
        System.out.println("skipped      " + failure);
      }
      System.out.printf(Locale.ROOT, "engine       %s (%d switches, %d CAs) in %.3f s, %d VL(s)%n",
          routing.engineName(), fabric.numSwitches(), fabric.numCas(), routingSeconds,
          routing.slTable().numVls());
      System.out.println(Summaries.routeReportText(report));
      System.out.printf(Locale.ROOT, "written      %s (%d bytes in %.3f s, %.0f MB/s)%s%n", output, bytes,
          writeSeconds, bytes / 1e6 / Math.max(writeSeconds, 1e-9), slPath == null ? "" : " and " + slPath);
    }
    return 0;
  }
}
