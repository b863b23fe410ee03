package org.ibrouting.engines.dmodc;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.routing.RoutingException;

/**
 * The cost of every up*&#47;down* route, as Dmodc's preprocessing computes it: from switch {@code
 * s} to a destination switch {@code t}, the lowest level at which a route can turn from going up to
 * going down, the <em>turn level</em> (the route then has {@code 2 * turn - level(s) - level(t)}
 * hops). It is the least level of a switch reachable upwards from both.
 *
 * <p>Destinations with the same set of parents share their turn levels from every switch but
 * themselves and those below them: they form a <em>class</em> (in an intact k-ary n-tree the leaves
 * of one pod, the switches of one column), and the table holds one byte per (switch, class). For a
 * switch {@code s} and class {@code c}, with {@code A_c} the switches reachable upwards from the
 * class's parents: {@code turn(s, c) = level(s)} when {@code s} is in {@code A_c} (the destinations
 * lie below {@code s}), else the least turn level of its parents. A switch reaches a destination
 * above it ({@link #upSet}) at the destination's own level.
 *
 * <p>Cost: one pass over the up links per class (the rows of one level in parallel); memory: one
 * byte per (switch, class) and one bit per pair of switches twice ({@code upSet}, {@code
 * ancestors}). An intact k-ary 3-tree has 2k + 1 classes.
 */
final class Costs {
  /** The turn level of a destination that no up*&#47;down* route reaches. */
  static final byte UNREACHABLE = Byte.MAX_VALUE;

  final int numClasses;
  final int[] classOf;
  final int words;

  /** Per switch, {@code words} longs: the switches reachable upwards from it, itself included. */
  final long[] upSet;

  /** Per class, {@code words} longs: the switches reachable upwards from its parents. */
  final long[] ancestors;

  /** {@code turn[s * numClasses + c]}: the turn level from switch {@code s} to class {@code c}. */
  final byte[] turn;

  /** Per class, one of its switches. */
  final int[] member;

  private Costs(Tree tree, int numClasses, int[] classOf, int[] member) {
    int n = tree.numSwitches;
    this.numClasses = numClasses;
    this.classOf = classOf;
    this.member = member;
    this.words = (n + 63) >>> 6;
    this.upSet = new long[n * words];
    this.ancestors = new long[numClasses * words];
    this.turn = new byte[n * numClasses];
  }

  /** The costs of {@code tree}, computed on {@code threads} threads. */
  static Costs of(Tree tree, int threads) {
    int n = tree.numSwitches;
    int[] classOf = new int[n];
    Arrays.fill(classOf, -1);
    Object2IntOpenHashMap<IntArrayList> classes = new Object2IntOpenHashMap<>();
    IntArrayList members = new IntArrayList();
    for (int sw = 0; sw < n; sw++) {
      if (tree.level[sw] < 0) {
        continue;
      }
      int[] parents = new int[tree.upStart[sw + 1] - tree.upStart[sw]];
      for (int k = 0; k < parents.length; k++) {
        parents[k] = tree.groupRemote[tree.up[tree.upStart[sw] + k]];
      }
      Arrays.sort(parents);
      int c = classes.computeIfAbsent(IntArrayList.wrap(parents), key -> classes.size());
      if (c == members.size()) {
        members.add(sw);
      }
      classOf[sw] = c;
    }
    Costs costs = new Costs(tree, classes.size(), classOf, members.toIntArray());
    costs.upSets(tree);
    costs.ancestorSets(tree);
    costs.turnLevels(tree, threads);
    return costs;
  }

  private void upSets(Tree tree) {
    for (int l = tree.maxLevel; l >= 0; l--) {
      for (int i = tree.levelStart[l]; i < tree.levelStart[l + 1]; i++) {
        int sw = tree.byLevel[i];
        int base = sw * words;
        upSet[base + (sw >>> 6)] |= 1L << sw;
        for (int k = tree.upStart[sw]; k < tree.upStart[sw + 1]; k++) {
          int from = tree.groupRemote[tree.up[k]] * words;
          for (int w = 0; w < words; w++) {
            upSet[base + w] |= upSet[from + w];
          }
        }
      }
    }
  }

  private void ancestorSets(Tree tree) {
    for (int c = 0; c < numClasses; c++) {
      int sw = member[c];
      for (int k = tree.upStart[sw]; k < tree.upStart[sw + 1]; k++) {
        int from = tree.groupRemote[tree.up[k]] * words;
        for (int w = 0; w < words; w++) {
          ancestors[c * words + w] |= upSet[from + w];
        }
      }
    }
  }

  boolean inAncestors(int c, int sw) {
    return (ancestors[c * words + (sw >>> 6)] & 1L << sw) != 0;
  }

  /** Whether {@code t} is {@code s} or reachable upwards from it. */
  boolean above(int s, int t) {
    return (upSet[s * words + (t >>> 6)] & 1L << t) != 0;
  }

  /** Turn levels level by level from the top; the rows of one level in parallel. */
  private void turnLevels(Tree tree, int threads) {
    int n = tree.numSwitches;
    for (int sw = 0; sw < n; sw++) {
      if (tree.level[sw] < 0) {
        Arrays.fill(turn, sw * numClasses, (sw + 1) * numClasses, UNREACHABLE);
      }
    }
    for (int l = tree.maxLevel; l >= 0; l--) {
      int from = tree.levelStart[l];
      int count = tree.levelStart[l + 1] - from;
      Parallel.run(
          count,
          Parallel.threadsFor(count * Math.max(1, numClasses / 64), threads),
          () -> i -> turnRow(tree, tree.byLevel[from + i]));
    }
  }

  private void turnRow(Tree tree, int sw) {
    int c0 = sw * numClasses;
    Arrays.fill(turn, c0, c0 + numClasses, UNREACHABLE);
    for (int k = tree.upStart[sw]; k < tree.upStart[sw + 1]; k++) {
      int u0 = tree.groupRemote[tree.up[k]] * numClasses;
      for (int c = 0; c < numClasses; c++) {
        byte t = turn[u0 + c];
        if (t < turn[c0 + c]) {
          turn[c0 + c] = t;
        }
      }
    }
    byte own = (byte) tree.level[sw];
    int word = sw >>> 6;
    long bit = 1L << sw;
    for (int c = 0; c < numClasses; c++) {
      if ((ancestors[c * words + word] & bit) != 0) {
        turn[c0 + c] = own;
      }
    }
  }

  /**
   * Refuses when two leaves that switch links join have no up*&#47;down* route between them (every
   * route between them would turn from going down to going up): Dmodc cannot route such a pair
   * deadlock-free.
   */
  void requireLeavesRouted(Tree tree) throws RoutingException {
    for (int c = 0; c < numClasses; c++) {
      int t = member[c];
      if (tree.level[t] != 0 || tree.upStart[t + 1] == tree.upStart[t]) {
        continue;
      }
      for (int i = tree.levelStart[0]; i < tree.levelStart[1]; i++) {
        int s = tree.byLevel[i];
        if (tree.component[s] == tree.component[t] && turn[s * numClasses + c] == UNREACHABLE) {
          Fabric fabric = tree.fabric;
          throw new RoutingException(
              RoutingException.Reason.DISCONNECTED,
              "dmodc: "
                  + fabric.portName(tree.endPorts[tree.endStart[s]])
                  + " on leaf "
                  + fabric.nodeName(s)
                  + " has no up*/down* route to "
                  + fabric.portName(tree.endPorts[tree.endStart[t]])
                  + " on leaf "
                  + fabric.nodeName(t)
                  + ", though links join them: no switch reachable upwards from both leaves"
                  + " (failures cut the tree between them); route with updn or minhop");
        }
      }
    }
  }
}
