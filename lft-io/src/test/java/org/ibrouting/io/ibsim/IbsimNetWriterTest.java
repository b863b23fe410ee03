package org.ibrouting.io.ibsim;

import static org.ibrouting.testkit.FabricAssertions.assertSameFabric;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.io.FabricFiles;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.io.testing.WriterRoundTripContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Writing a fabric as an ibsim net file and reading it back gives the same fabric. */
class IbsimNetWriterTest extends WriterRoundTripContract {
  @TempDir Path dir;

  static Stream<String> names() {
    return ReferenceFabrics.names().stream();
  }

  static String text(Fabric fabric) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IbsimNetWriter.write(fabric, out);
    return out.toString(StandardCharsets.UTF_8);
  }

  @Override
  protected Fabric roundTrip(Fabric fabric) throws Exception {
    return IbsimNetReader.read(new StringReader(text(fabric)), "written.net");
  }

  @ParameterizedTest
  @MethodSource("names")
  void fabricFilesRecognisesTheWrittenFile(String name) throws Exception {
    Fabric fabric = ReferenceFabrics.fabric(name);
    Path net = dir.resolve(name + ".net");
    IbsimNetWriter.write(fabric, net);
    assertSameFabric(fabric, FabricFiles.read(net));
  }

  @Test
  void theWrittenLinesCarryLidsAndGuids() throws Exception {
    String text = text(ReferenceFabrics.fabric("ft4_3"));
    assertTrue(text.startsWith(IbsimNetWriter.FIRST_LINE_PREFIX + ": 48 switches, 64 CAs"), text);
    // the switch with node GUID 0x20000f has LID 24 in fabric.ibnd; host H63's port has LID 112
    assertTrue(
        text.contains(
            "switchguid=0x20000f\nSwitch\t8 \"S-000000000020000f\"\t\t# \"S0_15\""
                + " base port 0 lid 24 lmc 0\n[1]\t\"H-0000000000100078\"[1]\t\t# \"H60\" lid 109 4xSDR\n"),
        text);
    assertTrue(
        text.contains(
            "caguid=0x10007e\nCa\t1 \"H-000000000010007e\"\t\t# \"H63\"\n[1]\t"
                + "\"S-000000000020000f\"[4]\t\t# lid 112 lmc 0 \"S0_15\" lid 24 4xSDR\n"),
        text);
  }

  @Test
  void remoteDescriptionsIbsimWouldMisreadAreReplacedByTheId() throws Exception {
    FabricBuilder b = Fabric.builder();
    int sw = b.addNode(NodeType.SWITCH, 4, 0x10, "w=1 s=9");
    int ca = b.addNode(NodeType.CA, 1, 0x20, "host");
    b.connect(sw, 1, ca, 1, "4xQDR");
    b.setLid(sw, 0, 1, 0).setLid(ca, 1, 2, 1);
    Fabric fabric = b.build();
    String text = text(fabric);
    assertTrue(text.contains("# lid 2 lmc 1 \"S-0000000000000010\" lid 1 4xQDR"), text);
    assertSameFabric(fabric, roundTrip(fabric));
  }

  @Test
  void portGuidsIbsimCannotGiveAreRefused() {
    FabricBuilder b = Fabric.builder();
    int sw = b.addNode(NodeType.SWITCH, 4, 0x10, "sw");
    int ca = b.addNode(NodeType.CA, 1, 0x20, "host");
    b.connect(sw, 1, ca, 1, null);
    b.setPortGuid(ca, 1, 0x99);
    Fabric fabric = b.build();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> text(fabric));
    assertTrue(
        e.getMessage().contains("port 1 GUID 0x0000000000000099 is not the node GUID + 1"),
        e.getMessage());
    assertEquals(false, Files.exists(dir.resolve("x.net")));
  }
}
