package org.ibrouting.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FabricBuilderTest {

  /** Two switches joined by a link, one CA on each. */
  static FabricBuilder twoSwitches() {
    FabricBuilder b = Fabric.builder();
    int s1 = b.addNode(NodeType.SWITCH, 4, 0x0301L, "swB");
    int s2 = b.addNode(NodeType.SWITCH, 4, 0x0100L, "swA");
    int h1 = b.addNode(NodeType.CA, 1, 0x1000L, "h1");
    int h2 = b.addNode(NodeType.CA, 1, 0x2000L, "h2");
    b.setLid(s1, 0, 1, 0).setLid(s2, 0, 2, 0).setLid(h1, 1, 3, 0).setLid(h2, 1, 4, 1);
    b.connect(s1, 3, s2, 3, "4xQDR").connect(s1, 1, h1, 1, null).connect(s2, 1, h2, 1, null);
    return b;
  }

  @Test
  void buildsSwitchesFirstInQmapOrder() {
    Fabric f = twoSwitches().build();
    assertEquals(2, f.numSwitches());
    assertEquals(2, f.numCas());
    // byte-swapped 0x0100 = 0x0001..., byte-swapped 0x0301 = 0x0103...: 0x0100 first
    assertEquals(0x0100L, f.nodeGuid(0));
    assertEquals(0x0301L, f.nodeGuid(1));
    assertEquals(5, f.maxLid());
    assertEquals(f.port(f.nodeOfGuid(0x2000L), 1), f.portOfLid(5));
    assertEquals(3, f.numLinks());
    int c = f.outChannel(0, 0);
    assertEquals(1, f.portNum(c));
    assertEquals(f.nodeOfGuid(0x2000L), f.channelHead(c));
    assertEquals("4xQDR", f.linkRate(f.port(0, 3)));
    assertEquals(f.port(0, 1), f.switchPortOf(f.port(f.nodeOfGuid(0x2000L), 1)));
  }

  @Test
  void rejectsPortOutOfRange() {
    FabricBuilder b = twoSwitches();
    FabricException e = assertThrows(FabricException.class, () -> b.connect(0, 5, 1, 4, null));
    assertTrue(
        e.getMessage().contains("port 5 of switch 0x0000000000000301 \"swB\" exceeds its 4 ports"),
        e.getMessage());
  }

  @Test
  void rejectsDuplicatesAndRanges() {
    FabricBuilder b = twoSwitches();
    assertThrows(FabricException.class, () -> b.addNode(NodeType.CA, 1, 0x1000L, "again"));
    assertThrows(FabricException.class, () -> b.setLid(2, 1, 2, 0));
    assertThrows(FabricException.class, () -> b.setLid(2, 1, 0xC000, 0));
    assertThrows(FabricException.class, () -> b.setLid(2, 1, 9, 8));
    assertThrows(FabricException.class, () -> b.connect(0, 3, 1, 4, null));
  }

  @Test
  void rejectsAsymmetricLink() {
    FabricBuilder b = twoSwitches();
    b.halfLink(0, 4, 1, 4, null);
    FabricException e = assertThrows(FabricException.class, b::build);
    assertTrue(e.getMessage().startsWith("asymmetric link"), e.getMessage());
    assertEquals(0, e.builderNode());
    assertEquals(4, e.portNum());
  }
}
