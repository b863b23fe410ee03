package org.ibrouting.engines.dmodc;

import java.util.Random;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.topology.Topologies;
import org.ibrouting.topology.TopologyOptions;

/** Small parallel generalized fat trees for the properties ({@link Topologies#pgft}). */
final class Pgfts {
  private Pgfts() {}

  /** {@link Topologies#pgft} with default options. */
  static Fabric pgft(int[] m, int[] w, int[] p) {
    return Topologies.pgft(m, w, p, TopologyOptions.DEFAULT);
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
}
