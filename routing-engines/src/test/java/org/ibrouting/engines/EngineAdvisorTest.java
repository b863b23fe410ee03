package org.ibrouting.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.ibrouting.analysis.Verification;
import org.ibrouting.engines.EngineAdvice.Candidate;
import org.ibrouting.engines.EngineAdvice.Verdict;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.AbstractRoutingEngine;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;

/**
 * The advisor's choice and its reasons: the engine that must win, the tie rule, engines that
 * refuse, lack an input, leave pairs undelivered, close a credit loop, or run over their budget.
 */
class EngineAdvisorTest {
  private static final Fabric TREE = Topologies.kAryNTree(4, 3);
  private static final RoutingOptions OPTIONS = RoutingOptions.seeded(0);

  private static EngineAdvice advise(Fabric fabric, String engines, EngineAdvisor advisor)
      throws RoutingException {
    return advisor
        .withEngines(List.of(engines.split(",")))
        .advise(fabric, EngineConfig.none(), OPTIONS);
  }

  private static Candidate candidate(EngineAdvice advice, String spec) {
    return advice.candidates().stream()
        .filter(c -> c.spec().equals(spec))
        .findFirst()
        .orElseThrow();
  }

  /**
   * The thirteen engines of issue 44's start, the registry's first thirteen (its fixed order is
   * {@link EnginesTest}'s): on a k-ary n-tree fat-tree routing has the highest Λ of them (an engine
   * added later may equal it: dmodc is meant to).
   */
  private static final List<String> THIRTEEN = Engines.names().subList(0, 13);

  /** On a k-ary n-tree fat-tree routing wins, deadlock-free; the others are ranked or left out. */
  @Test
  void ftreeWinsTheFatTree() throws RoutingException {
    EngineAdvice advice =
        EngineAdvisor.defaults()
            .withEngines(THIRTEEN)
            .withPatterns(300)
            .advise(TREE, EngineConfig.none(), OPTIONS);
    Candidate chosen = advice.chosen().orElseThrow();
    assertEquals("ftree", chosen.engine(), advice.format());
    assertEquals(Verdict.CHOSEN, chosen.verdict());
    assertTrue(chosen.reason().startsWith("highest Lambda (0.79"), chosen.reason());
    Routing routing = advice.routingOrThrow();
    assertEquals("ftree", routing.engineName());
    assertTrue(Verification.of(routing).ok());
    assertEquals(10, advice.ranking().size(), advice.format());
    for (int k = 1; k < advice.ranking().size(); k++) {
      assertTrue(
          advice.ranking().get(k).quality().lambda() <= chosen.quality().lambda(), advice.format());
    }
    assertEquals(Verdict.REFUSED, candidate(advice, "dor").verdict());
    assertTrue(candidate(advice, "dor").reason().startsWith("refused: dor: not a mesh"));
    assertEquals(Verdict.NOT_APPLICABLE, candidate(advice, "sar").verdict());
    assertEquals(
        "sar: needs a job-to-node map (which nodes every job runs on)",
        candidate(advice, "sar").reason());
    assertEquals(Verdict.NOT_APPLICABLE, candidate(advice, "torus-2QoS").verdict());
    assertTrue(advice.format().contains("chosen       ftree: highest Lambda"), advice.format());
  }

  /** By default every registered engine takes part, in the registry's order. */
  @Test
  void everyRegisteredEngineTakesPart() throws RoutingException {
    Engines.Registration registration =
        Engines.registerUntilClosed(
            EngineProvider.of("test-empty", Set.of(), config -> new EmptyEngine()));
    try (registration) {
      EngineAdvice advice =
          EngineAdvisor.defaults().withPatterns(50).advise(TREE, EngineConfig.none(), OPTIONS);
      List<String> tried = advice.candidates().stream().map(Candidate::spec).sorted().toList();
      assertEquals(Engines.names().stream().sorted().toList(), tried);
      assertEquals(Verdict.UNROUTED, candidate(advice, "test-empty").verdict());
    }
  }

  /** minhop closes a credit loop on a torus: left out, though it routes every pair. */
  @Test
  void anEngineWithACreditLoopIsLeftOut() throws RoutingException {
    Fabric torus = Topologies.torus(new int[] {4, 4}, 1);
    EngineAdvice advice =
        advise(torus, "minhop,dfsssp", EngineAdvisor.defaults().withPatterns(100));
    Candidate minhop = candidate(advice, "minhop");
    assertEquals(Verdict.NOT_DEADLOCK_FREE, minhop.verdict());
    assertEquals("not deadlock-free within 8 VLs: credit loop on VL 0", minhop.reason());
    assertFalse(Double.isNaN(minhop.quality().lambda()), "measured all the same");
    assertEquals("dfsssp", advice.chosen().orElseThrow().engine());
    assertEquals(
        "the only engine that delivers every connected CA pair deadlock-free within 8 VLs",
        advice.reason());
    // within 1 VL dfsssp refuses too: nothing is chosen, and the refusal says why for each
    EngineAdvice oneVl =
        EngineAdvisor.defaults()
            .withEngines(List.of("minhop", "dfsssp"))
            .advise(torus, EngineConfig.none(), OPTIONS.withMaxVls(1));
    assertTrue(oneVl.chosen().isEmpty());
    assertEquals(Verdict.REFUSED, candidate(oneVl, "dfsssp").verdict());
    RoutingException e =
        RoutingAssertions.assertRefused(RoutingException.Reason.ALL_REFUSED, oneVl::routingOrThrow);
    assertTrue(
        e.getMessage()
            .startsWith(
                "best: no engine delivers every connected CA pair deadlock-free within 1 VL:"
                    + " minhop: not deadlock-free within 1 VL: credit loop on VL 0; dfsssp: refused:"),
        e.getMessage());
  }

  /** Equal Λ, VLs and EFI: the first engine tried wins; the order given is the order tried. */
  @Test
  void identicalRoutingsGoToTheFirstTried() throws RoutingException {
    EngineAdvice advice = advise(TREE, "updn,minhop,dnup", EngineAdvisor.defaults());
    assertEquals("updn", advice.chosen().orElseThrow().spec());
    assertTrue(advice.reason().endsWith("as many VLs and the same EFI max, and tried first"));
    assertEquals(
        "Lambda, VLs and EFI max tied with the choice's, tried later",
        advice.ranking().get(1).reason());
    assertEquals(
        "dnup", advise(TREE, "dnup,minhop", EngineAdvisor.defaults()).chosen().get().spec());
  }

  /**
   * Within the tolerance Λs tie: fewer VLs beat a higher Λ (minhop's 1 against multiupdn's 2), a
   * lower EFI max does when the VLs are equal (p2sssp's 60 against sssp's 92).
   */
  @Test
  void tiesGoToFewerVlsThenLowerEfi() throws RoutingException {
    EngineAdvisor wide = EngineAdvisor.defaults().withLambdaTolerance(0.25);
    EngineAdvice vls = advise(TREE, "multiupdn,minhop", wide);
    assertTrue(
        candidate(vls, "multiupdn").quality().lambda()
            > candidate(vls, "minhop").quality().lambda());
    assertEquals("minhop", vls.chosen().orElseThrow().spec(), vls.format());
    assertTrue(vls.reason().endsWith("and fewer VLs (1 against 2)"), vls.reason());
    assertEquals(
        "multiupdn",
        advise(TREE, "multiupdn,minhop", EngineAdvisor.defaults()).chosen().get().spec());
    EngineAdvice efi =
        advise(TREE, "sssp,p2sssp", EngineAdvisor.defaults().withLambdaTolerance(0.1));
    assertEquals("p2sssp", efi.chosen().orElseThrow().spec(), efi.format());
    assertTrue(
        efi.reason().contains("as many VLs, and a lower EFI max (60 against 92)"), efi.reason());
  }

  /** Tables that leave pairs undelivered are left out, with the count. */
  @Test
  void undeliveredPairsAreLeftOut() throws RoutingException {
    Engines.Registration registration =
        Engines.registerUntilClosed(
            EngineProvider.of("test-empty", Set.of(), config -> new EmptyEngine()));
    try (registration) {
      EngineAdvice advice = advise(TREE, "test-empty,updn", EngineAdvisor.defaults());
      Candidate empty = candidate(advice, "test-empty");
      assertEquals(Verdict.UNROUTED, empty.verdict());
      assertEquals(
          "4,032 of the 4,032 CA pairs the fabric connects not delivered"
              + " (unreachable 4,032, black holes 0, loops 0)",
          empty.reason());
      assertEquals("updn", advice.chosen().orElseThrow().spec());
    }
  }

  /**
   * An engine past its budget is cancelled at its next progress report and left out; one that never
   * reports is no longer waited for.
   */
  @Test
  void enginesOverTheBudgetAreCancelledAndLeftOut() throws Exception {
    AtomicBoolean spinnerEnded = new AtomicBoolean();
    CountDownLatch ended = new CountDownLatch(1);
    Engines.Registration spin =
        Engines.registerUntilClosed(
            EngineProvider.of(
                "test-spin", Set.of(), config -> new SpinningEngine(spinnerEnded, ended)));
    Engines.Registration deaf =
        Engines.registerUntilClosed(
            EngineProvider.of("test-deaf", Set.of(), config -> new DeafEngine()));
    try (spin;
        deaf) {
      long start = System.nanoTime();
      EngineAdvice advice =
          advise(
              TREE,
              "test-spin,minhop,test-deaf",
              EngineAdvisor.defaults().withBudget(Duration.ofMillis(300)).withParallelism(3));
      double seconds = (System.nanoTime() - start) / 1e9;
      assertTrue(seconds < 15, "the deaf engine (20 s) was waited for: " + seconds + " s");
      assertEquals(Verdict.OVER_BUDGET, candidate(advice, "test-spin").verdict());
      assertEquals("over the 0.3 s budget", candidate(advice, "test-spin").reason());
      assertEquals(Verdict.OVER_BUDGET, candidate(advice, "test-deaf").verdict());
      assertEquals("minhop", advice.chosen().orElseThrow().spec());
      assertTrue(ended.await(10, TimeUnit.SECONDS), "the spinning engine was not stopped");
      assertTrue(spinnerEnded.get());
    }
  }

  /** The budget reaches an engine as its options' cancellation, which it may poll itself. */
  @Test
  void theBudgetIsTheEnginesCancellation() throws Exception {
    AtomicBoolean sawCancellation = new AtomicBoolean();
    try (Engines.Registration polite =
        Engines.registerUntilClosed(
            EngineProvider.of(
                "test-polite", Set.of(), config -> new PoliteEngine(sawCancellation)))) {
      EngineAdvice advice =
          advise(
              TREE,
              polite.name() + ",minhop",
              EngineAdvisor.defaults().withBudget(Duration.ofMillis(300)).withParallelism(2));
      assertEquals(Verdict.OVER_BUDGET, candidate(advice, "test-polite").verdict());
      // the advisor returns at the budget; the engine's thread notices at its next poll
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (!sawCancellation.get() && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      assertTrue(sawCancellation.get(), "the engine's cancellation never said stop");
    }
  }

  @Test
  void badArgumentsSayWhy() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> EngineAdvisor.defaults().withEngines(List.of("minhop", "best")));
    assertEquals("'best' is the advisor's choice, not an engine to choose among", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Engines.register(EngineProvider.of("best", Set.of(), c -> new EmptyEngine())));
    assertTrue(e.getMessage().contains("is taken: -R best chooses among the engines"));
    assertThrows(
        IllegalArgumentException.class, () -> EngineAdvisor.defaults().withBudget(Duration.ZERO));
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                EngineAdvisor.defaults()
                    .withEngines(List.of("minhop"))
                    .advise(TREE, EngineConfig.none().withParam("updn_trees", "2"), OPTIONS));
    assertTrue(e.getMessage().startsWith("no engine of 'minhop' reads parameter 'updn_trees'"));
  }

  /** The advisor as an engine: the chosen engine's routing, or the refusal that lists why. */
  @Test
  void asAnEngineItRoutesWithTheChoice() throws RoutingException {
    Routing routing =
        EngineAdvisor.defaults()
            .withEngines(List.of("minhop", "ftree"))
            .asEngine(EngineConfig.none())
            .route(TREE, OPTIONS);
    assertEquals("ftree", routing.engineName());
  }

  /** Routes nothing: every LFT entry but the switches' own LIDs is empty. */
  private static final class EmptyEngine extends AbstractRoutingEngine {
    EmptyEngine() {
      super("test-empty");
    }

    @Override
    protected Routing routeChecked(Fabric fabric, RoutingOptions options) {
      return Routing.builder(fabric, name()).setOwnLidsToPortZero().build();
    }
  }

  /** Reports progress every millisecond for a minute, unless stopped by an exception. */
  private static final class SpinningEngine extends AbstractRoutingEngine {
    private final AtomicBoolean endedByException;
    private final CountDownLatch ended;

    SpinningEngine(AtomicBoolean endedByException, CountDownLatch ended) {
      super("test-spin");
      this.endedByException = endedByException;
      this.ended = ended;
    }

    @Override
    protected Routing routeChecked(Fabric fabric, RoutingOptions options) {
      try {
        for (int i = 0; i < 60_000; i++) {
          options.progress().progress("spin", i, 60_000);
          sleep(1);
        }
        return Routing.builder(fabric, name()).setOwnLidsToPortZero().build();
      } catch (RuntimeException e) {
        endedByException.set(true);
        throw e;
      } finally {
        ended.countDown();
      }
    }
  }

  /** Reports nothing, deaf to interrupts, but polls its cancellation (for up to 20 s). */
  private static final class PoliteEngine extends AbstractRoutingEngine {
    private final AtomicBoolean sawCancellation;

    PoliteEngine(AtomicBoolean sawCancellation) {
      super("test-polite");
      this.sawCancellation = sawCancellation;
    }

    @Override
    protected Routing routeChecked(Fabric fabric, RoutingOptions options) {
      long end = System.nanoTime() + 20_000_000_000L;
      while (System.nanoTime() < end) {
        if (options.cancellation().isCancelled()) {
          sawCancellation.set(true);
          options.cancellation().check();
        }
        sleep(1);
      }
      return Routing.builder(fabric, name()).setOwnLidsToPortZero().build();
    }
  }

  /** Takes 20 s without a progress report, deaf to interrupts. */
  private static final class DeafEngine extends AbstractRoutingEngine {
    DeafEngine() {
      super("test-deaf");
    }

    @Override
    protected Routing routeChecked(Fabric fabric, RoutingOptions options) {
      long end = System.nanoTime() + 20_000_000_000L;
      while (System.nanoTime() < end) {
        sleep(10);
      }
      return Routing.builder(fabric, name()).setOwnLidsToPortZero().build();
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      // deaf: goes on
    }
  }
}
