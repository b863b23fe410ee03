package org.ibrouting.engines.reroute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.Engines;
import org.ibrouting.engines.dnup.DnupEngine;
import org.ibrouting.engines.updn.UpdnEngine;
import org.ibrouting.engines.updown.UpDownHops;
import org.ibrouting.engines.updown.UpDownRanks;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.topology.Connectivity;
import org.ibrouting.topology.Failures;

/**
 * {@link Reroute} over random failures on generated fabrics, for every engine it supports: every
 * entry whose old path still delivers its packets is kept bit for bit (so destinations without a
 * broken path are untouched), every pair the damaged fabric still connects is routed (walked
 * through the tables, no black hole, no loop), routes stay minimal where the engine's are, and
 * updn, dfsssp and dmodc (dnup on fat trees) stay deadlock-free.
 */
class ReroutePropertiesTest {
  private static final Set<String> DEADLOCK_FREE = Set.of("updn", "dfsssp", "dmodc");
  private static final Set<String> MINIMAL = Set.of("minhop", "sssp", "dfsssp");

  @Provide
  Arbitrary<Fabric> fabrics() {
    return Arbitraries.oneOf(
        FabricArbitraries.fatTrees(),
        FabricArbitraries.tori(),
        FabricArbitraries.dragonflies(),
        FabricArbitraries.jellyfish(),
        FabricArbitraries.withLmc(FabricArbitraries.kAryNTrees(), 1),
        FabricArbitraries.randomConnected());
  }

  @Provide
  Arbitrary<String> engines() {
    return Arbitraries.of(Reroute.supportedEngines());
  }

  @Property(tries = 250)
  void keepsDeliveringEntriesAndRoutesEveryConnectedPair(
      @ForAll("fabrics") Fabric intact,
      @ForAll("engines") String name,
      @ForAll @IntRange(min = 0, max = 4) int failures,
      @ForAll long seed)
      throws RoutingException {
    RoutingEngine engine = Engines.create(name, EngineConfig.none());
    RoutingOptions options = RoutingOptions.seeded(seed).withThreads(1);
    Routing before;
    try {
      before = engine.route(intact, options);
    } catch (RoutingException e) {
      Assume.that(false);
      return;
    }
    Fabric damaged =
        failures == 0
            ? Failures.failSwitch(intact, false, seed)
            : Failures.failLinks(intact, failures, false, seed);
    Routing old = Reroute.carryOver(before, damaged);
    Reroute.Result result;
    try {
      result = Reroute.reroute(engine, old, options);
    } catch (RoutingException e) {
      // only the turn-rule engines may find no legal path after failures, as their full route does
      assertTrue(
          name.equals("updn")
              || name.equals("dnup")
              || name.equals("dfsssp")
              || name.equals("dmodc"),
          name + " refused: " + e.getMessage());
      assertTrue(e.getMessage().startsWith(name + ": "), e.getMessage());
      return;
    }
    Routing routing = result.routing();
    String what = name + " on " + damaged + " (" + intact + ", seed " + seed + ")";
    assertKeptWhereDelivered(old, routing, turns(name, damaged), what);
    RouteReport report = new RouteChecker(EndpointScope.TERMINALS, 1).check(routing);
    long connected = Connectivity.connectedPairs(damaged);
    assertEquals(0, report.loopPairs() + report.blackholePairs(), what + ": " + report.witnesses());
    assertEquals(connected, report.validPairs(), what + ": " + report.witnesses());
    if (MINIMAL.contains(name) && report.validPairs() > 0) {
      assertEquals(1.0, report.minimalShare(), 1e-12, what + ": not every route is minimal");
    }
    if (DEADLOCK_FREE.contains(name) || name.equals("dnup") && noLevelLinks(damaged)) {
      CdgReport cdg = CreditLoopVerifier.defaults().withThreads(1).verify(routing);
      assertTrue(cdg.isDeadlockFree(), what + ": " + cdg);
    }
    assertEquals(result.entriesChanged(), old.differingEntries(routing));
  }

  /**
   * The turn rule an engine's paths must follow on {@code fabric} (ranks from its roots, computed
   * with the engines' public helpers), or null.
   */
  private static UpDownHops.Turns turns(String name, Fabric fabric) throws RoutingException {
    return switch (name) {
      case "updn" ->
          UpDownHops.upDown(fabric, UpDownRanks.ranks(fabric, new UpdnEngine().roots(fabric, 1)));
      case "dnup" -> UpDownHops.downUp(DnupEngine.ranks(fabric));
      default -> null;
    };
  }

  /**
   * Every (switch, LID) whose old path still delivers, and follows the turn rule where the engine
   * has one, keeps its entry.
   */
  private static void assertKeptWhereDelivered(
      Routing old, Routing routing, UpDownHops.Turns turns, String what) {
    Fabric fabric = old.fabric();
    for (int lid = 1; lid <= fabric.maxLid(); lid++) {
      int dst = fabric.portOfLid(lid);
      if (dst < 0) {
        continue;
      }
      for (int sw = 0; sw < fabric.numSwitches(); sw++) {
        if (delivers(old, sw, lid, dst, turns)) {
          assertEquals(
              old.outPort(sw, lid),
              routing.outPort(sw, lid),
              what + ": switch " + sw + " changed its delivering entry for LID " + lid);
        }
      }
    }
  }

  /**
   * Whether the tables take a packet from switch {@code sw} to the end port {@code dst}, taking
   * first-phase hops and then last-phase hops only (any hops without a rule).
   */
  private static boolean delivers(
      Routing routing, int sw, int lid, int dst, UpDownHops.Turns turns) {
    Fabric fabric = routing.fabric();
    int cur = sw;
    boolean lastPhase = false;
    for (int step = 0; step <= fabric.numSwitches(); step++) {
      int port = routing.outPort(cur, lid);
      if (port == Routing.NO_ROUTE || port > fabric.numPorts(cur)) {
        return false;
      }
      if (port == 0) {
        return dst == fabric.port(cur, 0);
      }
      int peer = fabric.peerPort(fabric.port(cur, port));
      if (peer < 0) {
        return false;
      }
      if (peer == dst) {
        return true;
      }
      if (!fabric.isSwitch(fabric.nodeOfPort(peer))) {
        return false;
      }
      int next = fabric.nodeOfPort(peer);
      if (turns != null) {
        if (lastPhase || !turns.first(cur, next)) {
          if (!turns.last(cur, next)) {
            return false;
          }
          lastPhase = true;
        }
      }
      cur = next;
    }
    return false;
  }

  /**
   * Whether no link joins two switches of equal Down*&#47;Up* rank: where that holds (fat trees,
   * damaged or not) dnup promises freedom from deadlock.
   */
  private static boolean noLevelLinks(Fabric fabric) throws RoutingException {
    int[] rank = DnupEngine.ranks(fabric);
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        int next = fabric.channelHead(fabric.outChannel(sw, i));
        if (next < fabric.numSwitches() && next != sw && rank[next] == rank[sw]) {
          return false;
        }
      }
    }
    return true;
  }
}
