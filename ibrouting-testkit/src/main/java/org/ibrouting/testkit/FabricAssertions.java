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
   * The base LIDs of {@code fabric} are those listed: blank-separated entries {@code
   * DESCRIPTION[/PORT]=LID}, the node by its description, the port 0 of a switch or port 1 of
   * another node unless given; LID 0 for a port that must have none. Example: {@code
   * assertLids(fabric, "S1=1 H1=2 H2/2=3 H2/1=0")}.
   */
  public static void assertLids(Fabric fabric, String expected) {
    for (String entry : expected.trim().split("\\s+")) {
      int eq = entry.lastIndexOf('=');
      int slash = entry.lastIndexOf('/', eq);
      int node = fabric.nodeByDescription(entry.substring(0, slash < 0 ? eq : slash));
      int portNum =
          slash >= 0
              ? Integer.parseInt(entry.substring(slash + 1, eq))
              : fabric.isSwitch(node) ? 0 : 1;
      assertEquals(
          Integer.parseInt(entry.substring(eq + 1)),
          fabric.baseLid(fabric.port(node, portNum)),
          entry);
    }
  }

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
