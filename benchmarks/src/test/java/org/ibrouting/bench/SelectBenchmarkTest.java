package org.ibrouting.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The three ways of {@link SelectBenchmark} choose what a plain least-distance search chooses. */
class SelectBenchmarkTest {
  @Test
  void everyWayChoosesTheFirstLeastCandidate() {
    SelectBenchmark b = new SelectBenchmark();
    b.setUp();
    // equal candidates, so that a way keeping the last of equal ones or merging its chains in the
    // wrong order fails: two switches' candidates all alike, one with its least twice
    for (int l = 0; l < SelectBenchmark.CANDIDATES; l++) {
      b.far[l] = 0;
      b.weight[l] = 5;
    }
    b.far[SelectBenchmark.CANDIDATES + 7] = b.far[SelectBenchmark.CANDIDATES + 21];
    b.weight[SelectBenchmark.CANDIDATES + 7] = 1;
    b.weight[SelectBenchmark.CANDIDATES + 21] = 1;
    int switches = SelectBenchmark.LINKS / SelectBenchmark.CANDIDATES;
    long[] least = new long[switches];
    int[] from = new int[switches];
    for (int s = 0; s < switches; s++) {
      least[s] = Long.MAX_VALUE;
      for (int l = s * SelectBenchmark.CANDIDATES; l < (s + 1) * SelectBenchmark.CANDIDATES; l++) {
        long candidate = b.dist[b.far[l]] + b.weight[l];
        if (candidate < least[s]) {
          least[s] = candidate;
          from[s] = l;
        }
      }
    }
    assertTrue(from[0] == 0 && from[1] == SelectBenchmark.CANDIDATES + 7);
    assertArrayEquals(from, b.leastWithBranch().clone(), "with a branch");
    assertArrayEquals(least, b.best.clone());
    assertArrayEquals(from, b.leastWithoutBranch().clone(), "without a branch");
    assertArrayEquals(least, b.best.clone());
    assertArrayEquals(from, b.leastOfFourChains().clone(), "four chains");
    assertArrayEquals(least, b.best.clone());
  }
}
