package org.ibrouting.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;
import org.junit.jupiter.api.Test;

class ConnectivityTest {
  /**
   * s0 - s1 = c = s2 (a two-port CA c joins s1 and s2), h0 on s0, h2 on s2; s3 with h3 apart; node
   * GUIDs chosen so the fabric numbers the switches s0..s3.
   */
  private static Fabric fabric() {
    FabricBuilder b = Fabric.builder();
    int[] s = new int[4];
    for (int i = 0; i < 4; i++) {
      s[i] = b.addNode(NodeType.SWITCH, 4, (long) (i + 1) << 56, "s" + i);
      b.setLid(s[i], 0, i + 1, 0);
    }
    int c = b.addNode(NodeType.CA, 2, 0x10L << 56, "c");
    int h0 = b.addNode(NodeType.CA, 1, 0x20L << 56, "h0");
    int h2 = b.addNode(NodeType.CA, 1, 0x30L << 56, "h2");
    int h3 = b.addNode(NodeType.CA, 1, 0x40L << 56, "h3");
    b.setLid(c, 1, 10, 0)
        .setLid(c, 2, 11, 0)
        .setLid(h0, 1, 12, 0)
        .setLid(h2, 1, 13, 1)
        .setLid(h3, 1, 16, 0);
    b.connect(s[0], 1, s[1], 1, null).connect(s[1], 2, c, 1, null).connect(c, 2, s[2], 1, null);
    b.connect(s[0], 2, h0, 1, null).connect(s[2], 2, h2, 1, null).connect(s[3], 1, h3, 1, null);
    return b.build();
  }

  @Test
  void nodeComponentsJoinSwitchesThroughACa() {
    Fabric f = fabric();
    int[] component = Connectivity.components(f);
    for (String name : new String[] {"s0", "s1", "s2", "c", "h0", "h2"}) {
      assertEquals(0, component[node(f, name)], name);
    }
    assertEquals(1, component[node(f, "s3")]);
    assertEquals(1, component[node(f, "h3")]);
    assertEquals(2, Connectivity.numComponents(f));
    assertFalse(Connectivity.isConnected(f));
  }

  @Test
  void switchComponentsFollowSwitchLinksOnly() {
    Fabric f = fabric();
    int[] component = Connectivity.switchComponents(f);
    assertEquals(4, component.length);
    assertEquals(0, component[node(f, "s0")]);
    assertEquals(0, component[node(f, "s1")]);
    assertEquals(1, component[node(f, "s2")]);
    assertEquals(2, component[node(f, "s3")]);
  }

  @Test
  void connectedPairsCountLidsWithinSwitchComponents() {
    // h0 and c.1 behind s0-s1: 2 pairs; h2 (LMC 1) and c.2 behind s2: 2 x 2; h3 alone: none
    assertEquals(6, Connectivity.connectedPairs(fabric()));
  }

  private static int node(Fabric f, String name) {
    for (int node = 0; node < f.numNodes(); node++) {
      if (f.description(node).equals(name)) {
        return node;
      }
    }
    throw new AssertionError(name);
  }
}
