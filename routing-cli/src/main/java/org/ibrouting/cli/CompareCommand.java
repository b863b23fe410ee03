package org.ibrouting.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.EngineChain;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.simulation.JobMap;
import org.ibrouting.simulation.JobMetrics;
import org.ibrouting.simulation.RoutingComparison;
import org.ibrouting.simulation.RoutingQuality;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code ibrouting compare}: one row per routing, all measured on the same patterns. */
@Command(
    name = "compare",
    description = {
      "Compare routings of one fabric: our engines (-R) and dumps (--dump NAME=LFTS, e.g. OpenSM's).",
      "Columns: routing time, VLs, average/max hops, minimal share, edge forwarding index, and the",
      "effective bisection bandwidth Lambda over the same random bisect patterns for every row;",
      "with --jobs also each routing's max effective EFI and dark-fibre share of those jobs (SAR's metrics)."
    })
final class CompareCommand extends FabricCommand {
  @Option(
      names = {"-R", "--routing-engine"},
      paramLabel = "ENGINES",
      description = {
        "Comma-separated engines (default: every registered engine); an engine may carry",
        "its own settings, e.g. -R updn,multiupdn:updn_trees=2,multiupdn:updn_trees=3."
      })
  String engines;

  @Option(
      names = "--dump",
      paramLabel = "NAME=LFTS",
      description = "A routing from a dump, e.g. opensm-minhop=lfts.dump")
  List<String> dumps = new ArrayList<>();

  @Option(
      names = "--patterns",
      defaultValue = "1000",
      description = "Random bisect patterns for Lambda (default: ${DEFAULT-VALUE}).")
  int patterns;

  @Option(names = "--csv", description = "Print CSV instead of a table.")
  boolean csv;

  @Mixin EngineOptions engineOptions;

  @Override
  int run(Fabric fabric) throws Exception {
    // --jobs: the job map SAR routes by; here it adds each routing's job metrics (γᵉ max, θ)
    EngineConfig config = engineOptions.config();
    JobMap jobs = engineOptions.jobMap(fabric);
    EngineChain.requireLids(fabric);
    List<String> specs = new ArrayList<>();
    for (String spec : engines == null ? Engines.names() : List.of(engines.split(","))) {
      if (!spec.isBlank()) {
        specs.add(spec.trim());
      }
    }
    List<RoutingEngine> chain = Engines.chain(String.join(",", specs), config);
    RoutingComparison table =
        new RoutingComparison(
            fabric, new RoutingQuality.Options(patterns, engineOptions.seed, common.threads, jobs));
    for (int i = 0; i < specs.size(); i++) {
      RoutingEngine engine = chain.get(i);
      long start = System.nanoTime();
      try {
        Routing routing = engine.route(fabric, engineOptions.routingOptions(common));
        common.endProgress();
        table.add(specs.get(i), routing, (System.nanoTime() - start) / 1e9);
        if (!common.quiet && !common.json) {
          Summaries.printNotes(routing);
        }
      } catch (RoutingException e) {
        common.endProgress();
        table.addRefusal(specs.get(i), engine.name(), e);
      }
    }
    for (String dump : dumps) {
      int eq = dump.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("--dump expects NAME=LFTS, not '" + dump + "'");
      }
      table.add(dump.substring(0, eq), LftDumpReader.read(fabric, Path.of(dump.substring(eq + 1))));
    }
    if (common.json) {
      StringBuilder json = new StringBuilder("[");
      for (RoutingComparison.Row row : table.rows()) {
        json.append(json.length() > 1 ? "," : "").append(json(row));
      }
      System.out.println(
          fabricOptions
              .json()
              .put("patterns", patterns)
              .put("sim_seed", engineOptions.seed)
              .putRaw("routings", json.append(']').toString()));
    } else if (csv) {
      System.out.print(table.formatCsv());
    } else {
      System.out.printf(
          "%s: %d switches, %d CAs; Lambda over %d random bisect patterns (seed %d)%n",
          fabricOptions.file, fabric.numSwitches(), fabric.numCas(), patterns, engineOptions.seed);
      fabricOptions.print();
      System.out.print(table.format());
    }
    return 0;
  }

  private static Json json(RoutingComparison.Row row) {
    Json entry = new Json().put("name", row.name()).put("engine", row.engine());
    if (row.quality() == null) {
      return entry.put("error", row.refusal().getMessage());
    }
    RoutingQuality quality = row.quality();
    RouteReport report = quality.report();
    entry
        .put("routing_seconds", row.routingSeconds())
        .put("vls", quality.vls())
        .put("avg_hops", report.avgHops())
        .put("max_hops", report.maxHops())
        .put("minimal_share", report.minimalShare())
        .put("all_routed", report.allRouted())
        .put("efi_max", quality.efiMax())
        .put("efi_mean", quality.efiMean())
        .put("lambda", quality.lambda())
        .put("lambda_ci95", quality.lambdaCi95())
        .putRaw("notes", Json.stringArray(row.routing().notes()));
    JobMetrics jobMetrics = quality.jobMetrics();
    if (jobMetrics != null) {
      entry
          .put("max_effective_efi", jobMetrics.maxEffectiveForwardingIndex())
          .put("dark_fibre_share", jobMetrics.darkFibreShare());
    }
    return entry;
  }
}
