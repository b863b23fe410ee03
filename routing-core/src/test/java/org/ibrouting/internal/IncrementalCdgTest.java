package org.ibrouting.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.ibrouting.topology.Failures;
import org.junit.jupiter.api.Test;

/**
 * The dynamic topological order against a plain depth-first search on random candidate graphs, from
 * any starting order; the climbing order of a fat tree.
 */
class IncrementalCdgTest {
  /**
   * Random candidate graphs of up to 30 channels: labels from packed as tightly as the channels
   * allow (most moves relabel their neighbours, often the whole order) to a thousand times looser
   * (relabelling now and then, over small windows) and to unbounded room ({@code roomBits} 11:
   * never relabelling); two or three graphs sharing one workspace, changed in turns (stamps of one
   * never confuse another); graphs that keep no use counts ({@link IncrementalCdg#usedOnce},
   * nue's): the same answers, and adding a dependency that is present is refused.
   */
  @Property(tries = 700)
  void agreesWithDepthFirstSearch(
      @ForAll @IntRange(min = 1, max = 30) int n,
      @ForAll @IntRange(min = 0, max = 6) int degree,
      @ForAll @IntRange(min = 0, max = 11) int roomBits,
      @ForAll @IntRange(min = 1, max = 3) int instances,
      @ForAll boolean usedOnce,
      @ForAll long seed) {
    long room = roomBits == 11 ? Long.MAX_VALUE : (long) (n + 1) << roomBits;
    check(n, degree, 4, seed, room, instances, usedOnce);
  }

  /** Channels with more candidate dependencies than a word of presence bits, of uneven degree. */
  @Property(tries = 20)
  void agreesWithDepthFirstSearchOnWideChannels(
      @ForAll @IntRange(min = 1, max = 12) int n,
      @ForAll @IntRange(min = 60, max = 140) int degree,
      @ForAll long seed) {
    check(n, degree, 1, seed, Long.MAX_VALUE, 1, false);
  }

  /**
   * Random dependencies added (absent ones by either entry) and removed, against a plain search, in
   * {@code instances} graphs over one workspace, each step on one of them at random; the order
   * starts as the identity or, for odd seeds, as a random permutation, which may change the work
   * but no answer. {@code usedOnce}: graphs without use counts, to which a present dependency is
   * never added (that is refused).
   */
  private static void check(
      int n,
      int maxDegree,
      int stepsPerEdge,
      long seed,
      long labelSpan,
      int instances,
      boolean usedOnce) {
    Random random = new Random(seed);
    int[] edgeStart = new int[n + 1];
    for (int c = 0; c < n; c++) {
      edgeStart[c + 1] =
          edgeStart[c] + (maxDegree == 0 ? 0 : maxDegree / 2 + random.nextInt(maxDegree / 2 + 1));
    }
    int[] edgeTarget = new int[edgeStart[n]];
    int[] edgeSource = new int[edgeStart[n]];
    for (int c = 0; c < n; c++) {
      for (int e = edgeStart[c]; e < edgeStart[c + 1]; e++) {
        edgeTarget[e] = random.nextInt(n);
        edgeSource[e] = c;
      }
    }
    IncrementalCdg.Graph graph = new IncrementalCdg.Graph(edgeStart, edgeTarget);
    int[] initial = (seed & 1) != 0 ? Failures.permutation(n, random) : null;
    IncrementalCdg.Workspace work = new IncrementalCdg.Workspace(n);
    IncrementalCdg[] cdgs = new IncrementalCdg[instances];
    boolean[][] presents = new boolean[instances][edgeTarget.length];
    for (int i = 0; i < instances; i++) {
      cdgs[i] = new IncrementalCdg(graph, work, initial, labelSpan, !usedOnce);
    }
    for (int step = 0; step < instances * stepsPerEdge * edgeTarget.length; step++) {
      int which = random.nextInt(instances);
      IncrementalCdg cdg = cdgs[which];
      boolean[] present = presents[which];
      if (step == 2 * edgeTarget.length) {
        cdg.clear();
        java.util.Arrays.fill(present, false);
      }
      int e = random.nextInt(edgeTarget.length);
      int source = edgeSource[e];
      if (present[e] && random.nextInt(3) == 0) {
        cdg.remove(e);
        present[e] = false;
        continue;
      }
      if (usedOnce && present[e]) {
        assertThrows(IllegalStateException.class, () -> cdg.tryAdd(e));
        assertEquals(1, cdg.count(e));
        continue;
      }
      boolean closesCycle =
          !present[e] && reaches(edgeStart, edgeTarget, present, edgeTarget[e], source);
      int before = cdg.count(e);
      boolean added = tryAdd(cdg, e, source, edgeTarget[e], !present[e], random);
      assertEquals(!closesCycle, added, "edge " + source + " -> " + edgeTarget[e]);
      assertEquals(added ? before + 1 : before, cdg.count(e));
      if (added) {
        present[e] = true;
        if (cdg.count(e) > 1) {
          cdg.remove(e);
        }
      }
      for (int q = 0; q < 3; q++) {
        int a = random.nextInt(n);
        int b = random.nextInt(n);
        assertEquals(
            reaches(edgeStart, edgeTarget, present, a, b), cdg.reaches(a, b), a + " ~> " + b);
      }
      for (int x = 0; x < edgeTarget.length; x++) {
        assertEquals(present[x], cdg.contains(x));
        if (present[x]) {
          assertTrue(
              cdg.order(edgeSource[x]) < cdg.order(edgeTarget[x]) || edgeSource[x] == edgeTarget[x],
              "order is not topological at edge " + x);
        }
      }
      assertNull(cdg.channelOrder().inconsistency());
    }
  }

  /** Adds slot {@code e}; an {@code absent} one half the time by {@code tryAddAbsent}. */
  private static boolean tryAdd(
      IncrementalCdg cdg, int e, int source, int target, boolean absent, Random random) {
    return absent && random.nextBoolean() ? cdg.tryAddAbsent(e, source, target) : cdg.tryAdd(e);
  }

  @Test
  void refusesAnInitialOrderThatIsNoPermutation() {
    IncrementalCdg.Graph graph = new IncrementalCdg.Graph(new int[] {0, 1, 1}, new int[] {1});
    assertThrows(
        IllegalArgumentException.class,
        () -> new IncrementalCdg(graph, new IncrementalCdg.Workspace(2), new int[] {1, 1}));
    assertThrows(
        IllegalArgumentException.class,
        () -> new IncrementalCdg(graph, new IncrementalCdg.Workspace(2), new int[] {0}));
    IncrementalCdg cdg =
        new IncrementalCdg(graph, new IncrementalCdg.Workspace(2), new int[] {1, 0});
    assertTrue(cdg.order(1) < cdg.order(0));
    assertTrue(cdg.tryAdd(0));
    assertTrue(cdg.order(0) < cdg.order(1));
    cdg.clear();
    assertTrue(cdg.order(1) < cdg.order(0), "clear() returns to the initial order");
  }

  @Test
  void aGraphWithoutUseCountsAddsADependencyOnce() {
    IncrementalCdg.Graph graph = new IncrementalCdg.Graph(new int[] {0, 1, 2}, new int[] {1, 0});
    IncrementalCdg cdg =
        IncrementalCdg.usedOnce(graph, new IncrementalCdg.Workspace(2), new int[] {1, 0});
    assertTrue(cdg.tryAdd(0));
    assertEquals(1, cdg.count(0));
    assertThrows(IllegalStateException.class, () -> cdg.tryAdd(0));
    assertFalse(cdg.tryAdd(1));
    cdg.remove(0);
    assertFalse(cdg.contains(0));
    assertThrows(IllegalStateException.class, () -> cdg.remove(0));
    assertTrue(cdg.tryAddAbsent(1, 1, 0));
    cdg.clear();
    assertEquals(0, cdg.count(1));
    assertTrue(cdg.order(1) < cdg.order(0), "clear() returns to the initial order");
  }

  @Test
  void refusesSelfLoopsAndCountsUses() {
    IncrementalCdg cdg =
        new IncrementalCdg(new IncrementalCdg.Graph(new int[] {0, 2, 3}, new int[] {0, 1, 0}));
    assertFalse(cdg.tryAdd(0));
    assertTrue(cdg.tryAdd(1));
    assertTrue(cdg.tryAdd(1));
    assertEquals(2, cdg.count(1));
    assertFalse(cdg.tryAdd(2));
    cdg.remove(1);
    assertFalse(cdg.tryAdd(2));
    cdg.remove(1);
    assertTrue(cdg.tryAdd(2));
    assertThrows(IllegalStateException.class, () -> cdg.remove(0));
    cdg.clear();
    assertFalse(cdg.contains(2));
  }

  private static boolean reaches(
      int[] edgeStart, int[] edgeTarget, boolean[] present, int from, int to) {
    boolean[] seen = new boolean[edgeStart.length - 1];
    int[] stack = new int[seen.length];
    int top = 0;
    stack[top++] = from;
    seen[from] = true;
    while (top > 0) {
      int c = stack[--top];
      if (c == to) {
        return true;
      }
      for (int e = edgeStart[c]; e < edgeStart[c + 1]; e++) {
        if (present[e] && !seen[edgeTarget[e]]) {
          seen[edgeTarget[e]] = true;
          stack[top++] = edgeTarget[e];
        }
      }
    }
    return false;
  }
}
