package org.ibrouting.io.lft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Finding the sections dump_fts cut one block short, and putting the entry read back in. */
class TopLidReadBackTest {
  private static final String TEXT =
      "Unicast lids [0x0-0x40] of switch DR path slid 0; dlid 0; 0,1,3 guid 0x0000000000200001"
          + " (S0_1):\n"
          + "  Lid  Out   Destination\n"
          + "       Port     Info \n"
          + "0x0001 003 : (Switch portguid 0x0000000000200000: 'S0_0')\n"
          + "0x003f 001 : (Channel Adapter portguid 0x0000000000100005: 'H5')\n"
          + "2 valid lids dumped \n"
          + "Unicast lids [0x0-0x40] of switch DR path slid 0; dlid 0; 0 guid 0x0000000000200000"
          + " (S0_0):\n"
          + "0x0001 000 : (Switch portguid 0x0000000000200000: 'S0_0')\n"
          + "0x0040 002 : (Channel Adapter portguid 0x0000000000100006: 'H6')\n"
          + "2 valid lids dumped \n";

  @Test
  void onlyATopLidThatIsAMultipleOf64IsSkipped() {
    assertTrue(TopLidReadBack.skipped(64));
    assertTrue(TopLidReadBack.skipped(4864));
    assertFalse(TopLidReadBack.skipped(65));
    assertFalse(TopLidReadBack.skipped(0));
  }

  @Test
  void theSectionsWithoutTheTopLidAreFoundAndCompleted() {
    assertEquals(List.of("0,1,3"), TopLidReadBack.missing(TEXT, 64));
    assertEquals(List.of(), TopLidReadBack.missing(TEXT, 63), "no section ends at 63");
    int port =
        TopLidReadBack.firstPort(
            "ibwarn: attached\n04ff ffff ffff ffff ffff ffff ffff ffff\nffff ffff\nSMP status: 0x8000\n");
    assertEquals(4, port);
    String whole = TopLidReadBack.withEntries(TEXT, 64, Map.of("0,1,3", port));
    assertTrue(
        whole.contains(
            "0x003f 001 : (Channel Adapter portguid 0x0000000000100005: 'H5')\n0x0040 004\n2 valid"),
        whole);
    assertEquals(1, whole.split("0x0040 ", -1).length - 2, "the second section had it already");
    assertEquals(List.of(), TopLidReadBack.missing(whole, 64));
    assertThrows(IllegalArgumentException.class, () -> TopLidReadBack.firstPort("no data\n"));
  }
}
