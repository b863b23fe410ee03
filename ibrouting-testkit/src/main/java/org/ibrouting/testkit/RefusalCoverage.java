package org.ibrouting.testkit;

import net.jqwik.api.statistics.Statistics;

/**
 * Coverage for jqwik properties whose engine may refuse a try (and the property then returns): each
 * try records whether it was routed or refused, and the property fails when fewer than {@value
 * #MIN_ROUTED_PERCENT}% of its tries were routed, so a property cannot pass by refusing.
 *
 * <pre>{@code
 * try {
 *   routing = engine.route(fabric, options);
 * } catch (RoutingException e) {
 *   RefusalCoverage.refused();
 *   return;
 * }
 * RefusalCoverage.routed();
 * }</pre>
 */
public final class RefusalCoverage {
  /** The share of tries that must be routed. */
  public static final double MIN_ROUTED_PERCENT = 50;

  private static final String LABEL = "routed or refused";

  private RefusalCoverage() {}

  /** This try was routed. */
  public static void routed() {
    record("routed");
  }

  /** This try was refused. */
  public static void refused() {
    record("refused");
  }

  private static void record(String outcome) {
    Statistics.label(LABEL).collect(outcome);
    Statistics.label(LABEL)
        .coverage(coverage -> coverage.check("routed").percentage(p -> p >= MIN_ROUTED_PERCENT));
  }
}
