package org.ibrouting.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.testkit.TestFabrics;
import org.ibrouting.testkit.TestRoutings;
import org.junit.jupiter.api.Test;

/** One verdict with typed witnesses: faults, non-minimal routes and credit loops apart. */
class VerificationTest {
  @Test
  void shortestPathsOnARingAreMinimalButDeadlock() {
    Routing routing = TestRoutings.shortestPaths(TestFabrics.ring(5, 1));
    Verification v = Verification.of(routing);
    assertTrue(v.allRouted() && v.loopFree() && v.minimal(), v.toString());
    assertFalse(v.deadlockFree(), v.toString());
    assertFalse(v.ok());
    assertTrue(v.fault().isEmpty() && v.nonMinimal().isEmpty());
    CreditLoop loop = v.creditLoop().orElseThrow();
    assertEquals(v.cdg().creditLoop(loop.vl()).orElseThrow(), loop);
    assertTrue(v.toString().contains("credit loops on VLs [0]"), v.toString());
  }

  @Test
  void upDownOnARingIsDeadlockFreeButNotMinimal() {
    Fabric ring = TestFabrics.ring(6, 1);
    Routing routing = TestRoutings.upDown(ring, 0);
    Verification v = Verification.of(routing, EndpointScope.TERMINALS, 1);
    assertTrue(v.ok() && v.deadlockFree() && v.loopFree(), v.toString());
    assertTrue(v.creditLoop().isEmpty());
    assertFalse(v.minimal());
    Route detour = v.nonMinimal().orElseThrow();
    assertTrue(detour.delivered(), detour.toString());
    assertTrue(v.fault().isEmpty(), "a detour is no fault");
    assertEquals(
        RoutePaths.describe(routing, detour.srcLid(), detour.dstLid()), detour.description());
  }

  @Test
  void faultsCarryTheirRoutes() {
    Routing broken = BrokenRing.routing();
    int s2 = BrokenRing.s(broken.fabric(), 2);
    Verification v = Verification.of(broken);
    assertFalse(v.allRouted() || v.loopFree() || v.ok());
    Route unreachable = v.unreachable().orElseThrow();
    assertEquals(Route.Ending.NO_ROUTE, unreachable.ending());
    assertEquals(List.of(v.routes().witnesses().get(0)), List.of("unreachable: " + unreachable));
    assertEquals(unreachable, v.fault().orElseThrow(), "unreachable comes first");
    Route blackHole = v.blackHole().orElseThrow();
    assertEquals(Route.Ending.BLACK_HOLE, blackHole.ending());
    Route.Hop last = blackHole.hops().get(blackHole.hops().size() - 1);
    assertEquals(s2, last.node());
    assertEquals(0, last.outPort());
    Route loop = v.loop().orElseThrow();
    assertEquals(Route.Ending.LOOP, loop.ending());
    assertEquals(
        loop.hops().get(1).node(),
        loop.hops().get(loop.hops().size() - 1).node(),
        "the loop ends back at the first switch: " + loop);
  }

  @Test
  void aDeliveredRouteListsEveryHop() {
    Fabric tree = TestFabrics.kAryNTree(2, 3);
    Routing routing = TestRoutings.shortestPaths(tree);
    int src = tree.baseLid(tree.port(tree.numSwitches(), 1));
    int dst = tree.baseLid(tree.port(tree.numNodes() - 1, 1));
    Route route = Route.walk(routing, src, dst);
    assertTrue(route.delivered(), route.toString());
    assertEquals(6, route.links());
    assertEquals(route.links() + 1, route.hops().size());
    assertEquals(new Route.Hop(tree.numSwitches(), -1, 1), route.hops().get(0));
    Route.Hop end = route.hops().get(route.hops().size() - 1);
    assertEquals(new Route.Hop(tree.numNodes() - 1, 1, -1), end);
    for (int i = 1; i + 1 < route.hops().size(); i++) {
      Route.Hop hop = route.hops().get(i);
      assertEquals(routing.outPort(hop.node(), dst), hop.outPort());
      int next = tree.peerPort(tree.port(hop.node(), hop.outPort()));
      assertEquals(
          route.hops().get(i + 1),
          new Route.Hop(
              tree.nodeOfPort(next), tree.portNum(next), route.hops().get(i + 1).outPort()));
    }
    assertEquals(Route.Ending.UNASSIGNED_LID, Route.walk(routing, src, 999).ending());
  }
}
