package org.ibrouting.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.simulation.RoutingQuality;

/**
 * Routes one generated fabric with one of our engines and prints what {@link SideBySide} records,
 * one {@code key=value} a line. It runs in a JVM of its own so that the caller can bound its time
 * and heap and survive an {@code OutOfMemoryError}.
 *
 * <p>Timing: one run; when it took under 20 s, about 3 s of warm-up runs and then the median of up
 * to 5 further runs (as many as fit in about 30 s); otherwise that first run itself (a cold JVM,
 * reported as such). The peak heap covers the measured runs.
 *
 * <p>Usage: {@code OursProbe "KIND PARAMS" ENGINE PATTERNS SEED [OPENSM_DUMP | -] [time-only]}.
 */
public final class OursProbe {
  private OursProbe() {}

  /**
   * Runs the probe; exit status 0 also when the engine refuses (reported as {@code
   * status=refused}).
   */
  public static void main(String[] args) throws Exception {
    if (args.length < 4) {
      System.err.println(
          "usage: OursProbe \"KIND PARAMS\" ENGINE PATTERNS SEED [OPENSM_DUMP|-] [time-only]");
      System.exit(2);
    }
    Fabric fabric = SideBySide.buildFabric(args[0]);
    String engineName = args[1];
    int patterns = Integer.parseInt(args[2]);
    long seed = Long.parseLong(args[3]);
    Path dump = args.length > 4 && !args[4].equals("-") ? Path.of(args[4]) : null;
    boolean timeOnly = args.length > 5 && args[5].equals("time-only");
    RoutingEngine engine = Engines.create(engineName, SideBySide.engineConfig(args[0]));
    RoutingOptions options = RoutingOptions.seeded(seed);
    System.out.println("switches=" + fabric.numSwitches());
    System.out.println("cas=" + fabric.numCas());
    Routing routing;
    double[] seconds;
    long peak;
    try {
      HeapPeaks.reset();
      long start = System.nanoTime();
      routing = engine.route(fabric, options);
      double warm = (System.nanoTime() - start) / 1e9;
      peak = HeapPeaks.peak();
      if (warm >= 20) {
        seconds = new double[] {warm};
        System.out.println("timing=cold single run");
      } else {
        // warm up for about 3 s, so that the JIT has compiled the hot loops, as a long-running
        // subnet manager process would have
        long warmUntil = System.nanoTime() + 3_000_000_000L;
        for (int w = 0; w < 200 && System.nanoTime() < warmUntil; w++) {
          engine.route(fabric, options);
        }
        int runs = (int) Math.max(1, Math.min(5, 30 / Math.max(warm, 1e-3)));
        seconds = new double[runs];
        routing = null;
        HeapPeaks.reset();
        for (int r = 0; r < runs; r++) {
          start = System.nanoTime();
          routing = engine.route(fabric, options);
          seconds[r] = (System.nanoTime() - start) / 1e9;
        }
        peak = HeapPeaks.peak();
        System.out.println("timing=median of " + runs + " after a warm-up of about 3 s");
      }
    } catch (RoutingException e) {
      System.out.println("status=refused");
      System.out.println("message=" + e.getMessage().replace('\n', ' '));
      return;
    }
    Arrays.sort(seconds);
    System.out.println("status=ok");
    System.out.println(String.format(Locale.ROOT, "seconds=%.6f", seconds[seconds.length / 2]));
    System.out.println("peak_heap_mib=" + (peak >> 20));
    if (timeOnly) {
      return;
    }
    if (dump != null) {
      System.out.println("same_lfts=" + LftDumpReader.read(fabric, dump).sameLfts(routing));
    }
    print(
        RoutingQuality.measure(
            routing,
            RoutingQuality.Options.defaults()
                .withPatterns(patterns)
                .withSeed(seed)
                .withThreads(options.threads())));
  }

  /** Prints the figures of {@code q} as {@code key=value} lines (shared with the OpenSM side). */
  static void print(RoutingQuality q) {
    for (String line : lines(q)) {
      System.out.println(line);
    }
  }

  static List<String> lines(RoutingQuality q) {
    return List.of(
        "vls=" + q.vls(),
        "all_routed=" + q.report().allRouted(),
        "unreachable_pairs=" + q.report().unreachablePairs(),
        String.format(Locale.ROOT, "avg_hops=%.4f", q.report().avgHops()),
        "max_hops=" + q.report().maxHops(),
        String.format(Locale.ROOT, "minimal_share=%.5f", q.report().minimalShare()),
        "efi_max=" + q.efiMax(),
        String.format(Locale.ROOT, "efi_mean=%.2f", q.efiMean()),
        String.format(Locale.ROOT, "lambda=%.5f", q.lambda()),
        String.format(Locale.ROOT, "lambda_ci95=%.5f", q.lambdaCi95()));
  }
}
