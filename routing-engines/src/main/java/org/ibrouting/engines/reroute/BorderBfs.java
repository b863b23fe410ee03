package org.ibrouting.engines.reroute;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import org.ibrouting.fabric.Fabric;

/**
 * Hop labels of a set of switches (the affected ones of a destination) whose neighbours outside the
 * set already know theirs: each member starts at the label its caller seeded (1 + the best label of
 * a usable neighbour outside, or {@link #INF}), and labels then spread inside the set, a member
 * taking 1 + the label of a member it may hop to. A breadth-first search with one bucket per label,
 * so it costs O(members x ports) plus the largest label.
 *
 * <p>Memory: 2 ints per switch.
 */
// not SwitchBfs: labels seeded from outside the set, spread only inside it, bucket by bucket
final class BorderBfs {
  /** No label. */
  static final int INF = Integer.MAX_VALUE;

  /** Whether the hop {@code from -> to} between two members may be taken. */
  interface Hop {
    boolean allowed(int from, int to);
  }

  private final Fabric fabric;
  private final int[] stamp;
  private int mark;
  private IntArrayList[] buckets = new IntArrayList[8];

  BorderBfs(Fabric fabric) {
    this.fabric = fabric;
    this.stamp = new int[fabric.numSwitches()];
  }

  /** Marks {@code members[from..to)} as the set; the previous set is forgotten. */
  void members(int[] members, int from, int to) {
    if (++mark == Integer.MAX_VALUE) {
      Arrays.fill(stamp, 0);
      mark = 1;
    }
    for (int i = from; i < to; i++) {
      stamp[members[i]] = mark;
    }
  }

  /** Whether {@code sw} is in the current set. */
  boolean contains(int sw) {
    return stamp[sw] == mark;
  }

  /**
   * Spreads the seeded {@code label}s of the members {@code members[from..to)} (all in the current
   * set) over the hops {@code hop} allows, lowering labels only; {@code eligible} (may be null)
   * limits which members may take a label from another. Fills {@code order} with the members in
   * ascending final label (unlabelled ones left out) and returns how many it holds.
   */
  int spread(
      int[] members, int from, int to, int[] label, Hop hop, boolean[] eligible, int[] order) {
    int maxLabel = -1;
    for (int i = from; i < to; i++) {
      int l = label[members[i]];
      if (l != INF) {
        push(l, members[i]);
        maxLabel = Math.max(maxLabel, l);
      }
    }
    int count = 0;
    for (int l = 0; l <= maxLabel; l++) {
      IntArrayList bucket = l < buckets.length ? buckets[l] : null;
      if (bucket == null) {
        continue;
      }
      for (int k = 0; k < bucket.size(); k++) {
        int sw = bucket.getInt(k);
        if (label[sw] != l) {
          continue;
        }
        order[count++] = sw;
        for (int i = 0; i < fabric.outDegree(sw); i++) {
          int channel = fabric.outChannel(sw, i);
          int prev = fabric.channelHead(channel);
          if (prev < fabric.numSwitches()
              && prev != sw
              && contains(prev)
              && (eligible == null || eligible[prev])
              && label[prev] > l + 1
              && hop.allowed(prev, sw)) {
            label[prev] = l + 1;
            push(l + 1, prev);
            maxLabel = Math.max(maxLabel, l + 1);
          }
        }
      }
      bucket.clear();
    }
    return count;
  }

  private void push(int l, int sw) {
    if (l >= buckets.length) {
      buckets = Arrays.copyOf(buckets, Math.max(l + 1, buckets.length * 2));
    }
    if (buckets[l] == null) {
      buckets[l] = new IntArrayList();
    }
    buckets[l].add(sw);
  }
}
