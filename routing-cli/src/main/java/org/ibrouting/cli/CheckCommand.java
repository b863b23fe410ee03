package org.ibrouting.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.FabricFile;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.sl.SlFileReader;
import org.ibrouting.routing.Routing;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ibrouting check FABRIC LFTS}: validity, reachability, loops, hops and credit loops. */
@Command(name = "check", description = {
    "Check forwarding tables (an OpenSM dump or ours) against a fabric.",
    "Exit status 0 only when every pair is routed and loop-free (and, with --deadlock, no credit loop)."})
final class CheckCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FABRIC", description = "ibnetdiscover output (default or -g) or ibsim net file, .gz ok")
  Path fabricFile;

  @Parameters(index = "1", paramLabel = "LFTS", description = "LFT dump (opensm-lfts.dump format, .gz ok)")
  Path lftFile;

  @Option(names = "--sl", paramLabel = "SLFILE", description = "SL file of the routing (ibrouting format).")
  Path slFile;

  @Option(names = "--deadlock", description = "Also verify that no VL's channel dependency graph has a cycle.")
  boolean deadlock;

  @Option(names = "--switches", description = "Also check routes from and to switch LIDs (port 0)."
      + " Off by default: Up*/Down* leaves some switch-to-switch pairs unroutable by design.")
  boolean switches;

  @Mixin
  FabricOptions fabricOptions;

  @Mixin
  CommonOptions common;

  @Override
  public Integer call() throws Exception {
    FabricFile input = fabricOptions.read(fabricFile);
    Fabric fabric = input.fabric();
    Routing routing = LftDumpReader.read(fabric, lftFile);
    if (slFile != null) {
      routing = routing.withSlTable(routing.engineName(), SlFileReader.read(fabric, slFile));
    }
    EndpointScope scope = switches ? EndpointScope.TERMINALS_AND_SWITCHES : EndpointScope.TERMINALS;
    long start = System.nanoTime();
    RouteReport report = new RouteChecker(scope, common.threads).check(routing);
    CdgReport cdg = deadlock
        ? CreditLoopVerifier.defaults().withThreads(common.threads).verify(routing) : null;
    double seconds = (System.nanoTime() - start) / 1e9;
    boolean ok = report.allRouted() && (cdg == null || cdg.isDeadlockFree());
    if (common.json) {
      Json json = Summaries.routeReport(FabricOptions.put(new Json()
          .put("fabric", fabricFile.toString()), input).put("lfts", lftFile.toString()), report);
      if (cdg != null) {
        Summaries.cdgReport(json, cdg).put("sl2vl", Summaries.sl2vlKind(routing.slTable()));
      }
      System.out.println(json.put("ok", ok).put("check_seconds", seconds));
    } else {
      FabricOptions.print(input);
      System.out.println(Summaries.routeReportText(report));
      if (cdg != null) {
        System.out.println(Summaries.cdgReportText(cdg) + (routing.slTable().isNone() ? ""
            : " (" + Summaries.sl2vlKind(routing.slTable()) + ")"));
      }
      System.out.println(ok ? "OK" : "FAILED");
    }
    return ok ? 0 : IbRouting.EXIT_CHECK_FAILED;
  }
}
