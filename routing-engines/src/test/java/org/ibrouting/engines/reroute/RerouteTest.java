package org.ibrouting.engines.reroute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.analysis.CdgBaseline;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.Failures;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;

/** {@link Reroute} on fixed cases: few changes, dfsssp's VL repair, carrying tables over. */
class RerouteTest {
  private static final RoutingOptions OPTIONS = RoutingOptions.seeded(0).withThreads(1);

  private static Routing route(String engine, Fabric fabric) throws RoutingException {
    return Engines.create(engine, EngineConfig.none()).route(fabric, OPTIONS);
  }

  @Test
  void aFailedLinkInAFatTreeChangesFarFewerEntriesThanAFullRoute() throws RoutingException {
    Fabric tree = Topologies.kAryNTree(8, 3);
    Fabric damaged = Failures.failLinks(tree, 1, true, 3);
    for (String engine : new String[] {"minhop", "sssp", "updn"}) {
      RoutingEngine e = Engines.create(engine, EngineConfig.none());
      Routing old = Reroute.carryOver(e.route(tree, OPTIONS), damaged);
      Reroute.Result result = Reroute.reroute(e, old, OPTIONS);
      long scratch = old.differingEntries(e.route(damaged, OPTIONS));
      assertTrue(
          result.entriesChanged() > 0 && result.entriesChanged() < scratch,
          engine + ": " + result.entriesChanged() + " changed, a full route " + scratch);
      RouteReport report = new RouteChecker(EndpointScope.TERMINALS, 1).check(result.routing());
      assertTrue(report.allRouted() && report.allMinimal(), engine + ": " + report);
      assertTrue(result.lidsRerouted() > 0 && result.affectedEntries() >= result.entriesChanged());
    }
  }

  @Test
  void dfssspProvesItsRepairFromTheBaselineOfTheOldTables() throws RoutingException {
    // the repair's proof must walk only the re-routed destinations and give the tables and SLs
    // the default verifier's proof gives
    Fabric tree = Topologies.kAryNTree(4, 3);
    Fabric damaged = Failures.failLinks(tree, 1, true, 7);
    RoutingEngine dfsssp = Engines.create("dfsssp", EngineConfig.none());
    Routing deployed = dfsssp.route(tree, OPTIONS);
    CreditLoopVerifier verifier = CreditLoopVerifier.defaults().withThreads(1);
    CdgBaseline baseline = verifier.baseline(deployed);
    Routing old = Reroute.carryOver(deployed, damaged);
    Reroute.Result plain = Reroute.reroute(dfsssp, old, OPTIONS);
    Reroute.Result quick = Reroute.reroute(dfsssp, old, OPTIONS, verifier.withBaseline(baseline));
    assertEquals(0, plain.routing().differingEntries(quick.routing()));
    assertEquals(plain.note(), quick.note());
    for (int src = 1; src <= damaged.maxLid(); src++) {
      for (int dst = 1; dst <= damaged.maxLid(); dst++) {
        assertEquals(
            plain.routing().slTable().sl(src, dst), quick.routing().slTable().sl(src, dst));
      }
    }
    assertTrue(baseline.checksFromBaseline() > 0, "walked the whole graph instead");
  }

  @Test
  void dfssspMovesOnlyReroutedPathsToOtherVlsAndStaysDeadlockFree() throws RoutingException {
    Fabric torus = Topologies.torus(new int[] {6, 6}, 2);
    Fabric damaged = Failures.failLinks(torus, 2, true, 5);
    RoutingEngine dfsssp = Engines.create("dfsssp", EngineConfig.none());
    Routing old = Reroute.carryOver(dfsssp.route(torus, OPTIONS), damaged);
    Reroute.Result result = Reroute.reroute(dfsssp, old, OPTIONS);
    Routing routing = result.routing();
    assertTrue(result.pathsMoved() > 0, result.note());
    assertTrue(result.note().contains("moved to another VL"), result.note());
    assertTrue(CreditLoopVerifier.defaults().withThreads(1).verify(routing).isDeadlockFree());
    assertTrue(routing.slTable().numVls() <= OPTIONS.maxVls());
    // a path that runs over the same switches as before keeps its VL
    int kept = 0;
    for (int src = 1; src <= damaged.maxLid(); src++) {
      for (int dst = 1; dst <= damaged.maxLid(); dst++) {
        int s = damaged.portOfLid(src);
        int d = damaged.portOfLid(dst);
        if (s < 0
            || d < 0
            || s == d
            || damaged.isSwitch(damaged.nodeOfPort(s))
            || damaged.isSwitch(damaged.nodeOfPort(d))) {
          continue;
        }
        int sw = damaged.nodeOfPort(damaged.peerPort(s));
        if (samePath(old, routing, sw, dst)) {
          assertEquals(
              old.slTable().vl(src, dst),
              routing.slTable().vl(src, dst),
              "LID " + src + " -> " + dst + " kept its path but not its VL");
          kept++;
        }
      }
    }
    assertTrue(kept > 0);
  }

  private static boolean samePath(Routing a, Routing b, int sw, int lid) {
    Fabric fabric = a.fabric();
    for (int step = 0; step <= fabric.numSwitches(); step++) {
      int port = a.outPort(sw, lid);
      if (port != b.outPort(sw, lid)) {
        return false;
      }
      if (port == Routing.NO_ROUTE || port == 0) {
        return true;
      }
      int peer = fabric.peerPort(fabric.port(sw, port));
      if (peer < 0 || !fabric.isSwitch(fabric.nodeOfPort(peer))) {
        return true;
      }
      sw = fabric.nodeOfPort(peer);
    }
    return false;
  }

  @Test
  void tablesCarryOverByGuidWhenASwitchFails() throws RoutingException {
    Fabric tree = Topologies.kAryNTree(4, 3);
    Routing before = route("minhop", tree);
    Fabric damaged = Failures.failSwitch(tree, true, 2);
    assertEquals(tree.numSwitches() - 1, damaged.numSwitches());
    Routing old = Reroute.carryOver(before, damaged);
    for (int sw = 0; sw < damaged.numSwitches(); sw++) {
      int was = tree.nodeOfGuid(damaged.nodeGuid(sw));
      for (int lid = 1; lid <= damaged.maxLid(); lid++) {
        int expected = damaged.portOfLid(lid) < 0 ? Routing.NO_ROUTE : before.outPort(was, lid);
        assertEquals(expected, old.outPort(sw, lid));
      }
    }
    Reroute.Result result =
        Reroute.reroute(Engines.create("minhop", EngineConfig.none()), old, OPTIONS);
    assertTrue(new RouteChecker(EndpointScope.TERMINALS, 1).check(result.routing()).allRouted());
  }

  @Test
  void enginesWithoutAnIncrementalRuleAreRefused() throws RoutingException {
    Fabric tree = Topologies.kAryNTree(2, 2);
    RoutingEngine lash = Engines.create("lash", EngineConfig.none());
    RoutingException e =
        assertThrows(
            RoutingException.class,
            () -> Reroute.reroute(lash, lash.route(tree, OPTIONS), OPTIONS));
    assertTrue(e.getMessage().startsWith("lash: no incremental re-routing"), e.getMessage());
  }
}
