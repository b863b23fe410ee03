package org.ibrouting.engines.multiupdn;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.paths.HopMatrix;
import org.ibrouting.paths.HopTable;

/**
 * The roots of the Up*&#47;Down* trees, chosen as Flich et al. choose them, per connected component
 * of the switch graph (a tree needs one root in every component it is to cover):
 *
 * <ol>
 *   <li>roots given by the root GUID file come first, in file order;
 *   <li>the first chosen root is the switch with the least total hop distance to the switches of
 *       its component;
 *   <li>every further root maximises its least distance to the roots already chosen (the second is
 *       the switch farthest from the first); among those, the one whose distances to the chosen
 *       roots are most equal (least max - min), then the least total distance, then the lowest
 *       switch index (OpenSM's switch order, the rule {@code updn} uses for its single root).
 * </ol>
 *
 * A component with fewer switches than trees reuses its roots in turn.
 */
final class TreeRoots {
  private TreeRoots() {}

  /**
   * {@code roots[t]}: the root switches of tree t, one per component.
   *
   * @param preset switches from the root GUID file, in file order (may be empty)
   */
  static int[][] choose(Fabric fabric, HopMatrix hops, int[] preset, int numTrees) {
    int n = fabric.numSwitches();
    int[] component = new int[n];
    Arrays.fill(component, -1);
    IntArrayList firsts = new IntArrayList();
    for (int sw = 0; sw < n; sw++) {
      if (component[sw] < 0) {
        int id = firsts.size();
        firsts.add(sw);
        for (int other = sw; other < n; other++) {
          if (hops.least(sw, other) != HopTable.NO_PATH) {
            component[other] = id;
          }
        }
      }
    }
    long[] total = new long[n];
    for (int sw = 0; sw < n; sw++) {
      for (int other = 0; other < n; other++) {
        int d = hops.least(sw, other);
        if (d != HopTable.NO_PATH) {
          total[sw] += d;
        }
      }
    }
    int[][] roots = new int[numTrees][firsts.size()];
    for (int c = 0; c < firsts.size(); c++) {
      IntArrayList chosen = new IntArrayList();
      for (int sw : preset) {
        if (component[sw] == c && !chosen.contains(sw) && chosen.size() < numTrees) {
          chosen.add(sw);
        }
      }
      while (chosen.size() < numTrees) {
        int next = next(hops, component, c, total, chosen);
        if (next < 0) {
          break;
        }
        chosen.add(next);
      }
      for (int t = 0; t < numTrees; t++) {
        roots[t][c] = chosen.getInt(t % chosen.size());
      }
    }
    return roots;
  }

  /** The next root of component {@code c}, or -1 when every switch of it is a root already. */
  private static int next(
      HopMatrix hops, int[] component, int c, long[] total, IntArrayList chosen) {
    int best = -1;
    int bestMin = -1;
    int bestSpread = 0;
    for (int sw = 0; sw < component.length; sw++) {
      if (component[sw] != c || chosen.contains(sw)) {
        continue;
      }
      int min = Integer.MAX_VALUE;
      int max = 0;
      for (int i = 0; i < chosen.size(); i++) {
        int d = hops.least(sw, chosen.getInt(i));
        min = Math.min(min, d);
        max = Math.max(max, d);
      }
      if (chosen.isEmpty()) {
        min = 0;
      }
      int spread = max - min;
      boolean better =
          best < 0
              || min > bestMin
              || min == bestMin
                  && (spread < bestSpread || spread == bestSpread && total[sw] < total[best]);
      if (better) {
        best = sw;
        bestMin = min;
        bestSpread = spread;
      }
    }
    return best;
  }
}
