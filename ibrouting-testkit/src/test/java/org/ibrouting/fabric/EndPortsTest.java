package org.ibrouting.fabric;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.analysis.EndpointScope;
import org.junit.jupiter.api.Test;

class EndPortsTest {

  /**
   * Two linked switches S0, S1 (LIDs 3, 4) with a CA each (H0, H1: LIDs 1, 2), a two-port CA "dual"
   * (LID 5 on port 1, cabled to S0; LIDs 6-7, LMC 1, on port 2, not cabled) and a CA "bare" without
   * a LID, cabled to S1.
   */
  private static Fabric fabric() {
    FabricBuilder b = Fabric.builder();
    int s0 = b.addNode(NodeType.SWITCH, 4, 0x1000L, "S0");
    int s1 = b.addNode(NodeType.SWITCH, 4, 0x1001L, "S1");
    b.setLid(s0, 0, 3, 0).setLid(s1, 0, 4, 0).connect(s0, 1, s1, 1, null);
    int h0 = b.addNode(NodeType.CA, 1, 0x2000L, "H0");
    int h1 = b.addNode(NodeType.CA, 1, 0x2100L, "H1");
    b.setLid(h0, 1, 1, 0).setLid(h1, 1, 2, 0).connect(s0, 2, h0, 1, null);
    b.connect(s1, 2, h1, 1, null);
    int dual = b.addNode(NodeType.CA, 2, 0x3000L, "dual");
    b.setLid(dual, 1, 5, 0).setLid(dual, 2, 6, 1).connect(s0, 3, dual, 1, null);
    int bare = b.addNode(NodeType.CA, 1, 0x3100L, "bare");
    b.connect(s1, 3, bare, 1, null);
    return b.build();
  }

  private static int[] lids(EndPorts endPorts) {
    int[] lids = new int[endPorts.size()];
    for (int i = 0; i < lids.length; i++) {
      lids[i] = endPorts.lid(i);
    }
    return lids;
  }

  @Test
  void scopesSelectByAscendingBaseLid() {
    Fabric fabric = fabric();
    assertArrayEquals(new int[] {1, 2, 5, 6}, lids(EndPorts.terminals(fabric)));
    assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6}, lids(EndPorts.terminalsAndSwitches(fabric)));
    assertArrayEquals(
        lids(EndPorts.terminals(fabric)), lids(EndpointScope.TERMINALS.select(fabric)));
    assertArrayEquals(
        lids(EndPorts.terminalsAndSwitches(fabric)),
        lids(EndpointScope.TERMINALS_AND_SWITCHES.select(fabric)));
    EndPorts terminals = EndPorts.terminals(fabric);
    assertEquals(2, terminals.numLids(3), "LMC 1");
    assertEquals(1, terminals.numLids(0));
  }

  @Test
  void cabledCasAreInNodeOrderAndLeaveOutUncabledPorts() {
    Fabric fabric = fabric();
    EndPorts cas = EndPorts.cabledCas(fabric);
    assertEquals(3, cas.size());
    for (int i = 0; i < cas.size(); i++) {
      assertTrue(cas.switchPort(i) >= 0, cas.name(i));
      assertEquals(fabric.nodeOfPort(cas.switchPort(i)), cas.leafSwitch(i));
      if (i > 0) {
        assertTrue(cas.node(i - 1) <= cas.node(i), "node order");
      }
    }
    assertSame(cas, cas.cabledToSwitch(), "nothing to leave out");
    EndPorts terminals = EndPorts.terminals(fabric);
    EndPorts cabled = terminals.cabledToSwitch();
    assertArrayEquals(new int[] {1, 2, 5}, lids(cabled));
    int uncabled = fabric.portOfLid(6);
    assertEquals(3, terminals.indexOfPort(uncabled));
    assertEquals(Fabric.NONE, terminals.leafSwitch(3));
    assertEquals(-1, cabled.indexOfPort(uncabled));
    assertTrue(!cabled.contains(uncabled) && terminals.contains(uncabled));
  }

  @Test
  void ofNodesTakesEveryPortWithALidInTheGivenOrder() {
    Fabric fabric = fabric();
    int dual = fabric.nodeByDescription("dual");
    int s1 = fabric.nodeOfGuid(0x1001L);
    int h0 = fabric.nodeByDescription("H0");
    EndPorts job = EndPorts.ofNodes(fabric, dual, s1, h0);
    assertArrayEquals(new int[] {5, 6, 4, 1}, lids(job));
    assertEquals(0, job.firstOfNode(dual));
    assertEquals(2, job.firstOfNode(s1), "a switch contributes its port 0");
    assertEquals(-1, job.firstOfNode(fabric.nodeByDescription("H1")));
    assertArrayEquals(
        new int[] {
          fabric.port(dual, 1), fabric.port(dual, 2), fabric.port(s1, 0), fabric.port(h0, 1)
        },
        job.ports());
  }

  @Test
  void refusesPortsWithoutALidAndDuplicates() {
    Fabric fabric = fabric();
    int bare = fabric.nodeByDescription("bare");
    int s0 = fabric.nodeOfGuid(0x1000L);
    IllegalArgumentException noLid =
        assertThrows(
            IllegalArgumentException.class, () -> EndPorts.ofPorts(fabric, fabric.port(bare, 1)));
    assertTrue(noLid.getMessage().endsWith("\"bare\" has no LID"), noLid.getMessage());
    IllegalArgumentException switchPort =
        assertThrows(
            IllegalArgumentException.class, () -> EndPorts.ofPorts(fabric, fabric.port(s0, 1)));
    assertTrue(
        switchPort.getMessage().endsWith("is a switch port other than 0"), switchPort.getMessage());
    int h0 = fabric.portOfLid(1);
    IllegalArgumentException twice =
        assertThrows(IllegalArgumentException.class, () -> EndPorts.ofPorts(fabric, h0, h0));
    assertTrue(twice.getMessage().endsWith("is selected twice"), twice.getMessage());
    IllegalArgumentException node =
        assertThrows(IllegalArgumentException.class, () -> EndPorts.ofNodes(fabric, bare));
    assertTrue(node.getMessage().endsWith("has no port with a LID"), node.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> EndPorts.ofPorts(fabric, fabric.numPortSlots()));
  }
}
