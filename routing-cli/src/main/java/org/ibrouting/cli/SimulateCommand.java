package org.ibrouting.cli;

import java.nio.file.Path;
import java.util.Locale;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.AtomicFiles;
import org.ibrouting.routing.Routing;
import org.ibrouting.simulation.CableCongestionDot;
import org.ibrouting.simulation.JobMap;
import org.ibrouting.simulation.JobMetrics;
import org.ibrouting.simulation.Metric;
import org.ibrouting.simulation.NodeSubset;
import org.ibrouting.simulation.PathTable;
import org.ibrouting.simulation.PatternSpec;
import org.ibrouting.simulation.SimulationOptions;
import org.ibrouting.simulation.SimulationResult;
import org.ibrouting.simulation.Simulator;
import org.ibrouting.simulation.SvgPlots;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ibrouting simulate}: ORCS-style congestion simulation of a routing. */
@Command(
    name = "simulate",
    description = {
      "Simulate traffic patterns on a routing (an LFT dump or -R ENGINE), as ORCS does.",
      "Patterns: rand null bisect bisect_fb_sym tree bruck gather scatter ring recdbl 2neighbor",
      "  4neighbor 6neighbor dissemination alltoall ptrnvsptrn(FIRST,SECOND,FIRSTSIZE).",
      "Metrics: sum_max_cong hist_max_cong hist_acc_band dep_max_delay get_cable_cong."
    })
final class SimulateCommand extends FabricCommand {
  @Parameters(
      index = "1",
      arity = "0..1",
      paramLabel = "LFTS",
      description = "LFT dump (or use -R)")
  Path lftFile;

  @Option(
      names = {"-R", "--routing-engine"},
      paramLabel = "ENGINES",
      description = "Route now instead of reading LFTS.")
  String engines;

  @Option(
      names = "--ptrn",
      defaultValue = "bisect",
      description = "Pattern (default: ${DEFAULT-VALUE}).")
  String pattern;

  @Option(
      names = "--metric",
      defaultValue = "hist_acc_band",
      description = "Metric (default: ${DEFAULT-VALUE}).")
  String metric;

  @Option(
      names = "--commsize",
      defaultValue = "0",
      description = "Communicator size, 0 = every CA.")
  int commSize;

  @Option(
      names = "--num-runs",
      defaultValue = "1000",
      description = "Runs, each with a new random mapping (default: ${DEFAULT-VALUE}).")
  int numRuns;

  @Option(
      names = "--subset",
      defaultValue = "rand",
      description = "Node subset: rand or linear_bfs (default: ${DEFAULT-VALUE}).")
  String subset;

  @Option(names = "--plot", paramLabel = "FILE.svg", description = "Draw the histogram as SVG.")
  Path plot;

  @Option(
      names = "--dot",
      paramLabel = "FILE.dot",
      description = "get_cable_cong: write the congestion map as Graphviz dot.")
  Path dot;

  @Option(
      names = "--listing",
      description =
          "Print ORCS's own listing (per-run values, or the congestion"
              + " histogram for hist_max_cong) instead of the short summary.")
  boolean listing;

  @Mixin EngineOptions engineOptions;

  @Override
  int run(Fabric fabric) throws Exception {
    // --jobs (the job-to-node map SAR routes by) also gives the job metrics here
    JobMap jobMap = engineOptions.jobMap(fabric);
    Routing routing = RoutingSource.load(fabric, lftFile, engines, engineOptions, common);
    PathTable table = PathTable.build(routing, EndPorts.cabledCas(fabric));
    SimulationResult result =
        Simulator.simulate(
            table,
            PatternSpec.parse(pattern),
            Metric.parse(metric),
            new SimulationOptions(
                commSize,
                numRuns,
                NodeSubset.parse(subset),
                engineOptions.seed,
                common.threads,
                true));
    JobMetrics jobs = jobMap == null ? null : JobMetrics.compute(table, jobMap);
    if (plot != null) {
      String svg =
          result.metric() == Metric.HIST_MAX_CONG
              ? SvgPlots.congestionHistogram(result)
              : SvgPlots.bandwidthHistogram(result);
      AtomicFiles.write(
          plot, out -> out.write(svg.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }
    if (dot != null) {
      String graph = CableCongestionDot.toDot(fabric, result.channelCongestion());
      AtomicFiles.write(
          dot, out -> out.write(graph.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }
    if (common.json) {
      Json json =
          fabricOptions
              .json()
              .put("engine", routing.engineName())
              .put("pattern", result.pattern().toString())
              .put("metric", result.metric().toString())
              .put("commsize", result.commSize())
              .put("runs", result.numRuns())
              .put("mean", result.mean())
              .put("ci95", result.confidence95())
              .put("min", result.min())
              .put("max", result.max())
              .put("bandwidth", result.bandwidth())
              .putRaw("weight_histogram", Json.array(result.weightHistogram()));
      if (jobs != null) {
        json.put("max_effective_efi", jobs.maxEffectiveForwardingIndex())
            .put("dark_fibre_share", jobs.darkFibreShare());
      }
      System.out.println(json);
      return 0;
    }
    fabricOptions.print();
    if (!listing) {
      System.out.print(result.formatSummary());
    } else {
      if (result.metric() == Metric.HIST_MAX_CONG) {
        System.out.print(result.formatWeightHistogram());
      } else if (result.metric() != Metric.GET_CABLE_CONG) {
        System.out.print(result.formatRunValues());
      }
      System.out.println(result);
    }
    if (jobs != null) {
      System.out.printf(
          Locale.ROOT,
          "jobs: max effective edge forwarding index %d, dark fibre %.2f%% of %d"
              + " inter-switch channels%n",
          jobs.maxEffectiveForwardingIndex(),
          100 * jobs.darkFibreShare(),
          jobs.numInterSwitchChannels());
    }
    return 0;
  }
}
