package org.ibrouting.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.Engines;
import org.ibrouting.engines.reroute.Reroute;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.lft.LftDumpWriter;
import org.ibrouting.io.sl.SlFileReader;
import org.ibrouting.io.sl.SlFileWriter;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ibrouting reroute -R ENGINE FABRIC --from OLD_LFTS -o NEW_LFTS}: re-routes a fabric after
 * failures, keeping every entry of the old tables that still delivers its packets.
 */
@Command(
    name = "reroute",
    description = {
      "Re-route a fabric after failed links or switches with few changes: keep every entry of the old"
          + " tables that still delivers, re-route only the switches whose paths broke (minhop, updn,"
          + " dnup, sssp, dfsssp).",
      "Then check the switch-over with check-update and load the tables with opensm -R file -U."
    })
final class RerouteCommand extends FabricCommand {
  @Option(
      names = {"-R", "--routing-engine"},
      required = true,
      paramLabel = "ENGINE",
      description = "The engine that routed the old tables: minhop, updn, dnup, sssp or dfsssp.")
  String engine;

  @Option(
      names = "--from",
      required = true,
      paramLabel = "OLD_LFTS",
      description = "The tables the fabric ran with before the failures (LFT dump, .gz ok).")
  Path oldLfts;

  @Option(
      names = "--from-sl",
      paramLabel = "OLD_SL",
      description =
          "The old tables' SL file (dfsssp keeps its SLs); without it every old path is on VL 0.")
  Path oldSl;

  @Option(
      names = {"-o", "--output"},
      required = true,
      paramLabel = "NEW_LFTS",
      description = "LFT dump to write (atomically).")
  Path output;

  @Option(
      names = "--sl-out",
      paramLabel = "SLFILE",
      description = "SL file to write (default: NEW_LFTS.sl when the routing has SLs).")
  Path slOutput;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "full",
      description = "full, compact or compact-guid, as for route. Default: ${DEFAULT-VALUE}.")
  String format;

  @Option(
      names = "--scratch",
      description =
          "Also route the new fabric from scratch with the same"
              + " engine and report how many entries that would change (it takes a full route's time).")
  boolean scratch;

  @Mixin EngineOptions engineOptions;

  private DumpFormat dumpFormat;

  private List<RoutingEngine> chain;

  @Override
  void checkArguments() throws Exception {
    dumpFormat = RouteCommand.dumpFormat(format);
    if (engine.contains(",") || !Reroute.SUPPORTED.contains(Engines.nameOf(engine))) {
      throw new IllegalArgumentException(
          "reroute takes one engine with an incremental rule: "
              + String.join(", ", Reroute.SUPPORTED)
              + "; not '"
              + engine
              + "' (use route for the others)");
    }
    chain = engineOptions.chain(engine);
  }

  @Override
  int run(Fabric fabric) throws Exception {
    Routing old = LftDumpReader.readEarlier(fabric, oldLfts);
    if (oldSl != null) {
      old = old.withSlTable(old.engineName(), SlFileReader.readEarlier(fabric, oldSl));
    }
    RoutingOptions options = engineOptions.routingOptions(common);
    Reroute.Result result;
    long scratchChanges = -1;
    double scratchSeconds = Double.NaN;
    try {
      result = Reroute.reroute(chain.get(0), old, options);
      if (scratch) {
        long start = System.nanoTime();
        Routing fresh = chain.get(0).route(fabric, options);
        scratchSeconds = (System.nanoTime() - start) / 1e9;
        scratchChanges = old.differingEntries(fresh);
      }
    } finally {
      common.endProgress();
    }
    Routing routing = result.routing();
    RouteReport report = new RouteChecker(EndpointScope.TERMINALS, common.threads).check(routing);
    LftDumpWriter.write(routing, output, dumpFormat);
    Path slPath = slOutput;
    if (slPath == null && !routing.slTable().isNone()) {
      slPath = output.resolveSibling(output.getFileName() + ".sl");
    }
    if (slPath != null) {
      SlFileWriter.write(routing, slPath);
    }
    long entries = (long) fabric.numSwitches() * fabric.maxLid();
    if (common.json) {
      Json json =
          fabricOptions
              .json()
              .put("engine", routing.engineName())
              .put("entries_changed", result.entriesChanged())
              .put("entries", entries)
              .put("lids_rerouted", result.lidsRerouted())
              .put("affected_entries", result.affectedEntries())
              .put("paths_moved_to_other_vl", result.pathsMoved())
              .put("note", result.note())
              .put("reroute_seconds", result.seconds())
              .put("verify_seconds", result.verifySeconds())
              .put("vls", routing.slTable().numVls())
              .put("lfts", output.toString())
              .put("sl_file", slPath == null ? null : slPath.toString());
      if (scratch) {
        json.put("scratch_entries_changed", scratchChanges).put("scratch_seconds", scratchSeconds);
      }
      System.out.println(Summaries.routeReport(json, report));
    } else if (!common.quiet) {
      fabricOptions.print();
      System.out.printf(
          Locale.ROOT,
          "engine       %s, incremental: %d destination LIDs re-routed"
              + " (%d affected entries)%n",
          routing.engineName(),
          result.lidsRerouted(),
          result.affectedEntries());
      System.out.printf(
          Locale.ROOT,
          "changed      %d of %d entries (%.4f%%) in %.3f s%s%n",
          result.entriesChanged(),
          entries,
          100.0 * result.entriesChanged() / Math.max(1, entries),
          result.seconds(),
          result.verifySeconds() > 0
              ? String.format(Locale.ROOT, ", verified in %.3f s", result.verifySeconds())
              : "");
      if (scratch) {
        System.out.printf(
            Locale.ROOT,
            "scratch      a full %s route (%.3f s) changes %d entries; this"
                + " re-route changes %.2f%% of that%n",
            routing.engineName(),
            scratchSeconds,
            scratchChanges,
            100.0 * result.entriesChanged() / Math.max(1, scratchChanges));
      }
      if (!result.note().isEmpty()) {
        System.out.println(
            "vls          " + routing.slTable().numVls() + " VL(s): " + result.note());
      }
      System.out.println(Summaries.routeReportText(report));
      System.out.println("written      " + output + (slPath == null ? "" : " and " + slPath));
    }
    return 0;
  }
}
