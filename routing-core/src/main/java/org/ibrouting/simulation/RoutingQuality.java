package org.ibrouting.simulation;

import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.ForwardingIndex;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;

/**
 * The quality figures by which routings are compared, all over the CA endpoints: hop statistics and
 * the share of minimal routes (route checker), the edge forwarding index (max and mean routes per
 * inter-switch channel), the VLs used, and the effective bisection bandwidth Λ over random bisect
 * patterns with its 95% confidence half-width. Two routings of one fabric measured with the same
 * {@link Options#patterns()} and {@link Options#seed()} see the same patterns.
 *
 * <pre>{@code
 * RoutingQuality q = RoutingQuality.measure(routing, RoutingQuality.Options.defaults().withPatterns(1000));
 * System.out.printf("Lambda %.4f +- %.4f, EFI %d%n", q.lambda(), q.lambdaCi95(), q.efiMax());
 * }</pre>
 *
 * @param report the route checker's report
 * @param efiMax the edge forwarding index
 * @param efiMean mean routes per inter-switch channel
 * @param vls VLs the routing's SL table uses (1 without one)
 * @param lambda Λ as a fraction of the full bisection bandwidth; NaN when not measured (0 patterns)
 * @param lambdaCi95 half-width of Λ's 95% confidence interval; NaN likewise
 * @param jobMetrics γᵉ and dark fibre of a job map's jobs (SAR's metrics); null without a job map
 */
public record RoutingQuality(
    RouteReport report,
    long efiMax,
    double efiMean,
    int vls,
    double lambda,
    double lambdaCi95,
    JobMetrics jobMetrics) {

  /**
   * What {@link #measure} measures.
   *
   * @param patterns random bisect patterns for Λ; 0 skips Λ
   * @param seed the patterns' seed
   * @param threads worker threads (the figures do not depend on them)
   * @param jobs a job map whose job metrics to compute, or null
   */
  public record Options(int patterns, long seed, int threads, JobMap jobs) {
    /** Checks the ranges. */
    public Options {
      if (patterns < 0) {
        throw new IllegalArgumentException(
            "patterns " + patterns + " is negative (0 skips Lambda)");
      }
      if (threads < 1) {
        throw new IllegalArgumentException("threads must be at least 1, not " + threads);
      }
    }

    /** 1,000 patterns from seed 0, {@link RoutingOptions#defaultThreads()}, no job map. */
    public static Options defaults() {
      return new Options(1000, 0, RoutingOptions.defaultThreads(), null);
    }

    /** A copy with another number of Λ patterns (0: no Λ). */
    public Options withPatterns(int newPatterns) {
      return new Options(newPatterns, seed, threads, jobs);
    }

    /** A copy with another seed. */
    public Options withSeed(long newSeed) {
      return new Options(patterns, newSeed, threads, jobs);
    }

    /** A copy with another thread count. */
    public Options withThreads(int newThreads) {
      return new Options(patterns, seed, newThreads, jobs);
    }

    /** A copy that also computes the job metrics of {@code jobMap} (null: none). */
    public Options withJobs(JobMap jobMap) {
      return new Options(patterns, seed, threads, jobMap);
    }
  }

  /** Measures {@code routing} with {@link Options#defaults()}. */
  public static RoutingQuality measure(Routing routing) {
    return measure(routing, Options.defaults());
  }

  /**
   * Measures {@code routing}.
   *
   * @throws UnroutablePairsException when Λ or job metrics are asked for and some pair of CA
   *     endpoints has no route (as {@link Simulator} throws it); measure with 0 patterns and no job
   *     map to get the other figures of such a routing
   */
  public static RoutingQuality measure(Routing routing, Options options) {
    RouteReport report =
        new RouteChecker(EndpointScope.TERMINALS, options.threads()).check(routing);
    ForwardingIndex efi =
        ForwardingIndex.compute(routing, EndpointScope.TERMINALS, options.threads());
    double lambda = Double.NaN;
    double ci = Double.NaN;
    JobMetrics jobMetrics = null;
    if (options.patterns() > 0 || options.jobs() != null) {
      PathTable table = PathTable.build(routing, EndPorts.cabledCas(routing.fabric()));
      if (options.patterns() > 0) {
        SimulationResult result =
            Simulator.effectiveBisectionBandwidth(
                table,
                SimulationOptions.of(options.patterns(), options.seed())
                    .withThreads(options.threads()));
        lambda = result.mean();
        ci = result.confidence95();
      }
      if (options.jobs() != null) {
        Simulator.requireRoutable(table);
        jobMetrics = JobMetrics.compute(table, options.jobs());
      }
    }
    return new RoutingQuality(
        report, efi.max(), efi.mean(), routing.slTable().numVls(), lambda, ci, jobMetrics);
  }
}
