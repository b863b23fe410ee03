package org.ibrouting.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.testkit.TestFabrics;
import org.ibrouting.testkit.TestRoutings;

class AnalysisPropertiesTest {

  @Property(tries = 100)
  void upDownIsDeadlockFreeAndRoutesEveryConnectedPair(@ForAll long seed) {
    Fabric fabric = TestFabrics.random(new Random(seed), 12);
    Routing routing = TestRoutings.upDown(fabric, 0);
    RoutingAssertions.assertLoopFree(routing);
    RoutingAssertions.assertDeadlockFreePerVl(routing);
    RouteReport report = new RouteChecker(EndpointScope.TERMINALS, 2).check(routing);
    // a pair is routed exactly when the fabric connects it
    Routing shortest = TestRoutings.shortestPaths(fabric);
    RouteReport reference = new RouteChecker(EndpointScope.TERMINALS, 1).check(shortest);
    assertEquals(reference.validPairs(), report.validPairs(), report + "\nvs\n" + reference);
    assertTrue(reference.allMinimal(), reference.toString());
    assertTrue(report.avgHops() >= reference.avgHops() - 1e-12);
  }

  @Property(tries = 60)
  void reportsDoNotDependOnThreads(@ForAll long seed) {
    Random random = new Random(seed);
    Fabric fabric = TestFabrics.random(random, 12);
    Routing routing = TestRoutings.damaged(TestRoutings.shortestPaths(fabric), random, 0.2);
    assertEquals(
        new RouteChecker(EndpointScope.TERMINALS_AND_SWITCHES, 1).check(routing),
        new RouteChecker(EndpointScope.TERMINALS_AND_SWITCHES, 3).check(routing));
    ForwardingIndex one = ForwardingIndex.compute(routing, EndpointScope.TERMINALS, 1);
    ForwardingIndex three = ForwardingIndex.compute(routing, EndpointScope.TERMINALS, 3);
    for (int c = 0; c < fabric.numPortSlots(); c++) {
      assertEquals(one.load(c), three.load(c));
    }
    assertEquals(
        CreditLoopVerifier.defaults().withThreads(1).verify(routing).toString(),
        CreditLoopVerifier.defaults().withThreads(3).verify(routing).toString());
  }
}
