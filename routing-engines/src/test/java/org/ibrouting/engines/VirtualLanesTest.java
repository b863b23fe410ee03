package org.ibrouting.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.testkit.TestFabrics;
import org.ibrouting.testkit.TestRoutings;
import org.junit.jupiter.api.Test;

/** DFSSSP's VL assignment on a routing that is not DFSSSP's own: the stable entry point. */
class VirtualLanesTest {
  @Test
  void shortestPathsOnARingBecomeDeadlockFree() throws RoutingException {
    Routing ring = TestRoutings.shortestPaths(TestFabrics.ring(6, 2));
    assertFalse(CreditLoopVerifier.defaults().verify(ring).isDeadlockFree());
    Routing safe = VirtualLanes.assignDeadlockFree(ring, RoutingOptions.seeded(1));
    assertTrue(safe.sameLfts(ring), "the tables stay as they were");
    assertEquals(2, safe.slTable().numVls());
    assertEquals(ring.engineName(), safe.engineName());
    RoutingAssertions.assertDeadlockFreePerVl(safe);
  }

  @Test
  void tooFewVlsIsATypedRefusal() {
    Routing ring = TestRoutings.shortestPaths(TestFabrics.ring(6, 2));
    RoutingException e =
        RoutingAssertions.assertRefused(
            RoutingException.Reason.VLS_EXCEEDED,
            () -> VirtualLanes.assignDeadlockFree(ring, RoutingOptions.seeded(1).withMaxVls(1)));
    assertEquals(2, e.vlsNeeded().getAsInt());
    assertEquals(1, e.vlsAllowed().getAsInt());
    assertFalse(
        e.getMessage().contains("--"),
        "no command-line flag in a library message: " + e.getMessage());
  }
}
