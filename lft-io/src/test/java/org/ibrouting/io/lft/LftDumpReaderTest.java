package org.ibrouting.io.lft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.ParseException;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file engine's reading rules (opensm-facts §1.1), and where we are stricter. */
class LftDumpReaderTest {
  static Fabric fabric;
  static int sw;
  static int caLid;
  static String caGuid;
  static String header;

  @TempDir Path dir;

  @BeforeAll
  static void pickNodes() {
    fabric = ReferenceFabrics.fabric("ft4_3");
    sw = 0;
    int ca = fabric.numSwitches();
    int caPort = fabric.port(ca, 1);
    caLid = fabric.baseLid(caPort);
    caGuid = String.format("0x%016x", fabric.portGuid(caPort));
    header =
        String.format(
            "Unicast lids [0-%d] of switch Lid %d guid 0x%016x ('%s'):%n",
            fabric.maxLid(),
            fabric.baseLid(fabric.port(sw, 0)),
            fabric.nodeGuid(sw),
            fabric.description(sw));
  }

  static Routing read(String text) throws Exception {
    return LftDumpReader.read(fabric, new StringReader(text), "t.dump");
  }

  @Test
  void entriesCommentsAndAbsentSwitches() throws Exception {
    Routing r =
        read(
            "# a comment\n"
                + header
                + String.format("0x%04x 003\n  0x0001 7 trailing words\n", caLid));
    assertEquals("file", r.engineName());
    assertEquals(3, r.outPort(sw, caLid));
    assertEquals(7, r.outPort(sw, 1));
    int unrouted = caLid == 2 ? 3 : 2;
    assertEquals(Routing.NO_ROUTE, r.outPort(sw, unrouted), "LIDs without an entry stay unrouted");
    for (int other = 1; other < fabric.numSwitches(); other++) {
      for (int lid = 1; lid <= fabric.maxLid(); lid++) {
        assertEquals(
            Routing.NO_ROUTE, r.outPort(other, lid), "switches absent from the file stay empty");
      }
    }
  }

  @Test
  void aRepeatedSectionReplacesTheEarlierOne() throws Exception {
    Routing r = read(header + "0x0001 001\n0x0002 002\n" + header + "0x0002 004\n");
    assertEquals(Routing.NO_ROUTE, r.outPort(sw, 1));
    assertEquals(4, r.outPort(sw, 2));
  }

  @Test
  void aPortGuidMovesAnEntryIntoThePortsLidRange() throws Exception {
    Routing r = read(header + "0x0999 005 # Channel Adapter portguid " + caGuid + ": 'x'\n");
    assertEquals(5, r.outPort(sw, caLid));
  }

  @Test
  void ibrouteOutputIsRead() throws Exception {
    String ibroute =
        String.format(
                "Unicast lids [0x0-0x%x] of switch Lid %d guid 0x%016x (%s):%n",
                fabric.maxLid(),
                fabric.baseLid(fabric.port(sw, 0)),
                fabric.nodeGuid(sw),
                fabric.description(sw))
            + "  Lid  Out   Destination\n"
            + "       Port     Info \n"
            + String.format(
                "0x%04x 000 : (Switch portguid 0x%016x: '%s')%n",
                fabric.baseLid(fabric.port(sw, 0)), fabric.nodeGuid(sw), fabric.description(sw))
            + String.format("0x%04x 002 : (Channel Adapter portguid %s: 'H0')%n", caLid, caGuid)
            + "2 valid lids dumped \n";
    Routing r = read(ibroute);
    assertEquals(0, r.outPort(sw, fabric.baseLid(fabric.port(sw, 0))));
    assertEquals(2, r.outPort(sw, caLid));
  }

  @Test
  void gzippedFilesAreRecognisedByTheirMagicBytes() throws Exception {
    Path file = dir.resolve("lfts.dump");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
      gz.write((header + "0x0001 006\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    Files.write(file, bytes.toByteArray());
    assertEquals(6, LftDumpReader.read(fabric, file).outPort(sw, 1));
  }

  @Test
  void aLidBeyondTheFabricNamesLineAndColumn() {
    ParseException e =
        assertThrows(
            ParseException.class,
            () -> read(header + String.format("0x%04x 001\n", fabric.maxLid() + 1)));
    assertEquals(2, e.line());
    assertEquals(3, e.column());
    assertTrue(
        e.getMessage().contains("outside the fabric's LIDs 1.." + fabric.maxLid()), e.getMessage());
  }

  @Test
  void aHexPortIsRefusedAsOpenSmRefusesIt() {
    ParseException e = assertThrows(ParseException.class, () -> read(header + "0x0001 0x03\n"));
    assertEquals(2, e.line());
    assertTrue(e.getMessage().contains("ports are decimal"), e.getMessage());
  }

  @Test
  void anEntryBeforeAnyHeaderIsRefused() {
    ParseException e = assertThrows(ParseException.class, () -> read("0x0001 001\n" + header));
    assertEquals(1, e.line());
  }

  @Test
  void aHeaderWithoutGuidIsRefused() {
    ParseException e =
        assertThrows(
            ParseException.class, () -> read("Unicast lids [0-3] of switch Lid 1:\n0x0001 001\n"));
    assertEquals(1, e.line());
    assertTrue(e.getMessage().contains("guid 0x"), e.getMessage());
  }

  @Test
  void aCaGuidInAHeaderIsRefused() {
    String text =
        header.replace(
            String.format("0x%016x", fabric.nodeGuid(sw)),
            String.format("0x%016x", fabric.nodeGuid(fabric.numSwitches())));
    ParseException e = assertThrows(ParseException.class, () -> read(text));
    assertTrue(e.getMessage().contains("not a switch but"), e.getMessage());
  }
}
