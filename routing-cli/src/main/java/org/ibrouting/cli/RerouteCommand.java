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
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.sl.SlFileReader;
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
          + " dnup, sssp, dfsssp, dmodc).",
      "Then check the switch-over with check-update and load the tables with opensm -R file -U."
    })
final class RerouteCommand extends FabricCommand {
  @Option(
      names = {"-R", "--routing-engine"},
      required = true,
      paramLabel = "ENGINE",
      description =
          "The engine that routed the old tables: minhop, updn, dnup, sssp, dfsssp or dmodc.")
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

  @Mixin TableOutput tables;

  @Option(
      names = "--scratch",
      description =
          "Also route the new fabric from scratch with the same"
              + " engine and report how many entries that would change (it takes a full route's time).")
  boolean scratch;

  @Mixin EngineOptions engineOptions;

  private List<RoutingEngine> chain;

  @Override
  void checkArguments() throws Exception {
    tables.dumpFormat();
    if (tables.output == null && tables.openSmDir == null) {
      throw new IllegalArgumentException("reroute needs -o NEW_LFTS, --opensm-dir DIR, or both");
    }
    List<String> supported = Reroute.supportedEngines();
    if (engine.contains(",") || !supported.contains(Engines.nameOf(engine))) {
      throw new IllegalArgumentException(
          "reroute takes one engine with an incremental rule: "
              + String.join(", ", supported)
              + "; not '"
              + engine
              + "' (use route for the others)");
    }
    chain = engineOptions.chain(engine);
  }

  /** The re-route and, with {@code --scratch}, the entries a full route changes and its time. */
  private record Rerouted(Reroute.Result result, long scratchChanges, double scratchSeconds) {}

  @Override
  int run(Fabric fabric) throws Exception {
    Routing old = LftDumpReader.readEarlier(fabric, oldLfts);
    if (oldSl != null) {
      old = old.withSlTable(old.engineName(), SlFileReader.readEarlier(fabric, oldSl));
    }
    Rerouted rerouted = reroute(fabric, old);
    Routing routing = rerouted.result().routing();
    RouteReport report = new RouteChecker(EndpointScope.TERMINALS, common.threads).check(routing);
    TableOutput.Written written = tables.write(routing, common.threads);
    long entries = (long) fabric.numSwitches() * fabric.maxLid();
    if (common.json) {
      Json json = tables.json(json(rerouted, entries), written);
      System.out.println(Summaries.routeReport(json, report));
    } else if (!common.quiet) {
      printText(rerouted, report, entries);
      tables.print(written);
    }
    return 0;
  }

  private Rerouted reroute(Fabric fabric, Routing old) throws Exception {
    RoutingOptions options = engineOptions.routingOptions(common);
    try {
      Reroute.Result result = Reroute.reroute(chain.get(0), old, options);
      if (!scratch) {
        return new Rerouted(result, -1, Double.NaN);
      }
      long start = System.nanoTime();
      Routing fresh = chain.get(0).route(fabric, options);
      double seconds = (System.nanoTime() - start) / 1e9;
      return new Rerouted(result, old.differingEntries(fresh), seconds);
    } finally {
      common.endProgress();
    }
  }

  private Json json(Rerouted rerouted, long entries) {
    Reroute.Result result = rerouted.result();
    Routing routing = result.routing();
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
            .put("vls", routing.slTable().numVls());
    if (scratch) {
      json.put("scratch_entries_changed", rerouted.scratchChanges())
          .put("scratch_seconds", rerouted.scratchSeconds());
    }
    return json;
  }

  private void printText(Rerouted rerouted, RouteReport report, long entries) {
    Reroute.Result result = rerouted.result();
    Routing routing = result.routing();
    fabricOptions.print();
    System.out.printf(
        Locale.ROOT,
        "engine       %s, incremental: %d destination LIDs re-routed" + " (%d affected entries)%n",
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
          rerouted.scratchSeconds(),
          rerouted.scratchChanges(),
          100.0 * result.entriesChanged() / Math.max(1, rerouted.scratchChanges()));
    }
    if (!result.note().isEmpty()) {
      System.out.println("vls          " + routing.slTable().numVls() + " VL(s): " + result.note());
    }
    System.out.println(Summaries.routeReportText(report));
  }
}
