package org.ibrouting.io;

import static org.ibrouting.testkit.FabricAssertions.assertLids;
import static org.ibrouting.testkit.FabricAssertions.assertSameFabric;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;
import org.ibrouting.io.ibsim.IbsimNetReader;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.io.testing.SampleFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The fabric files of {@code fabric-files/} (see its README): what each reads to, and the message
 * each refused one gets.
 */
class FabricFilesTest {
  private static FabricFile read(String resource) throws Exception {
    return FabricFiles.readFile(SampleFiles.copy(resource));
  }

  private static int lid(Fabric fabric, long nodeGuid, int portNum) {
    return fabric.baseLid(fabric.port(fabric.nodeOfGuid(nodeGuid), portNum));
  }

  /**
   * The example: on {@code net-examples/net} OpenSM gives Switch1 1, Hca1/1 2, Switch2 3,
   * Hca2/2 4 and no LID to the HCAs' uncabled ports (we used to number those too: 1, 2, 4, ...).
   */
  @Test
  void netExampleGetsOpenSmsLidsAndNoneOnUncabledPorts() throws Exception {
    FabricFile file = read("net-examples/net");
    assertEquals(IbsimNetReader.FORMAT, file.format());
    Fabric f = file.fabric();
    assertLids(f, "Switch1=1 Hca1=2 Switch2=3 Hca2/2=4 Hca1/2=0 Hca2/1=0");
    assertEquals(4, f.maxLid());
    assertTrue(file.lidsAssigned());
    assertEquals(2, file.lids().unreachedPorts());
  }

  /** The same fabric discovered by ibnetdiscover after OpenSM's sweep reads identically. */
  @Test
  void netExampleEqualsWhatIbnetdiscoverSaw() throws Exception {
    Fabric discovered = read("fabric-files/net.ibnd").fabric();
    Fabric net = read("net-examples/net").fabric();
    assertEquals(discovered.maxLid(), net.maxLid());
    for (int port = 0; port < discovered.numPortSlots(); port++) {
      assertEquals(discovered.baseLid(port), net.baseLid(port), discovered.portName(port));
      assertEquals(discovered.peerPort(port), net.peerPort(port), discovered.portName(port));
    }
  }

  /**
   * ibnetdiscover run before any SM (every {@code lid 0}) reads to the fabric with the LIDs OpenSM
   * then gave: the 4-ary 3-tree equals {@code fabrics/ft4_3/fabric.ibnd} in every field.
   */
  @Test
  void lidLessDiscoveryGetsTheLidsOpenSmGave() throws Exception {
    FabricFile file = read("fabric-files/nolids/ft4_3.ibnd.gz");
    assertEquals(0, file.asWritten().maxLid());
    assertEquals(112, file.lids().assignedPorts());
    assertSameFabric(ReferenceFabrics.fabric("ft4_3"), file.fabric());
    assertTrue(
        file.lids()
            .describe()
            .startsWith(
                "LIDs assigned as OpenSM's first sweep would:"
                    + " 112 end ports got LIDs 1-112 (LMC 0), the SM on port 0 of switch 0x0000000000200000"),
        file.lids().describe());
    FabricFile small = read("fabric-files/nolids/net.ibnd");
    assertSameFabric(read("fabric-files/net.ibnd").fabric(), small.fabric());
  }

  /** Switch lines without their comment: no description, LID 0, then OpenSM's rule fills in. */
  @Test
  void switchLinesWithoutTheCommentRead() throws Exception {
    FabricFile file = read("fabric-files/no-switch-comment.ibnd");
    Fabric withComments = read("fabric-files/net.ibnd").fabric();
    Fabric f = file.fabric();
    assertEquals("", f.description(f.nodeOfGuid(0x200000L)));
    assertEquals(2, file.lids().assignedPorts(), "the two switch LIDs");
    assertEquals(2, file.lids().keptPorts(), "the CA LIDs of the file");
    for (int port = 0; port < f.numPortSlots(); port++) {
      assertEquals(withComments.baseLid(port), f.baseLid(port), f.portName(port));
    }
  }

  @Test
  void groupingOutputReadsToTheSameFabric() throws Exception {
    FabricFile plain = read("fabric-files/director.ibnd");
    FabricFile grouped = read("fabric-files/director-g.ibnd");
    assertEquals(IbnetdiscoverReader.FORMAT, plain.format());
    assertEquals(IbnetdiscoverReader.FORMAT_GROUPED, grouped.format());
    assertSameFabric(plain.fabric(), grouped.fabric());
    assertFalse(grouped.lidsAssigned());
    Fabric f = grouped.fabric();
    assertEquals(8, f.numSwitches());
    assertEquals(8, f.numCas());
    int line1 = f.nodeOfGuid(0x0002c9030000a003L);
    assertEquals("MF0;dir1:IS5300/L01/U1", f.description(line1));
    assertEquals(0x0002c9030000a000L, f.systemGuid(line1));
  }

  /** The man page's example: grouped, LMC 1 on every CA port, spaces instead of tabs. */
  @Test
  void manPageExampleReads() throws Exception {
    FabricFile file = read("fabric-files/man-page-example.ibnd");
    assertEquals(IbnetdiscoverReader.FORMAT_GROUPED, file.format());
    assertFalse(file.lidsAssigned());
    Fabric f = file.fabric();
    assertEquals(2, f.numSwitches());
    assertEquals(4, f.numCas());
    assertEquals(7, f.numLinks());
    int ca = f.nodeOfGuid(0x0008f10403960558L);
    assertEquals(14, f.baseLid(f.port(ca, 2)));
    assertEquals(1, f.lmc(f.port(ca, 2)));
    assertEquals(10, f.baseLid(f.port(ca, 1)));
    assertEquals(6, lid(f, 0x005442ba00003080L, 0));
    assertEquals("ISR9024 Voltaire", f.description(f.nodeOfGuid(0x005442ba00003080L)));
    assertEquals(17, f.maxLid());
  }

  /** {@code ibnetdiscover -f} adds speed, width and VL columns; the fabric stays the same. */
  @Test
  void fullOutputReads() throws Exception {
    assertSameFabric(
        read("fabric-files/net.ibnd").fabric(), read("fabric-files/net-full.ibnd").fabric());
  }

  /**
   * ibsim's counters: switchguid= restarts, switchguid+N offsets from the last base, caguid=
   * restarts the CAs, devid= stays, vendid= and sysimgguid= apply once; unquoted descriptions. The
   * values are what ibnetdiscover showed under ibsim.
   */
  @Test
  void ibsimGuidCountersAndIdLines() throws Exception {
    Fabric f = read("fabric-files/lids/guid-counters.net").fabric();
    int a = f.nodeOfGuid(0x0002c90300001000L);
    int b = f.nodeOfGuid(0x0002c90300001001L);
    int c = f.nodeOfGuid(0x0002c90300001010L);
    assertTrue(a >= 0 && b >= 0 && c >= 0, f.toString());
    assertEquals("spine a", f.description(a));
    assertEquals("B", f.description(b));
    assertEquals("leaf c", f.description(c));
    assertEquals(0x2c9, f.vendorId(a));
    assertEquals(0, f.vendorId(b));
    assertEquals(0xc738, f.deviceId(b));
    assertEquals(0x0002c903000010ffL, f.systemGuid(c));
    assertEquals(0x0002c90300001001L, f.systemGuid(b));
    int h2 = f.nodeOfGuid(0x0002c90300200003L);
    assertEquals("host two", f.description(h2));
    assertEquals(0xc738, f.deviceId(h2));
    assertEquals(0x1017, f.deviceId(f.nodeOfGuid(0x0002c90300200006L)));
    assertEquals(0x0002c90300200004L, f.portGuid(f.port(h2, 1)));
    assertEquals(1, lid(f, 0x0002c90300001000L, 0));
    assertEquals(6, lid(f, 0x0002c90300001010L, 0));
    assertEquals(5, lid(f, 0x0002c90300200006L, 2));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "refused/ports-report.txt | 1 | the ports report of `ibnetdiscover -p`",
        "refused/node-list.txt | 1 | the node list of `ibnetdiscover -l` (or -S, -H, -R)",
        "refused/iblinkinfo.txt | 1 | the output of `iblinkinfo`",
        "refused/opensm-subnet.lst | 1 | a subnet list in LST format (ibdiagnet's ibdiagnet2.lst or OpenSM's opensm-subnet.lst)",
        "refused/opensm-lfts.dump | 1 | an LFT dump (opensm-lfts.dump or ibroute output), not a fabric (commands take the fabric first: `ibrouting check FABRIC LFTS`)",
        "refused/ibdiagnet2.db_csv | 1 | ibdiagnet's database (ibdiagnet2.db_csv)",
        "refused/ibdiagnet2.net_dump | 1 | ibdiagnet's link dump (ibdiagnet2.net_dump)"
      })
  void otherToolsOutputIsRefusedByName(String resource, int line, String what) {
    Path file = SampleFiles.copy("fabric-files/" + resource);
    ParseException e = assertThrows(ParseException.class, () -> FabricFiles.readFile(file));
    assertEquals(line, e.line(), e.getMessage());
    assertTrue(e.problem().startsWith("this is " + what), e.getMessage());
    assertTrue(
        e.problem().endsWith("run `ibnetdiscover > fabric.ibnd` on a host of the fabric"),
        e.getMessage());
  }
}
