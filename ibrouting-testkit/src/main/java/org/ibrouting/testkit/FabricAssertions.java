package org.ibrouting.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.Fabric;

/**
 * Assertions that two fabrics are the same, accessor by accessor: for readers, writers and
 * generators that must reproduce a fabric exactly, and for what {@code ibnetdiscover} finds of a
 * simulated fabric.
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
      assertSameNode(expected, node, actual, node);
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

  /**
   * Node {@code actualNode} of {@code actual} has the identity of node {@code node} of {@code
   * expected}: type, GUID, system GUID (unless {@code expected} has none: an ibnetdiscover file may
   * lack the {@code sysimgguid=} line), description, vendor and device ids, port count.
   */
  private static void assertSameNode(Fabric expected, int node, Fabric actual, int actualNode) {
    String name = expected.nodeName(node);
    assertEquals(expected.nodeType(node), actual.nodeType(actualNode), name);
    assertEquals(expected.nodeGuid(node), actual.nodeGuid(actualNode), name);
    if (expected.systemGuid(node) != 0) {
      assertEquals(expected.systemGuid(node), actual.systemGuid(actualNode), name);
    }
    assertEquals(expected.description(node), actual.description(actualNode), name);
    assertEquals(expected.vendorId(node), actual.vendorId(actualNode), name);
    assertEquals(expected.deviceId(node), actual.deviceId(actualNode), name);
    assertEquals(expected.numPorts(node), actual.numPorts(actualNode), name);
  }

  /**
   * What {@code ibnetdiscover} found ({@code discovered}, under ibsim) against the fabric read from
   * the same net file ({@code ours}): every node it saw is in {@code ours} with the same identity,
   * links and LIDs; the nodes it did not see (no SM reaches them) have no LID in {@code ours}. Link
   * rates are not compared: a net file without them leaves them unknown, ibsim reports its
   * defaults.
   */
  public static void assertSameDiscoveredPart(Fabric discovered, Fabric ours) {
    assertEquals(discovered.maxLid(), ours.maxLid(), "max LID");
    for (int node = 0; node < discovered.numNodes(); node++) {
      int mine = ours.nodeOfGuid(discovered.nodeGuid(node));
      assertTrue(mine >= 0, discovered.nodeName(node) + " is missing");
      assertSameNode(ours, mine, discovered, node);
      for (int p = 0; p <= discovered.numPorts(node); p++) {
        assertSameDiscoveredPort(discovered, discovered.port(node, p), ours, ours.port(mine, p));
      }
    }
    for (int node = 0; node < ours.numNodes(); node++) {
      if (discovered.nodeOfGuid(ours.nodeGuid(node)) < 0) {
        for (int p = 0; p <= ours.numPorts(node); p++) {
          assertEquals(
              0,
              ours.baseLid(ours.port(node, p)),
              ours.portName(ours.port(node, p)) + " has a LID though no SM reaches it");
        }
      }
    }
  }

  private static void assertSameDiscoveredPort(
      Fabric discovered, int theirs, Fabric ours, int port) {
    String portName = discovered.portName(theirs);
    assertEquals(discovered.portGuid(theirs), ours.portGuid(port), portName);
    assertEquals(discovered.baseLid(theirs), ours.baseLid(port), portName + " LID");
    assertEquals(discovered.lmc(theirs), ours.lmc(port), portName + " LMC");
    int peer = discovered.peerPort(theirs);
    int myPeer = ours.peerPort(port);
    if (peer >= 0) {
      assertTrue(myPeer >= 0, portName + " is not linked");
      assertEquals(
          discovered.nodeGuid(discovered.nodeOfPort(peer)),
          ours.nodeGuid(ours.nodeOfPort(myPeer)),
          portName + " peer");
      assertEquals(discovered.portNum(peer), ours.portNum(myPeer), portName + " peer port");
    } else if (myPeer >= 0) {
      assertTrue(
          discovered.nodeOfGuid(ours.nodeGuid(ours.nodeOfPort(myPeer))) < 0,
          portName + " leads to a node ibnetdiscover saw, but not over this link");
    }
  }
}
