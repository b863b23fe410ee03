package org.ibrouting.engines;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.ibrouting.engines.EngineAdvice.Candidate;
import org.ibrouting.engines.EngineAdvice.Verdict;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * Chooses the engine for a fabric: routes it with every registered engine that applies (or with the
 * engines named), several at once where the threads allow and each under a time budget, checks and
 * scores every routing alike, and picks the best one a subnet manager may load. What {@code
 * ibrouting advise} prints and {@code -R best} routes by.
 *
 * <p>An engine is left out, with the reason, when its provider says it does not apply ({@link
 * EngineProvider#whyNotApplicable}: sar without a job map, torus-2QoS without its torus-2QoS.conf),
 * when it refuses (its {@link RoutingException}: dor on a fabric that is not a mesh), when it takes
 * longer than the budget (its options' {@link org.ibrouting.routing.Cancellation} stops it at its
 * next progress report, and it is no longer waited for), when its tables leave a pair of CAs
 * undelivered that the fabric connects, or when it is not deadlock-free within {@link
 * RoutingOptions#maxVls()} VLs with its own SLs ({@code CreditLoopVerifier}). The others are
 * <em>eligible</em> and measured as {@code ibrouting compare} measures: Λ over the same random
 * bisect patterns for every engine (among the CAs of the largest switch component, all of them in a
 * connected fabric), the edge forwarding index, hops and VLs.
 *
 * <p>The rule: the highest Λ wins, where Λs within the {@linkplain #withLambdaTolerance tolerance}
 * (0.5% of the highest by default) count as a tie; ties go to the fewest VLs, then the lowest EFI,
 * then the first engine in the order tried (the registry's order by default). Every engine
 * registered (an engine of your own on the class path, say) takes part without being named here.
 *
 * <pre>{@code
 * EngineAdvice advice = EngineAdvisor.defaults().withBudget(Duration.ofSeconds(20))
 *     .advise(fabric, EngineConfig.none(), RoutingOptions.seeded(0).withMaxVls(1));
 * System.out.print(advice.format());                  // the ranking, and why each engine is left out
 * Routing best = advice.routingOrThrow();             // RoutingException when no engine qualifies
 * }</pre>
 *
 * <p>Immutable and thread-safe; every advice runs on threads of its own. Cost: every engine's
 * routing, plus per routing a walk of every CA pair (check, EFI), the channel dependency graph per
 * VL and Λ's patterns; the tables of an engine that can no longer win are dropped as soon as that
 * is known.
 */
public final class EngineAdvisor {
  /** The name {@code -R} takes for the advisor's choice; no engine may be registered under it. */
  public static final String NAME = Engines.ADVISOR_NAME;

  /** The default share of the highest Λ within which Λs count as a tie: 0.5%. */
  public static final double DEFAULT_LAMBDA_TOLERANCE = 0.005;

  /** The default time budget of each engine. */
  public static final Duration DEFAULT_BUDGET = Duration.ofSeconds(30);

  /** The default number of random bisect patterns Λ is measured over, as {@code compare}'s. */
  public static final int DEFAULT_PATTERNS = 1000;

  private final List<String> specs;
  private final Duration budget;
  private final int patterns;
  private final Long patternSeed;
  private final double tolerance;
  private final int parallelism;

  private EngineAdvisor(
      List<String> specs,
      Duration budget,
      int patterns,
      Long patternSeed,
      double tolerance,
      int parallelism) {
    this.specs = specs;
    this.budget = budget;
    this.patterns = patterns;
    this.patternSeed = patternSeed;
    this.tolerance = tolerance;
    this.parallelism = parallelism;
  }

  /**
   * Every registered engine, {@link #DEFAULT_BUDGET} each, {@link #DEFAULT_PATTERNS} patterns from
   * the routing seed, ties within {@link #DEFAULT_LAMBDA_TOLERANCE}, as many engines at once as
   * there are threads.
   */
  public static EngineAdvisor defaults() {
    return new EngineAdvisor(
        null, DEFAULT_BUDGET, DEFAULT_PATTERNS, null, DEFAULT_LAMBDA_TOLERANCE, 0);
  }

  /**
   * A copy that chooses among these engine specs ({@code NAME} or {@code NAME:SETTING=VALUE}, tried
   * in this order, which breaks the last ties); null: every registered engine, in the registry's
   * order.
   *
   * @throws IllegalArgumentException for an empty list or one that names {@value #NAME}
   */
  public EngineAdvisor withEngines(List<String> engineSpecs) {
    List<String> copy = null;
    if (engineSpecs != null) {
      copy = new ArrayList<>();
      for (String spec : engineSpecs) {
        String trimmed = spec.trim();
        if (Engines.nameOf(trimmed).equals(NAME)) {
          throw new IllegalArgumentException(
              "'" + NAME + "' is the advisor's choice, not an engine to choose among");
        }
        if (!trimmed.isEmpty()) {
          copy.add(trimmed);
        }
      }
      if (copy.isEmpty()) {
        throw new IllegalArgumentException("no engine to choose among");
      }
      copy = List.copyOf(copy);
    }
    return new EngineAdvisor(copy, budget, patterns, patternSeed, tolerance, parallelism);
  }

  /**
   * A copy that gives each engine {@code perEngine} of wall time (routing and measuring) before it
   * is cancelled and left out.
   *
   * @throws IllegalArgumentException unless positive
   */
  public EngineAdvisor withBudget(Duration perEngine) {
    if (perEngine.isNegative() || perEngine.isZero()) {
      throw new IllegalArgumentException("the budget must be positive, not " + perEngine);
    }
    return new EngineAdvisor(specs, perEngine, patterns, patternSeed, tolerance, parallelism);
  }

  /** A copy that waits for every engine however long it takes. */
  public EngineAdvisor withoutBudget() {
    return new EngineAdvisor(specs, null, patterns, patternSeed, tolerance, parallelism);
  }

  /**
   * A copy that measures Λ over {@code count} random bisect patterns; 0 measures none (the choice
   * then goes by VLs, EFI and order).
   *
   * @throws IllegalArgumentException when negative
   */
  public EngineAdvisor withPatterns(int count) {
    if (count < 0) {
      throw new IllegalArgumentException("patterns must be 0 or more, not " + count);
    }
    return new EngineAdvisor(specs, budget, count, patternSeed, tolerance, parallelism);
  }

  /** A copy that draws the patterns from {@code seed} instead of the routing options' seed. */
  public EngineAdvisor withPatternSeed(long seed) {
    return new EngineAdvisor(specs, budget, patterns, seed, tolerance, parallelism);
  }

  /**
   * A copy in which Λs of at least {@code (1 - share)} times the highest count as a tie.
   *
   * @throws IllegalArgumentException unless {@code 0 <= share < 1}
   */
  public EngineAdvisor withLambdaTolerance(double share) {
    if (!(share >= 0 && share < 1)) {
      throw new IllegalArgumentException("the Lambda tolerance must be in [0, 1), not " + share);
    }
    return new EngineAdvisor(specs, budget, patterns, patternSeed, share, parallelism);
  }

  /**
   * A copy that runs at most {@code engines} engines at once (0: as many as the routing options'
   * threads); the threads are shared out among them.
   *
   * @throws IllegalArgumentException when negative
   */
  public EngineAdvisor withParallelism(int engines) {
    if (engines < 0) {
      throw new IllegalArgumentException("parallelism must be 0 or more, not " + engines);
    }
    return new EngineAdvisor(specs, budget, patterns, patternSeed, tolerance, engines);
  }

  /** The engine specs chosen among: those given, or every registered engine now. */
  public List<String> engines() {
    return specs == null ? Engines.names() : specs;
  }

  /** The budget of each engine; null when there is none. */
  public Duration budget() {
    return budget;
  }

  /**
   * Routes {@code fabric} with every engine, measures the routings and chooses. Progress (engines
   * finished of all) goes to {@code options.progress()} as phase {@code "best: engines"}.
   *
   * @param fabric the fabric
   * @param config the engines' inputs and settings; each engine gets the settings it reads, and
   *     every setting must be read by one of them
   * @param options seed, threads (shared out among the engines run at once), VL budget
   * @return the ranking, the choice and its reason, and why each other engine was left out
   * @throws RoutingException when the fabric has no LIDs, or the thread was interrupted
   * @throws IllegalArgumentException for an unknown engine or a setting no engine reads
   */
  public EngineAdvice advise(Fabric fabric, EngineConfig config, RoutingOptions options)
      throws RoutingException {
    EngineChain.requireLids(fabric);
    List<String> names = engines();
    List<RoutingEngine> engines = Engines.chain(String.join(",", names), config);
    long start = System.nanoTime();
    AdvisorRuns.Setup setup =
        new AdvisorRuns.Setup(
            fabric, options, patterns, patternSeed == null ? options.seed() : patternSeed, budget);
    Candidate[] candidates = new Candidate[names.size()];
    List<AdvisorRuns.Run> runs = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      String spec = names.get(i);
      String why =
          Engines.provider(Engines.nameOf(spec)).whyNotApplicable(fabric, config).orElse(null);
      if (why != null) {
        candidates[i] = Candidate.leftOut(spec, engines.get(i).name(), Verdict.NOT_APPLICABLE, why);
      } else {
        runs.add(new AdvisorRuns.Run(i, spec, engines.get(i), setup));
      }
    }
    Routing[] routings = new Routing[names.size()];
    runAll(runs, setup, candidates, routings);
    return EngineAdvice.rank(
        fabric,
        List.of(candidates),
        routings,
        new EngineAdvice.Terms(options.maxVls(), budget, patterns, setup.patternSeed(), tolerance),
        (System.nanoTime() - start) / 1e9);
  }

  /**
   * Runs every engine, at most {@code parallelism} at once, each until it ends or its budget is
   * spent; fills in each one's candidate, and the routings of those that may still win.
   */
  private void runAll(
      List<AdvisorRuns.Run> runs,
      AdvisorRuns.Setup setup,
      Candidate[] candidates,
      Routing[] routings)
      throws RoutingException {
    int atOnce = parallelism > 0 ? parallelism : setup.options().threads();
    atOnce = Math.max(1, Math.min(atOnce, runs.size()));
    setup.threadsPerEngine(Math.max(1, setup.options().threads() / atOnce));
    BlockingQueue<AdvisorRuns.Outcome> done = new LinkedBlockingQueue<>();
    List<AdvisorRuns.Run> running = new ArrayList<>();
    int next = 0;
    int finished = 0;
    double[] best = {Double.NaN};
    try {
      while (next < runs.size() || !running.isEmpty()) {
        while (running.size() < atOnce && next < runs.size()) {
          AdvisorRuns.Run run = runs.get(next++);
          run.start(done);
          running.add(run);
        }
        AdvisorRuns.Outcome outcome = done.poll(pollNanos(running), TimeUnit.NANOSECONDS);
        if (outcome != null && running.remove(outcome.run())) {
          if (outcome.error() != null) {
            running.forEach(AdvisorRuns.Run::cancel);
            throw outcome.error();
          }
          keep(outcome, candidates, routings, best);
          finished++;
        }
        for (AdvisorRuns.Run run : List.copyOf(running)) {
          if (run.overBudget()) {
            run.cancel();
            running.remove(run);
            candidates[run.index()] = run.overBudgetCandidate();
            finished++;
          }
        }
        setup.options().progress().progress(NAME + ": engines", finished, runs.size());
      }
    } catch (InterruptedException e) {
      running.forEach(AdvisorRuns.Run::cancel);
      Thread.currentThread().interrupt();
      throw new RoutingException(NAME + ": interrupted while the engines ran", e);
    }
  }

  /** How long to wait for the next outcome: until the earliest deadline of a running engine. */
  private static long pollNanos(List<AdvisorRuns.Run> running) {
    long wait = Long.MAX_VALUE;
    for (AdvisorRuns.Run run : running) {
      wait = Math.min(wait, run.nanosLeft());
    }
    return Math.max(0, wait);
  }

  /**
   * Records an outcome; keeps its routing while it may still win, and drops the tables of eligible
   * engines whose Λ fell below the tie band of the highest Λ so far (the highest only grows).
   */
  private void keep(
      AdvisorRuns.Outcome outcome, Candidate[] candidates, Routing[] routings, double[] best) {
    Candidate c = outcome.candidate();
    candidates[outcome.run().index()] = c;
    if (c.verdict() != Verdict.ELIGIBLE) {
      return;
    }
    routings[outcome.run().index()] = outcome.routing();
    double lambda = c.quality().lambda();
    if (Double.isNaN(lambda)) {
      return;
    }
    if (Double.isNaN(best[0]) || lambda > best[0]) {
      best[0] = lambda;
    }
    for (int i = 0; i < candidates.length; i++) {
      if (routings[i] != null && candidates[i].quality().lambda() < best[0] * (1 - tolerance)) {
        routings[i] = null;
      }
    }
  }

  /**
   * The advisor as an engine named {@value #NAME}: {@code route} returns the chosen engine's
   * routing (named after that engine) or throws the {@link EngineAdvice#routingOrThrow() refusal}
   * that lists why every engine was left out. For a subnet manager that takes an engine.
   */
  public RoutingEngine asEngine(EngineConfig config) {
    Objects.requireNonNull(config, "config");
    return RoutingEngine.named(
        NAME, (fabric, options) -> advise(fabric, config, options).routingOrThrow());
  }
}
