package org.ibrouting.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.TreeSet;
import org.ibrouting.fabric.Fabric;
import org.junit.jupiter.api.Test;

class TopologiesTest {

  // ---- counts, radix, connectivity ------------------------------------------------------

  @Test
  void kAryNTreeCounts() {
    for (int k = 2; k <= 5; k++) {
      for (int n = 1; n <= 3; n++) {
        Fabric f = Topologies.kAryNTree(k, n);
        int kn = pow(k, n);
        assertEquals(n * pow(k, n - 1), f.numSwitches(), "k=" + k + " n=" + n);
        assertEquals(kn, f.numCas());
        assertEquals(n * kn, f.numLinks());
        for (int sw = 0; sw < f.numSwitches(); sw++) {
          assertEquals(2 * k, f.numPorts(sw));
        }
        assertTrue(Connectivity.isConnected(f));
        assertEquals(f.numSwitches() + f.numCas(), f.maxLid());
      }
    }
  }

  /**
   * PGFT(2; 4,2; 1,2; 1,2): two leaves of four hosts, two spines, two cables from each leaf to each
   * spine: leaf ports 5,6 to the first spine, 7,8 to the second; spine ports 1,2 to the first leaf,
   * 3,4 to the second. With every p = 1 it is the XGFT, port for port.
   */
  @Test
  void pgftCablesEachParentPTimes() {
    Fabric f =
        Topologies.pgft(
            new int[] {4, 2}, new int[] {1, 2}, new int[] {1, 2}, TopologyOptions.DEFAULT);
    assertEquals(4, f.numSwitches());
    assertEquals(8, f.numCas());
    assertEquals(8 + 8, f.numLinks());
    int leaf = f.nodeByDescription("S0_1");
    int[] far = new int[9];
    for (int p = 5; p <= 8; p++) {
      int peer = f.peerPort(f.port(leaf, p));
      far[p] = f.portNum(peer);
      assertEquals(p <= 6 ? "S1_0" : "S1_1", f.description(f.nodeOfPort(peer)), "port " + p);
    }
    assertArrayEquals(new int[] {3, 4, 3, 4}, Arrays.copyOfRange(far, 5, 9));
    Fabric xgft = Topologies.xgft(new int[] {3, 2, 2}, new int[] {1, 2, 2});
    Fabric ones =
        Topologies.pgft(
            new int[] {3, 2, 2}, new int[] {1, 2, 2}, new int[] {1, 1, 1}, TopologyOptions.DEFAULT);
    for (int port = 0; port < xgft.numPortSlots(); port++) {
      assertEquals(xgft.peerPort(port), ones.peerPort(port), "port slot " + port);
    }
    assertThrows(
        IllegalArgumentException.class,
        () ->
            Topologies.pgft(new int[] {2}, new int[] {1}, new int[] {0}, TopologyOptions.DEFAULT));
  }

  @Test
  void xgftCounts() {
    int[] m = {3, 2, 4};
    int[] w = {2, 3, 2};
    Fabric f = Topologies.xgft(m, w);
    // level l holds prod(s > l) m(s) * prod(s <= l) w(s) nodes
    int hosts = 3 * 2 * 4;
    int level1 = 2 * 2 * 4;
    int level2 = 2 * 3 * 4;
    int level3 = 2 * 3 * 2;
    assertEquals(hosts, f.numCas());
    assertEquals(level1 + level2 + level3, f.numSwitches());
    assertEquals(hosts * 2 + level1 * 3 + level2 * 2, f.numLinks());
    assertTrue(Connectivity.isConnected(f));
    for (int node = f.numSwitches(); node < f.numNodes(); node++) {
      assertEquals(2, f.outDegree(node), f.nodeName(node));
    }
    int[] portsOfLevel = new int[3];
    for (int sw = 0; sw < f.numSwitches(); sw++) {
      int level = f.description(sw).charAt(1) - '0';
      portsOfLevel[level] = f.numPorts(sw);
      assertEquals(f.numPorts(sw), f.outDegree(sw), f.nodeName(sw));
    }
    assertArrayEquals(new int[] {3 + 3, 2 + 2, 4}, portsOfLevel);
  }

  @Test
  void torusAndMeshCounts() {
    Fabric torus = Topologies.torus(new int[] {3, 4, 5}, 2);
    assertEquals(60, torus.numSwitches());
    assertEquals(120, torus.numCas());
    assertEquals(60 * 3 + 120, torus.numLinks());
    assertTrue(Connectivity.isConnected(torus));
    Fabric mesh = Topologies.mesh(new int[] {2, 4}, 1);
    assertEquals(8, mesh.numSwitches());
    assertEquals((1 * 4 + 3 * 2) + 8, mesh.numLinks());
    assertTrue(Connectivity.isConnected(mesh));
    for (int sw = 0; sw < mesh.numSwitches(); sw++) {
      assertEquals(5, mesh.numPorts(sw));
    }
    // port 2i+1 always goes "up" dimension i and meets port 2i+2 of the neighbour
    for (int sw = 0; sw < torus.numSwitches(); sw++) {
      for (int p = 1; p <= 6; p++) {
        int peer = torus.peerPort(torus.port(sw, p));
        assertEquals(
            p % 2 == 1 ? p + 1 : p - 1, torus.portNum(peer), torus.portName(torus.port(sw, p)));
      }
    }
  }

  @Test
  void hypercubeCounts() {
    Fabric f = Topologies.hypercube(4, 3);
    assertEquals(16, f.numSwitches());
    assertEquals(48, f.numCas());
    assertEquals(4 * 8 + 48, f.numLinks());
    for (int sw = 0; sw < 16; sw++) {
      for (int p = 1; p <= 4; p++) {
        assertEquals(p, f.portNum(f.peerPort(f.port(sw, p))));
      }
    }
    assertTrue(Connectivity.isConnected(f));
  }

  @Test
  void dragonflyCounts() {
    int a = 3;
    int p = 2;
    int h = 2;
    Fabric f = Topologies.dragonfly(a, p, h);
    int groups = a * h + 1;
    assertEquals(groups * a, f.numSwitches());
    assertEquals(groups * a * p, f.numCas());
    assertEquals(
        groups * a * (a - 1) / 2 + groups * (groups - 1) / 2 + groups * a * p, f.numLinks());
    assertTrue(Connectivity.isConnected(f));
    // exactly one global link between every pair of groups
    int[][] between = new int[groups][groups];
    for (int sw = 0; sw < f.numSwitches(); sw++) {
      for (int port = a; port < a + h; port++) {
        int peer = f.nodeOfPort(f.peerPort(f.port(sw, port)));
        between[group(f, sw)][group(f, peer)]++;
      }
    }
    for (int x = 0; x < groups; x++) {
      for (int y = 0; y < groups; y++) {
        assertEquals(x == y ? 0 : 1, between[x][y], "groups " + x + " and " + y);
      }
    }
  }

  @Test
  void jellyfishIsRegularSimpleConnectedAndSeeded() {
    Fabric f = Topologies.jellyfish(20, 5, 3, 7);
    assertEquals(20 * 5 / 2 + 60, f.numLinks());
    for (int sw = 0; sw < f.numSwitches(); sw++) {
      TreeSet<Integer> neighbours = new TreeSet<>();
      for (int p = 1; p <= 5; p++) {
        int peer = f.nodeOfPort(f.peerPort(f.port(sw, p)));
        assertTrue(f.isSwitch(peer) && peer != sw && neighbours.add(peer), f.nodeName(sw));
      }
    }
    assertTrue(Connectivity.isConnected(f));
    assertArrayEquals(
        peers(f), peers(Topologies.jellyfish(20, 5, 3, 7)), "same seed, same cabling");
    assertFalse(
        Arrays.equals(peers(f), peers(Topologies.jellyfish(20, 5, 3, 8))),
        "another seed, other cabling");
    // rings are the hardest case for the connectivity repair
    for (long seed = 0; seed < 20; seed++) {
      assertTrue(Connectivity.isConnected(Topologies.jellyfish(12, 2, 1, seed)), "seed " + seed);
    }
    assertTrue(Connectivity.isConnected(Topologies.jellyfish(500, 3, 0, 1)));
  }

  @Test
  void directorChain() {
    Fabric f = Topologies.directors(3, 4, 2, 3, 6);
    assertEquals(3 * 6, f.numSwitches());
    assertEquals(3 * 4 * 3, f.numCas());
    assertEquals(3 * (4 * 2 + 12) + 2 * 6, f.numLinks());
    assertTrue(Connectivity.isConnected(f));
    int crossChassis = 0;
    for (int c = 0; c < f.numPortSlots(); c++) {
      if (f.peerPort(c) < 0) {
        continue;
      }
      int tail = f.channelTail(c);
      int head = f.channelHead(c);
      if (f.isSwitch(tail) && f.isSwitch(head) && f.systemGuid(tail) != f.systemGuid(head)) {
        crossChassis++;
        assertTrue(f.description(tail).contains("_L") && f.description(head).contains("_L"));
      }
    }
    assertEquals(2 * 2 * 6, crossChassis);
    // leaves of the middle director: 3 hosts + 2 spines + 2 * ceil(6/4) cable ports
    assertEquals(9, f.numPorts(f.nodeOfGuid(NetBuilder.FIRST_SWITCH_GUID + 6)));
  }

  @Test
  void deimosLikeChainFitsTwentyFourPortCrossbars() {
    Fabric f = Topologies.directors(3, 24, 12, 8, 30, TopologyOptions.DEFAULT.withRadix(24));
    assertEquals(3 * 36, f.numSwitches());
    assertEquals(3 * 24 * 8, f.numCas());
    assertTrue(Connectivity.isConnected(f));
    assertMessage(
        "directors: hostsPerLeaf+spines+2*ceil(cables/leaves) = 26 ports exceed radix 24",
        () -> Topologies.directors(3, 24, 12, 10, 30, TopologyOptions.DEFAULT.withRadix(24)));
  }

  // ---- LIDs -------------------------------------------------------------------------------

  @Test
  void lmcRangesFollowOpenSmsCursor() {
    // S0 0x200000 (SM), H0_0 port 0x100001, S1 0x200001, H1_0 port 0x100003 in qmap order
    Fabric f = Topologies.mesh(new int[] {2}, 1, TopologyOptions.DEFAULT.withLmc(2));
    assertEquals(1, lidOf(f, 0x200000L, 0));
    assertEquals(4, lidOf(f, 0x100000L, 1));
    assertEquals(8, lidOf(f, 0x200001L, 0));
    assertEquals(12, lidOf(f, 0x100002L, 1));
    assertEquals(15, f.maxLid());
    assertEquals(2, f.lmc(f.port(f.nodeOfGuid(0x100002L), 1)));
  }

  @Test
  void lmcKeepsEveryRangeAlignedAndDisjoint() {
    Fabric f = Topologies.kAryNTree(3, 2, TopologyOptions.DEFAULT.withLmc(3));
    boolean[] used = new boolean[f.maxLid() + 1];
    for (int node = 0; node < f.numNodes(); node++) {
      int first = f.isSwitch(node) ? 0 : 1;
      int last = f.isSwitch(node) ? 0 : f.numPorts(node);
      for (int p = first; p <= last; p++) {
        int port = f.port(node, p);
        int base = f.baseLid(port);
        int size = 1 << f.lmc(port);
        assertEquals(f.isSwitch(node) ? 0 : 3, f.lmc(port));
        assertEquals(0, base % size, f.portName(port));
        for (int lid = base; lid < base + size; lid++) {
          assertTrue(!used[lid], "LID " + lid + " twice");
          used[lid] = true;
        }
      }
    }
  }

  @Test
  void smOnACaWithLmcStartsAtTheFirstAlignedLid() {
    int[] base = OpenSmLids.assign(new long[] {0x11L, 0x200L}, new boolean[] {false, true}, 2, 0);
    assertArrayEquals(new int[] {4, 8}, base);
  }

  // ---- bad parameters ---------------------------------------------------------------------

  @Test
  void badParametersSayWhichAndWhy() {
    assertMessage(
        "torus: dimension 2 has 1 switch per ring; needs at least 3 (or use a mesh)",
        () -> Topologies.torus(new int[] {4, 1}, 1));
    assertMessage(
        "torus: dimension 1 has 2 switches per ring", () -> Topologies.torus(new int[] {2, 4}, 1));
    assertMessage(
        "dragonfly: a-1+h+p = 23 ports exceed radix 16",
        () -> Topologies.dragonfly(8, 8, 8, TopologyOptions.DEFAULT.withRadix(16)));
    assertMessage(
        "jellyfish: switches*netPorts = 5*3 is odd", () -> Topologies.jellyfish(5, 3, 1, 1));
    assertMessage(
        "jellyfish: 4 network ports per switch need at least 5 switches",
        () -> Topologies.jellyfish(4, 4, 1, 1));
    assertMessage("cannot be connected", () -> Topologies.jellyfish(6, 1, 1, 1));
    assertMessage("ktree: k = 1", () -> Topologies.kAryNTree(1, 3));
    assertMessage("ktree: n = 0", () -> Topologies.kAryNTree(4, 0));
    assertMessage(
        "xgft: level 2 has m2 = 0", () -> Topologies.xgft(new int[] {2, 0}, new int[] {1, 2}));
    assertMessage(
        "xgft: needs h >= 1 down arities", () -> Topologies.xgft(new int[] {2}, new int[] {1, 2}));
    assertMessage("mesh: dimension 1 has 1 switch", () -> Topologies.mesh(new int[] {1}, 1));
    assertMessage("hypercube: dimension 0", () -> Topologies.hypercube(0, 1));
    assertMessage("hosts per switch; needs >= 0", () -> Topologies.hypercube(3, -1));
    assertMessage("directors: cables = 0", () -> Topologies.directors(2, 4, 2, 3, 0));
    assertMessage("LIDs with LMC 0; the unicast range holds", () -> Topologies.kAryNTree(64, 3));
    assertMessage("ports exceed the 254 ports", () -> Topologies.hypercube(3, 252));
    assertMessage("lmc 8 is outside 0-7", () -> TopologyOptions.DEFAULT.withLmc(8));
  }

  static void assertMessage(String expected, org.junit.jupiter.api.function.Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertTrue(e.getMessage().contains(expected), "message was: " + e.getMessage());
  }

  // ---- helpers ----------------------------------------------------------------------------

  static int lidOf(Fabric f, long nodeGuid, int portNum) {
    return f.baseLid(f.port(f.nodeOfGuid(nodeGuid), portNum));
  }

  private static int group(Fabric f, int sw) {
    String d = f.description(sw);
    return Integer.parseInt(d.substring(2, d.indexOf('_')));
  }

  private static int pow(int b, int e) {
    int r = 1;
    for (int i = 0; i < e; i++) {
      r *= b;
    }
    return r;
  }

  /** The peer of every port slot: the whole cabling, in the fabric's node order. */
  private static int[] peers(Fabric f) {
    int[] peers = new int[f.numPortSlots()];
    for (int port = 0; port < peers.length; port++) {
      peers[port] = f.peerPort(port);
    }
    return peers;
  }
}
