package org.ibrouting.engines.dnup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.engines.testing.TwoLevelCluster;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.interop.OpenSmInteropTest;
import org.ibrouting.interop.OpenSmRuns;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Down*&#47;Up* against the real OpenSM 3.3.23 on ibsim, entry for entry: director chains (leaf
 * cables between directors join switches of equal rank, where OpenSM's search reaches every
 * switch), two-level clusters with dual-cabled storage nodes, and random irregular fabrics.
 */
class DnupInteropTest extends OpenSmInteropTest {
  /**
   * The Deimos-like chain of issue 16 and smaller ones: every switch LID routed, as OpenSM does.
   */
  @ParameterizedTest
  @ValueSource(strings = {"directors 3 24 12 12 30", "directors 3 4 3 2 5", "directors 2 3 2 1 2"})
  void directorChains(String spec) throws Exception {
    Routing ours = compare(TopologySpec.parse(spec).build(), spec);
    RouteReport all = new RouteChecker(EndpointScope.TERMINALS_AND_SWITCHES, 1).check(ours);
    assertEquals(0, all.unreachablePairs(), spec + ": pairs with switch LIDs unreachable");
  }

  /**
   * Eight 36-port switches, 144 HCAs, storage nodes cabled to two leaves; also with hosts on the
   * spines and cables between leaves.
   */
  @Test
  void twoLevelClustersWithDualCabledStorage() throws Exception {
    TwoLevelCluster plain = TwoLevelCluster.issue16();
    compare(plain.build(), "two-level");
    compare(plain.withHostsPerSpine(1).build(), "two-level, a host on every spine");
    compare(plain.withLeafPairLinks(1).build(), "two-level, leaf pairs cabled");
    compare(
        new TwoLevelCluster(4, 3, 6, 2, 3, 0, 2).withHostsPerSpine(1).build(), "small two-level");
  }

  /** Random irregular fabrics: OpenSM's search re-queues switches with new directions there. */
  @Test
  void randomIrregularFabrics() throws Exception {
    int compared = 0;
    for (int seed = 1; seed <= 8; seed++) {
      compared +=
          compareOrJustifyRefusal(
                  FabricArbitraries.randomConnected(6 + 3 * seed, 2 * seed, 2, false, seed),
                  "random seed " + seed)
              ? 1
              : 0;
    }
    assertTrue(compared >= 4, "only " + compared + " of 8 random fabrics routed");
  }

  private Routing compare(Fabric fabric, String what) throws Exception {
    OpenSmRuns.Run theirs = openSm(fabric, what);
    Routing ours = new DnupEngine().route(theirs.fabric(), RoutingOptions.defaults());
    GoldenLfts.assertSameLfts(theirs.routing(), ours, what + " dnup");
    return ours;
  }

  /** Compares, or where we refuse checks that OpenSM's tables do drop pairs of CAs there. */
  private boolean compareOrJustifyRefusal(Fabric fabric, String what) throws Exception {
    OpenSmRuns.Run theirs = openSm(fabric, what);
    Routing ours;
    try {
      ours = new DnupEngine().route(theirs.fabric(), RoutingOptions.defaults());
    } catch (RoutingException e) {
      RouteReport report = new RouteChecker(EndpointScope.TERMINALS, 1).check(theirs.routing());
      assertTrue(
          report.unreachablePairs() > 0,
          what + ": we refused (" + e.getMessage() + ") but OpenSM routes every pair of CAs");
      return false;
    }
    GoldenLfts.assertSameLfts(theirs.routing(), ours, what + " dnup");
    return true;
  }

  private OpenSmRuns.Run openSm(Fabric fabric, String what) throws Exception {
    OpenSmRuns.Run run =
        OpenSmRuns.run(fabric, "dnup", dir.resolve(what.replaceAll("[^A-Za-z0-9]+", "_")));
    assertEquals("dnup", run.result().engineUsed(), what + ": see " + run.result().log());
    return run;
  }
}
