package org.ibrouting.bench;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.JobListReader;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.Topologies;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Routing time of an engine on k-ary 3-trees (k^3 CAs: 64, 512, 4,096). The fabric is generated in
 * the trial setup, so only {@code route()} is measured. Run, for example: {@code java -jar
 * benchmarks/target/benchmarks.jar RoutingBenchmark -p engine=lash -p k=16}. {@code -p jobs=N}
 * hands every engine (SAR reads it) a seeded job map: random CAs in jobs of 2..N nodes until 90% of
 * the CAs are busy; {@code -p threads=1} routes on one worker thread (0: all cores).
 */
@Warmup(iterations = 2)
public class RoutingBenchmark extends SingleShotBenchmark {
  /** The engine's OpenSM name. */
  @Param({"lash"})
  public String engine;

  /** The tree's arity: a k-ary 3-tree has k^3 CAs and 3k^2 switches. */
  @Param({"4", "8", "16"})
  public int k;

  /** Largest job of the seeded job map, or 0 for no job map. */
  @Param({"0"})
  public int jobs;

  /** Worker threads, or 0 for the default (all cores). */
  @Param({"0"})
  public int threads;

  private Fabric fabric;
  private RoutingEngine routingEngine;
  private RoutingOptions options;

  /** Generates the fabric and creates the engine. */
  @Setup(Level.Trial)
  public void setUp() throws IOException {
    fabric = Topologies.kAryNTree(k, 3);
    EngineConfig config = EngineConfig.none();
    if (jobs > 0) {
      config =
          config.with(
              EngineInputs.JOBS,
              JobListReader.parse(new StringReader(randomJobs(fabric, jobs, 42)), "random jobs"));
    }
    routingEngine = Engines.create(engine, config);
    options = RoutingOptions.defaults();
    if (threads > 0) {
      options = options.withThreads(threads);
    }
  }

  /** Random CAs (by node GUID) in jobs of 2..maxJob nodes, until 90% are busy. */
  static String randomJobs(Fabric fabric, int maxJob, long seed) {
    List<Integer> cas = new ArrayList<>();
    for (int node = fabric.numSwitches(); node < fabric.numNodes(); node++) {
      cas.add(node);
    }
    Random random = new Random(seed);
    Collections.shuffle(cas, random);
    StringBuilder text = new StringBuilder();
    int next = 0;
    for (int job = 0; next < 0.9 * cas.size() && cas.size() - next >= 2; job++) {
      int size = Math.min(2 + random.nextInt(maxJob - 1), cas.size() - next);
      for (int i = 0; i < size; i++) {
        text.append(String.format("0x%016x job%d%n", fabric.nodeGuid(cas.get(next++)), job));
      }
    }
    return text.toString();
  }

  /** Routes the whole fabric once. */
  @Benchmark
  public Routing route() throws RoutingException {
    return routingEngine.route(fabric, options);
  }
}
