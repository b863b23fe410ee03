package org.ibrouting.topology;

import static org.ibrouting.testkit.FabricAssertions.assertLids;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.TestFabrics;
import org.junit.jupiter.api.Test;

/**
 * {@link OpenSmLids#assignMissing} against the LIDs OpenSM 3.3.23 gave the same fabrics under ibsim
 * 0.10 (fresh cache, one sweep, read back with ibnetdiscover). The interop test in lft-io ({@code
 * NetExamplesInteropTest}) runs these and ibsim's own net-examples through OpenSM live.
 */
class OpenSmLidsTest {

  /**
   * Assigns LIDs on the sketched fabric ({@link TestFabrics#sketch}) with the SM on the first node
   * listed: port 0 of a switch, port 1 of a CA.
   */
  private static OpenSmLids.Assignment assign(int lmc, String nodes, String links) {
    Fabric fabric = TestFabrics.sketch(nodes, links).build();
    String first = nodes.substring(nodes.indexOf(':') + 1, nodes.indexOf('@')).trim();
    int sm = fabric.nodeByDescription(first);
    return OpenSmLids.assignMissing(fabric, fabric.port(sm, fabric.isSwitch(sm) ? 0 : 1), lmc);
  }

  /**
   * Switch S1 (SM) with HCAs H1 (2 ports, port 2 uncabled), H2 (port 2 to S1, port 1 to H5) and H3;
   * a second switch S2 with H4 that no link joins to S1. OpenSM: S1 1, H1/1 2, H2/2 3, H3 4;
   * nothing else.
   */
  @Test
  void onlyTheEndPortsTheSmDiscoversGetLids() {
    OpenSmLids.Assignment a =
        assign(
            0,
            "sw4: S1@200000 S2@200001 ca2: H1@100000 H2@100003 ca1: H3@100006 H4@100008 H5@10000a",
            "S1/1-H1/1 S1/2-H2/2 S1/4-H3/1 S2/1-H4/1 H2/1-H5/1");
    assertLids(a.fabric(), "S1=1 H1=2 H2/2=3 H3=4");
    // uncabled, cabled to a CA only, CA behind a CA, switch and CA of another part
    assertLids(a.fabric(), "H1/2=0 H2/1=0 H5=0 S2=0 H4=0");
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
    Fabric f =
        assign(
                0,
                "ca2: H1@100000 sw4: S1@200000 ca1: H2@100003 rt2: R1@300000"
                    + " ca1: H3@100005 ca2: I1@100007 I2@10000a",
                "H1/1-S1/1 S1/2-H2/1 S1/3-R1/1 R1/2-H3/1 I1/1-I2/1")
            .fabric();
    assertLids(f, "H1=1 S1=2 R1=3 H2=4 R1/2=0 H3=0 I1=0");
    assertEquals(4, f.maxLid());
  }

  /**
   * S1 (SM) has LID 3 and H1 LID 5 already; the others take the free ranges [1-2], [4], [6-] in
   * qmap order: S2 (0x500000) 1, S3 (0x500001) 2, H2 4, H3 6, H4 7, as OpenSM did.
   */
  @Test
  void lidsAlreadyThereAreKeptAndTheGapsFilledFirst() {
    OpenSmLids.Assignment a =
        assign(
            0,
            "sw4: S1@200000#3 S2@500000 S3@500001 ca1: H1@100000#5 H2@100002 H3@100004 H4@100006",
            "S1/1-H1/1 S1/2-H2/1 S1/3-S2/3 S2/1-H3/1 S2/4-S3/3 S3/2-H4/1");
    assertLids(a.fabric(), "S1=3 H1=5 S2=1 S3=2 H2=4 H3=6 H4=7");
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
    // port GUIDs: H1/1 0x100003 (low byte 03), S3 0x200005 (05), H2/1 0x100009 (09)
    Fabric f =
        assign(
                2,
                "sw4: S1@200000#1 S2@200001#6 S3@200005 ca1: H1@100002 H2@100008",
                "S1/1-S2/1 S2/2-S3/1 S1/2-H1/1 S3/2-H2/1")
            .fabric();
    assertLids(f, "H1=8 S3=2 H2=12");
    assertEquals(2, f.lmc(f.port(f.nodeByDescription("H1"), 1)));
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
