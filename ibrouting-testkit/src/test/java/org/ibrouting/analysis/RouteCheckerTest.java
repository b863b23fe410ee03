package org.ibrouting.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.testkit.TestFabrics;
import org.ibrouting.testkit.TestRoutings;
import org.junit.jupiter.api.Test;

class RouteCheckerTest {

  @Test
  void fourAryThreeTreeMatchesTheOpenSmEvaluation() {
    // ft4_3/minhop.result.json: pairs 4032, avg_hops 5.428571428571429, max 6, minimal 1.0,
    // efi_mean 54.0 over 256 switch channels (any minimal routing of the tree gives these)
    Routing routing = TestRoutings.shortestPaths(TestFabrics.kAryNTree(4, 3));
    RouteReport report = new RouteChecker(EndpointScope.TERMINALS, 2).check(routing);
    assertEquals(4032, report.pairs());
    assertEquals(4032, report.validPairs());
    assertEquals(5.428571428571429, report.avgHops(), 1e-12);
    assertEquals(6, report.maxHops());
    assertEquals(1.0, report.minimalShare());
    assertEquals(report.avgHops(), report.bfsAvgHops(), 1e-12);
    // 3 other CAs on the leaf, 12 more under the same level-1 switches, 48 over the top
    assertArrayEquals(new long[] {0, 0, 64 * 3, 0, 64 * 12, 0, 64 * 48}, report.hopHistogram());
    assertTrue(report.witnesses().isEmpty());
    ForwardingIndex efi = ForwardingIndex.compute(routing, EndpointScope.TERMINALS, 2);
    assertEquals(256, efi.numSwitchChannels());
    assertEquals(54.0, efi.mean(), 1e-12);
    for (int node = efi.numSwitchChannels() > 0 ? routing.fabric().numSwitches() : 0;
        node < routing.fabric().numNodes();
        node++) {
      assertEquals(63, efi.load(routing.fabric().port(node, 1)), "every CA injects 63 routes");
    }
  }

  @Test
  void includesSwitchLidsWhenAsked() {
    Fabric fabric = TestFabrics.ring(3, 1);
    Routing routing = TestRoutings.shortestPaths(fabric);
    RouteReport report = new RouteChecker(EndpointScope.TERMINALS_AND_SWITCHES, 1).check(routing);
    assertEquals(6 * 5, report.pairs());
    assertTrue(report.allRouted() && report.allMinimal(), report.toString());
    // switch to own CA: 1 hop; CA to own switch: 1; switch to switch: 1; CA to other CA: 3 ...
    assertEquals(0, report.hopHistogram()[0]);
  }

  @Test
  void reportsLoopsBlackHolesAndUnreachablePairsWithWitnesses() {
    Routing broken = BrokenRing.routing();
    RouteReport report = new RouteChecker(EndpointScope.TERMINALS, 2).check(broken);
    assertEquals(12, report.pairs());
    assertEquals(2, report.loopPairs(), report.toString());
    assertEquals(2, report.unreachablePairs(), report.toString());
    assertEquals(1, report.blackholePairs(), report.toString());
    assertEquals(7, report.validPairs());
    assertEquals(3, report.witnesses().size());
    assertTrue(
        report.witnesses().get(0).startsWith("unreachable: LID 0x0002 -> LID 0x0004: CA"),
        report.witnesses().get(0));
    assertTrue(
        report.witnesses().get(0).endsWith("\"S2\" in 2: no route (LFT entry 255)"),
        report.witnesses().get(0));
    assertTrue(
        report
            .witnesses()
            .get(1)
            .endsWith(
                "\"S2\" in 3 out 0: black hole, port 0 of a switch that does not own the LID"),
        report.witnesses().get(1));
    assertTrue(
        report.witnesses().get(2).startsWith("loop: LID 0x0001 -> LID 0x0003"),
        report.witnesses().get(2));
    assertTrue(
        report.witnesses().get(2).contains("loop, back at this switch"), report.witnesses().get(2));
  }

  @Test
  void checksOnlyTheRoutesBetweenSelectedEndPorts() {
    Routing broken = BrokenRing.routing();
    Fabric fabric = broken.fabric();
    EndPorts h0h1 = EndPorts.ofPorts(fabric, fabric.portOfLid(2), fabric.portOfLid(1));
    RouteReport report = RouteChecker.terminals().check(broken, h0h1);
    assertEquals(2, report.pairs());
    assertTrue(report.allRouted(), report.toString());
    Verification job = Verification.of(broken, h0h1, 2);
    assertTrue(job.allRouted() && job.deadlockFree(), job.toString());
    assertTrue(!Verification.of(broken).allRouted());
    EndPorts withH2 = EndPorts.ofPorts(fabric, fabric.portOfLid(1), fabric.portOfLid(3));
    RouteReport loop = RouteChecker.terminals().check(broken, withH2);
    assertEquals(1, loop.loopPairs(), loop.toString());
    assertEquals(1, loop.blackholePairs(), loop.toString());
    Routing other = BrokenRing.routing();
    IllegalArgumentException foreign =
        assertThrows(
            IllegalArgumentException.class, () -> RouteChecker.terminals().check(other, h0h1));
    assertTrue(foreign.getMessage().startsWith("the end ports belong to"), foreign.getMessage());
  }
}
