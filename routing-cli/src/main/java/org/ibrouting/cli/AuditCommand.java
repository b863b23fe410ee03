package org.ibrouting.cli;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.FabricFiles;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.opensm.DeploymentUpdate;
import org.ibrouting.io.sl.SlFileReader;
import org.ibrouting.routing.Routing;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ibrouting audit}: collects what a live fabric holds (its topology, every switch's LFT over
 * directed routes, a sample of the SA's PathRecords) and checks it against the routing that should
 * be there.
 */
@Command(
    name = "audit",
    description = {
      "Audit a live fabric: discover it (ibnetdiscover, unless --fabric), read every switch's LFT"
          + " (dump_fts, over directed routes), ask the SA for the PathRecords of a random sample of"
          + " CA pairs (saquery -p --src-to-dst, several at once), and check that the tables are the"
          + " expected ones (--opensm-dir DIR, or --lfts/--sl), deliver every CA pair and, with the"
          + " expected SLs, hold no credit loop; the sample shows whether the SA hands out those SLs.",
      "Exit status 0 when all holds, 1 when not."
    })
final class AuditCommand implements Callable<Integer> {
  @Option(
      names = "--fabric",
      paramLabel = "FILE",
      description = "The fabric (default: discover it now).")
  Path fabricFile;

  @Option(
      names = "--opensm-dir",
      paramLabel = "DIR",
      description = "Expect the routing deployed in DIR.")
  Path openSmDir;

  @Option(names = "--lfts", paramLabel = "LFTS", description = "Expect these tables.")
  Path lftFile;

  @Option(names = "--sl", paramLabel = "SLFILE", description = "... with these SLs.")
  Path slFile;

  @Option(
      names = "--pairs",
      paramLabel = "N",
      description = "PathRecords to sample; 0 for none (default ${DEFAULT-VALUE}).")
  int pairs = 200;

  @Option(
      names = "--parallel",
      paramLabel = "N",
      description = "saquery processes at once (default ${DEFAULT-VALUE}).")
  int parallel = 4;

  @Option(names = "--seed", paramLabel = "S", description = "Seed of the sample (default 0).")
  long seed;

  @Option(
      names = "--save",
      paramLabel = "DIR",
      description =
          "Keep what was collected there: fabric.ibnd (as discovered), lfts.txt (the LFTs read back, as an OpenSM dump).")
  Path saveDir;

  @Mixin ToolOptions toolOptions;

  @Mixin CommonOptions common;

  @Override
  public Integer call() throws Exception {
    if (openSmDir != null && lftFile != null) {
      throw new IllegalArgumentException("expect either --opensm-dir DIR or --lfts LFTS, not both");
    }
    if (slFile != null && lftFile == null) {
      throw new IllegalArgumentException("--sl needs --lfts");
    }
    try (ToolOptions.Scratch scratch = toolOptions.open()) {
      DiagnosticTools tools = scratch.tools();
      long start = System.nanoTime();
      String discovered = null;
      Fabric fabric;
      if (fabricFile != null) {
        fabric = FabricFiles.read(fabricFile);
      } else {
        discovered = tools.run(List.of("ibnetdiscover"), 600);
        fabric =
            IbnetdiscoverReader.readFile(new StringReader(discovered), "ibnetdiscover").fabric();
      }
      Routing expected = expected(fabric);
      LiveAudit.Report report =
          new LiveAudit(tools, common.threads, parallel).run(fabric, expected, pairs, seed);
      double seconds = (System.nanoTime() - start) / 1e9;
      if (saveDir != null) {
        save(discovered, report);
      }
      if (common.json) {
        System.out.println(report.json().put("audit_seconds", seconds));
      } else if (!common.quiet) {
        System.out.printf(
            Locale.ROOT,
            "fabric       %d switches, %d CAs%s%n",
            fabric.numSwitches(),
            fabric.numCas(),
            fabricFile == null ? " (discovered)" : " (" + fabricFile + ")");
        System.out.println(Summaries.routeReportText(report.routes()));
        System.out.println(Summaries.cdgReportText(report.cdg(), true));
        if (report.sls() != null) {
          System.out.println(report.sls().text(null));
        }
        System.out.printf(
            Locale.ROOT,
            "audit        %s (LFTs read in %.2f s, PathRecords in %.2f s)%n",
            report.summary(),
            report.lftSeconds(),
            report.pathRecordSeconds());
      }
      return report.ok() ? 0 : IbRouting.EXIT_CHECK_FAILED;
    }
  }

  private Routing expected(Fabric fabric) throws java.io.IOException {
    if (openSmDir != null) {
      return DeploymentUpdate.readRouting(openSmDir, fabric);
    }
    if (lftFile == null) {
      return null;
    }
    Routing routing = LftDumpReader.readEarlier(fabric, lftFile);
    return slFile == null
        ? routing
        : routing.withSlTable(routing.engineName(), SlFileReader.readEarlier(fabric, slFile));
  }

  private void save(String discovered, LiveAudit.Report report) throws java.io.IOException {
    Files.createDirectories(saveDir);
    if (discovered != null) {
      org.ibrouting.io.AtomicFiles.writeString(saveDir.resolve("fabric.ibnd"), discovered);
    }
    org.ibrouting.io.lft.LftDumpWriter.write(
        report.readBack(), saveDir.resolve("lfts.txt"), org.ibrouting.io.lft.DumpFormat.FULL);
  }
}
