package org.ibrouting.bench;

import java.util.concurrent.TimeUnit;
import org.ibrouting.engines.BuiltinEngines;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.Topologies;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Routing time of an engine on k-ary 3-trees (k^3 CAs: 64, 512, 4,096). The fabric is generated
 * in the trial setup, so only {@code route()} is measured. Run, for example:
 * {@code java -jar benchmarks/target/benchmarks.jar RoutingBenchmark -p engine=lash -p k=16}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx8g"})
public class RoutingBenchmark {
  /** The engine's OpenSM name. */
  @Param({"lash"})
  public String engine;

  /** The tree's arity: a k-ary 3-tree has k^3 CAs and 3k^2 switches. */
  @Param({"4", "8", "16"})
  public int k;

  private Fabric fabric;
  private RoutingEngine routingEngine;
  private RoutingOptions options;

  /** Generates the fabric and creates the engine. */
  @Setup(Level.Trial)
  public void setUp() {
    fabric = Topologies.kAryNTree(k, 3);
    routingEngine = BuiltinEngines.create(engine, EngineConfig.none());
    options = RoutingOptions.defaults();
  }

  /** Routes the whole fabric once. */
  @Benchmark
  public Routing route() throws RoutingException {
    return routingEngine.route(fabric, options);
  }
}
