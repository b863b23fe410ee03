package org.ibrouting.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The dynamic topological order against a plain depth-first search on random candidate graphs. */
class IncrementalCdgTest {
  @Property(tries = 200)
  void agreesWithDepthFirstSearch(@ForAll @IntRange(min = 1, max = 30) int n,
      @ForAll @IntRange(min = 0, max = 6) int degree, @ForAll long seed) {
    Random random = new Random(seed);
    int[] edgeStart = new int[n + 1];
    int[] edgeTarget = new int[n * degree];
    for (int c = 0; c < n; c++) {
      edgeStart[c + 1] = edgeStart[c] + degree;
      for (int k = 0; k < degree; k++) {
        edgeTarget[c * degree + k] = random.nextInt(n);
      }
    }
    IncrementalCdg cdg = new IncrementalCdg(new IncrementalCdg.Graph(edgeStart, edgeTarget));
    boolean[] present = new boolean[edgeTarget.length];
    for (int step = 0; step < 4 * edgeTarget.length; step++) {
      if (edgeTarget.length == 0) {
        break;
      }
      int e = random.nextInt(edgeTarget.length);
      int source = e / degree;
      if (present[e] && random.nextInt(3) == 0) {
        cdg.remove(e);
        present[e] = false;
        continue;
      }
      boolean closesCycle = !present[e] && reaches(edgeStart, edgeTarget, present, edgeTarget[e], source);
      int before = cdg.count(e);
      boolean added = cdg.tryAdd(e);
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
        assertEquals(reaches(edgeStart, edgeTarget, present, a, b), cdg.reaches(a, b), a + " ~> " + b);
      }
      for (int x = 0; x < edgeTarget.length; x++) {
        if (present[x]) {
          assertTrue(cdg.order(x / degree) < cdg.order(edgeTarget[x]) || x / degree == edgeTarget[x],
              "order is not topological at edge " + x);
        }
      }
    }
  }

  @Test
  void refusesSelfLoopsAndCountsUses() {
    IncrementalCdg cdg = new IncrementalCdg(new IncrementalCdg.Graph(new int[] {0, 2, 3}, new int[] {0, 1, 0}));
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

  private static boolean reaches(int[] edgeStart, int[] edgeTarget, boolean[] present, int from, int to) {
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
