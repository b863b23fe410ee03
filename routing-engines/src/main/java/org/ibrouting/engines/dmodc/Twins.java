package org.ibrouting.engines.dmodc;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;

/**
 * Switches whose Dmodc rows are equal but for their own LIDs: those of one level and part of the
 * fabric with the same switch neighbours on the same port numbers (the leaves of a pod, the spines
 * of one column of a k-ary n-tree). Every input of the formula at such a switch is the same (its
 * parents, hence its turn levels, roles, divider and nominal positions; its children, hence its way
 * down; the switches above it), except the destinations that are the switch itself or its CAs. So
 * one row per set is computed ({@link #templates}) and copied to the others ({@link #copies}),
 * which then recompute the entries of the two switches' own LIDs.
 *
 * <p>Memory: 1 int per switch.
 */
final class Twins {
  /** Per switch: the switch whose row it copies (itself for a template). */
  final int[] templateOf;

  private final IntArrayList templates = new IntArrayList();
  private final IntArrayList copies = new IntArrayList();

  private Twins(int n) {
    templateOf = new int[n];
  }

  static Twins of(Tree tree) {
    int n = tree.numSwitches;
    Twins twins = new Twins(n);
    Long2ObjectOpenHashMap<IntArrayList> bySignature = new Long2ObjectOpenHashMap<>();
    for (int sw = 0; sw < n; sw++) {
      twins.templateOf[sw] = sw;
      if (tree.level[sw] >= 0) {
        IntArrayList candidates =
            bySignature.computeIfAbsent(signature(tree, sw), key -> new IntArrayList());
        for (int i = 0; i < candidates.size(); i++) {
          if (same(tree, candidates.getInt(i), sw)) {
            twins.templateOf[sw] = candidates.getInt(i);
            break;
          }
        }
        if (twins.templateOf[sw] == sw) {
          candidates.add(sw);
        }
      }
      (twins.templateOf[sw] == sw ? twins.templates : twins.copies).add(sw);
    }
    return twins;
  }

  int[] templates() {
    return templates.toIntArray();
  }

  int[] copies() {
    return copies.toIntArray();
  }

  private static long signature(Tree tree, int sw) {
    long h = tree.level[sw] * 31L + tree.component[sw];
    for (int k = tree.downStart[sw]; k < tree.downStart[sw + 1]; k++) {
      h = group(tree, tree.down[k], h * 1_000_003L);
    }
    for (int k = tree.upStart[sw]; k < tree.upStart[sw + 1]; k++) {
      h = group(tree, tree.up[k], h * 998_244_353L);
    }
    return h;
  }

  private static long group(Tree tree, int g, long h) {
    long x = h + tree.groupRemote[g];
    for (int i = tree.groupPortStart[g]; i < tree.groupPortStart[g + 1]; i++) {
      x = x * 131 + tree.groupPorts[i];
    }
    return x;
  }

  /** Whether {@code a} and {@code b} have the same switch groups (far ends and ports), in order. */
  private static boolean same(Tree tree, int a, int b) {
    if (tree.level[a] != tree.level[b]
        || tree.component[a] != tree.component[b]
        || tree.downStart[a + 1] - tree.downStart[a] != tree.downStart[b + 1] - tree.downStart[b]
        || tree.upStart[a + 1] - tree.upStart[a] != tree.upStart[b + 1] - tree.upStart[b]) {
      return false;
    }
    for (int k = 0; k < tree.downStart[a + 1] - tree.downStart[a]; k++) {
      if (!sameGroup(tree, tree.down[tree.downStart[a] + k], tree.down[tree.downStart[b] + k])) {
        return false;
      }
    }
    for (int k = 0; k < tree.upStart[a + 1] - tree.upStart[a]; k++) {
      if (!sameGroup(tree, tree.up[tree.upStart[a] + k], tree.up[tree.upStart[b] + k])) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameGroup(Tree tree, int g, int h) {
    if (tree.groupRemote[g] != tree.groupRemote[h] || tree.groupSize(g) != tree.groupSize(h)) {
      return false;
    }
    for (int i = 0; i < tree.groupSize(g); i++) {
      if (tree.groupPorts[tree.groupPortStart[g] + i]
          != tree.groupPorts[tree.groupPortStart[h] + i]) {
        return false;
      }
    }
    return true;
  }
}
