package org.ibrouting.engines.dfsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.sssp.SsspEngine;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * (DF)SSSP beyond OpenSM: XGFT(3; 32,32,44; 1,32,32), 45,056 CAs and 3,840 switches, 48,896
 * end-port LIDs (the unicast LID space ends at 0xBFFF = 49,151). OpenSM starts every link at P²
 * under an infinity of 2³¹−1, so with P = 48,896 no path of even one switch hop is shorter than
 * infinity and its sssp/dfsssp fail; ours routes every pair minimally on one VL. Prints the times
 * (no timing asserted; see benchmarks/RESULTS.md).
 */
@Tag("slow")
class DfssspScaleSlowTest {
  private static final long OPENSM_INFINITY = 0x7FFFFFFFL;

  @Test
  void routesAFabricWhoseStartWeightOverflowsOpenSm() throws Exception {
    Fabric fabric = Topologies.xgft(new int[] {32, 32, 44}, new int[] {1, 32, 32});
    long cas = fabric.numCas();
    long endpoints = fabric.numEndPorts();
    assertEquals(45_056, cas);
    assertEquals(3_840, fabric.numSwitches());
    assertTrue(fabric.maxLid() <= 0xBFFF, "max LID " + fabric.maxLid());
    assertTrue(endpoints * endpoints > OPENSM_INFINITY, endpoints + " endpoints");
    RoutingOptions options = RoutingOptions.defaults().withThreads(2);

    long t0 = System.nanoTime();
    Routing sssp = new SsspEngine().route(fabric, options);
    long t1 = System.nanoTime();
    Routing dfsssp = new DfssspEngine().route(fabric, options);
    long t2 = System.nanoTime();
    System.out.printf(
        "%s: sssp %.1f s, dfsssp %.1f s (%d VLs)%n",
        fabric, (t1 - t0) / 1e9, (t2 - t1) / 1e9, dfsssp.slTable().numVls());

    assertTrue(sssp.sameLfts(dfsssp), "dfsssp routes as sssp does");
    RouteReport report = new RouteChecker(EndpointScope.TERMINALS, 2).check(dfsssp);
    assertEquals(cas * (cas - 1), report.pairs());
    assertTrue(report.allRouted(), report.toString());
    assertTrue(report.allMinimal(), report.toString());
    assertEquals(1, dfsssp.slTable().numVls());
    CdgReport cdg = CreditLoopVerifier.defaults().withThreads(2).verify(dfsssp);
    assertTrue(cdg.isDeadlockFree(), cdg.toString());
    System.out.printf(
        "checked %d CA pairs and the channel dependency graph (%d edges) in %.1f s%n",
        report.pairs(), cdg.totalEdges(), (System.nanoTime() - t2) / 1e9);
  }
}
