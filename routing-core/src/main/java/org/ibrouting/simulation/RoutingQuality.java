package org.ibrouting.simulation;

import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.ForwardingIndex;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.routing.Routing;

/**
 * The quality figures by which routings are compared, all over the CA endpoints: hop statistics and
 * the share of minimal routes (route checker), the edge forwarding index (max and mean routes per
 * inter-switch channel), the VLs used, and the effective bisection bandwidth Λ over random bisect
 * patterns with its 95% confidence half-width. Two routings of one fabric measured with the same
 * {@code patterns} and {@code seed} see the same patterns.
 *
 * @param report the route checker's report
 * @param efiMax the edge forwarding index
 * @param efiMean mean routes per inter-switch channel
 * @param vls VLs the routing's SL table uses (1 without one)
 * @param lambda Λ as a fraction of the full bisection bandwidth; NaN when not every pair is routed
 * @param lambdaCi95 half-width of Λ's 95% confidence interval; NaN likewise
 * @param jobMetrics γᵉ and dark fibre of a job map's jobs (SAR's metrics); null without a job map or
 *     when not every pair is routed
 */
public record RoutingQuality(RouteReport report, long efiMax, double efiMean, int vls, double lambda,
    double lambdaCi95, JobMetrics jobMetrics) {

  /**
   * Measures {@code routing}; Λ over {@code patterns} random bisect patterns drawn from {@code seed}
   * (0 patterns: Λ not measured).
   */
  public static RoutingQuality measure(Routing routing, int patterns, long seed, int threads) {
    return measure(routing, patterns, seed, threads, null);
  }

  /** As {@link #measure(Routing, int, long, int)}, plus the job metrics of {@code jobs} (may be null). */
  public static RoutingQuality measure(Routing routing, int patterns, long seed, int threads, JobMap jobs) {
    RouteReport report = new RouteChecker(EndpointScope.TERMINALS, threads).check(routing);
    ForwardingIndex efi = ForwardingIndex.compute(routing, EndpointScope.TERMINALS, threads);
    double lambda = Double.NaN;
    double ci = Double.NaN;
    JobMetrics jobMetrics = null;
    if (report.allRouted() && (patterns > 0 || jobs != null)) {
      PathTable table = PathTable.build(routing, Endpoints.allCas(routing.fabric()));
      if (patterns > 0) {
        SimulationResult result = Simulator.effectiveBisectionBandwidth(table, patterns, seed, threads);
        lambda = result.mean();
        ci = result.confidence95();
      }
      jobMetrics = jobs == null ? null : JobMetrics.compute(table, jobs);
    }
    return new RoutingQuality(report, efi.max(), efi.mean(), routing.slTable().numVls(), lambda, ci,
        jobMetrics);
  }
}
