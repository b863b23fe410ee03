package org.ibrouting.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.BuiltinEngines;
import org.ibrouting.engines.EngineChain;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.FabricFile;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.simulation.JobMap;
import org.ibrouting.simulation.JobMetrics;
import org.ibrouting.simulation.RoutingQuality;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ibrouting compare}: one row per routing, all measured on the same patterns. */
@Command(name = "compare", description = {
    "Compare routings of one fabric: our engines (-R) and dumps (--dump NAME=LFTS, e.g. OpenSM's).",
    "Columns: routing time, VLs, average/max hops, minimal share, edge forwarding index, and the",
    "effective bisection bandwidth Lambda over the same random bisect patterns for every row;",
    "with --jobs also each routing's max effective EFI and dark-fibre share of those jobs (SAR's metrics)."})
final class CompareCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FABRIC", description = "ibnetdiscover output (default or -g) or ibsim net file, .gz ok")
  Path fabricFile;

  @Option(names = {"-R", "--routing-engine"}, paramLabel = "ENGINES",
      description = {"Comma-separated engines (default: every registered engine); an engine may carry",
          "its own settings, e.g. -R updn,multiupdn:updn_trees=2,multiupdn:updn_trees=3."})
  String engines;

  @Option(names = "--dump", paramLabel = "NAME=LFTS", description = "A routing from a dump, e.g. opensm-minhop=lfts.dump")
  List<String> dumps = new ArrayList<>();

  @Option(names = "--patterns", defaultValue = "1000", description = "Random bisect patterns for Lambda (default: ${DEFAULT-VALUE}).")
  int patterns;

  @Option(names = "--csv", description = "Print CSV instead of a table.")
  boolean csv;

  @Mixin
  EngineOptions engineOptions;

  @Mixin
  FabricOptions fabricOptions;

  @Mixin
  CommonOptions common;

  private record Row(String name, String engine, double seconds, Routing routing, String error) {}

  @Override
  public Integer call() throws Exception {
    FabricFile input = fabricOptions.read(fabricFile);
    Fabric fabric = input.fabric();
    // --jobs: the job map SAR routes by; here it adds each routing's job metrics (γᵉ max, θ)
    JobMap jobs = engineOptions.jobFile == null ? null : JobMap.read(engineOptions.jobFile, fabric);
    EngineChain.requireLids(fabric);
    List<Row> rows = new ArrayList<>();
    List<String> names = engines == null ? BuiltinEngines.names() : List.of(engines.split(","));
    for (String name : names) {
      String spec = name.trim();
      String engine = BuiltinEngines.nameOf(spec);
      long start = System.nanoTime();
      try {
        Routing routing = BuiltinEngines.create(spec, engineOptions.config())
            .route(fabric, engineOptions.routingOptions(common));
        rows.add(new Row(spec, engine, (System.nanoTime() - start) / 1e9, routing, null));
        if (!common.quiet && !common.json) {
          Summaries.printNotes(routing);
        }
      } catch (RoutingException e) {
        rows.add(new Row(spec, engine, Double.NaN, null, e.getMessage()));
      } finally {
        common.endProgress();
      }
    }
    for (String dump : dumps) {
      int eq = dump.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("--dump expects NAME=LFTS, not '" + dump + "'");
      }
      Routing routing = LftDumpReader.read(fabric, Path.of(dump.substring(eq + 1)));
      rows.add(new Row(dump.substring(0, eq), "file", Double.NaN, routing, null));
    }
    List<String> lines = new ArrayList<>();
    StringBuilder json = new StringBuilder("[");
    String header = csv ? "name,engine,routing_seconds,vls,avg_hops,max_hops,minimal_share,efi_max,efi_mean,lambda,lambda_ci95,error"
            + (jobs == null ? "" : ",job_efi_max,dark_fibre_share")
        : String.format("%-24s %-9s %9s %4s %8s %5s %8s %8s %9s %17s", "routing", "engine", "time s",
            "VLs", "avg hops", "max", "minimal", "EFI max", "EFI mean", "Lambda (95% CI)")
            + (jobs == null ? "" : String.format(" %8s %7s", "job EFI", "dark"));
    lines.add(header);
    for (Row row : rows) {
      if (row.routing() == null) {
        lines.add(csv ? row.name() + "," + row.engine() + ",,,,,,,,,," + quoteCsv(row.error())
            : String.format("%-24s %-9s refused: %s", row.name(), row.engine(), row.error()));
        json.append(json.length() > 1 ? "," : "").append(new Json().put("name", row.name())
            .put("engine", row.engine()).put("error", row.error()));
        continue;
      }
      RoutingQuality quality = RoutingQuality.measure(row.routing(), patterns, engineOptions.seed,
          common.threads, jobs);
      RouteReport report = quality.report();
      double lambda = quality.lambda();
      double ci = quality.lambdaCi95();
      JobMetrics jobMetrics = quality.jobMetrics();
      String jobColumns = "";
      if (jobs != null) {
        jobColumns = jobMetrics == null ? (csv ? ",," : String.format(" %8s %7s", "-", "-"))
            : String.format(Locale.ROOT, csv ? ",%d,%.4f" : " %8d %6.2f%%", jobMetrics.maxEffectiveForwardingIndex(),
                csv ? jobMetrics.darkFibreShare() : 100 * jobMetrics.darkFibreShare());
      }
      int vls = quality.vls();
      if (csv) {
        lines.add(String.format(Locale.ROOT, "%s,%s,%s,%d,%.4f,%d,%.4f,%d,%.2f,%.4f,%.4f,", row.name(),
            row.engine(), Double.isNaN(row.seconds()) ? "" : String.format(Locale.ROOT, "%.4f", row.seconds()),
            vls, report.avgHops(), report.maxHops(), report.minimalShare(), quality.efiMax(), quality.efiMean(), lambda, ci)
            + jobColumns);
      } else {
        lines.add(String.format(Locale.ROOT, "%-24s %-9s %9s %4d %8.3f %5d %7.1f%% %8d %9.1f %17s", row.name(),
            row.engine(), Double.isNaN(row.seconds()) ? "-" : String.format(Locale.ROOT, "%.4f", row.seconds()),
            vls, report.avgHops(), report.maxHops(), 100 * report.minimalShare(), quality.efiMax(), quality.efiMean(),
            Double.isNaN(lambda) ? "not all routed" : String.format(Locale.ROOT, "%.4f +- %.4f", lambda, ci))
            + jobColumns);
      }
      Json entry = new Json().put("name", row.name())
          .put("engine", row.engine()).put("routing_seconds", row.seconds()).put("vls", vls)
          .put("avg_hops", report.avgHops()).put("max_hops", report.maxHops())
          .put("minimal_share", report.minimalShare()).put("all_routed", report.allRouted())
          .put("efi_max", quality.efiMax()).put("efi_mean", quality.efiMean()).put("lambda", lambda).put("lambda_ci95", ci);
      entry.putRaw("notes", Json.stringArray(row.routing().notes()));
      if (jobMetrics != null) {
        entry.put("max_effective_efi", jobMetrics.maxEffectiveForwardingIndex())
            .put("dark_fibre_share", jobMetrics.darkFibreShare());
      }
      json.append(json.length() > 1 ? "," : "").append(entry);
    }
    if (common.json) {
      System.out.println(FabricOptions.put(new Json().put("fabric", fabricFile.toString()), input)
          .put("patterns", patterns)
          .put("sim_seed", engineOptions.seed).putRaw("routings", json.append(']').toString()));
    } else {
      if (!csv) {
        System.out.printf("%s: %d switches, %d CAs; Lambda over %d random bisect patterns (seed %d)%n",
            fabricFile, fabric.numSwitches(), fabric.numCas(), patterns, engineOptions.seed);
        FabricOptions.print(input);
      }
      lines.forEach(System.out::println);
    }
    return 0;
  }

  private static String quoteCsv(String s) {
    return "\"" + s.replace("\"", "\"\"") + "\"";
  }
}
