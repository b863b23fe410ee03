package org.ibrouting.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link SsspQueueBenchmark}'s {@code heap} variant (every tree by Dijkstra, every switch scanned)
 * gives every switch the same port towards every LID as the engine (compared through a 64-bit
 * checksum), and its {@code fifo} variant does not.
 */
class SsspQueueBenchmarkTest {
  @ParameterizedTest
  @ValueSource(ints = {4, 8})
  void dijkstraOverEverySwitchBuildsTheEnginesTrees(int k) {
    long engine = run(k, "engine");
    assertEquals(engine, run(k, "heap"), "every switch's port towards every LID");
    assertNotEquals(engine, run(k, "fifo"), "without a priority queue ties go other ways");
    long settled = run(k, "engine", false);
    assertEquals(settled, run(k, "heap", false), "switches settled, as the timed runs return");
    assertEquals(settled, run(k, "fifo", false), "every switch settled once per LID");
  }

  private static long run(int k, String variant) {
    return run(k, variant, true);
  }

  private static long run(int k, String variant, boolean checksum) {
    SsspQueueBenchmark benchmark = new SsspQueueBenchmark();
    benchmark.k = k;
    benchmark.variant = variant;
    benchmark.checksum = checksum;
    benchmark.setUp();
    return benchmark.routeAllLids();
  }
}
