package org.ibrouting.engines.dmodc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.ftree.FtreeEngine;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.simulation.RoutingQuality;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.RefusalCoverage;
import org.ibrouting.topology.Connectivity;
import org.ibrouting.topology.Failures;
import org.ibrouting.topology.Topologies;

/**
 * Dmodc over random degradations of small k-ary n-trees, XGFTs and PGFTs (cut cables, a failed
 * switch, CAs gone, LMC up to 2): every CA pair that links still join is delivered by a least-cost
 * up*&#47;down* route (checked entry by entry against {@link UpDownReference}), without a credit
 * loop on one VL, or the engine refuses because some connected leaves have no up*&#47;down* route
 * at all; and intact k-ary n-trees have ftree's Λ.
 */
class DmodcPropertiesTest {
  @Provide
  Arbitrary<Fabric> trees() {
    return Arbitraries.oneOf(FabricArbitraries.fatTrees(), Arbitraries.longs().map(Pgfts::random));
  }

  @Provide
  Arbitrary<Fabric> degraded() {
    Arbitrary<Fabric> cut = FabricArbitraries.withFailedLinks(trees(), 6, false);
    Arbitrary<Fabric> failedSwitch = FabricArbitraries.withFailedSwitch(trees(), false);
    Arbitrary<Fabric> fewerCas =
        Combinators.combine(trees(), Arbitraries.longs()).as(DmodcPropertiesTest::withoutSomeCas);
    Arbitrary<Fabric> any = Arbitraries.oneOf(trees(), cut, failedSwitch, fewerCas);
    return Arbitraries.oneOf(any, FabricArbitraries.withLmc(any, 2));
  }

  /** The fabric with about a third of its CAs' cables pulled (a leaf may keep none). */
  static Fabric withoutSomeCas(Fabric fabric, long seed) {
    Random random = new Random(seed);
    FabricBuilder b = FabricBuilder.from(fabric);
    for (int ca = fabric.numSwitches(); ca < fabric.numNodes(); ca++) {
      if (random.nextInt(3) == 0) {
        for (int p = 1; p <= fabric.numPorts(ca); p++) {
          if (fabric.peerPort(fabric.port(ca, p)) >= 0) {
            b.disconnect(ca, p);
          }
        }
      }
    }
    return b.build();
  }

  @Property(tries = 200)
  void everyConnectedPairIsRoutedUpDownAtLeastCostOrRefused(@ForAll("degraded") Fabric fabric) {
    UpDownReference reference = new UpDownReference(fabric);
    String valley = reference.valley(Connectivity.switchComponents(fabric));
    Routing routing;
    try {
      routing = new DmodcEngine().route(fabric, RoutingOptions.seeded(1).withThreads(2));
    } catch (RoutingException e) {
      if (!hasCaOnASwitch(fabric)) {
        assertTrue(
            e.getMessage().contains("no CA or router is cabled to a switch"), e.getMessage());
        return;
      }
      assertEquals(RoutingException.Reason.DISCONNECTED, e.reason(), e.getMessage());
      assertNotNull(valley, "refused, but every connected pair has an up*/down* route: " + e);
      assertTrue(e.getMessage().contains("has no up*/down* route to"), e.getMessage());
      RefusalCoverage.refused();
      return;
    }
    RefusalCoverage.routed();
    assertNull(valley, "routed, though these leaves have no up*/down* route");
    assertNull(reference.firstWrongEntry(routing), fabric.toString());
    RouteReport report = new RouteChecker(EndpointScope.TERMINALS, 1).check(routing);
    assertEquals(0, report.loopPairs() + report.blackholePairs(), report.witnesses().toString());
    assertEquals(Connectivity.connectedPairs(fabric), report.validPairs(), fabric.toString());
    CdgReport cdg = CreditLoopVerifier.defaults().withThreads(1).verify(routing);
    if (!cdg.isDeadlockFree()) {
      fail(fabric + ": credit loop on VL 0:\n" + cdg.creditLoop(0).orElseThrow());
    }
  }

  static boolean hasCaOnASwitch(Fabric fabric) {
    for (int node = fabric.numSwitches(); node < fabric.numNodes(); node++) {
      for (int p = 1; p <= fabric.numPorts(node); p++) {
        if (fabric.switchPortOf(fabric.port(node, p)) >= 0) {
          return true;
        }
      }
    }
    return false;
  }

  /** The paper's rule is an up*&#47;down* routing at least cost too. */
  @Property(tries = 60)
  void thePapersRuleIsUpDownAtLeastCostToo(@ForAll("degraded") Fabric fabric) {
    Routing routing;
    try {
      routing =
          new DmodcEngine(DmodcFormula.Variant.PAPER)
              .route(fabric, RoutingOptions.seeded(1).withThreads(1));
    } catch (RoutingException e) {
      assertTrue(
          e.reason() == RoutingException.Reason.DISCONNECTED || !hasCaOnASwitch(fabric),
          e.getMessage());
      return;
    }
    assertNull(new UpDownReference(fabric).firstWrongEntry(routing), fabric.toString());
  }

  /** Whole rows (the per-class fast path) equal the formula entry by entry. */
  @Property(tries = 80)
  void rowsEqualTheFormulaEntryByEntry(@ForAll("degraded") Fabric fabric) {
    DmodcFormula formula;
    Routing routing;
    try {
      formula = new DmodcEngine().formula(fabric, 1);
      routing = new DmodcEngine().route(fabric, RoutingOptions.seeded(1).withThreads(3));
    } catch (RoutingException e) {
      return;
    }
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      for (int lid = 0; lid < fabric.lftStride(); lid++) {
        int expected = lid > fabric.maxLid() ? Routing.NO_ROUTE : formula.outPort(sw, lid);
        if (routing.outPort(sw, lid) != expected) {
          fail(
              fabric.nodeName(sw)
                  + ", LID "
                  + lid
                  + ": row "
                  + routing.outPort(sw, lid)
                  + ", formula "
                  + expected);
        }
      }
    }
  }

  @Provide
  Arbitrary<int[]> kAndN() {
    return Combinators.combine(
            Arbitraries.integers().between(2, 4), Arbitraries.integers().between(2, 3))
        .as((k, n) -> new int[] {k, n});
  }

  /**
   * On an intact k-ary n-tree the routing is d-mod-k, as ftree's: the same Λ, pattern by pattern.
   */
  @Property(tries = 12)
  void intactKAryNTreesHaveFtreesLambda(
      @ForAll("kAndN") int[] kn, @ForAll("patternSeeds") long seed) throws RoutingException {
    Fabric fabric = Topologies.kAryNTree(kn[0], kn[1]);
    RoutingQuality.Options options = new RoutingQuality.Options(100, seed, 1, null);
    double ours =
        RoutingQuality.measure(new DmodcEngine().route(fabric, RoutingOptions.seeded(0)), options)
            .lambda();
    double ftree =
        RoutingQuality.measure(new FtreeEngine().route(fabric, RoutingOptions.seeded(0)), options)
            .lambda();
    assertEquals(ftree, ours, 1e-12, fabric.toString());
  }

  @Provide
  Arbitrary<Long> patternSeeds() {
    return Arbitraries.longs().between(0, 1000);
  }

  /**
   * Cutting one cable of an intact fat tree changes only entries whose old path crossed that cable:
   * every other destination keeps its d-mod-k ports. Not where the cut changes a switch's level (a
   * switch left without links down, possible where switches have a single child, climbs above its
   * former parents and renumbers the roles above it) or cuts a switch off (see {@link
   * #sameLevelsAndParts}).
   */
  @Property(tries = 40)
  void aCutCableMovesOnlyThePathsThatCrossedIt(
      @ForAll("trees") Fabric intact, @ForAll("patternSeeds") long seed) throws RoutingException {
    Fabric cut = Failures.failLinks(intact, 1, true, seed);
    int lost = -1;
    for (int port = 0; port < intact.numPortSlots() && lost < 0; port++) {
      if (intact.peerPort(port) >= 0 && cut.peerPort(port) < 0) {
        lost = port;
      }
    }
    if (lost < 0 || !sameLevelsAndParts(intact, cut)) {
      return;
    }
    Routing before;
    Routing after;
    try {
      before = new DmodcEngine().route(intact, RoutingOptions.seeded(0));
      after = new DmodcEngine().route(cut, RoutingOptions.seeded(0));
    } catch (RoutingException e) {
      return;
    }
    int[] ends = {lost, intact.peerPort(lost)};
    for (int sw = 0; sw < intact.numSwitches(); sw++) {
      for (int lid = 1; lid <= intact.maxLid(); lid++) {
        if (before.outPort(sw, lid) != after.outPort(sw, lid)) {
          assertTrue(
              crosses(before, sw, lid, ends),
              intact.nodeName(sw)
                  + ", LID "
                  + lid
                  + " changed, but its path did not cross "
                  + intact.portName(lost));
        }
      }
    }
  }

  /**
   * Whether every switch keeps its level and the fabric its parts: a cut that takes a leaf's last
   * link up makes it a part of its own, and the leaves are numbered part by part and by the least
   * leaf of each subtree, so its former siblings' identifiers move. Parts are counted over switch
   * links: a CA cabled to two leaves (a dual-rail host) joins no parts, it forwards nothing.
   */
  static boolean sameLevelsAndParts(Fabric before, Fabric after) {
    return java.util.Arrays.equals(
            new UpDownReference(before).level, new UpDownReference(after).level)
        && switchParts(before) == switchParts(after);
  }

  private static int switchParts(Fabric fabric) {
    return java.util.Arrays.stream(Connectivity.switchComponents(fabric)).max().orElse(-1) + 1;
  }

  /** Whether the path from {@code sw} to {@code lid} leaves a switch by one of {@code ends}. */
  private static boolean crosses(Routing routing, int sw, int lid, int[] ends) {
    Fabric fabric = routing.fabric();
    int at = sw;
    for (int hop = 0; hop <= fabric.numSwitches(); hop++) {
      int port = routing.outPort(at, lid);
      if (port == Routing.NO_ROUTE || port == 0) {
        return false;
      }
      int slot = fabric.port(at, port);
      if (slot == ends[0] || slot == ends[1]) {
        return true;
      }
      int next = fabric.channelHead(slot);
      if (!fabric.isSwitch(next)) {
        return false;
      }
      at = next;
    }
    return false;
  }
}
