package org.ibrouting.engines.updn;

import org.ibrouting.engines.internal.UpDownHops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.engines.EngineChain;
import org.ibrouting.engines.minhop.MinhopEngine;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.engines.testing.GuidLists;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.topology.Failures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Up*&#47;Down* against OpenSM's tables, and deadlock freedom everywhere. */
class UpdnTest {
  @TempDir
  Path dir;

  static Stream<String> names() {
    return ReferenceFabrics.names().stream();
  }

  /**
   * With OpenSM's root file, the tables equal OpenSM's updn entry for entry, except where OpenSM's
   * own tables break the up/down rule (its BFS fixes a switch's direction when first queued):
   * there, OpenSM has routes that turn down and then up, ours has none.
   */
  @ParameterizedTest
  @MethodSource("names")
  void equalsOpenSmWithTheSameRoots(String name) throws RoutingException {
    assumeTrue("updn".equals(ReferenceFabrics.resultString(name, "updn+roots", "engine_used")));
    Routing theirs = ReferenceFabrics.openSmRouting(name, "updn+roots");
    Path rootFile = ReferenceFabrics.resource(name, "updn-roots.guids");
    Routing ours = new UpdnEngine(new UpdnEngine.Settings(GuidLists.read(rootFile), true)).route(theirs.fabric(), RoutingOptions.defaults());
    int[] rank = org.ibrouting.engines.internal.UpDownRanks.ranks(theirs.fabric(), org.ibrouting.engines.internal.GuidFiles.switches(theirs.fabric(), GuidLists.read(rootFile), "updn", "root GUID list"));
    assertEquals(0, downUpTurns(ours, rank), name + ": our tables turn down then up");
    if (name.equals("jellyfish32")) {
      assertTrue(downUpTurns(theirs, rank) > 0, name + ": OpenSM's tables were expected to break the rule");
    } else if (name.equals("dragonfly_a4p2h2")) {
      // Known difference: a switch that can reach the destination going down only always does here,
      // where OpenSM may climb first; 20 entries differ and the mean CA-to-CA path is 4.719 hops
      // against OpenSM's 4.717 (its choice there happens to stay legal, but its rule does not
      // guarantee it, see jellyfish32).
      assertTrue(differingEntries(theirs, ours) <= 20, name);
    } else {
      GoldenLfts.assertSameLfts(theirs, ours, name + " updn+roots");
    }
  }

  static int differingEntries(Routing a, Routing b) {
    int differing = 0;
    for (int sw = 0; sw < a.fabric().numSwitches(); sw++) {
      for (int lid = 1; lid <= a.fabric().maxLid(); lid++) {
        if (a.outPort(sw, lid) != b.outPort(sw, lid)) {
          differing++;
        }
      }
    }
    return differing;
  }

  /** Switch-to-switch LFT hops (sw, next) followed by (next, after) that go down and then up, over all LIDs of CAs. */
  static long downUpTurns(Routing routing, int[] rank) {
    Fabric f = routing.fabric();
    long turns = 0;
    for (int lid = 1; lid <= f.maxLid(); lid++) {
      if (f.portOfLid(lid) < 0 || f.isSwitch(f.nodeOfLid(lid))) {
        continue;
      }
      for (int sw = 0; sw < f.numSwitches(); sw++) {
        int next = hop(routing, sw, lid);
        if (next < 0) {
          continue;
        }
        int after = hop(routing, next, lid);
        if (after >= 0 && !UpDownHops.isUp(f, rank, sw, next) && UpDownHops.isUp(f, rank, next, after)) {
          turns++;
        }
      }
    }
    return turns;
  }

  private static int hop(Routing routing, int sw, int lid) {
    Fabric f = routing.fabric();
    int port = routing.outPort(sw, lid);
    if (port == Routing.NO_ROUTE || port == 0) {
      return -1;
    }
    int peer = f.peerPort(f.port(sw, port));
    return peer >= 0 && f.isSwitch(f.nodeOfPort(peer)) ? f.nodeOfPort(peer) : -1;
  }

  /** Where OpenSM detected roots itself (fat trees), ours finds the same ones. */
  @ParameterizedTest
  @MethodSource("names")
  void detectsOpenSmsRoots(String name) throws RoutingException {
    assumeTrue("updn".equals(ReferenceFabrics.resultString(name, "updn", "engine_used")));
    Routing theirs = ReferenceFabrics.openSmRouting(name, "updn");
    Routing ours = new UpdnEngine().route(theirs.fabric(), RoutingOptions.defaults());
    GoldenLfts.assertSameLfts(theirs, ours, name + " updn");
  }

  /**
   * Where OpenSM finds no root (torus, hypercube, Dragonfly, Jellyfish) it falls back to minhop;
   * with updn_auto_root=false so does our chain updn,minhop, to the same tables. Where it finds
   * roots, the chain stays with updn, as OpenSM's does.
   */
  @ParameterizedTest
  @MethodSource("names")
  void withoutAutoRootTheChainFallsBackAsOpenSmDoes(String name) throws RoutingException {
    Routing theirs = ReferenceFabrics.openSmRouting(name, "updn");
    EngineChain.Result result = EngineChain.route(List.of(new UpdnEngine(new UpdnEngine.Settings(null, false)), new MinhopEngine()),
        theirs.fabric(), RoutingOptions.defaults());
    assertEquals(ReferenceFabrics.resultString(name, "updn", "engine_used"), result.routing().engineName(),
        name + ": " + result.failures());
    if (result.routing().engineName().equals("minhop")) {
      assertTrue(result.failures().get(0).startsWith("updn: no root nodes were found"), result.failures().toString());
    }
    GoldenLfts.assertSameLfts(theirs, result.routing(), name + " updn,minhop");
  }

  /** Where OpenSM finds no root, the root we take is named, with the reason, in a note. */
  @Test
  void aRootChosenWhereOpenSmFindsNoneIsNamedInANote() throws RoutingException {
    Fabric fabric = ReferenceFabrics.fabric("jellyfish32");
    Routing routing = new UpdnEngine().route(fabric, RoutingOptions.defaults());
    assertEquals(1, routing.notes().size(), routing.notes().toString());
    String note = routing.notes().get(0);
    int[] roots = UpdnEngine.detectRoots(fabric, 1);
    assertEquals(1, roots.length);
    assertTrue(note.startsWith("updn: OpenSM finds no root here") && note.contains("took " + fabric.nodeName(roots[0]))
        && note.contains("least total hop distance") && note.contains("updn_auto_root=false"), note);
    // where OpenSM finds the roots itself there is nothing to say
    assertEquals(List.of(), new UpdnEngine().route(ReferenceFabrics.fabric("ft4_3"), RoutingOptions.defaults()).notes());
  }

  /** A part of a split fabric without a root gets its own, and a note says which. */
  @Test
  void aRootChosenForAPartOfASplitFabricIsNamed() throws Exception {
    Fabric fabric = ReferenceFabrics.fabric("ft4_3");
    Path roots = dir.resolve("roots.guids");
    Fabric split = Failures.failLinks(fabric, 1000, false, 3);
    Files.writeString(roots, String.format("0x%016x%n", split.nodeGuid(0)));
    Routing routing = new UpdnEngine(new UpdnEngine.Settings(GuidLists.read(roots), true)).route(split, RoutingOptions.defaults());
    assertFalse(routing.notes().isEmpty(), "no note for the parts without a root");
    assertTrue(routing.notes().stream().allMatch(n -> n.startsWith("updn: no root in the part of the split fabric")),
        routing.notes().toString());
  }

  /** OpenSM's updn with jellyfish32's single root has a credit loop; ours has none. */
  @Test
  void jellyfishWithOneRootIsLoopFreeUnlikeOpenSm() throws RoutingException {
    Routing theirs = ReferenceFabrics.openSmRouting("jellyfish32", "updn+roots");
    assertFalse(CreditLoopVerifier.defaults().verify(theirs).isDeadlockFree(),
        "the verifier finds OpenSM's loop");
    Routing ours = new UpdnEngine(new UpdnEngine.Settings(GuidLists.read(ReferenceFabrics.resource("jellyfish32", "updn-roots.guids")), true))
        .route(theirs.fabric(), RoutingOptions.defaults());
    RoutingAssertions.assertAllPairsRouted(ours);
    RoutingAssertions.assertDeadlockFreePerVl(ours);
  }

  @Provide
  Arbitrary<Fabric> fabrics() {
    return Arbitraries.oneOf(FabricArbitraries.fatTreesToriAndRandom(), FabricArbitraries.randomConnected(),
        FabricArbitraries.dragonflies(), FabricArbitraries.hypercubes())
        .filter(FabricArbitraries::switchesConnected);
  }


  @Property(tries = 120)
  void routesEveryPairWithoutCreditLoops(@ForAll("fabrics") Fabric fabric) throws RoutingException {
    Routing routing = new UpdnEngine().route(fabric, RoutingOptions.defaults());
    RoutingAssertions.assertAllPairsRouted(routing);
    RoutingAssertions.assertLoopFree(routing);
    RoutingAssertions.assertDeadlockFreePerVl(routing);
  }

  @Test
  void rootFileNamingANonSwitchIsAnErrorWithTheLine() throws Exception {
    Fabric fabric = ReferenceFabrics.fabric("ft4_3");
    Path roots = dir.resolve("roots.guids");
    Files.writeString(roots, "# roots\n0x0000000000200020\n0x0000000000100000\n");
    RoutingException e = assertThrows(RoutingException.class,
        () -> new UpdnEngine(new UpdnEngine.Settings(GuidLists.read(roots), true)).route(fabric, RoutingOptions.defaults()));
    assertTrue(e.getMessage().contains(roots + ":3:1: 0x0000000000100000 is not a switch"), e.getMessage());
    Files.writeString(roots, "0x0000000000999999\n");
    e = assertThrows(RoutingException.class, () -> new UpdnEngine(new UpdnEngine.Settings(GuidLists.read(roots), true)).route(fabric, RoutingOptions.defaults()));
    assertTrue(e.getMessage().contains(roots + ":1:1: 0x0000000000999999 is no node"), e.getMessage());
    assertEquals(RoutingException.Reason.SETTINGS_MISMATCH, e.reason());
  }
}
