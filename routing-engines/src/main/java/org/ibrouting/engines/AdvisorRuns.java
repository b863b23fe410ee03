package org.ibrouting.engines;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.ForwardingIndex;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.EngineAdvice.Candidate;
import org.ibrouting.engines.EngineAdvice.Verdict;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Cancellation;
import org.ibrouting.routing.ProgressListener;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.simulation.PathTable;
import org.ibrouting.simulation.RoutingQuality;
import org.ibrouting.simulation.SimulationOptions;
import org.ibrouting.simulation.SimulationResult;
import org.ibrouting.simulation.Simulator;
import org.ibrouting.topology.Connectivity;

/**
 * The engine runs of one {@link EngineAdvisor#advise}: what they share ({@link Setup}), one
 * engine's run on a thread of its own with its deadline ({@link Run}), and what it ended with
 * ({@link Outcome}).
 */
final class AdvisorRuns {
  private AdvisorRuns() {}

  /** What every run of one advice shares: the fabric and what is measured on it. */
  static final class Setup {
    private final Fabric fabric;
    private final RoutingOptions options;
    private final int patterns;
    private final long patternSeed;
    private final Duration budget;
    private final long budgetNanos;
    private final long connectedPairs;
    private final EndPorts largest;
    private volatile int threadsPerEngine = 1;

    Setup(Fabric fabric, RoutingOptions options, int patterns, long patternSeed, Duration budget) {
      this.fabric = fabric;
      this.options = options;
      this.patterns = patterns;
      this.patternSeed = patternSeed;
      this.budget = budget;
      this.budgetNanos = budget == null ? 0 : budget.toNanos();
      this.connectedPairs = Connectivity.connectedPairs(fabric);
      this.largest = Connectivity.largestComponentCas(fabric);
    }

    RoutingOptions options() {
      return options;
    }

    long patternSeed() {
      return patternSeed;
    }

    void threadsPerEngine(int threads) {
      threadsPerEngine = threads;
    }
  }

  /**
   * How one run ended: its candidate, and its routing when eligible; or an error to rethrow (out of
   * memory).
   */
  record Outcome(Run run, Candidate candidate, Routing routing, Error error) {}

  /**
   * One engine's run: routes, checks and measures on a thread of its own until done or cancelled;
   * the engine sees the run as its options' {@link Cancellation}.
   */
  static final class Run implements Cancellation {
    private final int index;
    private final String spec;
    private final RoutingEngine engine;
    private final Setup setup;
    private volatile boolean cancelled;
    private long deadline;
    private Thread thread;

    Run(int index, String spec, RoutingEngine engine, Setup setup) {
      this.index = index;
      this.spec = spec;
      this.engine = engine;
      this.setup = setup;
    }

    int index() {
      return index;
    }

    /** Starts the run on a daemon thread that puts its outcome into {@code done}. */
    void start(BlockingQueue<Outcome> done) {
      deadline = System.nanoTime() + setup.budgetNanos;
      thread =
          new Thread(
              () -> {
                Outcome outcome;
                try {
                  outcome = evaluate();
                } catch (CancellationException e) {
                  outcome = new Outcome(this, overBudgetCandidate(), null, null);
                } catch (OutOfMemoryError e) {
                  outcome = new Outcome(this, null, null, e);
                } catch (RuntimeException | StackOverflowError e) {
                  outcome = failed(e);
                }
                done.add(outcome);
              },
              "ibrouting-best-" + spec);
      thread.setDaemon(true);
      thread.start();
    }

    /** Whether the budget is spent (never without a budget). */
    boolean overBudget() {
      return setup.budgetNanos > 0 && System.nanoTime() - deadline >= 0;
    }

    /** Nanoseconds until the deadline; {@link Long#MAX_VALUE} without a budget. */
    long nanosLeft() {
      return setup.budgetNanos > 0 ? deadline - System.nanoTime() : Long.MAX_VALUE;
    }

    /** Stops the run at its next progress report or measurement; nobody waits for its end. */
    void cancel() {
      cancelled = true;
      thread.interrupt();
    }

    /** Whether the run was cancelled or is over its budget. */
    @Override
    public boolean isCancelled() {
      return cancelled || overBudget();
    }

    /** The candidate of an engine cancelled over its budget. */
    Candidate overBudgetCandidate() {
      return Candidate.leftOut(
          spec,
          engine.name(),
          Verdict.OVER_BUDGET,
          "over the " + seconds(setup.budget) + " s budget");
    }

    private Outcome failed(Throwable e) {
      if (isCancelled()) {
        // an engine stopped over its budget may end in what the interrupt or the cancellation
        // made of it (wrapped, say)
        return new Outcome(this, overBudgetCandidate(), null, null);
      }
      String what =
          e.getMessage() == null
              ? e.toString()
              : e.getClass().getSimpleName() + ": " + e.getMessage();
      return new Outcome(
          this,
          Candidate.leftOut(spec, engine.name(), Verdict.FAILED, "failed: " + what),
          null,
          null);
    }

    private Outcome evaluate() {
      int threads = setup.threadsPerEngine;
      RoutingOptions own =
          setup
              .options
              .withThreads(threads)
              .withProgress(ProgressListener.SILENT)
              .withCancellation(this);
      long start = System.nanoTime();
      Routing routing;
      try {
        routing = engine.route(setup.fabric, own);
      } catch (RoutingException e) {
        check();
        return new Outcome(
            this,
            Candidate.leftOut(spec, engine.name(), Verdict.REFUSED, "refused: " + e.getMessage()),
            null,
            null);
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      check();
      RouteReport report = new RouteChecker(EndpointScope.TERMINALS, threads).check(routing);
      check();
      ForwardingIndex efi = ForwardingIndex.compute(routing, setup.largest, threads);
      if (report.validPairs() < setup.connectedPairs) {
        RoutingQuality quality = quality(routing, report, efi, null);
        return new Outcome(
            this,
            new Candidate(
                spec,
                routing.engineName(),
                Verdict.UNROUTED,
                undelivered(report),
                seconds,
                quality,
                routing.notes()),
            null,
            null);
      }
      check();
      CdgReport cdg = CreditLoopVerifier.defaults().withThreads(threads).verify(routing);
      check();
      RoutingQuality quality = quality(routing, report, efi, lambda(routing, threads));
      String deadlock = deadlock(routing, cdg);
      Verdict verdict = deadlock == null ? Verdict.ELIGIBLE : Verdict.NOT_DEADLOCK_FREE;
      return new Outcome(
          this,
          new Candidate(
              spec,
              routing.engineName(),
              verdict,
              deadlock == null ? "" : deadlock,
              seconds,
              quality,
              routing.notes()),
          verdict == Verdict.ELIGIBLE ? routing : null,
          null);
    }

    private SimulationResult lambda(Routing routing, int threads) {
      if (setup.patterns == 0 || setup.largest.size() < 2) {
        return null;
      }
      PathTable table = PathTable.build(routing, setup.largest);
      check();
      return Simulator.effectiveBisectionBandwidth(
          table, SimulationOptions.of(setup.patterns, setup.patternSeed).withThreads(threads));
    }

    private static RoutingQuality quality(
        Routing routing, RouteReport report, ForwardingIndex efi, SimulationResult lambda) {
      return new RoutingQuality(
          report,
          efi.max(),
          efi.mean(),
          routing.slTable().numVls(),
          lambda == null ? Double.NaN : lambda.mean(),
          lambda == null ? Double.NaN : lambda.confidence95(),
          null);
    }

    /** Why a delivering routing is not loadable: a credit loop, or more VLs than allowed; null. */
    private String deadlock(Routing routing, CdgReport cdg) {
      int maxVls = setup.options.maxVls();
      int vls = routing.slTable().numVls();
      if (vls > maxVls) {
        return "uses " + vls + " VLs, more than the " + maxVls + " allowed";
      }
      if (cdg.isDeadlockFree()) {
        return null;
      }
      int[] cyclic = cdg.cyclicVls();
      StringBuilder vl = new StringBuilder();
      for (int i = 0; i < cyclic.length; i++) {
        vl.append(i == 0 ? "" : ", ").append(cyclic[i]);
      }
      return "not deadlock-free within "
          + maxVls
          + (maxVls == 1 ? " VL" : " VLs")
          + ": credit loop on VL "
          + vl;
    }

    private String undelivered(RouteReport r) {
      return String.format(
          Locale.ROOT,
          "%,d of the %,d CA pairs the fabric connects not delivered"
              + " (unreachable %,d, black holes %,d, loops %,d)",
          setup.connectedPairs - r.validPairs(),
          setup.connectedPairs,
          Math.max(0, r.unreachablePairs() - (r.pairs() - setup.connectedPairs)),
          r.blackholePairs(),
          r.loopPairs());
    }
  }

  /** A duration in seconds as the command line gives it: {@code 30}, {@code 2.5}. */
  static String seconds(Duration d) {
    return java.math.BigDecimal.valueOf(d.toNanos(), 9)
        .round(new java.math.MathContext(3))
        .stripTrailingZeros()
        .toPlainString();
  }
}
