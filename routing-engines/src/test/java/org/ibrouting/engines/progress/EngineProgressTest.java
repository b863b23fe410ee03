package org.ibrouting.engines.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.Engines;
import org.ibrouting.engines.testing.JobLists;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.ProgressListener;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every engine of the registry reports its progress: at least one phase, each with counts that
 * never fall, stay within a fixed total and end at it, one phase after the other, and never two
 * calls at once (worker threads report one at a time).
 */
class EngineProgressTest {
  @TempDir Path dir;

  /** What a listener saw. */
  static final class Recorder implements ProgressListener {
    final List<String> phases = new ArrayList<>();
    final Map<String, List<long[]>> calls = new LinkedHashMap<>();
    private final AtomicInteger inside = new AtomicInteger();
    volatile String overlap;

    @Override
    public void progress(String phase, long done, long total) {
      if (inside.incrementAndGet() != 1) {
        overlap = phase + " " + done + "/" + total;
      }
      try {
        synchronized (this) {
          if (phases.isEmpty() || !phases.get(phases.size() - 1).equals(phase)) {
            phases.add(phase);
          }
          calls.computeIfAbsent(phase, p -> new ArrayList<>()).add(new long[] {done, total});
        }
      } finally {
        inside.decrementAndGet();
      }
    }

    void assertWellFormed(String engine) {
      assertEquals(null, overlap, engine + ": two progress calls at once");
      assertFalse(phases.isEmpty(), engine + " reports no progress");
      assertEquals(
          phases.size(),
          calls.size(),
          engine + ": a phase came back after another began: " + phases);
      for (String phase : phases) {
        assertTrue(
            phase.startsWith(engine + ": "),
            engine + ": phase '" + phase + "' does not name the engine");
        List<long[]> seen = calls.get(phase);
        long total = seen.get(0)[1];
        long previous = 0;
        for (long[] call : seen) {
          assertEquals(total, call[1], phase + ": the total changed");
          assertTrue(
              call[0] >= previous && call[0] <= total && call[0] >= 0,
              phase + ": " + call[0] + " after " + previous + " of " + total);
          previous = call[0];
        }
        assertEquals(total, previous, phase + ": ends at " + previous + " of " + total);
      }
    }
  }

  static Stream<String> engines() {
    return Engines.names().stream();
  }

  /**
   * Each engine on a fabric it routes (a 4-ary 3-tree; a torus for dor and torus-2QoS), one thread.
   */
  @ParameterizedTest
  @MethodSource("engines")
  void everyEngineReportsMonotoneProgressEndingAtTotal(String engine) throws Exception {
    Fabric fabric = fabricFor(engine);
    Recorder recorder = new Recorder();
    Engines.create(engine, configFor(engine, fabric))
        .route(fabric, RoutingOptions.defaults().withThreads(1).withProgress(recorder));
    recorder.assertWellFormed(engine);
  }

  /**
   * Every engine stops at its first progress report once its options' cancellation says so, with
   * the {@link CancellationException} the caller handles, and reports nothing.
   */
  @ParameterizedTest
  @MethodSource("engines")
  void everyEngineStopsWhenCancelled(String engine) throws Exception {
    Fabric fabric = fabricFor(engine);
    Recorder recorder = new Recorder();
    RoutingOptions options =
        RoutingOptions.defaults()
            .withThreads(2)
            .withProgress(recorder)
            .withCancellation(() -> true);
    RoutingEngine routing = Engines.create(engine, configFor(engine, fabric));
    assertThrows(CancellationException.class, () -> routing.route(fabric, options));
    assertTrue(recorder.phases.isEmpty(), engine + " reported " + recorder.phases);
  }

  private static Fabric fabricFor(String engine) {
    boolean torus = engine.equals("dor") || engine.equals("torus-2QoS");
    return torus ? Topologies.torus(new int[] {4, 4}, 2) : Topologies.kAryNTree(4, 3);
  }

  private static EngineConfig configFor(String engine, Fabric fabric) throws Exception {
    EngineConfig config = EngineConfig.none();
    if (engine.equals("torus-2QoS")) {
      config =
          config.with(EngineInputs.TORUS_CONFIG, Topologies.torusConfig(new int[] {4, 4}, 2, true));
    }
    if (engine.equals("sar")) {
      StringBuilder jobs = new StringBuilder();
      for (int node = fabric.numSwitches(); node < fabric.numNodes(); node++) {
        jobs.append(String.format("0x%016x job%d%n", fabric.nodeGuid(node), node % 3));
      }
      config = config.with(EngineInputs.JOBS, JobLists.parse(jobs.toString()));
    }
    return config;
  }

  /**
   * With worker threads (192 switches, above the sequential threshold) the counts still only grow.
   */
  @ParameterizedTest
  @ValueSource(strings = {"minhop", "updn", "dnup", "multiupdn", "dfsssp"})
  void workerThreadsReportOneAtATimeInOrder(String engine) throws Exception {
    Recorder recorder = new Recorder();
    Engines.create(engine, EngineConfig.none())
        .route(
            Topologies.kAryNTree(8, 3),
            RoutingOptions.defaults().withThreads(4).withProgress(recorder));
    recorder.assertWellFormed(engine);
  }

  /** lash reports its layer assignment by switch pairs, so that its percentage tracks the work. */
  @Test
  void lashCountsPairsNotRows() throws Exception {
    Recorder recorder = new Recorder();
    Fabric fabric = Topologies.kAryNTree(4, 3);
    Engines.create("lash", EngineConfig.none())
        .route(fabric, RoutingOptions.defaults().withProgress(recorder));
    long n = fabric.numSwitches();
    List<long[]> layers = recorder.calls.get("lash: layers");
    assertEquals(n * (n - 1) / 2, layers.get(0)[1]);
    assertEquals(n - 1, layers.get(0)[0], "the first row holds n - 1 pairs");
  }
}
