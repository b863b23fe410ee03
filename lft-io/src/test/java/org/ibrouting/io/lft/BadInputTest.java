package org.ibrouting.io.lft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.ParseException;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;
import org.junit.jupiter.api.Test;

/** Bad input fails with a message that names the line. */
class BadInputTest {
  private static final String FABRIC =
      String.join(
          "\n",
          "#",
          "# Topology file: generated on Sun Nov 22 11:35:23 2026",
          "#",
          "",
          "vendid=0x0",
          "devid=0x0",
          "switchguid=0x100(100)",
          "Switch\t4 \"S-0000000000000100\"\t\t# \"swA\" base port 0 lid 10 lmc 0",
          "[1]\t\"H-0000000000003000\"[1](3001) \t\t# \"h one\" lid 300 4xQDR",
          "[3]\t\"S-0000000000000301\"[3]\t\t# \"swC\" lid 30 4xSDR",
          "",
          "vendid=0x0",
          "devid=0x0",
          "switchguid=0x301(301)",
          "Switch\t4 \"S-0000000000000301\"\t\t# \"swC\" base port 0 lid 30 lmc 0",
          "[3]\t\"S-0000000000000100\"[3]\t\t# \"swA\" lid 10 4xSDR",
          "",
          "caguid=0x3000",
          "Ca\t1 \"H-0000000000003000\"\t\t# \"h one\"",
          "[1](3001) \t\"S-0000000000000100\"[1]\t\t# lid 300 lmc 0 \"swA\" lid 10 4xQDR",
          "");

  private static Fabric parse(String text) throws Exception {
    return IbnetdiscoverReader.read(new StringReader(text), "net.ibnd");
  }

  private static ParseException fails(String text) {
    return assertThrows(ParseException.class, () -> parse(text));
  }

  @Test
  void theGoodFileParses() throws Exception {
    Fabric f = parse(FABRIC);
    assertEquals(2, f.numSwitches());
    assertEquals(1, f.numCas());
    assertEquals(2, f.numLinks());
    assertEquals("4xQDR", f.linkRate(f.port(f.nodeOfGuid(0x3000), 1)));
    assertEquals(0x3001L, f.portGuid(f.portOfLid(300)));
  }

  @Test
  void truncatedFile() {
    String truncated = FABRIC.substring(0, FABRIC.indexOf("caguid"));
    ParseException e = fails(truncated);
    assertEquals(9, e.line());
    assertTrue(
        e.getMessage()
            .startsWith(
                "net.ibnd:9:1: port 1 leads to node 0x0000000000003000, which"
                    + " the file does not describe"),
        e.getMessage());
  }

  @Test
  void truncatedInsideALine() {
    String cut = FABRIC.substring(0, FABRIC.indexOf("\"S-0000000000000301\"[3]") + 8);
    ParseException e = fails(cut);
    assertEquals(10, e.line());
  }

  @Test
  void badNumber() {
    ParseException e =
        fails(FABRIC.replace("[3]\t\"S-0000000000000100\"", "[x]\t\"S-0000000000000100\""));
    assertEquals(16, e.line());
    assertEquals(2, e.column());
    assertTrue(
        e.getMessage().contains("expected a port number (a decimal number), found 'x]"),
        e.getMessage());
  }

  @Test
  void duplicateGuid() {
    ParseException e =
        fails(
            FABRIC.replace(
                "caguid=0x3000\nCa\t1 \"H-0000000000003000\"",
                "caguid=0x3000\nCa\t1 \"H-0000000000000301\""));
    assertEquals(19, e.line());
    assertTrue(e.getMessage().contains("duplicate node GUID 0x0000000000000301"), e.getMessage());
  }

  @Test
  void duplicateLid() {
    ParseException e = fails(FABRIC.replace("# lid 300 lmc 0", "# lid 30 lmc 0"));
    assertEquals(20, e.line());
    assertTrue(e.getMessage().contains("duplicate LID 30"), e.getMessage());
  }

  @Test
  void portOutOfRange() {
    ParseException e =
        fails(
            FABRIC.replace("Switch\t4 \"S-0000000000000301\"", "Switch\t2 \"S-0000000000000301\""));
    // line 10 declares the link to swC's port 3, which swC does not have
    assertEquals(10, e.line());
    assertTrue(
        e.getMessage().contains("port 3 of switch 0x0000000000000301 \"swC\" exceeds its 2 ports"),
        e.getMessage());
  }

  @Test
  void asymmetricLink() {
    ParseException e =
        fails(FABRIC.replace("[3]\t\"S-0000000000000100\"[3]", "[3]\t\"S-0000000000000100\"[4]"));
    assertTrue(e.line() == 10 || e.line() == 16, e.getMessage());
    assertTrue(e.getMessage().contains("asymmetric link"), e.getMessage());
  }

  @Test
  void dumpNamingAnUnknownSwitch() throws Exception {
    Fabric f = parse(FABRIC);
    String dump =
        "Unicast lids [0-300] of switch Lid 10 guid 0x0000000000000100 ('swA'):\n"
            + "0x000a 000 # Switch portguid 0x0000000000000100: 'swA'\n"
            + "10 lids dumped\n"
            + "Unicast lids [0-300] of switch Lid 99 guid 0x0000000000000999 ('ghost'):\n"
            + "0x000a 001 # Switch portguid 0x0000000000000100: 'swA'\n";
    ParseException e =
        assertThrows(
            ParseException.class, () -> LftDumpReader.read(f, new StringReader(dump), "x.dump"));
    assertEquals(4, e.line());
    assertTrue(
        e.getMessage().contains("switch GUID 0x0000000000000999 is not a node of the fabric"),
        e.getMessage());
  }

  @Test
  void dumpWithPortBeyondTheSwitch() throws Exception {
    Fabric f = parse(FABRIC);
    String dump =
        "Unicast lids [0-300] of switch Lid 10 guid 0x0000000000000100 ('swA'):\n" + "0x012c 007\n";
    ParseException e =
        assertThrows(
            ParseException.class, () -> LftDumpReader.read(f, new StringReader(dump), "x.dump"));
    assertEquals(2, e.line());
    assertEquals(8, e.column());
  }
}
