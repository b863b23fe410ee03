package org.ibrouting.engines.dmodc;

import java.util.Random;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.topology.OpenSmLids;

/**
 * Parallel generalized fat trees for tests, PGFT(h; m; w; p) as Zahavi et al. define them: an XGFT
 * ({@code Topologies.xgft} numbers its nodes alike) whose level-l switches are each joined to every
 * parent by {@code p[l]} parallel links. CAs have one port; a switch's down ports come first, then
 * its up ports, parent by parent. LIDs are OpenSM's, the SM on the first switch.
 */
final class Pgfts {
  private Pgfts() {}

  /**
   * PGFT with {@code m[0]} CAs per leaf, {@code m[l]} children per level-l switch ({@code l >= 1}),
   * {@code w[l]} parents per level-l switch (at level 1 and up; {@code w[0]} must be 1) and {@code
   * p[l]} links to each.
   */
  static Fabric pgft(int[] m, int[] w, int[] p) {
    int h = m.length;
    long[] count = new long[h + 1];
    for (int l = 0; l <= h; l++) {
      long c = 1;
      for (int s = 1; s <= h; s++) {
        c *= s > l ? m[s - 1] : w[s - 1];
      }
      count[l] = c;
    }
    FabricBuilder b = Fabric.builder();
    int[][] node = new int[h + 1][];
    long guid = 0x300000L;
    for (int l = 1; l <= h; l++) {
      node[l] = new int[(int) count[l]];
      int down = m[l - 1] * (l == 1 ? 1 : p[l - 1]);
      int up = l < h ? w[l] * p[l] : 0;
      for (int i = 0; i < count[l]; i++) {
        node[l][i] = b.addNode(NodeType.SWITCH, down + up, guid++, "S" + (l - 1) + "_" + i);
      }
    }
    node[0] = new int[(int) count[0]];
    for (int i = 0; i < count[0]; i++) {
      node[0][i] = b.addNode(NodeType.CA, 1, 0x100000L + 2 * i, "H" + i);
    }
    int[] digit = new int[h + 1];
    for (int l = 0; l < h; l++) {
      int links = l == 0 ? 1 : p[l];
      int downBase = l == 0 ? 0 : m[l - 1] * (l == 1 ? 1 : p[l - 1]);
      for (int i = 0; i < count[l]; i++) {
        decode(i, l, m, w, digit);
        int child = digit[l + 1];
        for (int j = 0; j < w[l]; j++) {
          digit[l + 1] = j;
          int parent = encode(l + 1, m, w, digit);
          for (int k = 0; k < links; k++) {
            b.connect(
                node[l][i],
                downBase + 1 + j * links + k,
                node[l + 1][parent],
                child * links + k + 1,
                null);
          }
        }
      }
    }
    return OpenSmLids.reassign(b.build(), 0, 0);
  }

  /** A random small PGFT of 2 or 3 levels with 1 to 2 parallel links per parent. */
  static Fabric random(long seed) {
    Random random = new Random(seed);
    int h = 2 + random.nextInt(2);
    int[] m = new int[h];
    int[] w = new int[h];
    int[] p = new int[h];
    for (int l = 0; l < h; l++) {
      m[l] = 1 + random.nextInt(3);
      w[l] = l == 0 ? 1 : 1 + random.nextInt(3);
      p[l] = l == 0 ? 1 : 1 + random.nextInt(2);
    }
    m[h - 1] = Math.max(2, m[h - 1]);
    return pgft(m, w, p);
  }

  private static void decode(int index, int level, int[] m, int[] w, int[] digit) {
    for (int s = 1; s < digit.length; s++) {
      int radix = s > level ? m[s - 1] : w[s - 1];
      digit[s] = index % radix;
      index /= radix;
    }
  }

  private static int encode(int level, int[] m, int[] w, int[] digit) {
    int index = 0;
    for (int s = digit.length - 1; s >= 1; s--) {
      index = index * (s > level ? m[s - 1] : w[s - 1]) + digit[s];
    }
    return index;
  }
}
