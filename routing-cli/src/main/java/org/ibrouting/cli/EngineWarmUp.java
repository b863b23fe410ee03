package org.ibrouting.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.routing.ProgressListener;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.simulation.JobList;
import org.ibrouting.topology.TopologySpec;

/**
 * Gets an engine's code compiled while {@code route} reads its fabric. A fresh JVM runs an engine's
 * loops interpreted, then in profiling code, for its first few hundred destinations: on the 16-ary
 * 3-tree about a third of sssp's routing phase (issue 20). So, before the fabric is read, a daemon
 * thread routes a small generated fabric (an 8-ary 3-tree, or a 4x4x4 torus for an engine that
 * refuses it) with a fresh instance of the first engine of the chain, on one thread, up to {@link
 * #ROUTES} times, and the command's routing starts on compiled code. Once the command's own routing
 * starts (or the command ends) the warm-up is stopped: its engine's next progress report throws,
 * which every built-in engine reaches within a phase of its route on that small fabric. {@code
 * route} starts it only when it may use more than one thread.
 *
 * <p>Nothing is shared with the command's routing: its own engine instance (built-in engines only;
 * an engine from {@code IBROUTING_CLASSPATH} may not expect a second instance to run), fabric,
 * settings (those of the command's {@code -P} settings the engine reads, a job map for sar and the
 * torus's configuration for torus-2QoS, never the command's files) and options (the command's seed
 * and VL limit); its failures are ignored. So the tables are the same with it or without it. {@code
 * IBROUTING_WARMUP=off} in the environment, or {@code -Dibrouting.warmup=off}, turns it off.
 */
final class EngineWarmUp {
  /** Routes of the generated fabric at most. */
  static final int ROUTES = 3;

  /** The generated fabrics tried in turn, until the engine accepts one. */
  static final String[] FABRICS = {"ktree 8 3", "torus 4,4,4 1"};

  /** The warm-up started last (tests). */
  private static volatile EngineWarmUp last;

  private final String spec;

  /** The engine's own settings of the command's; the warm-up adds its fabric's files. */
  private final EngineConfig settings;

  private final RoutingOptions options;
  private volatile boolean stopped;
  private volatile int routes;
  private volatile boolean endedMidRoute;

  /** Tests: the progress report at which the warm-up stops itself. */
  private long stopAtReport = Long.MAX_VALUE;

  private long reports;
  private Thread thread;

  private EngineWarmUp(String spec, EngineConfig settings, RoutingOptions options) {
    this.spec = spec;
    this.settings = settings;
    this.options = options.withThreads(1).withProgress(stoppingProgress());
  }

  /** Thrown through the warm-up's engine by its progress report once the warm-up is stopped. */
  static final class Stopped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Stopped() {
      super("warm-up stopped", null, false, false);
    }
  }

  /**
   * Starts warming up the first engine of the chain {@code engines} with the settings {@code
   * params}; returns the warm-up to {@link #stop}, or null when it is turned off or the engine is
   * not one of ibrouting's (or not known: the command reports that).
   */
  static EngineWarmUp start(String engines, Map<String, String> params, RoutingOptions options) {
    if (!enabled()) {
      return null;
    }
    String first = engines.split(",", 2)[0].trim();
    EngineConfig own;
    try {
      own =
          EngineConfig.none()
              .withParams(params)
              .onlyParams(Engines.settingsOf(Engines.nameOf(first)));
      if (!Engines.create(first, own).getClass().getName().startsWith("org.ibrouting.engines.")) {
        return null;
      }
    } catch (RuntimeException e) {
      return null;
    }
    EngineWarmUp warmUp = new EngineWarmUp(first, own, options);
    warmUp.thread = new Thread(warmUp::run, "ibrouting-warm-up");
    warmUp.thread.setDaemon(true);
    warmUp.thread.start();
    last = warmUp;
    return warmUp;
  }

  /** Whether warm-ups run: not when {@code ibrouting.warmup} or IBROUTING_WARMUP is "off". */
  static boolean enabled() {
    String setting = System.getProperty("ibrouting.warmup", System.getenv("IBROUTING_WARMUP"));
    return !"off".equalsIgnoreCase(setting);
  }

  /** Stops the warm-up at its engine's next progress report; a stopped warm-up routes no more. */
  void stop() {
    stopped = true;
  }

  /** The warm-up started last, or null (tests). */
  static EngineWarmUp last() {
    return last;
  }

  /** Whether {@link #stop} was called (or the warm-up stopped itself). */
  boolean stopped() {
    return stopped;
  }

  /** The routes of the generated fabric finished so far. */
  int routes() {
    return routes;
  }

  /** Waits for the warm-up's thread to end (tests). */
  void join() throws InterruptedException {
    thread.join();
  }

  private void run() {
    for (String fabricSpec : FABRICS) {
      try {
        TopologySpec topology = TopologySpec.parse(fabricSpec);
        Fabric fabric = topology.build();
        EngineConfig config =
            settings
                .withJobs(jobsOf(fabric))
                .withTorusConfig(topology.kind().equals("torus") ? topology.torusConfig() : null);
        RoutingEngine engine = Engines.create(spec, config);
        while (routes < ROUTES && !stopped) {
          engine.route(fabric, options);
          routes++;
        }
        return;
      } catch (Stopped e) {
        endedMidRoute = true;
        return;
      } catch (Throwable e) {
        // a warm-up must not reach the command: neither its output nor its exit status
        if (routes > 0 || stopped) {
          return;
        }
        // refused (or failed on) this fabric before a first route: try the next
      }
    }
  }

  /** A job map for sar: the CAs of {@code fabric} in jobs of 8, in node order. */
  private static JobList jobsOf(Fabric fabric) {
    List<String> pairs = new ArrayList<>();
    int cas = 0;
    for (int node = 0; node < fabric.numNodes(); node++) {
      if (fabric.nodeType(node) == NodeType.CA) {
        pairs.add("0x" + Long.toHexString(fabric.nodeGuid(node)));
        pairs.add("job" + cas++ / 8);
      }
    }
    return JobList.of(pairs.toArray(new String[0]));
  }

  /** Whether the warm-up ended inside a route, at a progress report after {@link #stop}. */
  boolean endedMidRoute() {
    return endedMidRoute;
  }

  /**
   * A warm-up of {@code engine} that is not started and stops itself at its {@code report}-th
   * progress report: {@link #runHere} runs it on the calling thread (tests).
   */
  static EngineWarmUp stoppingAt(String engine, long report) {
    EngineWarmUp warmUp = new EngineWarmUp(engine, EngineConfig.none(), RoutingOptions.defaults());
    warmUp.stopAtReport = report;
    return warmUp;
  }

  /** Runs the warm-up on the calling thread (tests). */
  void runHere() {
    run();
  }

  /**
   * A progress listener that ends the warm-up's current route once the warm-up is stopped. The
   * warm-up routes on one thread, so reports come one at a time.
   */
  private ProgressListener stoppingProgress() {
    return (phase, done, total) -> {
      if (++reports >= stopAtReport) {
        stopped = true;
      }
      if (stopped) {
        throw new Stopped();
      }
    };
  }
}
