package org.ibrouting.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
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
 * refuses it) with a fresh instance of the first engine of the chain, on the command's threads (so
 * that the parallel parts are compiled too), up to {@link #ROUTES} times, and the command's routing
 * starts on compiled code. Once the command's own routing starts (or the command ends) the warm-up
 * is stopped: its engine's next progress report throws, which every built-in engine reaches within
 * a phase of its route on that small fabric. {@code route} starts it only when it may use more than
 * one thread. The warm-up starts before picocli reads the command line ({@link #startEarly}), from
 * a reading of its options by name, and {@code route} keeps it when picocli reads the same.
 *
 * <p>Nothing is shared with the command's routing: its own engine instance (built-in engines only;
 * an engine from {@code IBROUTING_CLASSPATH} may not expect a second instance to run), fabric,
 * settings (those of the command's {@code -P} settings the engine reads, a job map for sar and the
 * torus's configuration for torus-2QoS, never the command's files) and options (the command's seed,
 * VL limit and threads); its failures are ignored. So the tables are the same with it or without
 * it. {@code IBROUTING_WARMUP=off} in the environment, or {@code -Dibrouting.warmup=off}, turns it
 * off.
 */
final class EngineWarmUp {
  /** Routes of the generated fabric at most. */
  static final int ROUTES = 6;

  /** The generated fabrics tried in turn, until the engine accepts one. */
  static final String[] FABRICS = {"ktree 8 3", "torus 4,4,4 1"};

  /** The warm-up started last (tests). */
  private static volatile EngineWarmUp last;

  /**
   * The warm-up {@link #startEarly} started on this thread, until {@link #start} takes or stops it:
   * picocli runs the command on the thread that called {@link IbRouting#run}, and commands run at
   * once on other threads keep theirs apart.
   */
  private static final ThreadLocal<EngineWarmUp> early = new ThreadLocal<>();

  /** How long {@link #stopEarly} waits for a warm-up that no command took to end. */
  private static final long STOP_WAIT_MILLIS = 2000;

  private final String spec;

  /** The engine's own settings of the command's; the warm-up adds its fabric's files. */
  private final EngineConfig settings;

  private final RoutingOptions options;
  private volatile boolean stopped;
  private volatile int routes;
  private volatile boolean endedMidRoute;

  /** Tests: the progress report at which the warm-up stops itself (counted only then). */
  private long stopAtReport = Long.MAX_VALUE;

  private final AtomicLong reports = new AtomicLong();
  private Thread thread;

  private EngineWarmUp(String spec, EngineConfig settings, RoutingOptions options) {
    this.spec = spec;
    this.settings = settings;
    this.options = options.withProgress(stoppingProgress());
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
    EngineWarmUp started = takeEarly();
    if (!enabled()) {
      stop(started);
      return null;
    }
    String first = engines.split(",", 2)[0].trim();
    EngineConfig own;
    try {
      own =
          EngineConfig.none()
              .withParams(params)
              .onlyParams(Engines.settingsOf(Engines.nameOf(first)));
      if (started != null && started.warms(first, own, options)) {
        last = started;
        return started;
      }
      stop(started);
      if (!Engines.create(first, own).getClass().getName().startsWith("org.ibrouting.engines.")) {
        return null;
      }
    } catch (RuntimeException e) {
      stop(started);
      return null;
    }
    EngineWarmUp warmUp = new EngineWarmUp(first, own, options);
    warmUp.thread = new Thread(warmUp::run, "ibrouting-warm-up");
    warmUp.thread.setDaemon(true);
    try {
      warmUp.thread.start();
    } catch (OutOfMemoryError e) {
      // no thread to be had: the command runs without a warm-up
      return null;
    }
    last = warmUp;
    return warmUp;
  }

  /** Whether this warm-up runs {@code spec} with {@code settings} and {@code options}. */
  private boolean warms(String spec, EngineConfig settings, RoutingOptions options) {
    return this.spec.equals(spec)
        && this.settings.equals(settings)
        && this.options.seed() == options.seed()
        && this.options.threads() == options.threads()
        && this.options.maxVls() == options.maxVls();
  }

  private static void stop(EngineWarmUp warmUp) {
    if (warmUp != null) {
      warmUp.stop();
    }
  }

  /**
   * Starts the warm-up of the {@code route} command line {@code args} before picocli reads it:
   * building picocli's model of the commands takes a fresh JVM about 150 ms, in which the warm-up
   * gets through most of its routes. The options it needs (engines, settings, seed, VL limit,
   * threads) are read here by name only; {@link #start}, called with picocli's reading, keeps this
   * warm-up when the two agree and stops it otherwise, and {@link #stopEarly} stops one that no
   * command took. Nothing starts for other commands, for an argument file ({@code @FILE}), for a
   * value that is not a number where one is expected, or with one thread.
   */
  static void startEarly(String... args) {
    try {
      RouteLine line = RouteLine.read(args);
      if (line != null && line.options().threads() > 1) {
        EngineWarmUp warmUp = start(line.engines(), line.params(), line.options());
        if (warmUp != null) {
          early.set(warmUp);
        }
      }
    } catch (Error e) {
      // an engine provider that does not load, no thread to be had: the command goes on without a
      // warm-up, and says what is wrong when it meets it itself
    }
  }

  /**
   * Stops the warm-up {@link #startEarly} started on this thread if no {@link #start} took it, and
   * waits for it to end (a stopped warm-up ends at its engine's next progress report).
   */
  static void stopEarly() {
    EngineWarmUp warmUp = takeEarly();
    if (warmUp != null) {
      warmUp.stop();
      try {
        warmUp.thread.join(STOP_WAIT_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** The warm-up {@link #startEarly} started on this thread, no longer kept there; or null. */
  private static EngineWarmUp takeEarly() {
    EngineWarmUp warmUp = early.get();
    early.remove();
    return warmUp;
  }

  /**
   * The options of a {@code route} command line that a warm-up reads, found by their names as
   * picocli would find them: {@code -R x}, {@code -Rx}, {@code -R=x}, {@code --routing-engine x},
   * {@code --routing-engine=x}, and so for {@code -P}/{@code --param}, {@code --seed}, {@code
   * --max-vls} and {@code --threads}.
   */
  record RouteLine(String engines, Map<String, String> params, RoutingOptions options) {
    private static final Set<String> KNOWN =
        Set.of("-R", "--routing-engine", "-P", "--param", "--seed", "--max-vls", "--threads");

    /** The route command line {@code args} read, or null when it is not one this reading knows. */
    static RouteLine read(String... args) {
      if (args.length == 0 || !args[0].equals("route")) {
        return null;
      }
      String engines = null;
      Map<String, String> params = new LinkedHashMap<>();
      long seed = 0;
      int maxVls = RoutingOptions.DEFAULT_MAX_VLS;
      int threads = RoutingOptions.defaultThreads();
      try {
        for (int i = 1; i < args.length; i++) {
          String arg = args[i];
          if (arg.equals("--") || arg.startsWith("@")) {
            return null;
          }
          String name = arg;
          String value = null;
          int equals = arg.indexOf('=');
          if (arg.startsWith("--") && equals > 0) {
            name = arg.substring(0, equals);
            value = arg.substring(equals + 1);
          } else if (arg.length() > 2 && (arg.startsWith("-R") || arg.startsWith("-P"))) {
            name = arg.substring(0, 2);
            value = arg.substring(arg.charAt(2) == '=' ? 3 : 2);
          }
          if (!KNOWN.contains(name)) {
            continue;
          }
          if (value == null) {
            if (i + 1 == args.length) {
              return null;
            }
            value = args[++i];
          }
          switch (name) {
            case "-R", "--routing-engine" -> engines = value;
            case "--seed" -> seed = Long.parseLong(value);
            case "--max-vls" -> maxVls = Integer.parseInt(value);
            case "--threads" -> threads = Integer.parseInt(value);
            default -> {
              int at = value.indexOf('=');
              if (at < 0) {
                return null;
              }
              params.put(value.substring(0, at), value.substring(at + 1));
            }
          }
        }
        return engines == null
            ? null
            : new RouteLine(
                engines,
                params,
                new RoutingOptions(seed, threads, maxVls, ProgressListener.SILENT));
      } catch (IllegalArgumentException e) {
        // not a number, or out of range: picocli or the command will say so
        return null;
      }
    }
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

  /** Whether the warm-up's thread is still running (tests). */
  boolean running() {
    return thread.isAlive();
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
                .with(EngineInputs.JOBS, jobsOf(fabric))
                .with(
                    EngineInputs.TORUS_CONFIG,
                    topology.kind().equals("torus") ? topology.torusConfig() : null);
        RoutingEngine engine = Engines.create(spec, config);
        while (routes < ROUTES && !stopped) {
          engine.route(fabric, options);
          routes++;
        }
        return;
      } catch (Throwable e) {
        // a warm-up must not reach the command: neither its output nor its exit status
        if (stopped) {
          // Stopped, thrown by a progress report, or an engine's wrapping of it
          endedMidRoute = true;
          return;
        }
        if (routes > 0) {
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
   * progress report, on two threads: {@link #runHere} runs it from the calling thread (tests).
   */
  static EngineWarmUp stoppingAt(String engine, long report) {
    EngineWarmUp warmUp =
        new EngineWarmUp(engine, EngineConfig.none(), RoutingOptions.defaults().withThreads(2));
    warmUp.stopAtReport = report;
    return warmUp;
  }

  /** Runs the warm-up on the calling thread (tests). */
  void runHere() {
    run();
  }

  /**
   * A progress listener that ends the warm-up's current route once the warm-up is stopped. The
   * reports may come from several threads at once.
   */
  private ProgressListener stoppingProgress() {
    return (phase, done, total) -> {
      if (stopAtReport != Long.MAX_VALUE && reports.incrementAndGet() >= stopAtReport) {
        stopped = true;
      }
      if (stopped) {
        throw new Stopped();
      }
    };
  }
}
