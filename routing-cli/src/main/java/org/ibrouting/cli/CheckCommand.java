package org.ibrouting.cli;

import java.nio.file.Path;
import java.util.Locale;
import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.sl.PathRecordReader;
import org.ibrouting.io.sl.SlFileReader;
import org.ibrouting.routing.Routing;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ibrouting check FABRIC LFTS}: validity, reachability, loops, hops and credit loops. */
@Command(
    name = "check",
    description = {
      "Check forwarding tables (an OpenSM dump, ours, or read from the switches) against a fabric.",
      "Exit status 0 only when every pair is routed and loop-free (and, with --deadlock, no credit loop)."
    })
final class CheckCommand extends FabricCommand {
  @Parameters(
      index = "1",
      paramLabel = "LFTS",
      description =
          "LFTs: an OpenSM dump, or what ibroute"
              + " or dump_fts (dump_lfts.sh) print from the switches (.gz ok)")
  Path lftFile;

  @Option(
      names = "--sl",
      paramLabel = "SLFILE",
      description = "SL file of the routing (ibrouting format).")
  Path slFile;

  @Option(
      names = "--sl-saquery",
      paramLabel = "FILE",
      description =
          "The SLs the subnet manager" + " hands out: the output of saquery -p (every PathRecord).")
  Path saqueryFile;

  @Option(
      names = "--deadlock",
      description = "Also verify that no VL's channel dependency graph has a cycle.")
  boolean deadlock;

  @Option(
      names = "--switches",
      description =
          "Also check routes from and to switch LIDs (port 0)."
              + " Off by default: Up*/Down* leaves some switch-to-switch pairs unroutable by design.")
  boolean switches;

  private boolean slsGiven() {
    return slFile != null || saqueryFile != null;
  }

  @Override
  void checkArguments() throws Exception {
    if (slFile != null && saqueryFile != null) {
      throw new IllegalArgumentException(
          "give the SLs either as --sl SLFILE or as --sl-saquery FILE");
    }
  }

  @Override
  int run(Fabric fabric) throws Exception {
    Routing routing = LftDumpReader.read(fabric, lftFile);
    PathRecordReader.Listing listing = null;
    if (slFile != null) {
      routing = routing.withSlTable(routing.engineName(), SlFileReader.read(fabric, slFile));
    } else if (saqueryFile != null) {
      listing = PathRecordReader.read(fabric, saqueryFile);
      routing = routing.withSlTable(routing.engineName(), listing.slTable());
    }
    EndpointScope scope = switches ? EndpointScope.TERMINALS_AND_SWITCHES : EndpointScope.TERMINALS;
    long start = System.nanoTime();
    RouteReport report = new RouteChecker(scope, common.threads).check(routing);
    CdgReport cdg =
        deadlock ? CreditLoopVerifier.defaults().withThreads(common.threads).verify(routing) : null;
    double seconds = (System.nanoTime() - start) / 1e9;
    boolean ok = report.allRouted() && (cdg == null || cdg.isDeadlockFree());
    if (common.json) {
      Json json = fabricOptions.json().put("lfts", lftFile.toString());
      if (listing != null) {
        json.put("path_records", listing.records()).put("sl_vls", listing.slTable().numVls());
      }
      Summaries.routeReport(json, report);
      if (cdg != null) {
        Summaries.cdgReport(json, cdg)
            .put("sl2vl", Summaries.sl2vlKind(routing.slTable()))
            .put("sls_given", slsGiven())
            .put("sls_note", slsGiven() ? null : Summaries.NO_SLS_GIVEN);
      }
      System.out.println(json.put("ok", ok).put("check_seconds", seconds));
    } else {
      fabricOptions.print();
      if (listing != null) {
        System.out.printf(
            Locale.ROOT,
            "SLs          %d PathRecords from %s, every one of %d CA port" + " pairs, %d VL(s)%n",
            listing.records(),
            saqueryFile,
            listing.portPairs(),
            listing.slTable().numVls());
      }
      System.out.println(Summaries.routeReportText(report));
      if (cdg != null) {
        System.out.println(
            Summaries.cdgReportText(cdg, slsGiven())
                + (routing.slTable().isNone()
                    ? ""
                    : " (" + Summaries.sl2vlKind(routing.slTable()) + ")"));
      }
      System.out.println(ok ? "OK" : "FAILED");
    }
    return ok ? 0 : IbRouting.EXIT_CHECK_FAILED;
  }
}
