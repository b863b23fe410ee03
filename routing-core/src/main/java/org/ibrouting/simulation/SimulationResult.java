package org.ibrouting.simulation;

import java.util.Arrays;
import java.util.Locale;

/**
 * What a simulation measured: one value per run (for the metric), the histogram of stream
 * congestions over all levels and runs, and, for {@link Metric#GET_CABLE_CONG}, every channel's
 * congestion summed over levels and runs.
 *
 * <p>The value per run is: the sum of the levels' largest congestion ({@link Metric#SUM_MAX_CONG}),
 * the longest dependency delay ({@link Metric#DEP_MAX_DELAY}), otherwise the run's fraction of peak
 * bandwidth, the mean of 1/congestion over its streams. For the bisect pattern on all endpoints the
 * mean of the latter is the effective bisection bandwidth Λ as a fraction of {@code B·P/2}.
 */
public final class SimulationResult {
  private final PatternSpec pattern;
  private final Metric metric;
  private final int commSize;
  private final double[] runValues;
  private final long[] weightHistogram;
  private final long[] channelCongestion;

  SimulationResult(
      PatternSpec pattern,
      Metric metric,
      int commSize,
      double[] runValues,
      long[] weightHistogram,
      long[] channelCongestion) {
    this.pattern = pattern;
    this.metric = metric;
    this.commSize = commSize;
    this.runValues = runValues;
    this.weightHistogram = weightHistogram;
    this.channelCongestion = channelCongestion;
  }

  /** The pattern simulated. */
  public PatternSpec pattern() {
    return pattern;
  }

  /** The metric. */
  public Metric metric() {
    return metric;
  }

  /** The number of ranks. */
  public int commSize() {
    return commSize;
  }

  /** The number of runs. */
  public int numRuns() {
    return runValues.length;
  }

  /** The metric's value of run {@code run}. */
  public double runValue(int run) {
    return runValues[run];
  }

  /** A copy of the per-run values, in run order. */
  public double[] runValues() {
    return runValues.clone();
  }

  /** The mean of the per-run values (Λ for bisect with a bandwidth metric). */
  public double mean() {
    double sum = 0;
    for (double v : runValues) {
      sum += v;
    }
    return sum / runValues.length;
  }

  /** The sample standard deviation of the per-run values (0 for a single run). */
  public double standardDeviation() {
    int n = runValues.length;
    if (n < 2) {
      return 0;
    }
    double mean = mean();
    double sq = 0;
    for (double v : runValues) {
      sq += (v - mean) * (v - mean);
    }
    return Math.sqrt(sq / (n - 1));
  }

  /** The half-width of the 95% confidence interval of the mean (normal approximation). */
  public double confidence95() {
    return 1.959964 * standardDeviation() / Math.sqrt(runValues.length);
  }

  /** The smallest per-run value. */
  public double min() {
    return Arrays.stream(runValues).min().orElse(Double.NaN);
  }

  /** The largest per-run value. */
  public double max() {
    return Arrays.stream(runValues).max().orElse(Double.NaN);
  }

  /** How many streams (over all levels and runs) had congestion {@code weight}. */
  public long streamsWithCongestion(int weight) {
    return weight < weightHistogram.length ? weightHistogram[weight] : 0;
  }

  /** A copy of the stream congestion histogram, indexed by congestion. */
  public long[] weightHistogram() {
    return weightHistogram.clone();
  }

  /** The total number of streams over all levels and runs. */
  public long numStreams() {
    long n = 0;
    for (long c : weightHistogram) {
      n += c;
    }
    return n;
  }

  /** The fraction of peak bandwidth over every stream of every run: the mean of 1/congestion. */
  public double bandwidth() {
    double sum = 0;
    long n = 0;
    for (int w = 1; w < weightHistogram.length; w++) {
      sum += weightHistogram[w] / (double) w;
      n += weightHistogram[w];
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  /**
   * Every channel's congestion summed over levels and runs, indexed by channel (port slot); null
   * unless the metric was {@link Metric#GET_CABLE_CONG}.
   */
  public long[] channelCongestion() {
    return channelCongestion == null ? null : channelCongestion.clone();
  }

  /**
   * The {@code hist_max_cong} listing as ORCS prints it, e.g. {@code weight 1: 14 of the 64
   * connections (21.88%)} per filled bin, then {@code BW: 0.593750}.
   */
  public String formatWeightHistogram() {
    return formatWeightHistogram(weightHistogram);
  }

  /** The ORCS listing of a congestion histogram indexed by congestion. */
  public static String formatWeightHistogram(long[] histogram) {
    long total = 0;
    double sum = 0;
    for (int w = 0; w < histogram.length; w++) {
      total += histogram[w];
      if (w > 0) {
        sum += histogram[w] / (double) w;
      }
    }
    StringBuilder sb = new StringBuilder();
    for (int w = 0; w < histogram.length; w++) {
      if (histogram[w] > 0) {
        sb.append(
            String.format(
                Locale.ROOT,
                "weight %d: %d of the %d connections (%.2f%%)%n",
                w,
                histogram[w],
                total,
                histogram[w] * 100.0 / total));
      }
    }
    long streams = total - (histogram.length > 0 ? histogram[0] : 0);
    sb.append(String.format(Locale.ROOT, "%nBW: %f%n", streams == 0 ? Double.NaN : sum / streams));
    return sb.toString();
  }

  /**
   * The per-run values as ORCS lists them: one line per distinct value, ascending, in ORCS's
   * wording (typo included) so that scripts written for ORCS parse ours: {@code Congestion sum of 6
   * occured 12 times.} for {@link Metric#SUM_MAX_CONG}, {@code Delay of ...} for {@link
   * Metric#DEP_MAX_DELAY}, and {@code Bandwidth of 0.531250 occured 3 times.} (six decimals) for
   * {@link Metric#HIST_ACC_BAND}. The other metrics have no run listing: the congestion histogram
   * ({@link #formatWeightHistogram()}) or the cable map stand for it.
   *
   * @throws IllegalStateException for {@link Metric#HIST_MAX_CONG} and {@link
   *     Metric#GET_CABLE_CONG}
   */
  public String formatRunValues() {
    String what;
    String number;
    switch (metric) {
      case SUM_MAX_CONG -> {
        what = "Congestion sum";
        number = "%.0f";
      }
      case DEP_MAX_DELAY -> {
        what = "Delay";
        number = "%.0f";
      }
      case HIST_ACC_BAND -> {
        what = "Bandwidth";
        number = "%.6f";
      }
      default -> throw new IllegalStateException(metric.orcsName() + " has no per-run listing");
    }
    double[] sorted = runValues.clone();
    Arrays.sort(sorted);
    String format = what + " of " + number + " occured %d times.%n";
    StringBuilder sb = new StringBuilder();
    int i = 0;
    while (i < sorted.length) {
      int j = i;
      while (j < sorted.length && sorted[j] == sorted[i]) {
        j++;
      }
      sb.append(String.format(Locale.ROOT, format, sorted[i], j - i));
      i = j;
    }
    return sb.toString();
  }

  /**
   * A short summary for people: the {@link #toString()} line, then for a bandwidth metric the runs
   * per 5% bin of peak bandwidth as a bar chart (empty bins left out), for {@link
   * Metric#SUM_MAX_CONG} and {@link Metric#DEP_MAX_DELAY} the quartiles of the run values.
   */
  public String formatSummary() {
    StringBuilder sb = new StringBuilder(toString()).append(System.lineSeparator());
    if (metric == Metric.HIST_ACC_BAND || metric == Metric.HIST_MAX_CONG) {
      long[] bins = bandwidthBins();
      long most = Arrays.stream(bins).max().orElse(0);
      sb.append(String.format(Locale.ROOT, "runs by fraction of peak bandwidth:%n"));
      for (int b = 0; b < bins.length; b++) {
        if (bins[b] > 0) {
          int bar = (int) Math.max(1, Math.round(40.0 * bins[b] / most));
          sb.append(
              String.format(
                  Locale.ROOT,
                  "  %.2f-%.2f %7d  %s%n",
                  0.05 * b,
                  b == bins.length - 1 ? 1.0 : 0.05 * (b + 1),
                  bins[b],
                  "#".repeat(bar)));
        }
      }
    } else if (metric == Metric.SUM_MAX_CONG || metric == Metric.DEP_MAX_DELAY) {
      double[] sorted = runValues.clone();
      Arrays.sort(sorted);
      if (sorted.length > 0) {
        sb.append(
            String.format(
                Locale.ROOT,
                "quartiles: %.0f / %.0f / %.0f / %.0f / %.0f (min / 25%% / median / 75%% / max)%n",
                sorted[0],
                sorted[(sorted.length - 1) / 4],
                sorted[(sorted.length - 1) / 2],
                sorted[3 * (sorted.length - 1) / 4],
                sorted[sorted.length - 1]));
      }
    }
    return sb.toString();
  }

  /**
   * The per-run fractions of peak bandwidth binned by 0.05 (the last bin holds 1.0): bin {@code i}
   * counts runs in {@code [0.05 i, 0.05 (i+1))}.
   */
  public long[] bandwidthBins() {
    long[] bins = new long[20];
    for (double v : runValues) {
      int bin = (int) Math.floor(v * 20 + 1e-9);
      bins[Math.max(0, Math.min(19, bin))]++;
    }
    return bins;
  }

  /** A one-paragraph summary: metric, runs, mean with its 95% confidence interval, range. */
  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "%s %s on %d ranks, %d runs: mean %.6f +- %.6f (95%% CI), min %.6f, max %.6f",
        pattern,
        metric.orcsName(),
        commSize,
        numRuns(),
        mean(),
        confidence95(),
        min(),
        max());
  }
}
