package org.ibrouting.cli;

import java.nio.file.Path;
import java.util.EnumSet;
import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.opensm.DeploymentState;
import org.ibrouting.io.opensm.DeploymentUpdate;
import org.ibrouting.io.opensm.OpenSmDeployment;
import org.ibrouting.io.sl.SlFileReader;
import org.ibrouting.routing.Routing;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ibrouting deploy FABRIC LFTS [--sl SLFILE] --opensm-dir DIR}: any routing held in files
 * (re-routed, read back from the switches, another tool's) into an OpenSM deployment directory.
 */
@Command(
    name = "deploy",
    description = {
      "Deploy tables held in files (an LFT dump, or what ibroute or dump_fts print) and their SL file"
          + " into a directory a stock OpenSM runs from (as route --opensm-dir writes it).",
      "The tables are checked first: undelivered CA pairs or a credit loop with the SLs are refused"
          + " (exit status 1, nothing written) unless --force."
    })
final class DeployCommand extends FabricCommand {
  @Parameters(index = "1", paramLabel = "LFTS", description = "The tables to deploy (.gz ok).")
  Path lftFile;

  @Option(names = "--sl", paramLabel = "SLFILE", description = "SL file of the tables.")
  Path slFile;

  @Option(
      names = "--opensm-dir",
      required = true,
      paramLabel = "DIR",
      description =
          "The deployment directory (written as a whole; an earlier deployment's SLs keep their VLs).")
  Path openSmDir;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "full",
      description = "full, compact or compact-guid, as for route. Default: ${DEFAULT-VALUE}.")
  String format;

  @Option(
      names = "--step",
      paramLabel = "N/M",
      description =
          "Load step N of M of a switch-over plan (check-update --plan-dir): update DIR in place,"
              + " file by file, keeping its dump format; undelivered pairs are expected mid-plan, so"
              + " only a credit loop is refused. Send OpenSM a SIGHUP after each step.")
  String step;

  @Option(
      names = "--force",
      description = "Deploy even tables that leave CA pairs undelivered or close a credit loop.")
  boolean force;

  /** The phase {@code --step} records: complete after the last step. */
  private String phase;

  @Override
  void checkArguments() {
    TableOutput.dumpFormat(format);
    if (step != null) {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)/(\\d+)").matcher(step);
      if (!m.matches()
          || Integer.parseInt(m.group(1)) < 1
          || Integer.parseInt(m.group(1)) > Integer.parseInt(m.group(2))) {
        throw new IllegalArgumentException("--step wants N/M with 1 <= N <= M, not '" + step + "'");
      }
      phase =
          m.group(1).equals(m.group(2))
              ? DeploymentState.COMPLETE
              : "step " + m.group(1) + " of " + m.group(2);
    }
  }

  @Override
  int run(Fabric fabric) throws Exception {
    Routing routing = LftDumpReader.read(fabric, lftFile);
    if (slFile != null) {
      routing = routing.withSlTable(routing.engineName(), SlFileReader.read(fabric, slFile));
    }
    RouteReport report = new RouteChecker(EndpointScope.TERMINALS, common.threads).check(routing);
    CdgReport cdg = CreditLoopVerifier.defaults().withThreads(common.threads).verify(routing);
    boolean sound = (step != null || report.allRouted()) && cdg.isDeadlockFree();
    OpenSmDeployment.Result deployment = null;
    if (sound || force) {
      deployment =
          step == null
              ? OpenSmDeployment.write(
                  routing, openSmDir, TableOutput.dumpFormat(format), common.threads)
              : DeploymentUpdate.apply(
                  routing,
                  openSmDir,
                  EnumSet.allOf(DeploymentUpdate.Part.class),
                  phase,
                  common.threads);
    }
    if (common.json) {
      Json json =
          fabricOptions.json().put("lfts", lftFile.toString()).put("deployed", deployment != null);
      Summaries.routeReport(json, report);
      Summaries.cdgReport(json, cdg);
      if (deployment != null) {
        Summaries.deploymentJson(json, deployment).put("phase", deployment.state().phase());
      }
      System.out.println(json);
    } else if (!common.quiet) {
      fabricOptions.print();
      System.out.println(Summaries.routeReportText(report));
      System.out.println(Summaries.cdgReportText(cdg, slFile != null));
      if (deployment != null) {
        System.out.println(Summaries.deploymentText(deployment));
      } else {
        boolean delivered = step != null || report.allRouted();
        System.out.println(
            "refused      nothing written: the tables "
                + (delivered ? "" : "leave CA pairs undelivered")
                + (delivered || cdg.isDeadlockFree() ? "" : " and ")
                + (cdg.isDeadlockFree() ? "" : "close a credit loop with their SLs")
                + " (--force deploys them anyway)");
      }
    }
    return deployment != null ? 0 : IbRouting.EXIT_CHECK_FAILED;
  }
}
