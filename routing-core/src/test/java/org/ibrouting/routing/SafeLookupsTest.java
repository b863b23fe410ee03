package org.ibrouting.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;

/** Look-ups with a key or index the fabric does not have fail with a message naming it. */
class SafeLookupsTest {
  /** A 2-ary 2-tree: 4 switches, 4 CAs (ibsim's GUIDs, OpenSM's LIDs). */
  private static final Fabric TREE = Topologies.kAryNTree(2, 2);

  private static Routing lidsToPortOne(Fabric fabric) {
    RoutingBuilder b = Routing.builder(fabric, "test");
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      for (int lid = 1; lid <= fabric.maxLid(); lid++) {
        b.setOutPort(sw, lid, 1);
      }
    }
    return b.build();
  }

  @Test
  void guidAndDescriptionLookups() {
    int ca = TREE.numSwitches();
    assertEquals(ca, TREE.nodeByGuid(TREE.nodeGuid(ca)));
    assertEquals(ca, TREE.nodeByDescription(TREE.description(ca)));
    int port = TREE.port(ca, 1);
    assertEquals(port, TREE.portByGuid(TREE.portGuid(port)));
    assertEquals(Fabric.NONE, TREE.nodeOfGuid(0x1234));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TREE.nodeByGuid(0x1234));
    assertEquals("no node of " + TREE + " has node GUID 0x0000000000001234", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> TREE.nodeByGuid(TREE.portGuid(port)));
    assertTrue(
        e.getMessage().endsWith("; it is the port GUID of " + TREE.portName(port)), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> TREE.portByGuid(TREE.nodeGuid(ca)));
    assertTrue(
        e.getMessage().endsWith("; it is the node GUID of " + TREE.nodeName(ca)), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> TREE.nodeByDescription("nobody"));
    assertEquals("no node of " + TREE + " is described as \"nobody\"", e.getMessage());

    FabricBuilder b = Fabric.builder();
    int s = b.addNode(NodeType.SWITCH, 4, 0x10, "sw");
    for (int i = 0; i < 3; i++) {
      int host = b.addNode(NodeType.CA, 1, 0x20 + i, "twin");
      b.setLid(host, 1, 1 + i, 0);
      b.connect(s, 1 + i, host, 1, null);
    }
    Fabric twins = b.build();
    e = assertThrows(IllegalArgumentException.class, () -> twins.nodeByDescription("twin"));
    assertEquals(
        "3 nodes are described as \"twin\" (CA 0x0000000000000020 \"twin\", CA"
            + " 0x0000000000000021 \"twin\", ...); name one by its GUID",
        e.getMessage());
  }

  @Test
  void destinationSwitchOfALid() {
    int ca = TREE.numSwitches();
    int lid = TREE.baseLid(TREE.port(ca, 1));
    assertEquals(TREE.nodeOfPort(TREE.peerPort(TREE.port(ca, 1))), TREE.destinationSwitch(lid));
    int swLid = TREE.baseLid(TREE.port(2, 0));
    assertEquals(2, TREE.destinationSwitch(swLid));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TREE.destinationSwitch(9999));
    assertEquals(
        "LID 9999 (0x270f) is not assigned in " + TREE + "; its LIDs lie in 1.." + TREE.maxLid(),
        e.getMessage());
  }

  @Test
  void routingLookupsAreBoundsChecked() {
    Routing routing = lidsToPortOne(TREE);
    assertEquals(1, routing.outPort(0, 1));
    IndexOutOfBoundsException e =
        assertThrows(IndexOutOfBoundsException.class, () -> routing.outPort(-1, 5));
    assertEquals("switch -1 outside 0..3 (the fabric's switches)", e.getMessage());
    e = assertThrows(IndexOutOfBoundsException.class, () -> routing.outPort(0, 64));
    assertEquals("LID 64 outside the LFT of 64 entries (0..63)", e.getMessage());
    e = assertThrows(IndexOutOfBoundsException.class, () -> routing.outPort(0, -1));
    assertEquals("LID -1 outside the LFT of 64 entries (0..63)", e.getMessage());
    assertEquals(0, routing.sl(1, 2));
    IllegalArgumentException bad =
        assertThrows(IllegalArgumentException.class, () -> routing.sl(9999, 1));
    assertTrue(
        bad.getMessage().startsWith("LID 9999 (0x270f) is not assigned in"), bad.getMessage());
    RoutingBuilder b = Routing.builder(TREE, "test");
    bad = assertThrows(IllegalArgumentException.class, () -> b.setOutPort(0, 1, 256));
    assertEquals(
        "port 256 for LID 1 of switch 0: an LFT entry is 0..254 or NO_ROUTE (255)",
        bad.getMessage());
    assertThrows(IndexOutOfBoundsException.class, () -> b.setOutPort(4, 1, 1));
  }

  /**
   * One boundary rule for every table: an index outside it is an IndexOutOfBoundsException naming
   * the value and the range, a value it cannot hold an IllegalArgumentException naming both.
   */
  @Test
  void slTablesAreBoundsCheckedByTheSameRule() {
    SlTable.Builder b = SlTable.perSourceSwitch(TREE);
    int ca = TREE.baseLid(TREE.port(TREE.numSwitches(), 1));
    b.setSl(0, ca, 3);
    SlTable table = b.build();
    int size = TREE.maxLid() + 1;
    assertEquals(TREE.maxLid(), table.maxLid());
    IndexOutOfBoundsException e =
        assertThrows(IndexOutOfBoundsException.class, () -> table.sl(-1, ca));
    assertEquals(
        "source LID -1 outside the SL table of " + size + " entries (0.." + TREE.maxLid() + ")",
        e.getMessage());
    e = assertThrows(IndexOutOfBoundsException.class, () -> table.sl(ca, 9999));
    assertEquals(
        "destination LID 9999 outside the SL table of "
            + size
            + " entries (0.."
            + TREE.maxLid()
            + ")",
        e.getMessage());
    assertThrows(IndexOutOfBoundsException.class, () -> table.vl(ca, size));
    e = assertThrows(IndexOutOfBoundsException.class, () -> table.vlOfSl(16));
    assertEquals("SL 16 outside the SL-to-VL map of 16 entries (0..15)", e.getMessage());
    assertThrows(IndexOutOfBoundsException.class, () -> table.groupOfSrcLid(-1));
    assertEquals(-1, table.groupOfSrcLid(size), "no group above the table's LIDs, as documented");
    e = assertThrows(IndexOutOfBoundsException.class, () -> b.setSl(TREE.numSwitches(), ca, 1));
    assertEquals(
        "source group 4 outside the SL table's groups of 4 entries (0..3)", e.getMessage());
    assertThrows(IndexOutOfBoundsException.class, () -> b.setSl(0, size, 1));
    assertThrows(IndexOutOfBoundsException.class, () -> b.sl(0, -1));
    assertThrows(IndexOutOfBoundsException.class, () -> b.groupOfSrcLid(size));
    IllegalArgumentException bad =
        assertThrows(IllegalArgumentException.class, () -> b.setSl(0, ca, 16));
    assertEquals("SL 16 outside 0-15", bad.getMessage());
    SlTable none = SlTable.none();
    assertEquals(0, none.sl(1, 0xBFFF), "no SLs: SL 0 for every unicast LID");
    e = assertThrows(IndexOutOfBoundsException.class, () -> none.sl(1, 0xC000));
    assertEquals(
        "destination LID 49152 outside the unicast LIDs of 49152 entries (0..49151)",
        e.getMessage());
    assertThrows(IndexOutOfBoundsException.class, () -> none.sl(-1, 1));
  }

  /**
   * A port the switch does not have is refused where it is set, also in a copy of a routing, so
   * that no dump can be written that the dump reader (and OpenSM) would refuse.
   */
  @Test
  void aPortBeyondTheSwitchIsRefusedWhereItIsSet() {
    Routing routing = lidsToPortOne(TREE);
    RoutingBuilder copy = routing.toBuilder("edited");
    int ports = TREE.numPorts(0);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> copy.setOutPort(0, 1, 99));
    assertEquals(
        "port 99 for LID 1 of switch 0 ("
            + TREE.nodeName(0)
            + "): it has ports 1.."
            + ports
            + "; an LFT entry is 0 (the switch), one of them, or NO_ROUTE (255)",
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> copy.setOutPort(0, 1, ports + 1));
    assertThrows(IllegalArgumentException.class, () -> copy.setOutPort(0, 1, -1));
    copy.setOutPort(0, 1, ports).setOutPort(0, 2, 0).setOutPort(0, 3, Routing.NO_ROUTE);
    Routing edited = copy.build();
    assertEquals(ports, edited.outPort(0, 1));
    assertEquals(Routing.NO_ROUTE, edited.outPort(0, 3));
  }

  @Test
  void sameLftsComparesContents() {
    Routing a = lidsToPortOne(TREE);
    Routing b = lidsToPortOne(TREE);
    assertTrue(a.sameLfts(b));
    RoutingBuilder other = Routing.builder(TREE, "test");
    other.setOutPort(3, TREE.maxLid(), 2);
    assertFalse(a.sameLfts(other.build()));
    assertFalse(a.sameLfts(lidsToPortOne(Topologies.kAryNTree(2, 2))), "another Fabric instance");
  }
}
