package org.ibrouting.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.testkit.TestFabrics;
import org.junit.jupiter.api.Test;

/**
 * The reports' counts and texts on a ring of four switches routed one way round (port 1, to the
 * next switch): the four ring channels close one credit loop on VL 0.
 */
class AnalysisReportsTest {
  private static Routing oneWayRound(Fabric ring, int stopAt) {
    RoutingBuilder b = Routing.builder(ring, "one-way").setOwnLidsToPortZero();
    for (int sw = 0; sw < ring.numSwitches(); sw++) {
      for (int ca = ring.numSwitches(); ca < ring.numNodes(); ca++) {
        int lid = ring.baseLid(ring.port(ca, 1));
        int home = ring.nodeOfPort(ring.peerPort(ring.port(ca, 1)));
        if (home == sw) {
          b.setOutPort(sw, lid, 3);
        } else if (sw != stopAt) {
          b.setOutPort(sw, lid, 1);
        }
      }
    }
    return b.build();
  }

  @Test
  void cdgReportCountsAndPrintsTheLoop() {
    Fabric ring = TestFabrics.ring(4, 1);
    CdgReport report = CreditLoopVerifier.defaults().verify(oneWayRound(ring, -1));
    assertFalse(report.isDeadlockFree());
    assertArrayEquals(new int[] {0}, report.cyclicVls());
    assertEquals(1, report.numVls());
    assertEquals(4, report.numVertices(0));
    assertEquals(4, report.numEdges(0));
    assertEquals(4, report.numCyclicChannels(0));
    assertEquals(4, report.totalEdges());
    assertEquals(0, report.numVertices(1));
    assertEquals(0, report.numEdges(1));
    assertEquals(0, report.numCyclicChannels(1));
    assertTrue(report.creditLoop(1).isEmpty());
    CreditLoop loop = report.creditLoop(0).orElseThrow();
    assertEquals(4, loop.length());
    assertEquals(
        "credit loops on VLs [0]; VL 0: 4 channels, 4 dependencies, 4 cyclic\n" + loop,
        report.toString());
    assertEquals(
        loop,
        CreditLoopVerifier.defaults()
            .withThreads(1)
            .verify(oneWayRound(ring, -1))
            .creditLoop(0)
            .orElseThrow());
  }

  @Test
  void anAcyclicGraphIsDeadlockFree() {
    // S3 routes nothing onward: the routes that would close the ring stop there
    Fabric ring = TestFabrics.ring(4, 1);
    CdgReport report = CreditLoopVerifier.defaults().verify(oneWayRound(ring, 3));
    assertTrue(report.isDeadlockFree());
    assertArrayEquals(new int[0], report.cyclicVls());
    assertEquals(3, report.numVertices(0));
    assertEquals(2, report.numEdges(0));
    assertEquals(0, report.numCyclicChannels(0));
    assertEquals("deadlock-free; VL 0: 3 channels, 2 dependencies, 0 cyclic", report.toString());
  }

  @Test
  void reportsAreValuesThatDifferWithTheRouting() {
    Fabric ring = TestFabrics.ring(4, 1);
    RouteReport all = RouteChecker.terminals().check(oneWayRound(ring, -1));
    RouteReport cut = RouteChecker.terminals().check(oneWayRound(ring, 3));
    assertEquals(all, RouteChecker.terminals().check(oneWayRound(ring, -1)));
    assertEquals(all.hashCode(), RouteChecker.terminals().check(oneWayRound(ring, -1)).hashCode());
    assertNotEquals(all, cut);
    assertNotEquals(all, null);
    assertTrue(
        all.toString()
            .startsWith("12 pairs: 12 valid, 0 unreachable, 0 black hole, 0 loop; hops avg "),
        all.toString());
    assertTrue(cut.toString().contains("\n  "), "witnesses of the unrouted pairs: " + cut);
    CreditLoop loop =
        CreditLoopVerifier.defaults().verify(oneWayRound(ring, -1)).creditLoop(0).orElseThrow();
    CreditLoop other =
        CreditLoopVerifier.defaults()
            .verify(oneWayRound(TestFabrics.ring(5, 1), -1))
            .creditLoop(0)
            .orElseThrow();
    assertNotEquals(loop, other);
    assertNotEquals(loop, null);
  }
}
