package org.ibrouting.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.ibrouting.fabric.Fabric;

/**
 * Assertions that two fabrics are the same, accessor by accessor: for readers, writers and
 * generators that must reproduce a fabric exactly.
 */
public final class FabricAssertions {
  private FabricAssertions() {}

  /**
   * Every node and port accessor of {@code actual} agrees with {@code expected}: types, GUIDs,
   * system GUIDs (unless {@code expected} has none), vendor and device ids, descriptions, peers,
   * port GUIDs, LIDs, LMCs and link rates. A failure names the node or port.
   */
  public static void assertSameFabric(Fabric expected, Fabric actual) {
    assertEquals(expected.numNodes(), actual.numNodes(), "nodes");
    assertEquals(expected.numSwitches(), actual.numSwitches(), "switches");
    assertEquals(expected.numCas(), actual.numCas(), "CAs");
    assertEquals(expected.numPortSlots(), actual.numPortSlots(), "port slots");
    assertEquals(expected.numLinks(), actual.numLinks(), "links");
    assertEquals(expected.maxLid(), actual.maxLid(), "max LID");
    for (int node = 0; node < expected.numNodes(); node++) {
      String name = expected.nodeName(node);
      assertEquals(expected.nodeType(node), actual.nodeType(node), name);
      assertEquals(expected.nodeGuid(node), actual.nodeGuid(node), name);
      if (expected.systemGuid(node) != 0) {
        assertEquals(expected.systemGuid(node), actual.systemGuid(node), name);
      }
      assertEquals(expected.description(node), actual.description(node), name);
      assertEquals(expected.vendorId(node), actual.vendorId(node), name);
      assertEquals(expected.deviceId(node), actual.deviceId(node), name);
      assertEquals(expected.numPorts(node), actual.numPorts(node), name);
    }
    for (int port = 0; port < expected.numPortSlots(); port++) {
      String name = expected.portName(port);
      assertEquals(expected.peerPort(port), actual.peerPort(port), name);
      assertEquals(expected.portGuid(port), actual.portGuid(port), name);
      assertEquals(expected.baseLid(port), actual.baseLid(port), name);
      assertEquals(expected.lmc(port), actual.lmc(port), name);
      assertEquals(expected.linkRate(port), actual.linkRate(port), name);
    }
  }
}
