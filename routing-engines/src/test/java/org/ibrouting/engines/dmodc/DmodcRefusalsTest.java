package org.ibrouting.engines.dmodc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.testkit.TestFabrics;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;

/** What Dmodc refuses, and that its messages name what is not a fat tree. */
class DmodcRefusalsTest {
  /** Dmodc refuses {@code fabric} for {@code reason} with {@code message}. */
  private static void assertRefused(Fabric fabric, RoutingException.Reason reason, String message) {
    RoutingException e =
        RoutingAssertions.assertRefused(
            reason, () -> new DmodcEngine().route(fabric, RoutingOptions.seeded(0)));
    assertEquals(message, e.getMessage());
  }

  @Test
  void aTorusWithCasOnEverySwitchHasLinksWithinTheLeafLevel() {
    assertRefused(
        Topologies.torus(new int[] {4, 4}, 1),
        RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
        "dmodc: not a fat tree: port 1 of switch 0x0000000000200000 \"S0_0\" is cabled to port 2"
            + " of switch 0x0000000000200004 \"S1_0\", and both switches lie 0 hop(s) above the"
            + " nearest leaf switch (switch 0x0000000000200000 \"S0_0\", switch 0x0000000000200004"
            + " \"S1_0\"):"
            + " both have CAs or routers: a CA is cabled to a switch above the leaf level, or two"
            + " leaf switches are cabled to each other");
  }

  /** A 2-level tree with a CA on a spine: the spine counts as a leaf, next to real leaves. */
  @Test
  void aCaOnASpineIsACaAboveTheLeafLevel() {
    assertRefused(
        TestFabrics.sketch(
                "sw4: A@10#1 B@11#2 T@20#3 U@21#4 ca1: a@100#5 b@102#6 s@104#7",
                "A/1-a/1 B/1-b/1 A/3-T/1 A/4-U/1 B/3-T/2 B/4-U/2 T/4-s/1")
            .build(),
        RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
        "dmodc: not a fat tree: port 3 of switch 0x0000000000000010 \"A\" is cabled to port 1 of"
            + " switch 0x0000000000000020 \"T\", and both switches lie 0 hop(s) above the nearest"
            + " leaf switch (switch 0x0000000000000010 \"A\", switch 0x0000000000000020 \"T\"):"
            + " both have CAs or routers: a CA is cabled to a switch above the leaf level, or two"
            + " leaf switches are cabled to each other");
  }

  /** A ring of five switches with one CA: the two switches farthest from it share a level. */
  @Test
  void aRingHasALinkWithinALevel() {
    FabricBuilder b = Fabric.builder();
    int[] sw = new int[5];
    for (int i = 0; i < 5; i++) {
      sw[i] = b.addNode(NodeType.SWITCH, 3, 0x20L + i, "R" + i);
      b.setLid(sw[i], 0, i + 1, 0);
    }
    for (int i = 0; i < 5; i++) {
      b.connect(sw[i], 1, sw[(i + 1) % 5], 2, null);
    }
    int ca = b.addNode(NodeType.CA, 1, 0x100L, "h");
    b.setLid(ca, 1, 6, 0).connect(sw[0], 3, ca, 1, null);
    assertRefused(
        b.build(),
        RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
        "dmodc: not a fat tree: port 1 of switch 0x0000000000000022 \"R2\" is cabled to port 2 of"
            + " switch 0x0000000000000023 \"R3\", and both switches lie 2 hop(s) above the nearest"
            + " leaf switch (switch 0x0000000000000022 \"R2\", switch 0x0000000000000023 \"R3\"):"
            + " a link within a level (rings, tori, meshes and random graphs are no fat trees)");
  }

  /**
   * Leaves A and B joined only through leaf C (A-T, C-T, C-U, B-U): every route from A to B turns
   * from down to up at C, so no up*&#47;down* route exists.
   */
  @Test
  void leavesWithoutACommonAncestorAreRefusedByName() {
    assertRefused(
        TestFabrics.sketch(
                "sw4: A@10#1 B@11#2 C@12#3 T@20#4 U@21#5 ca1: a@100#6 b@102#7 c@104#8",
                "A/1-a/1 B/1-b/1 C/1-c/1 A/3-T/1 C/3-T/2 C/4-U/1 B/3-U/2")
            .build(),
        RoutingException.Reason.DISCONNECTED,
        "dmodc: port 1 of CA 0x0000000000000102 \"b\" on leaf switch 0x0000000000000011 \"B\" has"
            + " no up*/down* route to port 1 of CA 0x0000000000000100 \"a\" on leaf switch"
            + " 0x0000000000000010 \"A\", though links join them: no switch reachable upwards from"
            + " both leaves (failures cut the tree between them); route with updn or minhop");
  }

  @Test
  void switchesWithoutCasAreNoFatTree() {
    assertRefused(
        TestFabrics.sketch("sw4: S@10#1 T@11#2", "S/1-T/1").build(),
        RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
        "dmodc: no CA or router is cabled to a switch, so no switch is a leaf of a fat tree");
  }

  /** A chain of 122 switches with a CA at one end has levels 0 to 121. */
  @Test
  void tooManyLevels() {
    FabricBuilder b = Fabric.builder();
    int n = 122;
    for (int i = 0; i < n; i++) {
      b.addNode(NodeType.SWITCH, 3, 0x1000L + i, "C" + i);
      b.setLid(i, 0, i + 1, 0);
      if (i > 0) {
        b.connect(i - 1, 1, i, 2, null);
      }
    }
    int ca = b.addNode(NodeType.CA, 1, 0x100L, "h");
    b.setLid(ca, 1, n + 1, 0).connect(0, 3, ca, 1, null);
    assertRefused(
        b.build(),
        RoutingException.Reason.TOO_LARGE,
        "dmodc: switch 0x0000000000001079 \"C121\" lies 121 switch hops above the nearest leaf"
            + " switch; Dmodc handles trees of at most 120 levels");
  }
}
