package org.ibrouting.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.Fabric;

/**
 * What {@code ibnetdiscover} found under ibsim, against the fabric we read from the same net file.
 */
public final class DiscoveryAssertions {
  private DiscoveryAssertions() {}

  /**
   * Every node ibnetdiscover saw is in {@code ours} with the same identity, links and LIDs; the
   * nodes it did not see (no SM reaches them) have no LID in {@code ours}. Link rates are not
   * compared: a net file without them leaves them unknown, ibsim reports its defaults.
   */
  public static void assertSameDiscoveredPart(Fabric discovered, Fabric ours) {
    assertEquals(discovered.maxLid(), ours.maxLid(), "max LID");
    for (int node = 0; node < discovered.numNodes(); node++) {
      String name = discovered.nodeName(node);
      int mine = ours.nodeOfGuid(discovered.nodeGuid(node));
      assertTrue(mine >= 0, name + " is missing");
      assertEquals(discovered.nodeType(node), ours.nodeType(mine), name);
      assertEquals(discovered.numPorts(node), ours.numPorts(mine), name);
      assertEquals(discovered.description(node), ours.description(mine), name);
      if (ours.systemGuid(mine) != 0) {
        // an ibnetdiscover file may lack the sysimgguid= line; ibsim then uses the node GUID
        assertEquals(discovered.systemGuid(node), ours.systemGuid(mine), name);
      }
      assertEquals(discovered.vendorId(node), ours.vendorId(mine), name);
      assertEquals(discovered.deviceId(node), ours.deviceId(mine), name);
      for (int p = 0; p <= discovered.numPorts(node); p++) {
        int theirs = discovered.port(node, p);
        int port = ours.port(mine, p);
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
}
