package org.ibrouting.simulation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * Routings of one fabric side by side, each measured the same way ({@link RoutingQuality}: hops,
 * minimal share, edge forwarding index, VLs, Λ over the same random bisect patterns, job metrics):
 * the table {@code ibrouting compare} prints. Rows are measured as they are added; a routing that
 * leaves pairs unroutable gets every figure but Λ and job metrics. Not thread-safe.
 *
 * <pre>{@code
 * RoutingComparison table = new RoutingComparison(fabric, RoutingQuality.Options.defaults());
 * for (String spec : List.of("minhop", "sssp", "dfsssp")) {
 *   table.route(spec, Engines.create(spec, EngineConfig.none()), RoutingOptions.seeded(0));
 * }
 * table.add("opensm-minhop", LftDumpReader.read(fabric, Path.of("opensm-lfts.dump")));
 * System.out.print(table.format());
 * }</pre>
 */
public final class RoutingComparison {
  /**
   * One row.
   *
   * @param name the row's name (an engine spec, or the name a loaded routing was given)
   * @param engine the engine name ({@code file} for a loaded dump)
   * @param routingSeconds the time the engine took; NaN for a routing that was added, not routed
   * @param routing the routing; null when the engine refused
   * @param quality the figures; null when the engine refused
   * @param refusal the engine's refusal; null when it routed
   */
  public record Row(
      String name,
      String engine,
      double routingSeconds,
      Routing routing,
      RoutingQuality quality,
      RoutingException refusal) {
    /** Whether every pair of CA endpoints is routed (false for a refusal). */
    public boolean allRouted() {
      return quality != null && quality.report().allRouted();
    }
  }

  private final Fabric fabric;
  private final RoutingQuality.Options options;
  private final List<Row> rows = new ArrayList<>();

  /** An empty comparison of routings of {@code fabric}, measured with {@code options}. */
  public RoutingComparison(Fabric fabric, RoutingQuality.Options options) {
    this.fabric = Objects.requireNonNull(fabric, "fabric");
    this.options = Objects.requireNonNull(options, "options");
  }

  /** The fabric every row routes. */
  public Fabric fabric() {
    return fabric;
  }

  /** The measurement options. */
  public RoutingQuality.Options options() {
    return options;
  }

  /**
   * Routes the fabric with {@code engine}, timing it, and adds the row; a refusal becomes a row
   * too.
   *
   * @return the new row
   */
  public Row route(String name, RoutingEngine engine, RoutingOptions routingOptions) {
    long start = System.nanoTime();
    Routing routing;
    try {
      routing = engine.route(fabric, routingOptions);
    } catch (RoutingException e) {
      return addRefusal(name, engine.name(), e);
    }
    return add(name, routing, (System.nanoTime() - start) / 1e9);
  }

  /**
   * Adds the row of an engine that refused (routed elsewhere, say to show progress in between).
   *
   * @return the new row
   */
  public Row addRefusal(String name, String engine, RoutingException refusal) {
    return addRow(
        new Row(name, engine, Double.NaN, null, null, Objects.requireNonNull(refusal, "refusal")));
  }

  /**
   * Adds a routing computed elsewhere (a loaded dump, say), without a time.
   *
   * @throws IllegalArgumentException when the routing belongs to another fabric
   * @return the new row
   */
  public Row add(String name, Routing routing) {
    return add(name, routing, Double.NaN);
  }

  /**
   * Adds a routing computed elsewhere with the time it took (NaN: unknown).
   *
   * @throws IllegalArgumentException when the routing belongs to another fabric
   * @return the new row
   */
  public Row add(String name, Routing routing, double routingSeconds) {
    if (routing.fabric() != fabric) {
      throw new IllegalArgumentException(
          "routing '"
              + name
              + "' belongs to "
              + routing.fabric()
              + ", not to the compared "
              + fabric);
    }
    return addRow(
        new Row(name, routing.engineName(), routingSeconds, routing, measure(routing), null));
  }

  private RoutingQuality measure(Routing routing) {
    RoutingQuality quality =
        RoutingQuality.measure(routing, options.withPatterns(0).withJobs(null));
    if (!quality.report().allRouted() || options.patterns() == 0 && options.jobs() == null) {
      return quality;
    }
    return RoutingQuality.measure(routing, options);
  }

  private Row addRow(Row row) {
    rows.add(row);
    return row;
  }

  /** The rows, in the order they were added. */
  public List<Row> rows() {
    return Collections.unmodifiableList(rows);
  }

  /**
   * The table as {@code ibrouting compare} prints it: a header line, then one line per row (a
   * refusal says why); two more columns (job EFI, dark fibre) with a job map.
   */
  public String format() {
    boolean jobs = options.jobs() != null;
    // the name and engine columns as wide as their longest entry (at least 24 and 9)
    int nameWidth = 24;
    int engineWidth = 9;
    for (Row row : rows) {
      nameWidth = Math.max(nameWidth, row.name().length());
      engineWidth = Math.max(engineWidth, row.engine().length());
    }
    String lead = "%-" + nameWidth + "s %-" + engineWidth + "s ";
    String header =
        String.format(
                lead + "%9s %4s %8s %5s %8s %8s %9s %17s",
                "routing",
                "engine",
                "time s",
                "VLs",
                "avg hops",
                "max",
                "minimal",
                "EFI max",
                "EFI mean",
                "Lambda (95% CI)")
            + (jobs ? String.format(" %8s %7s", "job EFI", "dark") : "");
    return lines(
        header,
        row ->
            String.format(
                lead + "refused: %s", row.name(), row.engine(), row.refusal().getMessage()),
        row -> tableLine(row, lead, jobs));
  }

  private static String tableLine(Row row, String lead, boolean jobs) {
    RoutingQuality q = row.quality();
    RouteReport report = q.report();
    String line =
        String.format(
            Locale.ROOT,
            lead + "%9s %4d %8.3f %5d %7.1f%% %8d %9.1f %17s",
            row.name(),
            row.engine(),
            Double.isNaN(row.routingSeconds())
                ? "-"
                : String.format(Locale.ROOT, "%.4f", row.routingSeconds()),
            q.vls(),
            report.avgHops(),
            report.maxHops(),
            100 * report.minimalShare(),
            q.efiMax(),
            q.efiMean(),
            !row.allRouted()
                ? "not all routed"
                : Double.isNaN(q.lambda())
                    ? "-"
                    : String.format(Locale.ROOT, "%.4f +- %.4f", q.lambda(), q.lambdaCi95()));
    if (!jobs) {
      return line;
    }
    JobMetrics m = q.jobMetrics();
    return line
        + (m == null
            ? String.format(" %8s %7s", "-", "-")
            : String.format(
                Locale.ROOT,
                " %8d %6.2f%%",
                m.maxEffectiveForwardingIndex(),
                100 * m.darkFibreShare()));
  }

  /**
   * The table as CSV: {@code name,engine,routing_seconds,vls,avg_hops,max_hops,minimal_share,
   * efi_max,efi_mean,lambda,lambda_ci95,error} (plus {@code job_efi_max,dark_fibre_share} with a
   * job map), one line per row.
   */
  public String formatCsv() {
    boolean jobs = options.jobs() != null;
    return lines(
        "name,engine,routing_seconds,vls,avg_hops,max_hops,minimal_share,"
            + "efi_max,efi_mean,lambda,lambda_ci95,error"
            + (jobs ? ",job_efi_max,dark_fibre_share" : ""),
        row ->
            row.name()
                + ','
                + row.engine()
                + ",,,,,,,,,,"
                + quoteCsv(row.refusal().getMessage())
                + (jobs ? ",," : ""),
        row -> csvLine(row, jobs));
  }

  private static String csvLine(Row row, boolean jobs) {
    RoutingQuality q = row.quality();
    RouteReport report = q.report();
    String line =
        String.format(
            Locale.ROOT,
            "%s,%s,%s,%d,%.4f,%d,%.4f,%d,%.2f,%.4f,%.4f,",
            row.name(),
            row.engine(),
            Double.isNaN(row.routingSeconds())
                ? ""
                : String.format(Locale.ROOT, "%.4f", row.routingSeconds()),
            q.vls(),
            report.avgHops(),
            report.maxHops(),
            report.minimalShare(),
            q.efiMax(),
            q.efiMean(),
            q.lambda(),
            q.lambdaCi95());
    if (!jobs) {
      return line;
    }
    JobMetrics m = q.jobMetrics();
    return line
        + (m == null
            ? ",,"
            : String.format(
                Locale.ROOT, ",%d,%.4f", m.maxEffectiveForwardingIndex(), m.darkFibreShare()));
  }

  /** A header line, then one line per row: a refused row's or a measured row's. */
  private String lines(
      String header, Function<Row, String> refused, Function<Row, String> measured) {
    StringBuilder sb = new StringBuilder(header).append('\n');
    for (Row row : rows) {
      sb.append(row.quality() == null ? refused.apply(row) : measured.apply(row)).append('\n');
    }
    return sb.toString();
  }

  private static String quoteCsv(String s) {
    return "\"" + s.replace("\"", "\"\"") + "\"";
  }
}
