package org.ibrouting.engines.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.testkit.RefusalCoverage;
import org.ibrouting.testkit.RoutingAssertions;

/**
 * What a minimal engine that assigns VLs owes under a VL limit: every pair routed on a shortest
 * path, deadlock-free per VL within the limit, or a refusal that names the limit it exceeds.
 */
public final class VlLimitedRouting {
  private VlLimitedRouting() {}

  /** One routing under the limit, which may refuse. */
  @FunctionalInterface
  public interface Run {
    /** Routes, or refuses. */
    Routing route() throws RoutingException;
  }

  /**
   * Runs {@code run} and asserts its routing minimal and deadlock-free within {@code maxVls}, or
   * its refusal "{@code engine}: needs more than {@code maxVls} VLs"; counts both for {@link
   * RefusalCoverage}.
   */
  public static void assertMinimalDeadlockFreeOrRefused(String engine, int maxVls, Run run) {
    Routing routing;
    try {
      routing = run.route();
    } catch (RoutingException e) {
      assertTrue(
          e.getMessage().startsWith(engine + ": needs more than " + maxVls + " VLs"),
          e.getMessage());
      RefusalCoverage.refused();
      return;
    }
    RefusalCoverage.routed();
    RoutingAssertions.assertAllPairsRouted(routing);
    RoutingAssertions.assertMinimal(routing);
    RoutingAssertions.assertDeadlockFreePerVl(routing);
    RoutingAssertions.assertVlsWithin(routing, maxVls);
  }
}
