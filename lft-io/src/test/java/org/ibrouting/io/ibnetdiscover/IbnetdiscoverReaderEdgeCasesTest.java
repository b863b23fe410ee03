package org.ibrouting.io.ibnetdiscover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.io.FabricFiles;
import org.ibrouting.io.ibsim.IbsimNetWriter;
import org.ibrouting.testkit.FabricAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The edge cases of opensm-facts §2.2 in one file. */
class IbnetdiscoverReaderEdgeCasesTest {
  @TempDir Path dir;

  private static final String TEXT =
      String.join(
          "\r\n",
          "#",
          "# Topology file: generated on Sun Nov 22 11:35:23 2026",
          "#",
          "# Reported max hops discovered: 1",
          "# Total MADs used: 12",
          "# Initiated from node 0000000000003000 port 0000000000003001",
          "",
          "vendid=0x2c9",
          "devid=0xc738",
          "sysimgguid=0x7000",
          "switchguid=0x100(100)",
          // quotes and ' lid ' inside the description; enhanced port 0 with an LMC
          "Switch\t36 \"S-0000000000000100\"\t\t# \"core \"A\" lid 7 x\" enhanced port 0 lid 16 lmc 1",
          "[1]\t\"H-0000000000003000\"[1](3001) \t\t# \"h \"one\"\" lid 300 4xEDR",
          "[2]\t\"H-0000000000003000\"[2](3002) \t\t# \"h \"one\"\" lid 304 ",
          "[7]\t\"S-0000000000000200\"[3]\t\t# \"edge\" lid 20 4xQDR",
          "[8]\t\"S-0000000000000200\"[4]\t\t# \"edge\" lid 20 4xQDR",
          "[9]\t\"R-0000000000004000\"[1](4001) \t\t# \"router\" lid 40 1xFDR10",
          "",
          "vendid=0x2c9",
          "devid=0xc738",
          "switchguid=0x200(200)",
          "Switch\t4 \"S-0000000000000200\"\t\t# \"edge\" base port 0 lid 20 lmc 0",
          "[3]\t\"S-0000000000000100\"[7]\t\t# \"core \"A\" lid 7 x\" lid 16 4xQDR",
          "[4]\t\"S-0000000000000100\"[8]\t\t# \"core \"A\" lid 7 x\" lid 16 4xQDR",
          "",
          "vendid=0x2c9",
          "devid=0x1017",
          "caguid=0x3000",
          "Ca\t2 \"H-0000000000003000\"\t\t# \"h \"one\"\"",
          "[1](3001) \t\"S-0000000000000100\"[1]\t\t# lid 300 lmc 2 \"core \"A\" lid 7 x\" lid 16 4xEDR",
          "[2](3002) \t\"S-0000000000000100\"[2]\t\t# lid 304 lmc 0 \"core \"A\" lid 7 x\" lid 16 ",
          "",
          "rtguid=0x4000",
          "Rt\t1 \"R-0000000000004000\"\t\t# \"router\"",
          "[1](4001) \t\"S-0000000000000100\"[9]\t\t# lid 40 lmc 0 \"core \"A\" lid 7 x\" lid 16 1xFDR10",
          "");

  private static void check(Fabric f) {
    assertEquals(2, f.numSwitches());
    assertEquals(1, f.numCas());
    assertEquals(1, f.numRouters());
    assertEquals(5, f.numLinks());
    int core = f.nodeOfGuid(0x100);
    assertEquals("core \"A\" lid 7 x", f.description(core));
    assertEquals(36, f.numPorts(core));
    assertEquals(16, f.baseLid(f.port(core, 0)));
    assertEquals(1, f.lmc(f.port(core, 0)));
    assertEquals(0x7000, f.systemGuid(core));
    assertEquals(0x2c9, f.vendorId(core));
    assertEquals(0xc738, f.deviceId(core));
    assertEquals(-1, f.peerPort(f.port(core, 3)), "absent ports are unconnected");
    int edge = f.nodeOfGuid(0x200);
    assertEquals(f.port(edge, 3), f.peerPort(f.port(core, 7)), "first of two parallel links");
    assertEquals(f.port(edge, 4), f.peerPort(f.port(core, 8)), "second of two parallel links");
    int host = f.nodeOfGuid(0x3000);
    assertEquals("h \"one\"", f.description(host));
    assertEquals(NodeType.CA, f.nodeType(host));
    assertEquals(300, f.baseLid(f.port(host, 1)));
    assertEquals(2, f.lmc(f.port(host, 1)));
    assertEquals(f.port(host, 1), f.portOfLid(303), "the LMC range is the port's");
    assertEquals(0x3002L, f.portGuid(f.port(host, 2)));
    assertEquals("4xEDR", f.linkRate(f.port(host, 1)));
    assertNull(f.linkRate(f.port(host, 2)), "a line ending after the remote LID has no rate");
    assertNull(f.linkRate(f.port(core, 2)));
    int router = f.nodeOfGuid(0x4000);
    assertEquals(NodeType.ROUTER, f.nodeType(router));
    assertEquals(40, f.baseLid(f.port(router, 1)));
    assertEquals("1xFDR10", f.linkRate(f.port(core, 9)));
  }

  @Test
  void readsTheEdgeCases() throws Exception {
    check(IbnetdiscoverReader.read(new StringReader(TEXT), "edge.ibnd"));
  }

  @Test
  void gzippedFilesAreDetectedByTheirMagicBytes() throws Exception {
    Path file = dir.resolve("edge.ibnd.anyname");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
      gz.write(TEXT.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    Files.write(file, bytes.toByteArray());
    check(IbnetdiscoverReader.read(file));
    check(FabricFiles.read(file));
  }

  @Test
  void ourWriterWritesTheEdgeCasesBackAndIbsimRefusesQuotedDescriptions() throws Exception {
    Fabric fabric = IbnetdiscoverReader.read(new StringReader(TEXT), "edge.ibnd");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IbnetdiscoverWriter.write(fabric, out);
    String text = out.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(text.contains("# \"core \"A\" lid 7 x\" enhanced port 0 lid 16 lmc 1\n"), text);
    FabricAssertions.assertSameFabric(
        fabric, IbnetdiscoverReader.read(new StringReader(text), "ours"));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> IbsimNetWriter.write(fabric, new ByteArrayOutputStream()));
    assertTrue(e.getMessage().contains("quote"), e.getMessage());
  }
}
