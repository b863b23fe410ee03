package org.ibrouting.engines.dmodc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.reroute.Reroute;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.topology.Connectivity;
import org.ibrouting.topology.Failures;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;

/**
 * Dmodc's repair rule ({@code reroute -R dmodc}): after one cut cable of an intact tree it is a
 * full route of the damaged fabric, entry for entry, and after further failures of an already
 * degraded tree every connected pair is still delivered by least-cost up*&#47;down* routes without
 * a credit loop on one VL, or the repair refuses as a full route would.
 */
class DmodcRerouteTest {
  private static final RoutingOptions OPTIONS = RoutingOptions.seeded(0).withThreads(2);

  @Provide
  Arbitrary<Fabric> trees() {
    return Arbitraries.oneOf(
        FabricArbitraries.fatTrees(),
        Arbitraries.longs().map(Pgfts::random),
        FabricArbitraries.withLmc(FabricArbitraries.kAryNTrees(), 2));
  }

  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs().between(0, 10_000);
  }

  @Property(tries = 60)
  void oneCutOfAnIntactTreeIsAFullRoute(@ForAll("trees") Fabric intact, @ForAll("seeds") long seed)
      throws RoutingException {
    Fabric cut = Failures.failLinks(intact, 1, true, seed);
    if (!DmodcPropertiesTest.sameLevelsAndParts(intact, cut)) {
      return;
    }
    DmodcEngine engine = new DmodcEngine();
    Routing old = Reroute.carryOver(engine.route(intact, OPTIONS), cut);
    Reroute.Result result = Reroute.reroute(engine, old, OPTIONS);
    Routing full = engine.route(cut, OPTIONS);
    assertTrue(result.routing().sameLfts(full), cut + ": the repair differs from a full route");
    assertEquals(old.differingEntries(full), result.entriesChanged());
  }

  @Property(tries = 80)
  void furtherFailuresKeepEveryConnectedPairUpDown(
      @ForAll("trees") Fabric tree,
      @ForAll("seeds") long seed,
      @ForAll @IntRange(min = 1, max = 4) int failures) {
    DmodcEngine engine = new DmodcEngine();
    Fabric first = Failures.failLinks(tree, failures, false, seed);
    Fabric second =
        seed % 3 == 0
            ? Failures.failSwitch(first, false, seed)
            : Failures.failLinks(first, failures, false, seed + 1);
    Routing old;
    try {
      old = Reroute.carryOver(engine.route(first, OPTIONS), second);
    } catch (RoutingException e) {
      return;
    }
    UpDownReference reference = new UpDownReference(second);
    String valley = reference.valley(Connectivity.switchComponents(second));
    Routing repaired;
    try {
      repaired = Reroute.reroute(engine, old, OPTIONS).routing();
    } catch (RoutingException e) {
      if (!DmodcPropertiesTest.hasCaOnASwitch(second)) {
        return;
      }
      assertEquals(RoutingException.Reason.DISCONNECTED, e.reason(), e.getMessage());
      assertNotNull(valley, e.getMessage());
      return;
    }
    assertNull(valley);
    // an entry without a route stays so (a failure that lifts a switch above its former parents
    // can open a route there; the repair fills such an entry once a repaired path enters it)
    assertNull(reference.firstWrongEntry(repaired, true, old), second.toString());
    RouteReport report = new RouteChecker(EndpointScope.TERMINALS, 1).check(repaired);
    assertEquals(0, report.loopPairs() + report.blackholePairs(), report.witnesses().toString());
    assertEquals(Connectivity.connectedPairs(second), report.validPairs(), second.toString());
    assertTrue(
        CreditLoopVerifier.defaults().withThreads(1).verify(repaired).isDeadlockFree(),
        second + ": credit loop");
  }

  /** The repair keeps the entries Dmodc leaves empty by design (between top switches). */
  @Test
  void emptyEntriesBetweenTopSwitchesAreKept() throws RoutingException {
    Fabric intact = Topologies.kAryNTree(4, 3);
    Fabric cut = Failures.failLinks(intact, 1, true, 5);
    DmodcEngine engine = new DmodcEngine();
    Routing old = Reroute.carryOver(engine.route(intact, OPTIONS), cut);
    Reroute.Result result = Reroute.reroute(engine, old, OPTIONS);
    assertTrue(result.lidsRerouted() < 40, "re-routed " + result.lidsRerouted() + " LIDs");
    assertTrue(result.routing().sameLfts(engine.route(cut, OPTIONS)));
  }
}
