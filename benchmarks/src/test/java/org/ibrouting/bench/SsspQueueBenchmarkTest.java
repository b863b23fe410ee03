package org.ibrouting.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link SsspQueueBenchmark}'s copy of sssp's loop routes as the engine does, so that its {@code
 * fifo} variant differs from the engine only by the queue.
 */
class SsspQueueBenchmarkTest {
  @ParameterizedTest
  @ValueSource(ints = {4, 8})
  void theHeapCopyBuildsTheEnginesTrees(int k) {
    long engine = run(k, "engine");
    assertEquals(engine, run(k, "heap"), "every switch's port towards every LID");
    assertNotEquals(engine, run(k, "fifo"), "without a priority queue the trees are not sssp's");
  }

  private static long run(int k, String queue) {
    SsspQueueBenchmark benchmark = new SsspQueueBenchmark();
    benchmark.k = k;
    benchmark.queue = queue;
    benchmark.setUp();
    return benchmark.routeAllLids();
  }
}
