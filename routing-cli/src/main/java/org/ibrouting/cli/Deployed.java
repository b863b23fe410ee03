package org.ibrouting.cli;

import org.ibrouting.analysis.CdgBaseline;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;

/**
 * What a deployment directory holds, as {@code serve} keeps it in memory.
 *
 * @param fabric the fabric the routing was made for
 * @param routing the routing
 * @param engine the engine that made it
 * @param deadlockFree whether the routing is free of credit loops with its SLs
 * @param baseline its channel dependency graph, kept so that repairs are verified by walking the
 *     changed destinations only (null: every verification builds the whole graph)
 */
record Deployed(
    Fabric fabric, Routing routing, String engine, boolean deadlockFree, CdgBaseline baseline) {
  /** What {@code routing} deploys, its graph kept by {@code verifier}. */
  static Deployed verified(
      Fabric fabric, Routing routing, String engine, CreditLoopVerifier verifier) {
    CdgBaseline baseline = verifier.baseline(routing);
    return new Deployed(fabric, routing, engine, baseline.report().isDeadlockFree(), baseline);
  }

  /** What a verification of the whole graph took for this deployment (0: not measured). */
  double wholeSeconds() {
    return baseline == null ? 0 : baseline.seconds();
  }

  /** The verifier that starts from this deployment's graph. */
  CreditLoopVerifier verifier(CreditLoopVerifier plain) {
    return baseline == null ? plain : plain.withBaseline(baseline);
  }
}
