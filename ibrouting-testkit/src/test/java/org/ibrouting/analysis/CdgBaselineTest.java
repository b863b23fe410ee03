package org.ibrouting.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.SlTable;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.TestFabrics;
import org.ibrouting.testkit.TestRoutings;
import org.junit.jupiter.api.Test;

/**
 * {@link CdgBaseline}: a verifier with a baseline answers exactly as one without, for routings and
 * mixes that differ from the baseline's routing in a few destinations' entries or VLs, on the
 * baseline's fabric and on a later state of it with links or a switch gone; and it does walk only
 * the changed destinations when the union with the baseline is acyclic.
 */
class CdgBaselineTest {
  private static final CreditLoopVerifier VERIFIER = CreditLoopVerifier.defaults().withThreads(1);

  @Provide
  Arbitrary<Fabric> fabrics() {
    return Arbitraries.oneOf(
        FabricArbitraries.fatTrees(),
        FabricArbitraries.tori(),
        FabricArbitraries.jellyfish(),
        FabricArbitraries.withLmc(FabricArbitraries.kAryNTrees(), 1),
        FabricArbitraries.randomConnected());
  }

  @Property(tries = 400)
  void answersAsTheWholeGraphDoes(
      @ForAll("fabrics") Fabric intact,
      @ForAll @IntRange(min = 0, max = 2) int failures,
      @ForAll boolean back,
      @ForAll @IntRange(min = 1, max = 4) int destinations,
      @ForAll boolean changeVls,
      @ForAll long seed) {
    Random random = new Random(seed);
    Fabric damaged =
        failures == 0
            ? intact
            : failures == 1
                ? FabricArbitraries.failLinks(intact, 1, false, seed)
                : FabricArbitraries.failSwitch(intact, false, seed);
    // the baseline's fabric, then the fabric now: a failure, or (back) its repair
    Fabric then = back ? damaged : intact;
    Fabric now = back ? intact : damaged;
    // the deployed tables: routed for their fabric, or (back) kept from the fabric now, so that
    // some entries lead to a port whose link comes back
    Routing routed = TestRoutings.upDown(back && random.nextBoolean() ? now : then, 0);
    Routing deployed =
        withVls(
            routed.fabric() == then ? routed : carriedOver(routed, then),
            random,
            random.nextBoolean());
    CdgBaseline baseline = VERIFIER.baseline(deployed);
    Assume.that(baseline.isUsable());
    Routing held = carriedOver(deployed, now);
    Routing changed = mutated(held, random, destinations, changeVls);
    CreditLoopVerifier quick = VERIFIER.withBaseline(baseline);
    for (RoutingMix mix :
        new RoutingMix[] {
          RoutingMix.of(held, changed),
          RoutingMix.of(held, changed).withAllSwitches(RoutingMix.State.SECOND),
          RoutingMix.of(changed, held).withSls(RoutingMix.State.FIRST)
        }) {
      assertEquals(
          VERIFIER.verify(mix).isDeadlockFree(), quick.verify(mix).isDeadlockFree(), "a mix");
    }
    assertEquals(VERIFIER.verify(changed).isDeadlockFree(), quick.verify(changed).isDeadlockFree());
    assertEquals(VERIFIER.verify(held).isDeadlockFree(), quick.verify(held).isDeadlockFree());
  }

  @Test
  void anotherUpDownPathToOneDestinationIsProvenFromTheBaseline() {
    Fabric tree = TestFabrics.kAryNTree(4, 3);
    Routing deployed = TestRoutings.upDown(tree, 0);
    CdgBaseline baseline = VERIFIER.baseline(deployed);
    assertTrue(baseline.isUsable());
    // a switch sends one destination out by another port, the switch-over still deadlock-free
    int lid = tree.baseLid(tree.port(tree.numSwitches(), 1));
    Routing moved = otherUpPort(deployed, lid);
    CreditLoopVerifier quick = VERIFIER.withBaseline(baseline);
    assertTrue(quick.verify(moved).isDeadlockFree());
    assertTrue(quick.verify(RoutingMix.of(deployed, moved)).isDeadlockFree());
    assertEquals(
        CreditLoopVerifier.BaselineAnswer.FREE, quick.askBaseline(RoutingMix.of(deployed, moved)));
    assertEquals(3, baseline.checksFromBaseline());
    assertEquals(0, baseline.wholeChecks());
  }

  @Test
  void aLoopClosedByTheChangedDestinationsIsFoundWithItsWitness() {
    Fabric ring = TestFabrics.ring(6, 1);
    Routing rootedAt0 = TestRoutings.upDown(ring, 0);
    Routing rootedAt1 = TestRoutings.upDown(ring, 1);
    CdgBaseline baseline = VERIFIER.baseline(rootedAt0);
    CreditLoopVerifier quick = VERIFIER.withBaseline(baseline);
    // most destinations change: the baseline cannot tell, the whole graph does
    assertEquals(
        CreditLoopVerifier.BaselineAnswer.UNKNOWN,
        quick.askBaseline(RoutingMix.of(rootedAt0, rootedAt1)));
    assertEquals(0, baseline.wholeChecks());
    CdgReport union = quick.verify(RoutingMix.of(rootedAt0, rootedAt1));
    assertFalse(union.isDeadlockFree());
    assertTrue(union.firstCreditLoop().isPresent());
    assertEquals(
        VERIFIER
            .verify(RoutingMix.of(rootedAt0, rootedAt1))
            .firstCreditLoop()
            .orElseThrow()
            .toString(),
        union.firstCreditLoop().orElseThrow().toString());
    assertEquals(1, baseline.wholeChecks());
  }

  @Test
  void everyOneEntryChangeOfARingIsAnsweredAsTheWholeGraphAnswersIt() {
    Fabric ring = TestFabrics.ring(6, 1);
    Routing deployed = TestRoutings.upDown(ring, 0);
    CreditLoopVerifier quick = VERIFIER.withBaseline(VERIFIER.baseline(deployed));
    int cyclic = 0;
    for (int sw = 0; sw < ring.numSwitches(); sw++) {
      for (int lid = 1; lid <= 6; lid++) {
        for (int port = 1; port <= 2; port++) {
          RoutingMix mix =
              RoutingMix.of(deployed, deployed.toBuilder("test").setOutPort(sw, lid, port).build());
          boolean free = VERIFIER.verify(mix).isDeadlockFree();
          assertEquals(
              free
                  ? CreditLoopVerifier.BaselineAnswer.FREE
                  : CreditLoopVerifier.BaselineAnswer.UNION_CYCLIC,
              quick.askBaseline(mix),
              "switch " + sw + ", LID " + lid + " to port " + port);
          cyclic += free ? 0 : 1;
        }
      }
    }
    assertTrue(cyclic > 0, "no change closes a loop");
  }

  @Test
  void routesOverALinkThatCameBackAreWalkedThoughTheirEntriesStayed() {
    // shortest paths around a ring of 5 close a credit loop; with one link cut, the tables kept
    // from before close none, and when the link comes back the same tables close it again
    Fabric intact = ring(5, -1);
    Fabric cut = ring(5, 4);
    Routing kept = carriedOver(TestRoutings.shortestPaths(intact), cut);
    CdgBaseline baseline = VERIFIER.baseline(kept);
    assertTrue(baseline.isUsable());
    Routing back = carriedOver(kept, intact);
    assertFalse(VERIFIER.verify(back).isDeadlockFree());
    assertFalse(VERIFIER.withBaseline(baseline).verify(back).isDeadlockFree());
    assertEquals(0, baseline.checksFromBaseline());
  }

  @Test
  void aBaselineWithACreditLoopIsNotUsed() {
    Fabric ring = TestFabrics.ring(5, 1);
    Routing shortest = TestRoutings.shortestPaths(ring);
    CdgBaseline baseline = VERIFIER.baseline(shortest);
    assertFalse(baseline.report().isDeadlockFree());
    assertFalse(baseline.isUsable());
    assertFalse(VERIFIER.withBaseline(baseline).verify(shortest).isDeadlockFree());
    assertEquals(
        CreditLoopVerifier.BaselineAnswer.UNKNOWN,
        VERIFIER.withBaseline(baseline).askBaseline(RoutingMix.of(shortest, shortest)));
    assertEquals(
        CreditLoopVerifier.BaselineAnswer.UNKNOWN,
        VERIFIER.askBaseline(RoutingMix.of(shortest, shortest)));
    assertEquals(0, baseline.checksFromBaseline());
  }

  /**
   * A ring as {@link TestFabrics#ring} with one CA per switch, without link {@code cut} (or -1).
   */
  private static Fabric ring(int numSwitches, int cut) {
    FabricBuilder b = Fabric.builder();
    for (int i = 0; i < numSwitches; i++) {
      b.addNode(NodeType.SWITCH, 3, 0x1000L + i, "S" + i);
    }
    for (int i = 0; i < numSwitches; i++) {
      int ca = b.addNode(NodeType.CA, 1, 0x2000L + i, "H" + i);
      b.setLid(ca, 1, i + 1, 0);
      b.connect(i, 3, ca, 1, null);
      b.setLid(i, 0, numSwitches + i + 1, 0);
    }
    for (int i = 0; i < numSwitches; i++) {
      if (i != cut) {
        b.connect(i, 1, (i + 1) % numSwitches, 2, null);
      }
    }
    return b.build();
  }

  /** {@code routing} with random SLs per source LID over an SL-to-VL map onto 2 VLs. */
  private static Routing withVls(Routing routing, Random random, boolean all) {
    Fabric fabric = routing.fabric();
    SlTable.Builder sls = SlTable.perSourceLid(fabric);
    sls.setSlToVl(new byte[] {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1});
    for (int src = 1; src <= fabric.maxLid(); src++) {
      int group = sls.groupOfSrcLid(src);
      for (int dst = 1; group >= 0 && dst <= fabric.maxLid(); dst++) {
        sls.setSl(group, dst, all ? random.nextInt(4) : 2 * random.nextInt(2));
      }
    }
    return routing.withSlTable(routing.engineName(), sls.build());
  }

  /** The tables of {@code old} on {@code changed}, switches matched by node GUID. */
  private static Routing carriedOver(Routing old, Fabric changed) {
    Fabric before = old.fabric();
    RoutingBuilder b = Routing.builder(changed, old.engineName());
    for (int sw = 0; sw < changed.numSwitches(); sw++) {
      int was = before.nodeOfGuid(changed.nodeGuid(sw));
      for (int lid = 1; was >= 0 && lid <= Math.min(before.maxLid(), changed.maxLid()); lid++) {
        if (changed.portOfLid(lid) >= 0) {
          b.setOutPort(sw, lid, old.outPort(was, lid));
        }
      }
    }
    SlTable.Builder sls = SlTable.perSourceLid(changed);
    sls.setSlToVl(new byte[] {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1});
    for (int src = 1; src <= changed.maxLid(); src++) {
      int group = sls.groupOfSrcLid(src);
      for (int dst = 1; group >= 0 && dst <= changed.maxLid(); dst++) {
        int maxLid = old.slTable().maxLid();
        sls.setSl(group, dst, src > maxLid || dst > maxLid ? 0 : old.slTable().sl(src, dst));
      }
    }
    b.setSlTable(sls.build());
    return b.build();
  }

  /**
   * {@code routing} with a few destinations' entries set to random connected ports on random
   * switches, and (with {@code changeVls}) their SLs from random sources flipped to the other VL.
   */
  private static Routing mutated(
      Routing routing, Random random, int destinations, boolean changeVls) {
    Fabric fabric = routing.fabric();
    RoutingBuilder b = routing.toBuilder(routing.engineName());
    SlTable.Builder sls = SlTable.perSourceLid(fabric);
    sls.setSlToVl(new byte[] {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1});
    for (int src = 1; src <= fabric.maxLid(); src++) {
      int group = sls.groupOfSrcLid(src);
      for (int dst = 1; group >= 0 && dst <= fabric.maxLid(); dst++) {
        sls.setSl(group, dst, routing.slTable().sl(src, dst));
      }
    }
    for (int d = 0; d < destinations && fabric.maxLid() > 0; d++) {
      int lid = 1 + random.nextInt(fabric.maxLid());
      for (int k = 0; k < 3; k++) {
        int sw = random.nextInt(fabric.numSwitches());
        int portNum = 1 + random.nextInt(fabric.numPorts(sw));
        if (fabric.peerPort(fabric.port(sw, portNum)) >= 0) {
          b.setOutPort(sw, lid, portNum);
        }
      }
      for (int src = 1; changeVls && src <= fabric.maxLid(); src++) {
        int group = sls.groupOfSrcLid(src);
        if (group >= 0 && random.nextInt(3) == 0) {
          sls.setSl(group, lid, routing.slTable().sl(src, lid) ^ 1);
        }
      }
    }
    b.setSlTable(sls.build());
    return b.build();
  }

  /**
   * {@code routing} with the first switch (but the destination's own) that routes {@code lid}
   * sending it by another switch port, such that the switch-over stays free of credit loops.
   */
  private static Routing otherUpPort(Routing routing, int lid) {
    Fabric tree = routing.fabric();
    int leaf = tree.nodeOfPort(tree.switchPortOf(tree.portOfLid(lid)));
    for (int sw = 0; sw < tree.numSwitches(); sw++) {
      int out = routing.outPort(sw, lid);
      if (sw == leaf || out == Routing.NO_ROUTE || !isLeaf(tree, sw)) {
        continue;
      }
      for (int p = 1; p <= tree.numPorts(sw); p++) {
        int peer = tree.peerPort(tree.port(sw, p));
        if (p != out && peer >= 0 && tree.isSwitch(tree.nodeOfPort(peer))) {
          Routing moved = routing.toBuilder(routing.engineName()).setOutPort(sw, lid, p).build();
          if (VERIFIER.verify(RoutingMix.of(routing, moved)).isDeadlockFree()) {
            return moved;
          }
        }
      }
    }
    throw new AssertionError("no switch-over of LID " + lid + " is free of credit loops");
  }

  private static boolean isLeaf(Fabric tree, int sw) {
    for (int p = 1; p <= tree.numPorts(sw); p++) {
      int peer = tree.peerPort(tree.port(sw, p));
      if (peer >= 0 && !tree.isSwitch(tree.nodeOfPort(peer))) {
        return true;
      }
    }
    return false;
  }
}
