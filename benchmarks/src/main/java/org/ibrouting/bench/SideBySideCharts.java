package org.ibrouting.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ibrouting.bench.Measurement.Figure;
import org.ibrouting.bench.Measurement.Side;
import org.ibrouting.io.AtomicFiles;

/** The side-by-side comparison's charts: Λ per engine and fabric, routing time, the scale run. */
final class SideBySideCharts {
  private SideBySideCharts() {}

  static void write(List<Measurement> rows, List<Measurement> scale, SideBySide.Options o)
      throws IOException {
    List<String> fabrics = rows.stream().map(Measurement::fabric).distinct().toList();
    List<String> engines = new ArrayList<>(o.ours);
    o.openSm.stream().filter(e -> !engines.contains(e)).forEach(engines::add);
    List<String> labels = fabrics.stream().map(f -> SideBySide.WHAT.getOrDefault(f, f)).toList();
    Files.createDirectories(o.plots);
    AtomicFiles.writeString(
        o.plots.resolve("lambda.svg"),
        Charts.dotPlot(
            "Effective bisection bandwidth (filled: ibrouting, hollow: OpenSM 3.3.23)",
            "Lambda (fraction of full bisection bandwidth)",
            labels,
            1.0,
            lambdaDots(rows, fabrics, engines)));
    AtomicFiles.writeString(
        o.plots.resolve("routing-time.svg"),
        Charts.logLog(
            "Routing time per fabric (solid: ibrouting, dashed: OpenSM 3.3.23's routing phase)",
            "nodes (switches + CAs) of the fabric",
            "seconds",
            timeCurves(rows, engines),
            0,
            null));
    if (!scale.isEmpty()) {
      List<Charts.Curve> scaleCurves = new ArrayList<>();
      for (String engine : o.ours) {
        List<Measurement> points =
            scale.stream().filter(r -> r.engine().equals(engine) && r.ok()).toList();
        if (!points.isEmpty()) {
          scaleCurves.add(
              new Charts.Curve(
                  engine,
                  Charts.color(engine, engines),
                  false,
                  points.stream().mapToDouble(Measurement::cas).toArray(),
                  points.stream().mapToDouble(r -> r.num(Figure.SECONDS)).toArray()));
        }
      }
      AtomicFiles.writeString(
          o.plots.resolve("scale.svg"),
          Charts.logLog(
              "ibrouting on k-ary 3-trees (k = " + Arrays.toString(o.scaleK) + "), -Xmx8g",
              "CAs",
              "routing seconds",
              scaleCurves,
              60,
              "60 s"));
    }
  }

  /** Per side and engine that has one, its Λ on every fabric (NaN where it did not run). */
  private static List<Charts.DotSeries> lambdaDots(
      List<Measurement> rows, List<String> fabrics, List<String> engines) {
    List<Charts.DotSeries> dots = new ArrayList<>();
    for (Side side : Side.values()) {
      for (String engine : engines) {
        double[] values = new double[fabrics.size()];
        boolean any = false;
        for (int i = 0; i < fabrics.size(); i++) {
          Measurement r = SideBySideReport.find(rows, fabrics.get(i), side, engine);
          values[i] = r != null && r.ranAsAsked() ? r.num(Figure.LAMBDA) : Double.NaN;
          any |= !Double.isNaN(values[i]);
        }
        if (any) {
          dots.add(
              new Charts.DotSeries(
                  (side == Side.OURS ? "" : "OpenSM ") + engine,
                  Charts.color(engine, engines),
                  side == Side.OURS,
                  values));
        }
      }
    }
    return dots;
  }

  /** Per side and engine that has one, its routing seconds by fabric size (nodes). */
  private static List<Charts.Curve> timeCurves(List<Measurement> rows, List<String> engines) {
    List<Charts.Curve> curves = new ArrayList<>();
    for (Side side : Side.values()) {
      for (String engine : engines) {
        List<Measurement> points =
            rows.stream()
                .filter(
                    r ->
                        r.side() == side
                            && r.engine().equals(engine)
                            && r.ranAsAsked()
                            && r.num(Figure.SECONDS) > 0)
                .sorted((a, b) -> Integer.compare(a.cas() + a.switches(), b.cas() + b.switches()))
                .toList();
        if (!points.isEmpty()) {
          curves.add(
              new Charts.Curve(
                  (side == Side.OURS ? "" : "OpenSM ") + engine,
                  Charts.color(engine, engines),
                  side == Side.OPENSM,
                  points.stream().mapToDouble(r -> r.cas() + r.switches()).toArray(),
                  points.stream().mapToDouble(r -> r.num(Figure.SECONDS)).toArray()));
        }
      }
    }
    return curves;
  }
}
