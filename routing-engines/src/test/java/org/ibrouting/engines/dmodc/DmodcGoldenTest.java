package org.ibrouting.engines.dmodc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.TestFabrics;
import org.ibrouting.topology.Topologies;
import org.ibrouting.topology.TopologyOptions;
import org.junit.jupiter.api.Test;

/**
 * Dmodc's ports for chosen (switch, destination) pairs of small PGFTs, worked out by hand from the
 * formula: node identifiers leaf by leaf in GUID order ({@code 4i + j} for CA j of leaf i of a
 * 4-ary 2-tree), up group at nominal position {@code q mod w}, link {@code (q / w) mod p}; where
 * the group at that position no longer reaches the destination, the {@code ((q / w) mod |C|)}-th of
 * the groups {@code C} that do.
 */
class DmodcGoldenTest {
  private static Routing route(Fabric fabric) throws RoutingException {
    return new DmodcEngine().route(fabric, RoutingOptions.seeded(0));
  }

  /** The entry of the switch described {@code sw} for the (first) LID of node {@code to}. */
  private static int port(Routing routing, String sw, String to) {
    return port(routing, sw, to, 0);
  }

  /**
   * Checks entries given as {@code "SWITCH DESTINATION PORT, ..."} (port {@code -}: no route), each
   * for the destination's first LID.
   */
  private static void assertPorts(Routing routing, String expected) {
    for (String entry : expected.split(", ")) {
      String[] f = entry.split(" ");
      int port = f[2].equals("-") ? Routing.NO_ROUTE : Integer.parseInt(f[2]);
      assertEquals(port, port(routing, f[0], f[1]), f[0] + " -> " + f[1]);
    }
  }

  private static int port(Routing routing, String sw, String to, int lmcOffset) {
    Fabric fabric = routing.fabric();
    int node = fabric.nodeByDescription(to);
    int lid = fabric.baseLid(fabric.port(node, fabric.isSwitch(node) ? 0 : 1)) + lmcOffset;
    return routing.outPort(fabric.nodeByDescription(sw), lid);
  }

  /**
   * 4-ary 2-tree: leaf S0_i has H(4i)..H(4i+3) on ports 1-4 and spine S1_j on port 5 + j; spine
   * S1_j has leaf S0_i on port i + 1. H_n has identifier n and climbs to S1_(n mod 4).
   */
  @Test
  void intactKAryTwoTreeIsDModK() throws RoutingException {
    Routing routing = route(Topologies.kAryNTree(4, 2));
    for (int n = 4; n < 16; n++) {
      assertEquals(5 + n % 4, port(routing, "S0_0", "H" + n), "S0_0 -> H" + n);
    }
    assertEquals(3, port(routing, "S0_0", "H2"));
    assertEquals(3, port(routing, "S1_2", "H9"));
    // switch LIDs: a spine by the link to it, a leaf as its first CA slot (H4's), no route
    // between two spines (no switch above both)
    assertPorts(routing, "S0_0 S1_2 7, S0_0 S0_1 5, S1_3 S0_1 2, S1_0 S1_1 -");
  }

  /**
   * The cable S0_0/6 - S1_1/1 cut: at S0_0 the destinations of position 1 move to the {@code (n /
   * 4) mod 3}-th of S1_0, S1_2, S1_3; every other destination keeps its port; S1_1 no longer
   * reaches S0_0, so the other leaves send H1 by position 0 of the three.
   */
  @Test
  void aCutCableMovesOnlyTheDestinationsOfItsPosition() throws RoutingException {
    Fabric intact = Topologies.kAryNTree(4, 2);
    Fabric cut = FabricBuilder.from(intact).disconnect(intact.nodeByDescription("S0_0"), 6).build();
    Routing routing = route(cut);
    assertPorts(
        routing,
        "S0_0 H5 7, S0_0 H9 8, S0_0 H13 5, S0_0 H4 5, S0_0 H6 7, S0_0 H7 8, "
            + "S0_1 H1 5, S0_2 H1 5, S0_1 H0 5, S1_1 H0 -, S1_1 S0_0 -");
    // S1_1's own LID: reached up from the other leaves, not from S0_0 (no switch above both)
    assertPorts(routing, "S0_1 S1_1 6, S0_0 S1_1 -, S1_0 H0 1");
  }

  /**
   * PGFT(2; 4,2; 1,2; 1,2): two leaves, two spines, two parallel links from each leaf to each spine
   * (leaf ports 5,6 to S1_0, 7,8 to S1_1; spine ports 1,2 to S0_0, 3,4 to S0_1). H4..H7 have
   * identifiers 4..7: group {@code n mod 2}, link {@code (n / 2) mod 2}, so S0_0 spreads them over
   * its four up ports, and each spine takes the link the leaf below would take up.
   */
  @Test
  void parallelLinksSpreadByTheQuotient() throws RoutingException {
    Routing routing = route(Pgfts.pgft(new int[] {4, 2}, new int[] {1, 2}, new int[] {1, 2}));
    assertPorts(
        routing,
        "S0_0 H4 5, S0_0 H5 7, S0_0 H6 6, S0_0 H7 8, S1_0 H4 3, S1_0 H5 3, "
            + "S1_0 H6 4, S1_1 H7 4, S1_0 H1 1, S1_0 H3 2, S0_1 H2 6");
  }

  /**
   * A leaf with one CA and a leaf with two: every leaf has two slots, so b0 and b1 get identifiers
   * 2 and 3 (not 1 and 2) and climb as in the full tree: b0 by T, b1 by U.
   */
  @Test
  void leavesWithFewCasKeepTheirSlots() throws RoutingException {
    Fabric fabric =
        TestFabrics.sketch(
                "sw4: A@10#1 B@11#2 T@20#3 U@21#4 ca1: a0@100#5 b0@102#6 b1@104#7",
                "A/1-a0/1 B/1-b0/1 B/2-b1/1 A/3-T/1 A/4-U/1 B/3-T/2 B/4-U/2")
            .build();
    Routing routing = route(fabric);
    assertPorts(routing, "A b0 3, A b1 4, B a0 3, T a0 1, U b1 2");
  }

  /**
   * 2-ary 3-tree with L2 switch S1_0 cut off: the leaves of its pod keep width 2 with a hole at
   * position 0 (the other pod still has that column), so S1_1's divider stays 2: H6 (identifier 6)
   * climbs from S1_1 by position (6 / 2) mod 2 = 1, to S2_3. Pod 2 no longer reaches pod 0 through
   * S1_2's spines, so S0_2 sends H0 to S1_3.
   */
  @Test
  void aMissingSwitchLeavesAHoleNotAShift() throws RoutingException {
    Fabric intact = Topologies.kAryNTree(2, 3);
    FabricBuilder b = FabricBuilder.from(intact);
    int gone = intact.nodeByDescription("S1_0");
    for (int p = 1; p <= intact.numPorts(gone); p++) {
      b.disconnect(gone, p);
    }
    Routing routing = route(b.build());
    assertPorts(
        routing,
        "S1_1 H6 4, S1_1 H4 3, S0_0 H6 4, S0_0 H7 4, S0_2 H0 4, S1_0 S1_0 0, " + "S1_0 H0 -");
    assertTrue(
        routing.notes().get(0).startsWith("dmodc: 1 switch(es) reach no CA or router (e.g."),
        routing.notes().toString());
  }

  /**
   * LMC 1 on a 2-ary 2-tree: the i-th LID of a port adds i to its quotient, so H2's two LIDs leave
   * S0_0 by both spines (ports 3 and 4), as do H3's, the other way round.
   */
  @Test
  void theLidsOfOnePortTakeDifferentUpGroups() throws RoutingException {
    Routing routing = route(Topologies.kAryNTree(2, 2, new TopologyOptions(1, 0, null)));
    assertEquals(3, port(routing, "S0_0", "H2", 0));
    assertEquals(4, port(routing, "S0_0", "H2", 1));
    assertEquals(4, port(routing, "S0_0", "H3", 0));
    assertEquals(3, port(routing, "S0_0", "H3", 1));
    assertEquals(1, port(routing, "S0_1", "H2", 1));
  }
}
