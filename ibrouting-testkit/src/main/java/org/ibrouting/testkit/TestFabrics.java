package org.ibrouting.testkit;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;

/**
 * Small hand-made fabrics for analysis and engine tests: rings, k-ary n-trees, tori with rings of
 * one or two switches, random irregular fabrics. Switch descriptions start with {@code S}, CA
 * descriptions with {@code H}; the regular generators of {@code org.ibrouting.topology.Topologies}
 * (what OpenSM's reference fabrics are) and {@link FabricArbitraries} (random connected fabrics,
 * LMC, failures) complete them. {@link #ring} and {@link #kAryNTree} give the CAs the first LIDs
 * (in creation order), then the switches.
 */
public final class TestFabrics {
  private TestFabrics() {}

  /**
   * A builder holding a few hand-placed nodes, from a compact description, so that a test names
   * what its fabric is rather than how to build it. {@code nodes} lists blank-separated entries:
   * {@code sw4:}, {@code ca2:}, {@code rt2:} (switch, CA or router, and its number of ports) gives
   * the kind of the nodes that follow; {@code NAME@GUID[#LID]} adds one, with its description, its
   * node GUID in hex and optionally a LID (LMC 0) for port 0 of a switch or port 1 of another node.
   * Nodes are added in the order given. {@code links} lists blank-separated cables {@code
   * NAME/PORT-NAME/PORT}. Example: {@code sketch("sw4: S1@200 ca1: H1@100#2 H2@101#3", "S1/1-H1/1
   * S1/2-H2/1")}. The caller may go on building (more LIDs, LMCs, links).
   *
   * @throws IllegalArgumentException on an entry that does not parse or names an unknown node
   */
  public static FabricBuilder sketch(String nodes, String links) {
    FabricBuilder b = Fabric.builder();
    Map<String, Integer> ids = new HashMap<>();
    NodeType type = null;
    int ports = 0;
    for (String entry : nodes.trim().split("\\s+")) {
      if (entry.endsWith(":") && entry.length() > 3) {
        type =
            switch (entry.substring(0, 2)) {
              case "sw" -> NodeType.SWITCH;
              case "ca" -> NodeType.CA;
              case "rt" -> NodeType.ROUTER;
              default -> throw new IllegalArgumentException("no kind sw, ca or rt: " + entry);
            };
        ports = Integer.parseInt(entry.substring(2, entry.length() - 1));
        continue;
      }
      int at = entry.indexOf('@');
      int hash = entry.indexOf('#');
      if (type == null || at < 1) {
        throw new IllegalArgumentException("not KINDPORTS: or NAME@GUID[#LID]: " + entry);
      }
      long guid =
          Long.parseUnsignedLong(entry.substring(at + 1, hash < 0 ? entry.length() : hash), 16);
      String name = entry.substring(0, at);
      int id = b.addNode(type, ports, guid, name);
      ids.put(name, id);
      if (hash >= 0) {
        b.setLid(
            id, type == NodeType.SWITCH ? 0 : 1, Integer.parseInt(entry.substring(hash + 1)), 0);
      }
    }
    for (String cable : links.trim().split("\\s+")) {
      if (cable.isEmpty()) {
        continue;
      }
      String[] ends = cable.split("[-/]");
      if (ends.length != 4 || !ids.containsKey(ends[0]) || !ids.containsKey(ends[2])) {
        throw new IllegalArgumentException("not NAME/PORT-NAME/PORT of known nodes: " + cable);
      }
      b.connect(
          ids.get(ends[0]),
          Integer.parseInt(ends[1]),
          ids.get(ends[2]),
          Integer.parseInt(ends[3]),
          null);
    }
    return b;
  }

  /**
   * A ring of {@code numSwitches} switches (port 1 to the next switch, port 2 to the previous one)
   * with {@code casPerSwitch} single-port CAs on ports 3, 4, ...
   */
  public static Fabric ring(int numSwitches, int casPerSwitch) {
    FabricBuilder b = Fabric.builder();
    int[] sw = new int[numSwitches];
    for (int i = 0; i < numSwitches; i++) {
      sw[i] = b.addNode(NodeType.SWITCH, 2 + casPerSwitch, 0x1000L + i, "S" + i);
    }
    int lid = 1;
    for (int i = 0; i < numSwitches; i++) {
      for (int h = 0; h < casPerSwitch; h++) {
        int ca = b.addNode(NodeType.CA, 1, 0x2000L + i * 64L + h, "H" + (i * casPerSwitch + h));
        b.setLid(ca, 1, lid++, 0);
        b.connect(sw[i], 3 + h, ca, 1, null);
      }
    }
    for (int i = 0; i < numSwitches; i++) {
      b.setLid(sw[i], 0, lid++, 0);
      if (numSwitches > 1 && (numSwitches > 2 || i == 0)) {
        b.connect(sw[i], 1, sw[(i + 1) % numSwitches], 2, null);
      }
    }
    return b.build();
  }

  /**
   * A k-ary n-tree (Petrini and Vanneschi): n levels of k^(n-1) switches with 2k ports, k^n CAs.
   * Level 0 holds the leaves; switch w of level l links up (ports k+1..2k) to every switch of level
   * l+1 that differs from w in base-k digit l only. Leaves carry the CAs on ports 1..k.
   */
  public static Fabric kAryNTree(int k, int n) {
    FabricBuilder b = Fabric.builder();
    int perLevel = (int) Math.pow(k, n - 1);
    int[][] sw = new int[n][perLevel];
    for (int l = 0; l < n; l++) {
      for (int w = 0; w < perLevel; w++) {
        sw[l][w] = b.addNode(NodeType.SWITCH, 2 * k, 0x10000L + l * 0x1000L + w, "S" + l + "_" + w);
      }
    }
    int lid = 1;
    for (int w = 0; w < perLevel; w++) {
      for (int h = 0; h < k; h++) {
        int ca = b.addNode(NodeType.CA, 1, 0x100000L + w * 64L + h, "H" + (w * k + h));
        b.setLid(ca, 1, lid++, 0);
        b.connect(sw[0][w], 1 + h, ca, 1, null);
      }
    }
    int weight = 1;
    for (int l = 0; l + 1 < n; l++) {
      for (int w = 0; w < perLevel; w++) {
        int digit = (w / weight) % k;
        for (int d = 0; d < k; d++) {
          int up = w + (d - digit) * weight;
          // the upper switch's down port d' is the lower switch's digit l
          b.connect(sw[l][w], k + 1 + d, sw[l + 1][up], 1 + digit, null);
        }
      }
      weight *= k;
    }
    for (int l = 0; l < n; l++) {
      for (int w = 0; w < perLevel; w++) {
        b.setLid(sw[l][w], 0, lid++, 0);
      }
    }
    return b.build();
  }

  /**
   * A torus with the given ring sizes and {@code hosts} CAs per switch, rings of 1 and 2 switches
   * included (a ring of two is two parallel links, which {@code Topologies.torus} refuses): switch
   * s links port {@code 1 + 2d} to port {@code 2 + 2d} of its successor along dimension d; the CAs
   * sit on ports {@code 2 * dims.length + 1 ...}. LIDs: switches first, then CAs.
   */
  public static Fabric torus(int hosts, int... dims) {
    int numSwitches = 1;
    for (int d : dims) {
      numSwitches *= d;
    }
    FabricBuilder b = Fabric.builder();
    int[] sw = new int[numSwitches];
    int lid = 1;
    for (int s = 0; s < numSwitches; s++) {
      sw[s] = b.addNode(NodeType.SWITCH, 2 * dims.length + hosts, 0x0002c90000100000L + s, "S" + s);
      b.setLid(sw[s], 0, lid++, 0);
    }
    int stride = 1;
    for (int dim = 0; dim < dims.length; dim++) {
      int size = dims[dim];
      for (int s = 0; size > 1 && s < numSwitches; s++) {
        int coord = (s / stride) % size;
        int next = s + (((coord + 1) % size) - coord) * stride;
        if (size > 2) {
          b.connect(sw[s], 1 + 2 * dim, sw[next], 2 + 2 * dim, null);
        } else if (coord == 0) {
          b.connect(sw[s], 1 + 2 * dim, sw[next], 2 + 2 * dim, null);
          b.connect(sw[s], 2 + 2 * dim, sw[next], 1 + 2 * dim, null);
        }
      }
      stride *= size;
    }
    for (int s = 0; s < numSwitches; s++) {
      for (int h = 0; h < hosts; h++) {
        int ca =
            b.addNode(NodeType.CA, 1, 0x0008f10000000000L | ((long) s << 8) | h, "H" + s + "_" + h);
        b.setLid(ca, 1, lid++, 0);
        b.connect(sw[s], 2 * dims.length + 1 + h, ca, 1, null);
      }
    }
    return b.build();
  }

  /**
   * A random irregular fabric: 1 to {@code maxSwitches} switches of 3 to 8 ports linked at random
   * (parallel links and free ports included, not necessarily connected), CAs with 1 or 2 ports on
   * random free ports (sometimes left uncabled, sometimes cabled to each other), random GUIDs,
   * shuffled LIDs and LMC 0 or 1.
   */
  public static Fabric random(Random random, int maxSwitches) {
    FabricBuilder b = Fabric.builder();
    int numSwitches = 1 + random.nextInt(maxSwitches);
    int[] sw = new int[numSwitches];
    int[] freePort = new int[numSwitches];
    for (int i = 0; i < numSwitches; i++) {
      sw[i] =
          b.addNode(
              NodeType.SWITCH, 3 + random.nextInt(6), random.nextLong() & ~0xFFL | i, "S" + i);
      freePort[i] = 1;
    }
    int links = numSwitches - 1 + random.nextInt(numSwitches + 1);
    for (int k = 0; k < links; k++) {
      int a = k < numSwitches - 1 ? k + 1 : random.nextInt(numSwitches);
      int c = k < numSwitches - 1 ? random.nextInt(k + 1) : random.nextInt(numSwitches);
      if (a == c || freePort[a] > b.numPorts(sw[a]) - 1 || freePort[c] > b.numPorts(sw[c]) - 1) {
        continue;
      }
      b.connect(sw[a], freePort[a]++, sw[c], freePort[c]++, null);
    }
    int numCas = 1 + random.nextInt(2 * numSwitches + 2);
    int[] caPorts = new int[numCas];
    int[] ca = new int[numCas];
    int numEndPorts = numSwitches;
    for (int h = 0; h < numCas; h++) {
      caPorts[h] = 1 + (random.nextInt(4) == 0 ? 1 : 0);
      ca[h] = b.addNode(NodeType.CA, caPorts[h], (random.nextLong() & ~0xFFL) | 0x80 | h, "H" + h);
      numEndPorts += caPorts[h];
      for (int p = 1; p <= caPorts[h]; p++) {
        int roll = random.nextInt(10);
        if (roll == 0 && h > 0 && b.peerNode(ca[h - 1], 1) < 0) {
          b.connect(ca[h], p, ca[h - 1], 1, null);
        } else if (roll > 1) {
          int s = random.nextInt(numSwitches);
          if (freePort[s] <= b.numPorts(sw[s])) {
            b.connect(sw[s], freePort[s]++, ca[h], p, null);
          }
        }
      }
    }
    int[] order = new int[numEndPorts];
    for (int i = 0; i < numEndPorts; i++) {
      order[i] = i;
    }
    for (int i = numEndPorts - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    int[] lidOf = new int[numEndPorts];
    int lid = 1;
    int[] lmcOf = new int[numEndPorts];
    for (int i = 0; i < numEndPorts; i++) {
      int e = order[i];
      lmcOf[e] = random.nextInt(5) == 0 ? 1 : 0;
      lid = (lid + (1 << lmcOf[e]) - 1) & -(1 << lmcOf[e]);
      lidOf[e] = lid;
      lid += 1 << lmcOf[e];
    }
    for (int i = 0; i < numSwitches; i++) {
      b.setLid(sw[i], 0, lidOf[i], 0);
    }
    int e = numSwitches;
    for (int h = 0; h < numCas; h++) {
      for (int p = 1; p <= caPorts[h]; p++, e++) {
        b.setLid(ca[h], p, lidOf[e], lmcOf[e]);
      }
    }
    return b.build();
  }
}
