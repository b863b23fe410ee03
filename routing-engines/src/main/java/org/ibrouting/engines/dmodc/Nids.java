package org.ibrouting.engines.dmodc;

import it.unimi.dsi.fastutil.ints.IntArrays;
import java.util.Arrays;
import org.ibrouting.fabric.Fabric;

/**
 * Node identifiers: the number each destination's modulo works on. As d-mod-k numbers the CAs of a
 * k-ary n-tree leaf by leaf and pod by pod, the leaves here are ordered by the subtrees that hold
 * them, from the top down (per level, the least-ranked leaf below the leaf's ancestors of that
 * level; then the leaf's own GUID rank), and each subtree gets as many slots as the largest subtree
 * of its level, each leaf as many as the leaf with the most end ports: a missing leaf or a leaf
 * with few CAs leaves a gap (OpenSM's ftree fills such gaps with "dummy" destinations), so every
 * other destination keeps its number. A leaf's end ports take its slots in port order.
 *
 * <p>A switch's own LID gets the number of a destination whose d-mod-k route passes through it (a
 * leaf takes its first slot; see {@link #switchNids}).
 *
 * <p>Memory: 2 ints per switch and per LID.
 */
final class Nids {
  /** Above this many slots the gaps are dropped: leaves then follow each other without them. */
  private static final long MAX_SLOTS = 1L << 30;

  /** Per LID its node identifier, -1 for a LID no switch delivers. */
  final int[] nidOfLid;

  /** Per switch: its own LID's identifier. */
  final int[] switchNid;

  private Nids(int[] nidOfLid, int[] switchNid) {
    this.nidOfLid = nidOfLid;
    this.switchNid = switchNid;
  }

  static Nids of(Tree tree, Roles roles) {
    Fabric fabric = tree.fabric;
    int[] leaves = Arrays.copyOfRange(tree.byLevel, tree.levelStart[0], tree.levelStart[1]);
    int[][] keys = subtreeKeys(tree, leaves);
    IntArrays.mergeSort(leaves, (a, b) -> compare(keys[a], keys[b]));
    int perLeaf = 1;
    for (int leaf : leaves) {
      perLeaf = Math.max(perLeaf, tree.numEndPorts(leaf));
    }
    long[] slot = slots(leaves, keys);
    long total = slot[leaves.length];
    int[] leafNid = new int[tree.numSwitches];
    for (int i = 0; i < leaves.length; i++) {
      leafNid[leaves[i]] =
          (int) (total * perLeaf <= MAX_SLOTS ? slot[i] * perLeaf : (long) i * perLeaf);
    }
    int[] nidOfLid = new int[fabric.maxLid() + 1];
    Arrays.fill(nidOfLid, -1);
    for (int leaf : leaves) {
      for (int e = tree.endStart[leaf]; e < tree.endStart[leaf + 1]; e++) {
        setLids(fabric, nidOfLid, tree.endPorts[e], leafNid[leaf] + e - tree.endStart[leaf]);
      }
    }
    int[] switchNid = switchNids(tree, roles, leafNid);
    for (int sw = 0; sw < tree.numSwitches; sw++) {
      setLids(fabric, nidOfLid, fabric.port(sw, 0), switchNid[sw]);
    }
    return new Nids(nidOfLid, switchNid);
  }

  /** Gives the LIDs of {@code port} the identifier {@code nid} (its LMC offset is added later). */
  private static void setLids(Fabric fabric, int[] nidOfLid, int port, int nid) {
    int base = fabric.baseLid(port);
    for (int i = 0; base != 0 && i < 1 << fabric.lmc(port); i++) {
      nidOfLid[base + i] = nid;
    }
  }

  /**
   * Per leaf its sort key: component (by its least-ranked leaf), then per level from the top the
   * least-ranked leaf below its ancestors of that level ({@code MAX_VALUE} where it has none), then
   * its own rank among the leaves.
   */
  private static int[][] subtreeKeys(Tree tree, int[] leaves) {
    int n = tree.numSwitches;
    int top = tree.maxLevel;
    int[][] keys = new int[n][];
    int[] leafRank = new int[n];
    long[] byGuid = new long[leaves.length];
    for (int i = 0; i < leaves.length; i++) {
      byGuid[i] = (long) tree.guidRank[leaves[i]] << 32 | leaves[i];
    }
    Arrays.sort(byGuid);
    for (int i = 0; i < byGuid.length; i++) {
      leafRank[(int) byGuid[i]] = i;
    }
    int[] least = new int[n];
    Arrays.fill(least, Integer.MAX_VALUE);
    for (int l = 0; l <= top; l++) {
      for (int i = tree.levelStart[l]; i < tree.levelStart[l + 1]; i++) {
        int sw = tree.byLevel[i];
        least[sw] = l == 0 ? leafRank[sw] : least[sw];
        for (int k = tree.upStart[sw]; k < tree.upStart[sw + 1]; k++) {
          int parent = tree.groupRemote[tree.up[k]];
          least[parent] = Math.min(least[parent], least[sw]);
        }
      }
    }
    int[] compLeast = new int[n];
    Arrays.fill(compLeast, Integer.MAX_VALUE);
    for (int leaf : leaves) {
      keys[leaf] = new int[top + 2];
      keys[leaf][top + 1] = leafRank[leaf];
      compLeast[tree.component[leaf]] = Math.min(compLeast[tree.component[leaf]], leafRank[leaf]);
    }
    int[] below = new int[n];
    for (int l = top; l >= 1; l--) {
      // below[s]: the least leaf under s's level-l ancestors, carried down from level l
      for (int m = l; m >= 0; m--) {
        for (int i = tree.levelStart[m]; i < tree.levelStart[m + 1]; i++) {
          int sw = tree.byLevel[i];
          int v = m == l ? least[sw] : Integer.MAX_VALUE;
          for (int k = tree.upStart[sw]; m < l && k < tree.upStart[sw + 1]; k++) {
            v = Math.min(v, below[tree.groupRemote[tree.up[k]]]);
          }
          below[sw] = v;
        }
      }
      for (int leaf : leaves) {
        keys[leaf][top + 1 - l] = below[leaf];
      }
    }
    for (int leaf : leaves) {
      keys[leaf][0] = compLeast[tree.component[leaf]];
    }
    return keys;
  }

  private static int compare(int[] a, int[] b) {
    return Arrays.compare(a, b);
  }

  /**
   * Per leaf (in sorted order) its slot: the mixed-radix number of its positions in the subtrees of
   * each level, each radix the most children a subtree of that level has; {@code
   * slots[leaves.length]} is the total.
   */
  private static long[] slots(int[] leaves, int[][] keys) {
    int depth = leaves.length == 0 ? 0 : keys[leaves[0]].length;
    int[][] digit = new int[leaves.length][depth];
    long[] radix = new long[depth];
    Arrays.fill(radix, 1);
    for (int d = 0; d < depth; d++) {
      int children = 0;
      for (int i = 0; i < leaves.length; i++) {
        boolean newParent = i == 0 || !samePrefix(keys[leaves[i]], keys[leaves[i - 1]], d);
        if (newParent) {
          children = 0;
        }
        if (newParent || keys[leaves[i]][d] != keys[leaves[i - 1]][d]) {
          children++;
        }
        digit[i][d] = children - 1;
        radix[d] = Math.max(radix[d], children);
      }
    }
    long[] slot = new long[leaves.length + 1];
    long total = 1;
    for (int d = 0; d < depth && total <= MAX_SLOTS; d++) {
      total *= radix[d];
    }
    for (int i = 0; i < leaves.length; i++) {
      long s = 0;
      for (int d = 0; d < depth; d++) {
        s = Math.min(s * radix[d] + digit[i][d], MAX_SLOTS);
      }
      slot[i] = s;
    }
    slot[leaves.length] = Math.min(total, MAX_SLOTS + 1);
    return slot;
  }

  private static boolean samePrefix(int[] a, int[] b, int length) {
    return Arrays.equals(a, 0, length, b, 0, length);
  }

  /**
   * Switch identifiers: a leaf's first slot; above, the sum over a chain down to a leaf (each step
   * to the child with the least role key, then GUID rank) of each switch's position among its
   * child's nominal parents times the child's divider: the d-mod-k route of that number from any
   * leaf climbs through switches of the chain's roles to the switch. Positions and dividers are
   * those of roles, so a failed link below the switch does not change its number.
   */
  private static int[] switchNids(Tree tree, Roles roles, int[] leafNid) {
    int n = tree.numSwitches;
    int[] nid = new int[n];
    for (int sw = 0; sw < n; sw++) {
      if (tree.level[sw] == 0) {
        nid[sw] = leafNid[sw];
      } else if (tree.level[sw] > 0) {
        long sum = 0;
        for (int x = sw; tree.level[x] > 0; ) {
          int child = -1;
          int pos = 0;
          for (int k = tree.downStart[x]; k < tree.downStart[x + 1]; k++) {
            int c = tree.groupRemote[tree.down[k]];
            if (child < 0
                || roles.key[c] < roles.key[child]
                || roles.key[c] == roles.key[child] && tree.guidRank[c] < tree.guidRank[child]) {
              child = c;
            }
          }
          for (int k = tree.upStart[child]; k < tree.upStart[child + 1]; k++) {
            if (tree.groupRemote[tree.up[k]] == x) {
              pos = Math.max(0, roles.nominalPos[k]);
            }
          }
          sum += (long) pos * roles.divider[child];
          x = child;
        }
        nid[sw] = (int) Math.min(sum, Integer.MAX_VALUE);
      }
    }
    return nid;
  }
}
