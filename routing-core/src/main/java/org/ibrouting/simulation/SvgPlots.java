package org.ibrouting.simulation;

import java.util.Locale;

/** Plain SVG charts of simulation histograms, built as strings (no plotting library). */
public final class SvgPlots {
  private static final int WIDTH = 640;
  private static final int HEIGHT = 400;
  private static final int LEFT = 70;
  private static final int RIGHT = 20;
  private static final int TOP = 40;
  private static final int BOTTOM = 60;

  private SvgPlots() {}

  /**
   * A bar chart: one bar per bin, {@code binLabels[i]} under bar {@code i}, a y axis from 0 to the
   * largest count with five ticks.
   */
  public static String histogram(
      String title, String xLabel, String yLabel, String[] binLabels, long[] counts) {
    if (binLabels.length != counts.length) {
      throw new IllegalArgumentException(
          binLabels.length + " labels for " + counts.length + " bins");
    }
    long max = 1;
    for (long c : counts) {
      if (c < 0) {
        throw new IllegalArgumentException("negative count " + c);
      }
      max = Math.max(max, c);
    }
    int plotWidth = WIDTH - LEFT - RIGHT;
    int plotHeight = HEIGHT - TOP - BOTTOM;
    int bins = Math.max(1, counts.length);
    double slot = plotWidth / (double) bins;
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">%n",
            WIDTH,
            HEIGHT,
            WIDTH,
            HEIGHT));
    sb.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    text(sb, WIDTH / 2.0, TOP / 2.0 + 5, "middle", 16, title);
    line(sb, LEFT, TOP + plotHeight, LEFT + plotWidth, TOP + plotHeight);
    line(sb, LEFT, TOP, LEFT, TOP + plotHeight);
    for (int t = 0; t <= 4; t++) {
      double value = max * t / 4.0;
      double y = TOP + plotHeight - plotHeight * t / 4.0;
      line(sb, LEFT - 5, y, LEFT, y);
      text(
          sb,
          LEFT - 8,
          y + 4,
          "end",
          11,
          value == Math.rint(value)
              ? String.valueOf((long) value)
              : String.format(Locale.ROOT, "%.1f", value));
    }
    for (int i = 0; i < counts.length; i++) {
      double h = plotHeight * counts[i] / (double) max;
      double x = LEFT + i * slot + slot * 0.1;
      sb.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"steelblue\"><title>%s: %d</title></rect>%n",
              x,
              TOP + plotHeight - h,
              slot * 0.8,
              h,
              escape(binLabels[i]),
              counts[i]));
      text(sb, LEFT + (i + 0.5) * slot, TOP + plotHeight + 16, "middle", 11, binLabels[i]);
    }
    text(sb, LEFT + plotWidth / 2.0, HEIGHT - 15, "middle", 13, xLabel);
    sb.append(
        String.format(
            Locale.ROOT,
            "<text x=\"18\" y=\"%.2f\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"13\" transform=\"rotate(-90 18 %.2f)\">%s</text>%n",
            TOP + plotHeight / 2.0,
            TOP + plotHeight / 2.0,
            escape(yLabel)));
    return sb.append("</svg>\n").toString();
  }

  /** The stream congestion histogram of a result (bins 1..max congestion). */
  public static String congestionHistogram(SimulationResult result) {
    long[] h = result.weightHistogram();
    int last = h.length - 1;
    while (last > 1 && h[last] == 0) {
      last--;
    }
    int bins = Math.max(1, last);
    String[] labels = new String[bins];
    long[] counts = new long[bins];
    for (int w = 1; w <= bins; w++) {
      labels[w - 1] = String.valueOf(w);
      counts[w - 1] = w < h.length ? h[w] : 0;
    }
    return histogram(
        result.pattern() + ": congestion per stream",
        "congestion (streams sharing a channel)",
        "streams",
        labels,
        counts);
  }

  /** The per-run bandwidth fractions of a result in 0.05 bins. */
  public static String bandwidthHistogram(SimulationResult result) {
    long[] bins = result.bandwidthBins();
    String[] labels = new String[bins.length];
    for (int i = 0; i < bins.length; i++) {
      labels[i] = String.format(Locale.ROOT, "%.2f", i * 0.05);
    }
    return histogram(
        result.pattern() + ": fraction of peak bandwidth per run",
        "fraction of peak bandwidth",
        "runs",
        labels,
        bins);
  }

  private static void line(StringBuilder sb, double x1, double y1, double x2, double y2) {
    sb.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"black\"/>%n",
            x1,
            y1,
            x2,
            y2));
  }

  private static void text(
      StringBuilder sb, double x, double y, String anchor, int size, String s) {
    sb.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"%s\" font-family=\"sans-serif\" font-size=\"%d\">%s</text>%n",
            x,
            y,
            anchor,
            size,
            escape(s)));
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
