package org.ibrouting.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.testkit.TestFabrics;
import org.junit.jupiter.api.Test;

/**
 * The route descriptions of witnesses, every ending: on a ring of three switches S0, S1, S2 (port 1
 * to the next, port 2 to the previous) with CA H0, H1, H2 on port 3 (LIDs 1..3; switches 4..6).
 */
class RoutePathsTest {
  private static final String H0 = "CA 0x0000000000002000 \"H0\"";
  private static final String H1 = "CA 0x0000000000002040 \"H1\"";
  private static final String S0 = "switch 0x0000000000001000 \"S0\"";
  private static final String S1 = "switch 0x0000000000001001 \"S1\"";

  private final Fabric ring = TestFabrics.ring(3, 1);

  private RoutingBuilder lfts() {
    return Routing.builder(ring, "test").setOwnLidsToPortZero();
  }

  /**
   * {@link RoutePaths#describe} of {@code slid -> dlid} in {@code routing} lists {@code hops},
   * joined by arrows, then says {@code ending}.
   */
  private static void assertRoute(
      Routing routing, int slid, int dlid, String ending, String... hops) {
    assertEquals(
        String.format("LID 0x%04x -> LID 0x%04x: ", slid, dlid)
            + String.join(" -> ", hops)
            + ": "
            + ending,
        RoutePaths.describe(routing, slid, dlid));
  }

  @Test
  void delivered() {
    Routing r = lfts().setOutPort(0, 2, 1).setOutPort(1, 2, 3).build();
    assertRoute(
        r,
        1,
        2,
        "delivered, 3 links",
        H0 + " out 1",
        S0 + " in 3 out 1",
        S1 + " in 2 out 3",
        H1 + " in 1");
    assertRoute(r, 1, 4, "delivered, 1 link", H0 + " out 1", S0 + " in 3 out 0");
    Routing toSwitch = lfts().setOutPort(0, 5, 1).build();
    assertRoute(
        toSwitch,
        1,
        5,
        "delivered, 2 links",
        H0 + " out 1",
        S0 + " in 3 out 1",
        S1 + " in 2 out 0");
    assertRoute(toSwitch, 4, 5, "delivered, 1 link", S0 + " out 1", S1 + " in 2 out 0");
  }

  @Test
  void noRouteLoopAndBlackHoles() {
    assertRoute(lfts().build(), 1, 2, "no route (LFT entry 255)", H0 + " out 1", S0 + " in 3");
    Routing loop = lfts().setOutPort(0, 3, 1).setOutPort(1, 3, 2).build();
    assertRoute(
        loop,
        1,
        3,
        "loop, back at this switch after 3 links",
        H0 + " out 1",
        S0 + " in 3 out 1",
        S1 + " in 2 out 2",
        S0 + " in 1");
    assertRoute(
        lfts().setOutPort(0, 2, 0).build(),
        1,
        2,
        "black hole, port 0 of a switch that does not own the LID",
        H0 + " out 1",
        S0 + " in 3 out 0");
    // a port the switch does not have cannot be set (RoutingBuilder refuses it)
    assertThrows(IllegalArgumentException.class, () -> lfts().setOutPort(0, 2, 7));
    assertRoute(
        lfts().setOutPort(0, 2, 3).build(),
        4,
        2,
        "black hole, not the destination",
        S0 + " out 3",
        H0 + " in 1");
    Fabric cut = FabricBuilder.from(ring).disconnect(0, 1).build();
    Routing intoTheCut = Routing.builder(cut, "test").setOutPort(0, 2, 1).build();
    assertRoute(intoTheCut, 4, 2, "black hole, port 1 is not connected", S0 + " out 1");
  }

  @Test
  void unassignedLidsAndPortsWithoutASwitch() {
    Routing r = lfts().build();
    assertEquals(
        "LID 0x0063 -> LID 0x0002: source LID is not assigned", RoutePaths.describe(r, 99, 2));
    assertEquals(
        "LID 0x0001 -> LID 0x0063: destination LID is not assigned", RoutePaths.describe(r, 1, 99));
    Fabric down = FabricBuilder.from(ring).disconnect(ring.numSwitches(), 1).build();
    Routing unconnected = Routing.builder(down, "test").build();
    assertRoute(unconnected, 1, 2, "unreachable, the source port is not connected", H0 + " out 1");

    FabricBuilder b = Fabric.builder();
    int sw = b.addNode(NodeType.SWITCH, 2, 0x30L, "s");
    int a = b.addNode(NodeType.CA, 1, 0x10L, "a");
    int c = b.addNode(NodeType.CA, 1, 0x20L, "c");
    b.setLid(a, 1, 1, 0).setLid(c, 1, 2, 0).setLid(sw, 0, 3, 0).connect(a, 1, c, 1, null);
    Routing pair = Routing.builder(b.build(), "test").build();
    String a1 = "CA 0x0000000000000010 \"a\" out 1";
    String c1 = "CA 0x0000000000000020 \"c\" in 1";
    assertRoute(pair, 1, 2, "delivered, 1 link", a1, c1);
    assertRoute(pair, 1, 3, "unreachable, not the destination and not a switch", a1, c1);
  }
}
