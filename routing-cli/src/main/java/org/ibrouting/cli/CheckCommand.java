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
import org.ibrouting.io.sl.PathRecordSample;
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
          "The SLs the subnet manager hands out: the output of saquery -p (every PathRecord), or of"
              + " saquery -p --src-to-dst for a sample of pairs (its coverage is reported; with --sl"
              + " the sample is compared with the SL file, whose SLs the deadlock check then uses).")
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
  int run(Fabric fabric) throws Exception {
    Routing routing = LftDumpReader.read(fabric, lftFile);
    PathRecordSample sample =
        saqueryFile == null ? null : PathRecordReader.readSample(fabric, saqueryFile);
    SlAudit slAudit = null;
    int saVls = 0;
    if (slFile != null) {
      routing = routing.withSlTable(routing.engineName(), SlFileReader.read(fabric, slFile));
      slAudit = sample == null ? null : SlAudit.of(sample, routing.slTable(), fabric);
    } else if (sample != null && sample.complete()) {
      PathRecordReader.Listing listing = PathRecordReader.read(fabric, saqueryFile);
      routing = routing.withSlTable(routing.engineName(), listing.slTable());
      saVls = listing.slTable().numVls();
    }
    // a sample alone cannot say the SL of every path: the deadlock verdict needs the SL file
    boolean slsUnknown = sample != null && !sample.complete() && slFile == null;
    EndpointScope scope = switches ? EndpointScope.TERMINALS_AND_SWITCHES : EndpointScope.TERMINALS;
    long start = System.nanoTime();
    RouteReport report = new RouteChecker(scope, common.threads).check(routing);
    CdgReport cdg =
        deadlock && !slsUnknown
            ? CreditLoopVerifier.defaults().withThreads(common.threads).verify(routing)
            : null;
    double seconds = (System.nanoTime() - start) / 1e9;
    boolean ok =
        report.allRouted()
            && (cdg == null || cdg.isDeadlockFree())
            && !(deadlock && slsUnknown)
            && (slAudit == null || slAudit.mismatches() == 0);
    if (common.json) {
      Json json = fabricOptions.json().put("lfts", lftFile.toString());
      if (sample != null) {
        json.put("path_records", sample.size());
        if (saVls > 0) {
          json.put("sl_vls", saVls);
        }
        json.put("path_record_port_pairs", sample.coveredPortPairs())
            .put("port_pairs", sample.portPairs());
      }
      if (slAudit != null) {
        json.put("sl_mismatches", slAudit.mismatches())
            .putRaw("sl_mismatch_examples", Json.stringArray(slAudit.examples()));
      }
      Summaries.routeReport(json, report);
      if (cdg != null) {
        Summaries.cdgReport(json, cdg)
            .put("sl2vl", Summaries.sl2vlKind(routing.slTable()))
            .put("sls_given", slsGiven())
            .put("sls_note", slsGiven() ? null : Summaries.NO_SLS_GIVEN);
      } else if (deadlock) {
        json.put("deadlock_free", (String) null).put("deadlock_note", unverified(sample));
      }
      System.out.println(json.put("ok", ok).put("check_seconds", seconds));
    } else {
      fabricOptions.print();
      if (sample != null) {
        System.out.println(coverageText(sample) + (saVls > 0 ? ", " + saVls + " VL(s)" : ""));
      }
      if (slAudit != null) {
        System.out.println(slAudit.text(slFile));
      }
      System.out.println(Summaries.routeReportText(report));
      if (cdg != null) {
        System.out.println(
            Summaries.cdgReportText(cdg, slsGiven())
                + (routing.slTable().isNone()
                    ? ""
                    : " (" + Summaries.sl2vlKind(routing.slTable()) + ")"));
      } else if (deadlock) {
        System.out.println("deadlock     NOT VERIFIED: " + unverified(sample));
      }
      System.out.println(ok ? "OK" : "FAILED");
    }
    return ok ? 0 : IbRouting.EXIT_CHECK_FAILED;
  }

  private String coverageText(PathRecordSample sample) {
    return String.format(
        Locale.ROOT,
        "SLs          %d PathRecords from %s, %s of %d CA port pairs%s",
        sample.size(),
        saqueryFile,
        sample.complete() ? "every one" : Long.toString(sample.coveredPortPairs()),
        sample.portPairs(),
        sample.complete()
            ? ""
            : String.format(
                Locale.ROOT,
                " (%.2f%%, a sample)",
                100.0 * sample.coveredPortPairs() / Math.max(1, sample.portPairs())));
  }

  private static String unverified(PathRecordSample sample) {
    return "the PathRecords give the SLs of "
        + sample.coveredPortPairs()
        + " of "
        + sample.portPairs()
        + " CA port pairs; the verdict needs every path's SL: give the routing's SL file"
        + " with --sl (the sample is then checked against it)";
  }
}
