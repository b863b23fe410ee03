package org.ibrouting.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.testkit.FabricArbitraries;
import org.junit.jupiter.api.Test;

/**
 * {@link OpenSmLids#assignMissing} against the LIDs OpenSM 3.3.23 gave the same fabrics under ibsim
 * 0.10 (fresh cache, one sweep, read back with ibnetdiscover). The interop test in lft-io ({@code
 * NetExamplesInteropTest}) runs these and ibsim's own net-examples through OpenSM live.
 */
class OpenSmLidsTest {

  /** Looks a port up by node GUID and port number. */
  private static int lid(Fabric fabric, long nodeGuid, int portNum) {
    return fabric.baseLid(fabric.port(fabric.nodeOfGuid(nodeGuid), portNum));
  }

  private static int sm(Fabric fabric, long nodeGuid, int portNum) {
    return fabric.port(fabric.nodeOfGuid(nodeGuid), portNum);
  }

  /**
   * Switch S1 (SM) with HCAs H1 (2 ports, port 2 uncabled), H2 (port 2 to S1, port 1 to H5) and H3;
   * a second switch S2 with H4 that no link joins to S1. OpenSM: S1 1, H1/1 2, H2/2 3, H3 4;
   * nothing else.
   */
  @Test
  void onlyTheEndPortsTheSmDiscoversGetLids() {
    FabricBuilder b = Fabric.builder();
    int s1 = b.addNode(NodeType.SWITCH, 4, 0x200000L, "S1");
    int s2 = b.addNode(NodeType.SWITCH, 4, 0x200001L, "S2");
    int h1 = b.addNode(NodeType.CA, 2, 0x100000L, "H1");
    int h2 = b.addNode(NodeType.CA, 2, 0x100003L, "H2");
    int h3 = b.addNode(NodeType.CA, 1, 0x100006L, "H3");
    int h4 = b.addNode(NodeType.CA, 1, 0x100008L, "H4");
    int h5 = b.addNode(NodeType.CA, 1, 0x10000aL, "H5");
    b.connect(s1, 1, h1, 1, null)
        .connect(s1, 2, h2, 2, null)
        .connect(s1, 4, h3, 1, null)
        .connect(s2, 1, h4, 1, null)
        .connect(h2, 1, h5, 1, null);
    Fabric fabric = b.build();
    OpenSmLids.Assignment a = OpenSmLids.assignMissing(fabric, sm(fabric, 0x200000L, 0), 0);
    Fabric f = a.fabric();
    assertEquals(1, lid(f, 0x200000L, 0));
    assertEquals(2, lid(f, 0x100000L, 1));
    assertEquals(3, lid(f, 0x100003L, 2));
    assertEquals(4, lid(f, 0x100006L, 1));
    assertEquals(0, lid(f, 0x100000L, 2), "uncabled port");
    assertEquals(0, lid(f, 0x100003L, 1), "port cabled to a CA only");
    assertEquals(0, lid(f, 0x10000aL, 1), "CA behind a CA");
    assertEquals(0, lid(f, 0x200001L, 0), "switch of another part");
    assertEquals(0, lid(f, 0x100008L, 1), "CA of another part");
    assertEquals(4, a.assignedPorts());
    assertEquals(5, a.unreachedPorts());
    assertEquals(1, a.firstLid());
    assertEquals(4, a.lastLid());
    assertTrue(
        a.describe()
            .startsWith(
                "LIDs assigned as OpenSM's first sweep would: 4 end ports"
                    + " got LIDs 1-4 (LMC 0), the SM on port 0 of switch 0x0000000000200000 \"S1\"; 5 end"
                    + " ports the SM cannot reach"),
        a.describe());
  }

  /**
   * The SM on port 1 of a two-port HCA, a router R1 (port 2 to H3) and two HCAs cabled to each
   * other only. OpenSM: H1/1 1 (the SM first), then qmap order S1 2, R1/1 3, H2 4.
   */
  @Test
  void theSmPortComesFirstAndRoutersAreEndPorts() {
    FabricBuilder b = Fabric.builder();
    int h1 = b.addNode(NodeType.CA, 2, 0x100000L, "H1");
    int s1 = b.addNode(NodeType.SWITCH, 4, 0x200000L, "S1");
    int h2 = b.addNode(NodeType.CA, 1, 0x100003L, "H2");
    int r1 = b.addNode(NodeType.ROUTER, 2, 0x300000L, "R1");
    int h3 = b.addNode(NodeType.CA, 1, 0x100005L, "H3");
    int i1 = b.addNode(NodeType.CA, 2, 0x100007L, "I1");
    int i2 = b.addNode(NodeType.CA, 2, 0x10000aL, "I2");
    b.connect(h1, 1, s1, 1, null)
        .connect(s1, 2, h2, 1, null)
        .connect(s1, 3, r1, 1, null)
        .connect(r1, 2, h3, 1, null)
        .connect(i1, 1, i2, 1, null);
    Fabric fabric = b.build();
    Fabric f = OpenSmLids.assignMissing(fabric, sm(fabric, 0x100000L, 1), 0).fabric();
    assertEquals(1, lid(f, 0x100000L, 1));
    assertEquals(2, lid(f, 0x200000L, 0));
    assertEquals(3, lid(f, 0x300000L, 1));
    assertEquals(4, lid(f, 0x100003L, 1));
    assertEquals(0, lid(f, 0x300000L, 2));
    assertEquals(0, lid(f, 0x100005L, 1));
    assertEquals(0, lid(f, 0x100007L, 1));
    assertEquals(4, f.maxLid());
  }

  /**
   * S1 (SM) has LID 3 and H1 LID 5 already; the others take the free ranges [1-2], [4], [6-] in
   * qmap order: S2 (0x500000) 1, S3 (0x500001) 2, H2 4, H3 6, H4 7, as OpenSM did.
   */
  @Test
  void lidsAlreadyThereAreKeptAndTheGapsFilledFirst() {
    FabricBuilder b = Fabric.builder();
    int s1 = b.addNode(NodeType.SWITCH, 4, 0x200000L, "S1");
    int s2 = b.addNode(NodeType.SWITCH, 4, 0x500000L, "S2");
    int s3 = b.addNode(NodeType.SWITCH, 4, 0x500001L, "S3");
    int h1 = b.addNode(NodeType.CA, 1, 0x100000L, "H1");
    int h2 = b.addNode(NodeType.CA, 1, 0x100002L, "H2");
    int h3 = b.addNode(NodeType.CA, 1, 0x100004L, "H3");
    int h4 = b.addNode(NodeType.CA, 1, 0x100006L, "H4");
    b.connect(s1, 1, h1, 1, null)
        .connect(s1, 2, h2, 1, null)
        .connect(s1, 3, s2, 3, null)
        .connect(s2, 1, h3, 1, null)
        .connect(s2, 4, s3, 3, null)
        .connect(s3, 2, h4, 1, null);
    b.setLid(s1, 0, 3, 0).setLid(h1, 1, 5, 0);
    Fabric fabric = b.build();
    OpenSmLids.Assignment a = OpenSmLids.assignMissing(fabric, sm(fabric, 0x200000L, 0), 0);
    Fabric f = a.fabric();
    assertEquals(3, lid(f, 0x200000L, 0));
    assertEquals(5, lid(f, 0x100000L, 1));
    assertEquals(1, lid(f, 0x500000L, 0));
    assertEquals(2, lid(f, 0x500001L, 0));
    assertEquals(4, lid(f, 0x100002L, 1));
    assertEquals(6, lid(f, 0x100004L, 1));
    assertEquals(7, lid(f, 0x100006L, 1));
    assertEquals(5, a.assignedPorts());
    assertEquals(2, a.keptPorts());
  }

  /**
   * LMC 2 with switch LIDs 1 (SM) and 6 fixed: the free ranges are [2-5] and [7-]. In qmap order H1
   * needs 4 aligned LIDs: 4-7 does not fit [2-5], so it takes 8-11 from the next range; switch S3
   * then takes 2 from the first range, H2 12-15 (4-7 still does not fit [3-5]).
   */
  @Test
  void alignedRangesTakeTheFirstRangeTheyFit() {
    FabricBuilder b = Fabric.builder();
    int s1 = b.addNode(NodeType.SWITCH, 4, 0x200000L, "S1");
    int s2 = b.addNode(NodeType.SWITCH, 4, 0x200001L, "S2");
    int s3 = b.addNode(NodeType.SWITCH, 4, 0x200005L, "S3");
    int h1 = b.addNode(NodeType.CA, 1, 0x100002L, "H1");
    int h2 = b.addNode(NodeType.CA, 1, 0x100008L, "H2");
    b.connect(s1, 1, s2, 1, null)
        .connect(s2, 2, s3, 1, null)
        .connect(s1, 2, h1, 1, null)
        .connect(s3, 2, h2, 1, null);
    b.setLid(s1, 0, 1, 0).setLid(s2, 0, 6, 0);
    Fabric fabric = b.build();
    // port GUIDs: H1/1 0x100003 (low byte 03), S3 0x200005 (05), H2/1 0x100009 (09)
    Fabric f = OpenSmLids.assignMissing(fabric, sm(fabric, 0x200000L, 0), 2).fabric();
    assertEquals(8, lid(f, 0x100002L, 1));
    assertEquals(2, f.lmc(f.port(f.nodeOfGuid(0x100002L), 1)));
    assertEquals(2, lid(f, 0x200005L, 0));
    assertEquals(12, lid(f, 0x100008L, 1));
  }

  @Test
  void nothingMissingReturnsTheFabricItself() {
    Fabric fabric = Topologies.kAryNTree(2, 2);
    OpenSmLids.Assignment a = OpenSmLids.assignMissing(fabric, fabric.port(0, 0), 0);
    assertSame(fabric, a.fabric());
    assertEquals(0, a.assignedPorts());
    assertEquals(fabric.numEndPorts(), a.keptPorts());
  }

  /** On a generated fabric with every LID cleared, the result is the generator's own numbering. */
  @Test
  void clearedGeneratedFabricGetsItsLidsBack() {
    Fabric reference = Topologies.kAryNTree(4, 2);
    Fabric cleared = FabricArbitraries.withoutLids(reference);
    assertEquals(0, cleared.maxLid());
    int smPort = cleared.port(cleared.nodeOfGuid(0x200000L), 0);
    Fabric f = OpenSmLids.assignMissing(cleared, smPort, 0).fabric();
    for (int port = 0; port < reference.numPortSlots(); port++) {
      assertEquals(reference.baseLid(port), f.baseLid(port), reference.portName(port));
    }
  }

  @Test
  void badArgumentsAreRefused() {
    Fabric fabric = Topologies.kAryNTree(2, 2);
    assertThrows(
        IllegalArgumentException.class,
        () -> OpenSmLids.assignMissing(fabric, fabric.port(0, 1), 0));
    assertThrows(
        IllegalArgumentException.class,
        () -> OpenSmLids.assignMissing(fabric, fabric.port(0, 0), 8));
  }
}
