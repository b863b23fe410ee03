package org.ibrouting.engines.lash;

import java.util.Random;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;

/**
 * Small seeded fabric generators for the LASH tests (k-ary n-trees, tori, hypercubes, random
 * irregular fabrics). LIDs: switches first, then CAs, consecutively from 1.
 */
final class TestFabrics {
  private TestFabrics() {}

  /**
   * A k-ary n-tree (Petrini, Vanneschi): n levels of k^(n-1) switches with 2k ports, k CAs per leaf
   * switch. Switch (w, l) links up to every (w', l+1) where w' differs from w at most in digit l.
   */
  static Fabric karyNTree(int k, int levels) {
    FabricBuilder b = Fabric.builder();
    int perLevel = pow(k, levels - 1);
    int[][] ids = new int[levels][perLevel];
    int lid = 1;
    for (int level = 0; level < levels; level++) {
      for (int w = 0; w < perLevel; w++) {
        long guid = 0x0002c90000000000L | ((long) level << 24) | w;
        ids[level][w] = b.addNode(NodeType.SWITCH, 2 * k, guid, "S-L" + level + "-" + w);
        b.setLid(ids[level][w], 0, lid++, 0);
      }
    }
    for (int level = 0; level + 1 < levels; level++) {
      int weight = pow(k, level);
      for (int w = 0; w < perLevel; w++) {
        int digit = (w / weight) % k;
        for (int up = 0; up < k; up++) {
          int upper = w + (up - digit) * weight;
          b.connect(ids[level][w], k + 1 + up, ids[level + 1][upper], 1 + digit, null);
        }
      }
    }
    for (int w = 0; w < perLevel; w++) {
      for (int h = 0; h < k; h++) {
        int ca = b.addNode(NodeType.CA, 1, 0x0008f10000000000L | ((long) w << 8) | h,
            "H-" + w + "-" + h);
        b.setLid(ca, 1, lid++, 0);
        b.connect(ids[0][w], 1 + h, ca, 1, null);
      }
    }
    return b.build();
  }

  /** A torus with the given dimension sizes (size 2 gives parallel links), {@code hosts} CAs per switch. */
  static Fabric torus(int hosts, int... dims) {
    int numSwitches = 1;
    for (int d : dims) {
      numSwitches *= d;
    }
    FabricBuilder b = Fabric.builder();
    int ports = 2 * dims.length + hosts;
    int[] ids = new int[numSwitches];
    int lid = 1;
    for (int s = 0; s < numSwitches; s++) {
      ids[s] = b.addNode(NodeType.SWITCH, ports, 0x0002c90000100000L + s, "S-" + s);
      b.setLid(ids[s], 0, lid++, 0);
    }
    int stride = 1;
    for (int dim = 0; dim < dims.length; dim++) {
      int size = dims[dim];
      if (size > 1) {
        for (int s = 0; s < numSwitches; s++) {
          int coord = (s / stride) % size;
          int next = s + (((coord + 1) % size) - coord) * stride;
          if (size == 2 && coord == 1) {
            continue;
          }
          if (size == 2) {
            // both links of a 2-ring join the same pair of switches
            b.connect(ids[s], 1 + 2 * dim, ids[next], 2 + 2 * dim, null);
            b.connect(ids[s], 2 + 2 * dim, ids[next], 1 + 2 * dim, null);
          } else {
            b.connect(ids[s], 1 + 2 * dim, ids[next], 2 + 2 * dim, null);
          }
        }
      }
      stride *= size;
    }
    addHosts(b, ids, hosts, 2 * dims.length + 1, lid);
    return b.build();
  }

  /** A hypercube of 2^dims switches, {@code hosts} CAs per switch. */
  static Fabric hypercube(int dims, int hosts) {
    int numSwitches = 1 << dims;
    FabricBuilder b = Fabric.builder();
    int[] ids = new int[numSwitches];
    int lid = 1;
    for (int s = 0; s < numSwitches; s++) {
      ids[s] = b.addNode(NodeType.SWITCH, dims + hosts, 0x0002c90000200000L + s, "S-" + s);
      b.setLid(ids[s], 0, lid++, 0);
    }
    for (int s = 0; s < numSwitches; s++) {
      for (int d = 0; d < dims; d++) {
        int t = s ^ (1 << d);
        if (s < t) {
          b.connect(ids[s], 1 + d, ids[t], 1 + d, null);
        }
      }
    }
    addHosts(b, ids, hosts, dims + 1, lid);
    return b.build();
  }

  /**
   * A random connected fabric: a random spanning tree plus {@code extraLinks} random links
   * (parallel links allowed), random GUIDs, 1 or 2 CAs on random switches, LIDs in random order.
   */
  static Fabric random(long seed, int numSwitches, int extraLinks) {
    Random random = new Random(seed);
    int ports = 24;
    FabricBuilder b = Fabric.builder();
    int[] ids = new int[numSwitches];
    int[] used = new int[numSwitches];
    for (int s = 0; s < numSwitches; s++) {
      long guid;
      do {
        guid = random.nextLong() & 0x00ffffffffffff00L | 0x0200000000000000L;
      } while (b.nodeOfGuid(guid) >= 0);
      ids[s] = b.addNode(NodeType.SWITCH, ports, guid, "S-" + s);
    }
    for (int s = 1; s < numSwitches; s++) {
      link(b, ids, used, s, random.nextInt(s));
    }
    for (int e = 0; e < extraLinks; e++) {
      int a = random.nextInt(numSwitches);
      int c = random.nextInt(numSwitches);
      if (a != c && used[a] < ports - 2 && used[c] < ports - 2) {
        link(b, ids, used, a, c);
      }
    }
    int numCas = numSwitches + random.nextInt(numSwitches + 1);
    int[] cas = new int[numCas];
    for (int h = 0; h < numCas; h++) {
      int s;
      do {
        s = random.nextInt(numSwitches);
      } while (used[s] == ports);
      cas[h] = b.addNode(NodeType.CA, 1, 0x0008f10000000000L + (h << 4), "H-" + h);
      used[s]++;
      b.connect(ids[s], used[s], cas[h], 1, null);
    }
    int total = numSwitches + numCas;
    int[] order = new int[total];
    for (int i = 0; i < total; i++) {
      order[i] = i;
    }
    for (int i = total - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    for (int i = 0; i < total; i++) {
      int node = order[i];
      if (node < numSwitches) {
        b.setLid(ids[node], 0, i + 1, 0);
      } else {
        b.setLid(cas[node - numSwitches], 1, i + 1, 0);
      }
    }
    return b.build();
  }

  private static void link(FabricBuilder b, int[] ids, int[] used, int a, int c) {
    used[a]++;
    used[c]++;
    b.connect(ids[a], used[a], ids[c], used[c], null);
  }

  private static void addHosts(FabricBuilder b, int[] ids, int hosts, int firstPort, int lid) {
    for (int s = 0; s < ids.length; s++) {
      for (int h = 0; h < hosts; h++) {
        int ca = b.addNode(NodeType.CA, 1, 0x0008f10000000000L | ((long) s << 8) | h,
            "H-" + s + "-" + h);
        b.setLid(ca, 1, lid++, 0);
        b.connect(ids[s], firstPort + h, ca, 1, null);
      }
    }
  }

  private static int pow(int base, int exp) {
    int r = 1;
    for (int i = 0; i < exp; i++) {
      r *= base;
    }
    return r;
  }
}
