package org.ibrouting.bench;

import java.util.List;
import java.util.Locale;

/**
 * The SVG charts of the benchmark reports: a dot plot per fabric and log-log curves (side by side
 * with OpenSM), and linear curves (the fail-in-place study).
 */
final class Charts {
  private Charts() {}

  /** One engine's values, one per row (NaN: none); {@code filled} marks ours, hollow OpenSM's. */
  record DotSeries(String name, String color, boolean filled, double[] values) {}

  /** One curve of (x, y) points, both positive; {@code dashed} marks OpenSM's. */
  record Curve(String name, String color, boolean dashed, double[] x, double[] y) {}

  private static final String[] PALETTE = {
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf", "#393b79", "#637939", "#843c39", "#7b4173", "#e7969c", "#000000"
  };

  /** A stable colour per engine name, so both charts use the same colours. */
  static String color(String engine, List<String> allEngines) {
    int i = allEngines.indexOf(engine);
    return PALETTE[Math.floorMod(i < 0 ? engine.hashCode() : i, PALETTE.length)];
  }

  /** Rows of labels, x from 0 to {@code xMax}, one marker per series and row. */
  static String dotPlot(
      String title, String xLabel, List<String> rows, double xMax, List<DotSeries> series) {
    int left = 230;
    int top = 50;
    int rowHeight = 26;
    int width = 640;
    int legendHeight = 18 * ((series.size() + 3) / 4) + 10;
    int height = top + rows.size() * rowHeight + 50 + legendHeight;
    StringBuilder svg = header(left + width + 30, height, title);
    for (int t = 0; t <= 10; t++) {
      double v = xMax * t / 10;
      double x = left + width * v / xMax;
      svg.append(
          String.format(
              Locale.ROOT,
              "<line x1='%.1f' y1='%d' x2='%.1f' y2='%d' stroke='#ddd'/>"
                  + "<text x='%.1f' y='%d' font-size='11' text-anchor='middle'>%.1f</text>%n",
              x,
              top,
              x,
              top + rows.size() * rowHeight,
              x,
              top + rows.size() * rowHeight + 15,
              v));
    }
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x='%d' y='%d' font-size='12' text-anchor='middle'>%s</text>%n",
            left + width / 2,
            top + rows.size() * rowHeight + 32,
            escape(xLabel)));
    for (int r = 0; r < rows.size(); r++) {
      int y = top + r * rowHeight + rowHeight / 2;
      svg.append(
          String.format(
              Locale.ROOT,
              "<text x='%d' y='%d' font-size='12' text-anchor='end'>%s</text>"
                  + "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='#f0f0f0'/>%n",
              left - 8,
              y + 4,
              escape(rows.get(r)),
              left,
              y,
              left + width,
              y));
      for (DotSeries s : series) {
        double v = s.values()[r];
        if (Double.isNaN(v)) {
          continue;
        }
        double x = left + width * Math.min(v, xMax) / xMax;
        svg.append(
            String.format(
                Locale.ROOT,
                "<circle cx='%.1f' cy='%d' r='5' fill='%s' stroke='%s' "
                    + "stroke-width='2'><title>%s %s: %.4f</title></circle>%n",
                x,
                y,
                s.filled() ? s.color() : "white",
                s.color(),
                escape(s.name()),
                escape(rows.get(r)),
                v));
      }
    }
    legend(
        svg,
        series.stream()
            .map(s -> new String[] {s.name(), s.color(), s.filled() ? "filled" : "hollow"})
            .toList(),
        left,
        top + rows.size() * rowHeight + 48);
    return svg.append("</svg>\n").toString();
  }

  /** Curves on log-log axes. */
  static String logLog(
      String title,
      String xLabel,
      String yLabel,
      List<Curve> curves,
      double hLine,
      String hLineLabel) {
    double minX = Double.MAX_VALUE;
    double maxX = 0;
    double minY = Double.MAX_VALUE;
    double maxY = 0;
    for (Curve c : curves) {
      for (int i = 0; i < c.x().length; i++) {
        minX = Math.min(minX, c.x()[i]);
        maxX = Math.max(maxX, c.x()[i]);
        minY = Math.min(minY, c.y()[i]);
        maxY = Math.max(maxY, c.y()[i]);
      }
    }
    if (hLine > 0) {
      maxY = Math.max(maxY, hLine);
    }
    if (maxX == 0) {
      minX = 1;
      maxX = 10;
      minY = 1e-3;
      maxY = 1;
    }
    double lx0 = Math.floor(Math.log10(minX));
    double lx1 = Math.max(lx0 + 1, Math.ceil(Math.log10(maxX)));
    double ly0 = Math.floor(Math.log10(Math.max(minY, 1e-6)));
    double ly1 = Math.max(ly0 + 1, Math.ceil(Math.log10(maxY)));
    Frame f = new Frame(80, 50, 640, 400);
    StringBuilder svg = f.header(curves, title);
    for (double e = lx0; e <= lx1; e++) {
      f.xGrid(svg, f.left + f.width * (e - lx0) / (lx1 - lx0), "#ddd", pow10(e));
    }
    for (double e = ly0; e <= ly1; e++) {
      f.yGrid(svg, f.yOf(e - ly0, ly1 - ly0), "#ddd", pow10(e));
    }
    f.axisTitles(svg, xLabel, yLabel);
    if (hLine > 0) {
      double y = f.yOf(Math.log10(hLine) - ly0, ly1 - ly0);
      svg.append(
          String.format(
              Locale.ROOT,
              "<line x1='%d' y1='%.1f' x2='%d' y2='%.1f' stroke='#c00' "
                  + "stroke-dasharray='2,4'/><text x='%d' y='%.1f' font-size='11' fill='#c00'>%s</text>%n",
              f.left,
              y,
              f.left + f.width,
              y,
              f.left + 4,
              y - 4,
              escape(hLineLabel)));
    }
    for (Curve c : curves) {
      StringBuilder points = new StringBuilder();
      for (int i = 0; i < c.x().length; i++) {
        double x = f.left + f.width * (Math.log10(c.x()[i]) - lx0) / (lx1 - lx0);
        double y = f.yOf(Math.log10(Math.max(c.y()[i], 1e-6)) - ly0, ly1 - ly0);
        point(svg, points, x, y, c, i, String.format(Locale.ROOT, "%.4g s", c.y()[i]));
      }
      polyline(svg, points, c);
    }
    return f.footer(svg, curves);
  }

  /**
   * Curves on linear axes: x from 0 to the largest x, y from 0 to {@code yMax}; a point with a NaN
   * y breaks its curve (it is left out and the line resumes after it).
   */
  static String linear(
      String title, String xLabel, String yLabel, List<Curve> curves, double yMax) {
    double maxX = 0;
    for (Curve c : curves) {
      for (double x : c.x()) {
        maxX = Math.max(maxX, x);
      }
    }
    maxX = maxX == 0 ? 1 : maxX;
    Frame f = new Frame(70, 50, 640, 360);
    StringBuilder svg = f.header(curves, title);
    for (int t = 0; t <= 10; t++) {
      f.xGrid(svg, f.left + f.width * t / 10.0, "#eee", fmt(maxX * t / 10.0));
      f.yGrid(svg, f.yOf(t, 10.0), "#eee", String.format(Locale.ROOT, "%.2f", yMax * t / 10.0));
    }
    f.axisTitles(svg, xLabel, yLabel);
    for (Curve c : curves) {
      StringBuilder points = new StringBuilder();
      for (int i = 0; i <= c.x().length; i++) {
        if (i == c.x().length || Double.isNaN(c.y()[i])) {
          if (points.length() > 0) {
            polyline(svg, points, c);
            points.setLength(0);
          }
          continue;
        }
        double x = f.left + f.width * c.x()[i] / maxX;
        double y = f.yOf(Math.min(c.y()[i], yMax), yMax);
        point(svg, points, x, y, c, i, String.format(Locale.ROOT, "%.4f", c.y()[i]));
      }
    }
    return f.footer(svg, curves);
  }

  /** The plot area of a curve chart: its left and top edges, its width and height in pixels. */
  private record Frame(int left, int top, int width, int plotHeight) {
    /** The document head, tall enough for the plot, the axis titles and the legend. */
    StringBuilder header(List<Curve> curves, String title) {
      int legendHeight = 18 * ((curves.size() + 3) / 4) + 10;
      return Charts.header(left + width + 40, top + plotHeight + 60 + legendHeight, title);
    }

    /** The y pixel of the share {@code num / den} (0 at the bottom, 1 at the top) of the height. */
    double yOf(double num, double den) {
      return top + plotHeight - plotHeight * num / den;
    }

    /** A vertical grid line at {@code x} with its tick label below the plot. */
    void xGrid(StringBuilder svg, double x, String stroke, String label) {
      svg.append(
          String.format(
              Locale.ROOT,
              "<line x1='%.1f' y1='%d' x2='%.1f' y2='%d' stroke='%s'/>"
                  + "<text x='%.1f' y='%d' font-size='11' text-anchor='middle'>%s</text>%n",
              x,
              top,
              x,
              top + plotHeight,
              stroke,
              x,
              top + plotHeight + 15,
              label));
    }

    /** A horizontal grid line at {@code y} with its tick label left of the plot. */
    void yGrid(StringBuilder svg, double y, String stroke, String label) {
      svg.append(
          String.format(
              Locale.ROOT,
              "<line x1='%d' y1='%.1f' x2='%d' y2='%.1f' stroke='%s'/>"
                  + "<text x='%d' y='%.1f' font-size='11' text-anchor='end'>%s</text>%n",
              left,
              y,
              left + width,
              y,
              stroke,
              left - 6,
              y + 4,
              label));
    }

    /** The x axis title below the plot, the y axis title turned along its left side. */
    void axisTitles(StringBuilder svg, String xLabel, String yLabel) {
      svg.append(
          String.format(
              Locale.ROOT,
              "<text x='%d' y='%d' font-size='12' text-anchor='middle'>%s</text>%n",
              left + width / 2,
              top + plotHeight + 34,
              escape(xLabel)));
      svg.append(
          String.format(
              Locale.ROOT,
              "<text x='16' y='%d' font-size='12' text-anchor='middle' "
                  + "transform='rotate(-90 16 %d)'>%s</text>%n",
              top + plotHeight / 2,
              top + plotHeight / 2,
              escape(yLabel)));
    }

    /** The curves' legend below the plot, and the end of the document. */
    String footer(StringBuilder svg, List<Curve> curves) {
      legend(
          svg,
          curves.stream()
              .map(c -> new String[] {c.name(), c.color(), c.dashed() ? "dashed" : "solid"})
              .toList(),
          left,
          top + plotHeight + 52);
      return svg.append("</svg>\n").toString();
    }
  }

  /** Point {@code i} of curve {@code c} at pixel (x, y): a dot with its values, and a vertex. */
  private static void point(
      StringBuilder svg, StringBuilder points, double x, double y, Curve c, int i, String value) {
    points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
    svg.append(
        String.format(
            Locale.ROOT,
            "<circle cx='%.1f' cy='%.1f' r='3' fill='%s'><title>%s: %s, %s</title></circle>%n",
            x,
            y,
            c.color(),
            escape(c.name()),
            fmt(c.x()[i]),
            value));
  }

  /** The line through the vertices {@code points} in curve {@code c}'s colour and dash. */
  private static void polyline(StringBuilder svg, CharSequence points, Curve c) {
    svg.append(
        String.format(
            Locale.ROOT,
            "<polyline points='%s' fill='none' stroke='%s' stroke-width='2'%s/>%n",
            points.toString().trim(),
            c.color(),
            c.dashed() ? " stroke-dasharray='6,4'" : ""));
  }

  private static void legend(StringBuilder svg, List<String[]> entries, int left, int top) {
    for (int i = 0; i < entries.size(); i++) {
      String[] e = entries.get(i);
      int x = left + (i % 4) * 170;
      int y = top + (i / 4) * 18;
      String mark =
          switch (e[2]) {
            case "filled" ->
                String.format("<circle cx='%d' cy='%d' r='5' fill='%s'/>", x + 6, y - 4, e[1]);
            case "hollow" ->
                String.format(
                    "<circle cx='%d' cy='%d' r='5' fill='white' stroke='%s' stroke-width='2'/>",
                    x + 6, y - 4, e[1]);
            case "dashed" ->
                String.format(
                    "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='%s' stroke-width='2' "
                        + "stroke-dasharray='6,4'/>",
                    x, y - 4, x + 18, y - 4, e[1]);
            default ->
                String.format(
                    "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='%s' stroke-width='2'/>",
                    x, y - 4, x + 18, y - 4, e[1]);
          };
      svg.append(mark)
          .append(
              String.format(
                  "<text x='%d' y='%d' font-size='11'>%s</text>%n", x + 24, y, escape(e[0])));
    }
  }

  private static StringBuilder header(int width, int height, String title) {
    return new StringBuilder(
        String.format(
            Locale.ROOT,
            "<svg xmlns='http://www.w3.org/2000/svg' width='%d' "
                + "height='%d' font-family='sans-serif'>%n<rect width='100%%' height='100%%' fill='white'/>%n"
                + "<text x='%d' y='24' font-size='15' text-anchor='middle'>%s</text>%n",
            width,
            height,
            width / 2,
            escape(title)));
  }

  private static String pow10(double exponent) {
    return fmt(Math.pow(10, exponent));
  }

  private static String fmt(double v) {
    if (v >= 1 && v == Math.rint(v)) {
      return String.format(Locale.ROOT, "%,d", (long) v);
    }
    return String.format(Locale.ROOT, "%.3g", v);
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&apos;");
  }
}
