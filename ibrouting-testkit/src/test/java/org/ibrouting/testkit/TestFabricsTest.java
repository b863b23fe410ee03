package org.ibrouting.testkit;

import static org.ibrouting.testkit.FabricAssertions.assertLids;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.NodeType;
import org.junit.jupiter.api.Test;

class TestFabricsTest {
  @Test
  void sketchBuildsTheNodesAndCablesItNames() {
    Fabric f =
        TestFabrics.sketch("sw4: S1@200#1 ca2: H1@100#2 rt1: R1@300", "S1/1-H1/2 S1/3-R1/1")
            .build();
    int s1 = f.nodeByDescription("S1");
    int h1 = f.nodeByDescription("H1");
    int r1 = f.nodeByDescription("R1");
    assertEquals(NodeType.SWITCH, f.nodeType(s1));
    assertEquals(NodeType.CA, f.nodeType(h1));
    assertEquals(NodeType.ROUTER, f.nodeType(r1));
    assertEquals(4, f.numPorts(s1));
    assertEquals(2, f.numPorts(h1));
    assertEquals(0x200L, f.nodeGuid(s1));
    assertEquals(f.port(h1, 2), f.peerPort(f.port(s1, 1)));
    assertEquals(f.port(r1, 1), f.peerPort(f.port(s1, 3)));
    assertLids(f, "S1=1 H1=2 H1/2=0 R1=0");
  }

  @Test
  void sketchNamesTheEntryItCannotRead() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> TestFabrics.sketch("S1@200", "").build());
    assertTrue(e.getMessage().endsWith(": S1@200"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> TestFabrics.sketch("sw4: S1@200", "S1/1-H1/1"));
    assertTrue(e.getMessage().endsWith(": S1/1-H1/1"), e.getMessage());
  }
}
