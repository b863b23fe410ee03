package org.ibrouting.engines.dmodc;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;

/**
 * What the modulo of Dmodc counts over: per switch its up groups in a canonical order, the
 * <em>nominal</em> up groups it would have in the intact tree, and the divider taken before the
 * modulo.
 *
 * <p>The d-mod-k rule of a k-ary n-tree sends destination {@code d} up from a level-l switch by
 * port {@code (d / k^l) mod k}; it is contention-free for shift permutations because every switch
 * numbers its up ports alike, so that all routes to {@code d} meet at one top switch. Dmodc keeps
 * that numbering on trees cabled in any order and degraded by failures:
 *
 * <ul>
 *   <li>A switch's <em>role key</em> is its GUID rank at the top; below, the least key among the
 *       nominal parents of its level (the same for the switches of one "column" of the tree, in
 *       every pod).
 *   <li>The <em>nominal parents</em> of a switch are the union, over every switch of its level that
 *       shares a parent role with it (transitively), of their parents' role keys: in an intact
 *       k-ary n-tree a leaf's k parents, and a failed parent or a cut cable leaves a hole at its
 *       position instead of shifting the others. The count is the switch's width {@code w}; its up
 *       groups' positions are their ranks there.
 *   <li>The divider {@code Π} of a switch is 1 at the leaves and, above, the largest {@code Π * w *
 *       p} of its children ({@code p}: the most parallel links to one parent that a switch sharing
 *       the child's parent roles has), so that it is {@code k^l} in a k-ary n-tree and {@code w_1
 *       p_1 ... w_l p_l} in a PGFT, and one degraded child does not change it.
 * </ul>
 *
 * <p>Memory: 4 ints per switch and 2 per up group.
 */
final class Roles {
  /** The key of a switch without a role: below the top of its part, without parents with one. */
  static final int ROLELESS = Integer.MAX_VALUE;

  final int[] key;
  final int[] width;
  final int[] parallel;
  final int[] divider;

  /** Per entry of {@link Tree#up}: its group's position among the switch's nominal parents. */
  final int[] nominalPos;

  /** Per switch: {@code nominal[nominalStart[s] + pos]} is its up-list index at {@code pos}, -1. */
  final int[] nominalStart;

  int[] nominal;

  private Roles(Tree tree) {
    int n = tree.numSwitches;
    key = new int[n];
    width = new int[n];
    parallel = new int[n];
    divider = new int[n];
    nominalPos = new int[tree.up.length];
    nominalStart = new int[n + 1];
    for (int sw = 0; sw < n; sw++) {
      key[sw] = tree.guidRank[sw];
    }
  }

  /** The roles of {@code tree}; sorts each switch's up groups into the canonical order. */
  static Roles of(Tree tree) {
    Roles roles = new Roles(tree);
    int n = tree.numSwitches;
    int[] find = new int[n];
    int[] stamp = new int[n];
    int[] pos = new int[n];
    int[] size = new int[n];
    int[] least = new int[n];
    int[] top = new int[n];
    for (int sw = 0; sw < n; sw++) {
      top[tree.component[sw]] = Math.max(top[tree.component[sw]], tree.level[sw]);
    }
    for (int sw = 0; sw < n; sw++) {
      if (tree.level[sw] >= 0 && tree.level[sw] < top[tree.component[sw]]) {
        // below the top, a switch without parents has no role (keys are set level by level)
        roles.key[sw] = ROLELESS;
      }
    }
    for (int l = tree.maxLevel - 1; l >= 0; l--) {
      roles.levelBelow(tree, l, find, stamp, pos, size, least, top);
      roles.parallelByRole(tree, l, find, size, stamp);
    }
    int total = 0;
    for (int sw = 0; sw < n; sw++) {
      roles.nominalStart[sw] = total;
      total += roles.width[sw];
    }
    roles.nominalStart[n] = total;
    int[] nominal = new int[total];
    Arrays.fill(nominal, -1);
    for (int sw = 0; sw < n; sw++) {
      for (int k = tree.upStart[sw]; k < tree.upStart[sw + 1]; k++) {
        int at = roles.nominalStart[sw] + roles.nominalPos[k];
        if (roles.nominalPos[k] >= 0 && nominal[at] < 0) {
          nominal[at] = k - tree.upStart[sw];
        }
      }
    }
    roles.nominal = nominal;
    roles.dividers(tree);
    return roles;
  }

  /**
   * Keys, widths and nominal positions of the switches of level {@code l}, from the keys of level
   * {@code l + 1}: the parents' keys of each switch are joined (union-find over key values), and
   * each joined set, sorted, is the nominal parent list of every switch whose parents it holds.
   */
  private void levelBelow(
      Tree tree, int l, int[] find, int[] stamp, int[] pos, int[] size, int[] least, int[] top) {
    int mark = l + 1;
    LongArrayList keys = new LongArrayList();
    for (int i = tree.levelStart[l]; i < tree.levelStart[l + 1]; i++) {
      int sw = tree.byLevel[i];
      int anchor = -1;
      for (int k = tree.upStart[sw]; k < tree.upStart[sw + 1]; k++) {
        int kv = key[tree.groupRemote[tree.up[k]]];
        if (kv == ROLELESS) {
          continue;
        }
        if (stamp[kv] != mark) {
          stamp[kv] = mark;
          find[kv] = kv;
          keys.add(kv);
        }
        if (anchor < 0) {
          anchor = kv;
        } else {
          union(find, anchor, kv);
        }
      }
    }
    long[] byRoot = keys.toLongArray();
    for (int i = 0; i < byRoot.length; i++) {
      int kv = (int) byRoot[i];
      byRoot[i] = (long) root(find, kv) << 32 | kv;
    }
    Arrays.sort(byRoot);
    for (int i = 0; i < byRoot.length; ) {
      int r = (int) (byRoot[i] >>> 32);
      int j = i;
      for (; j < byRoot.length && (int) (byRoot[j] >>> 32) == r; j++) {
        pos[(int) byRoot[j]] = j - i;
      }
      size[r] = j - i;
      least[r] = (int) byRoot[i];
      i = j;
    }
    for (int i = tree.levelStart[l]; i < tree.levelStart[l + 1]; i++) {
      int sw = tree.byLevel[i];
      sortUp(tree, sw);
      int first = firstWithRole(tree, sw);
      if (first < 0) {
        // no parent with a role: the switch has none either, and counts its parents in order
        key[sw] =
            tree.upStart[sw + 1] > tree.upStart[sw] || l < top[tree.component[sw]]
                ? ROLELESS
                : tree.guidRank[sw];
        width[sw] = tree.upStart[sw + 1] - tree.upStart[sw];
        for (int k = tree.upStart[sw]; k < tree.upStart[sw + 1]; k++) {
          nominalPos[k] = k - tree.upStart[sw];
        }
        continue;
      }
      int r = root(find, key[tree.groupRemote[tree.up[first]]]);
      width[sw] = size[r];
      key[sw] = least[r];
      long taken = 0;
      for (int k = tree.upStart[sw]; k < tree.upStart[sw + 1]; k++) {
        int kv = key[tree.groupRemote[tree.up[k]]];
        nominalPos[k] = kv == ROLELESS ? -1 : pos[kv];
        taken |= kv == ROLELESS || pos[kv] >= 64 ? 0 : 1L << pos[kv];
      }
      // a parent without a role (it lost every link up) takes a free position, in order
      int free = 0;
      for (int k = tree.upStart[sw]; k < tree.upStart[sw + 1]; k++) {
        if (nominalPos[k] < 0) {
          while (free < Math.min(width[sw], 64) && (taken & 1L << free) != 0) {
            free++;
          }
          if (free < Math.min(width[sw], 64)) {
            nominalPos[k] = free;
            taken |= 1L << free;
          }
        }
      }
    }
  }

  /**
   * Per switch of level {@code l}: the most parallel links to one parent that a switch sharing its
   * parent roles has (so that a switch that lost one of its parallel links keeps the count of the
   * intact ones); {@code most} and {@code seen} are scratch arrays indexed by key.
   */
  private void parallelByRole(Tree tree, int l, int[] find, int[] most, int[] seen) {
    int mark = -(l + 1);
    for (int i = tree.levelStart[l]; i < tree.levelStart[l + 1]; i++) {
      int sw = tree.byLevel[i];
      int first = firstWithRole(tree, sw);
      parallel[sw] = mostParallel(tree, sw);
      if (first >= 0) {
        int r = root(find, key[tree.groupRemote[tree.up[first]]]);
        most[r] = seen[r] == mark ? Math.max(most[r], parallel[sw]) : parallel[sw];
        seen[r] = mark;
      }
    }
    for (int i = tree.levelStart[l]; i < tree.levelStart[l + 1]; i++) {
      int sw = tree.byLevel[i];
      int first = firstWithRole(tree, sw);
      if (first >= 0) {
        parallel[sw] = most[root(find, key[tree.groupRemote[tree.up[first]]])];
      }
    }
  }

  /** The most parallel links from {@code sw} to one of its parents. */
  private static int mostParallel(Tree tree, int sw) {
    int most = 0;
    for (int k = tree.upStart[sw]; k < tree.upStart[sw + 1]; k++) {
      most = Math.max(most, tree.groupSize(tree.up[k]));
    }
    return most;
  }

  /** The index into {@link Tree#up} of the first parent of {@code sw} with a role, or -1. */
  private int firstWithRole(Tree tree, int sw) {
    for (int k = tree.upStart[sw]; k < tree.upStart[sw + 1]; k++) {
      if (key[tree.groupRemote[tree.up[k]]] != ROLELESS) {
        return k;
      }
    }
    return -1;
  }

  /**
   * Sorts the up groups of {@code sw} by their far end's key, then its GUID rank: packed into longs
   * (key, rank, index), as a comparator sort of every switch's groups runs interpreted in a fresh
   * JVM.
   */
  private void sortUp(Tree tree, int sw) {
    int from = tree.upStart[sw];
    int count = tree.upStart[sw + 1] - from;
    if (count < 2) {
      return;
    }
    long[] packed = new long[count];
    for (int k = 0; k < count; k++) {
      int remote = tree.groupRemote[tree.up[from + k]];
      packed[k] = (long) key[remote] << 32 | (long) tree.guidRank[remote] << 8 | k;
    }
    Arrays.sort(packed);
    int[] groups = Arrays.copyOfRange(tree.up, from, from + count);
    for (int k = 0; k < count; k++) {
      tree.up[from + k] = groups[(int) (packed[k] & 0xFF)];
    }
  }

  private static int root(int[] find, int x) {
    while (find[x] != x) {
      find[x] = find[find[x]];
      x = find[x];
    }
    return x;
  }

  private static void union(int[] find, int a, int b) {
    int ra = root(find, a);
    int rb = root(find, b);
    if (ra != rb) {
      find[Math.max(ra, rb)] = Math.min(ra, rb);
    }
  }

  /** Dividers bottom-up: 1 at the leaves, the largest {@code Π w p} of the children above. */
  private void dividers(Tree tree) {
    for (int l = 0; l <= tree.maxLevel; l++) {
      for (int i = tree.levelStart[l]; i < tree.levelStart[l + 1]; i++) {
        int sw = tree.byLevel[i];
        long most = 1;
        for (int k = tree.downStart[sw]; k < tree.downStart[sw + 1]; k++) {
          int child = tree.groupRemote[tree.down[k]];
          most = Math.max(most, (long) divider[child] * width[child] * parallel[child]);
        }
        divider[sw] = (int) Math.min(most, 1 << 30);
      }
    }
  }
}
