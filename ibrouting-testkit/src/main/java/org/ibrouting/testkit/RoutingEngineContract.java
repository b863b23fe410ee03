package org.ibrouting.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.EnumSet;
import java.util.Set;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.routing.SlTable;
import org.junit.jupiter.api.Test;

/**
 * What every {@link RoutingEngine} owes its callers, as an abstract test that each engine's test
 * extends (as Guava's graph implementations extend {@code AbstractGraphTest}):
 *
 * <ul>
 *   <li>on each fabric of {@link #fabrics()} it routes every pair of CA ports and is loop-free and
 *       destination-based consistent, or refuses with a {@link RoutingException} whose reason is
 *       one its test documents;
 *   <li>its routes are shortest paths where it promises {@link Promise#MINIMAL}, and every VL's
 *       channel dependency graph is acyclic where it promises {@link Promise#DEADLOCK_FREE};
 *   <li>it keeps to {@link RoutingOptions#maxVls()}, or refuses with {@code VLS_EXCEEDED};
 *   <li>the same seed gives the same LFTs and SLs, at one thread and at three;
 *   <li>a fabric without LIDs, or without a switch, is a refusal, not an empty routing.
 * </ul>
 *
 * <pre>{@code
 * class FirstPortContractTest extends RoutingEngineContract {
 *   FirstPortContractTest() {
 *     super(
 *         fabric -> new FirstPortEngine(),
 *         FabricArbitraries.connected(FabricArbitraries.fatTrees(), FabricArbitraries.tori()),
 *         EnumSet.of(Promise.MINIMAL, Promise.DEADLOCK_FREE),
 *         EnumSet.of(Reason.VLS_EXCEEDED));
 *   }
 * }
 * }</pre>
 *
 * <p>A test that needs more (an engine configured from state it keeps, fabrics made with it)
 * overrides {@link #engine(Fabric)} and {@link #fabrics()} instead.
 */
public abstract class RoutingEngineContract {
  /** What an engine promises beyond routing every pair. */
  public enum Promise {
    /** Every route between CA ports is a shortest path. */
    MINIMAL,
    /** Every VL's channel dependency graph is acyclic on the fabrics of {@link #fabrics()}. */
    DEADLOCK_FREE
  }

  private final Function<Fabric, ? extends RoutingEngine> engines;
  private final Arbitrary<Fabric> claimedFabrics;
  private final Set<Promise> promises;
  private final Set<RoutingException.Reason> documentedRefusals;

  /** An engine that promises no more than routing every pair, and never refuses. */
  protected RoutingEngineContract() {
    this(EnumSet.noneOf(Promise.class), EnumSet.noneOf(RoutingException.Reason.class));
  }

  /**
   * An engine with these promises, which may refuse a fabric of {@link #fabrics()} for the reasons
   * {@code documentedRefusals}.
   */
  protected RoutingEngineContract(
      Set<Promise> promises, Set<RoutingException.Reason> documentedRefusals) {
    this(null, null, promises, documentedRefusals);
  }

  /**
   * The engine {@code engines} makes for each fabric, which claims {@code fabrics} with these
   * promises and may refuse one of them for the reasons {@code documentedRefusals}; {@link
   * #engine(Fabric)} and {@link #fabrics()} then need no override.
   */
  protected RoutingEngineContract(
      Function<Fabric, ? extends RoutingEngine> engines,
      Arbitrary<Fabric> fabrics,
      Set<Promise> promises,
      Set<RoutingException.Reason> documentedRefusals) {
    this.engines = engines;
    this.claimedFabrics = fabrics;
    this.promises = EnumSet.noneOf(Promise.class);
    this.promises.addAll(promises);
    this.documentedRefusals = EnumSet.noneOf(RoutingException.Reason.class);
    this.documentedRefusals.addAll(documentedRefusals);
  }

  /**
   * The engine under test, configured for {@code fabric} (most engines ignore it): the one the
   * constructor was given makes, which a test that gave none overrides.
   */
  protected RoutingEngine engine(Fabric fabric) {
    if (engines == null) {
      throw new IllegalStateException(
          getClass().getName() + " neither overrides engine(Fabric) nor passes engines");
    }
    return engines.apply(fabric);
  }

  /**
   * The fabrics the engine claims: those the constructor was given, by default fat trees, tori and
   * random connected fabrics whose switches reach each other.
   */
  protected Arbitrary<Fabric> fabrics() {
    return claimedFabrics != null
        ? claimedFabrics
        : FabricArbitraries.connected(FabricArbitraries.fatTreesToriAndRandom());
  }

  /** The options of every routing but the thread count and the VL limit the properties vary. */
  protected RoutingOptions options() {
    return RoutingOptions.seeded(42).withThreads(1);
  }

  @Provide
  Arbitrary<Fabric> contractFabrics() {
    return fabrics();
  }

  /** The routing, or null after a documented refusal. */
  private Routing routeOrRefuse(
      Fabric fabric, RoutingOptions options, Set<RoutingException.Reason> allowed) {
    try {
      Routing routing = engine(fabric).route(fabric, options);
      assertNotNull(routing, "route() returned null");
      return routing;
    } catch (RoutingException e) {
      if (!allowed.contains(e.reason())) {
        fail(
            fabric
                + ": refused for "
                + e.reason()
                + ", which the test does not document: "
                + e.getMessage(),
            e);
      }
      assertFalse(
          e.getMessage() == null || e.getMessage().isBlank(), "a refusal without a message");
      return null;
    }
  }

  @Property(tries = 25)
  void routesEveryPairOrRefusesForADocumentedReason(@ForAll("contractFabrics") Fabric fabric) {
    Routing routing = routeOrRefuse(fabric, options(), documentedRefusals);
    if (routing == null) {
      return;
    }
    assertTrue(routing.fabric() == fabric, "the routing belongs to another fabric");
    RoutingAssertions.assertAllPairsRouted(routing);
    RoutingAssertions.assertDestinationBasedConsistent(routing);
    if (promises.contains(Promise.MINIMAL)) {
      RoutingAssertions.assertMinimal(routing);
    }
    if (promises.contains(Promise.DEADLOCK_FREE)) {
      RoutingAssertions.assertDeadlockFreePerVl(routing);
    }
    RoutingAssertions.assertVlsWithin(routing, options().maxVls());
  }

  @Provide
  Arbitrary<Integer> vlLimits() {
    return Arbitraries.integers().between(1, 8);
  }

  @Property(tries = 10)
  void keepsToTheVlLimitOrRefuses(
      @ForAll("contractFabrics") Fabric fabric, @ForAll("vlLimits") int maxVls) {
    Set<RoutingException.Reason> allowed = EnumSet.of(RoutingException.Reason.VLS_EXCEEDED);
    allowed.addAll(documentedRefusals);
    Routing routing = routeOrRefuse(fabric, options().withMaxVls(maxVls), allowed);
    if (routing != null) {
      RoutingAssertions.assertVlsWithin(routing, maxVls);
      assertTrue(
          routing.slTable().numVls() <= maxVls,
          routing + " declares " + routing.slTable().numVls() + " VLs, limit is " + maxVls);
    }
  }

  @Property(tries = 10)
  void sameSeedSameTablesAtAnyThreadCount(@ForAll("contractFabrics") Fabric fabric) {
    Routing one = routeOrRefuse(fabric, options().withThreads(1), documentedRefusals);
    Routing three = routeOrRefuse(fabric, options().withThreads(3), documentedRefusals);
    Routing again = routeOrRefuse(fabric, options().withThreads(1), documentedRefusals);
    assertEquals(one == null, three == null, "refused at one thread count only");
    if (one == null) {
      return;
    }
    assertSameTables(one, three, "1 and 3 threads");
    assertSameTables(one, again, "two runs with one seed");
  }

  private static void assertSameTables(Routing a, Routing b, String what) {
    assertTrue(a.sameLfts(b), what + ": the LFTs differ");
    SlTable x = a.slTable();
    SlTable y = b.slTable();
    assertEquals(x.numVls(), y.numVls(), what + ": VLs");
    int maxLid = a.fabric().maxLid();
    for (int src = 1; src <= maxLid; src++) {
      for (int dst = 1; dst <= maxLid; dst++) {
        if (x.sl(src, dst) != y.sl(src, dst)) {
          fail(
              what
                  + ": SL of "
                  + src
                  + " -> "
                  + dst
                  + " is "
                  + x.sl(src, dst)
                  + " and "
                  + y.sl(src, dst));
        }
      }
    }
    for (int sl = 0; sl < SlTable.NUM_SLS; sl++) {
      assertEquals(x.vlOfSl(sl), y.vlOfSl(sl), what + ": VL of SL " + sl);
    }
  }

  @Test
  void refusesAFabricWithoutLids() {
    Fabric fabric = FabricArbitraries.withoutLids(TestFabrics.ring(4, 2));
    assertThrows(RoutingException.class, () -> engine(fabric).route(fabric, options()));
  }

  @Test
  void refusesAFabricWithoutSwitches() {
    FabricBuilder b = Fabric.builder();
    int h0 = b.addNode(NodeType.CA, 1, 0x10L, "H0");
    int h1 = b.addNode(NodeType.CA, 1, 0x20L, "H1");
    Fabric fabric = b.connect(h0, 1, h1, 1, null).setLid(h0, 1, 1, 0).setLid(h1, 1, 2, 0).build();
    assertThrows(RoutingException.class, () -> engine(fabric).route(fabric, options()));
  }
}
