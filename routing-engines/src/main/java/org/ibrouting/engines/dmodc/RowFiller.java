package org.ibrouting.engines.dmodc;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;

/**
 * Fills whole LFT rows by {@link DmodcFormula}, one switch at a time on one thread. Per switch it
 * first decides every destination class once (its kind and candidate groups), and gives each class
 * a <em>code</em>: a fixed port (no route; down by a single link), "all up groups" (every up group
 * reaches the class at the least turn level, so the port is that of the destination's nominal
 * position), or "slow" (the formula entry by entry). Most entries of a tree then cost two array
 * reads. The entries no class decides come last: the switch's own LIDs, its CAs' and those of the
 * switches above it.
 *
 * <p>Memory: 4 longs, 2 ints and a byte per class, 1 int per switch, 1 per nominal position.
 */
final class RowFiller {
  /** A class whose entries the full formula computes one by one. */
  private static final int SLOW = -1;

  /** A class every up group reaches at the least turn level: the port by nominal position. */
  private static final int ALL_UP = -2;

  private final DmodcFormula formula;
  private final Tree tree;
  private final int numClasses;
  private final byte[] kind;
  private final long[] mask;
  private final int[] classCode;
  private final int[] posPort;
  private final int[] downIndex;
  private final long[] scratch = new long[4];
  private int prepared = -1;

  RowFiller(DmodcFormula formula) {
    this.formula = formula;
    this.tree = formula.tree;
    this.numClasses = formula.costs.numClasses;
    this.kind = new byte[numClasses];
    this.mask = new long[4 * numClasses];
    this.classCode = new int[numClasses];
    this.posPort = new int[formula.maxWidth];
    this.downIndex = new int[tree.numSwitches];
    Arrays.fill(downIndex, -1);
  }

  /** The row of {@code sw}, LIDs 0 to the fabric's largest. */
  void fillRow(int sw, byte[] row) {
    prepare(sw);
    int combo = formula.comboOf[sw];
    int[] qm = combo < 0 ? null : formula.qmod[combo];
    int[] classOfLid = formula.classOfLid;
    row[0] = (byte) Routing.NO_ROUTE;
    for (int lid = 1; lid <= formula.maxLid; lid++) {
      int c = classOfLid[lid];
      if (c < 0) {
        row[lid] = (byte) Routing.NO_ROUTE;
        continue;
      }
      int code = classCode[c];
      if (code >= 0) {
        row[lid] = (byte) code;
        continue;
      }
      if (code == ALL_UP) {
        int port = posPort[qm[lid]];
        if (port >= 0) {
          row[lid] = (byte) port;
          continue;
        }
      }
      row[lid] = (byte) formula.entry(sw, lid, kind, mask, downIndex, scratch);
    }
    fixOwnAndAbove(sw, row);
  }

  private void fixOwnAndAbove(int sw, byte[] row) {
    Fabric fabric = tree.fabric;
    setAll(fabric, fabric.port(sw, 0), row, sw);
    for (int e = tree.endStart[sw]; e < tree.endStart[sw + 1]; e++) {
      setAll(fabric, tree.endPorts[e], row, sw);
    }
    if (tree.level[sw] < 0) {
      return;
    }
    Costs costs = formula.costs;
    int words = costs.words;
    for (int w = 0; w < words; w++) {
      long bits = costs.upSet[sw * words + w];
      while (bits != 0) {
        int t = 64 * w + Long.numberOfTrailingZeros(bits);
        bits &= bits - 1;
        if (t != sw) {
          setAll(fabric, fabric.port(t, 0), row, sw);
        }
      }
    }
  }

  private void setAll(Fabric fabric, int port, byte[] row, int sw) {
    int base = fabric.baseLid(port);
    for (int i = 0; base != 0 && i < 1 << fabric.lmc(port); i++) {
      row[base + i] = (byte) formula.entry(sw, base + i, kind, mask, downIndex, scratch);
    }
  }

  /** Kinds, masks and codes of every class at {@code sw}, and its children's down indices. */
  private void prepare(int sw) {
    if (prepared >= 0) {
      for (int k = tree.downStart[prepared]; k < tree.downStart[prepared + 1]; k++) {
        downIndex[tree.groupRemote[tree.down[k]]] = -1;
      }
    }
    prepared = sw;
    for (int k = tree.downStart[sw]; k < tree.downStart[sw + 1]; k++) {
      downIndex[tree.groupRemote[tree.down[k]]] = k - tree.downStart[sw];
    }
    Roles roles = formula.roles;
    for (int pos = 0; pos < roles.width[sw]; pos++) {
      int j = roles.nominal[roles.nominalStart[sw] + pos];
      int g = j < 0 ? -1 : tree.up[tree.upStart[sw] + j];
      posPort[pos] =
          g >= 0 && tree.groupSize(g) == 1 ? tree.groupPorts[tree.groupPortStart[g]] : -1;
    }
    int numUp = tree.upStart[sw + 1] - tree.upStart[sw];
    for (int c = 0; c < numClasses; c++) {
      kind[c] = formula.classMask(sw, c, mask, 4 * c);
      classCode[c] = code(sw, c, numUp);
    }
  }

  /** How {@link #fillRow} takes the entries of class {@code c}. */
  private int code(int sw, int c, int numUp) {
    if (kind[c] == DmodcFormula.NONE) {
      return Routing.NO_ROUTE;
    }
    int count = DmodcFormula.count(mask, 4 * c);
    if (kind[c] == DmodcFormula.DOWN) {
      if (count != 1) {
        return SLOW;
      }
      int g = tree.down[tree.downStart[sw] + DmodcFormula.nthBit(mask, 4 * c, 0)];
      return tree.groupSize(g) == 1 ? tree.groupPorts[tree.groupPortStart[g]] : SLOW;
    }
    return count == numUp && formula.variant == DmodcFormula.Variant.KEEP ? ALL_UP : SLOW;
  }
}
