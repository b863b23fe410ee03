package org.ibrouting.engines.updn;

import static org.ibrouting.testkit.FabricArbitraries.connected;
import static org.ibrouting.testkit.FabricArbitraries.dragonflies;
import static org.ibrouting.testkit.FabricArbitraries.fatTreesToriAndRandom;
import static org.ibrouting.testkit.FabricArbitraries.hypercubes;
import static org.ibrouting.testkit.FabricArbitraries.randomConnected;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.engines.EngineChain;
import org.ibrouting.engines.minhop.MinhopEngine;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.engines.testing.GuidLists;
import org.ibrouting.engines.updown.UpDownHops;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.topology.Failures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Up*&#47;Down* against OpenSM's tables, and deadlock freedom everywhere. */
class UpdnTest {
  @TempDir Path dir;

  static Stream<String> names() {
    return ReferenceFabrics.names().stream();
  }

  /**
   * With OpenSM's root file, the tables equal OpenSM's updn entry for entry, except for the known
   * differences listed in {@code golden/updn/updn+roots-differences.txt}, which must be exactly
   * those: OpenSM's tables turn down and then up on jellyfish32 (its BFS fixes a switch's direction
   * when first queued), ours never do; and where a switch can reach the destination going down
   * only, ours always does.
   */
  @ParameterizedTest
  @MethodSource("names")
  void equalsOpenSmWithTheSameRoots(String name) throws Exception {
    assertEquals(
        "updn",
        ReferenceFabrics.resultString(name, "updn+roots", "engine_used"),
        name + ": OpenSM routed every reference fabric with updn given roots");
    Routing theirs = ReferenceFabrics.openSmRouting(name, "updn+roots");
    Path rootFile = ReferenceFabrics.resource(name, "updn-roots.guids");
    Routing ours =
        new UpdnEngine(new UpdnEngine.Settings(GuidLists.read(rootFile), true))
            .route(theirs.fabric(), RoutingOptions.defaults());
    int[] rank =
        org.ibrouting.engines.updown.UpDownRanks.ranks(
            theirs.fabric(),
            org.ibrouting.internal.GuidFiles.switches(
                theirs.fabric(), GuidLists.read(rootFile), "updn", "root GUID list"));
    assertEquals(0, downUpTurns(ours, rank), name + ": our tables turn down then up");
    assertEquals(
        name.equals("jellyfish32") ? 36 : 0,
        caPairsTurningDownThenUp(theirs, rank),
        name + ": CA pairs whose OpenSM route turns down then up");
    List<String> expected =
        knownDifferences().stream().filter(d -> d.startsWith(name + " ")).toList();
    List<String> actual = differences(name, theirs, ours);
    if (!expected.equals(actual)) {
      List<String> unexpected =
          actual.stream().filter(d -> !expected.contains(d)).limit(10).toList();
      List<String> gone = expected.stream().filter(d -> !actual.contains(d)).limit(10).toList();
      fail(
          name
              + ": "
              + actual.size()
              + " entries differ from OpenSM's, "
              + expected.size()
              + " known (fabric, switch, LID, OpenSM's port, ours); new: "
              + unexpected
              + "; no longer: "
              + gone);
    }
  }

  static List<String> knownDifferences() throws java.io.IOException {
    try (var in =
        new java.io.BufferedReader(
            new java.io.InputStreamReader(
                UpdnTest.class
                    .getClassLoader()
                    .getResourceAsStream("golden/updn/updn+roots-differences.txt"),
                java.nio.charset.StandardCharsets.UTF_8))) {
      return in.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).map(String::strip).toList();
    }
  }

  /**
   * The differing entries as "fabric switchGuid lid theirPort ourPort", switch by switch, LID by
   * LID.
   */
  static List<String> differences(String name, Routing theirs, Routing ours) {
    Fabric f = theirs.fabric();
    List<String> differing = new java.util.ArrayList<>();
    for (int sw = 0; sw < f.numSwitches(); sw++) {
      for (int lid = 1; lid <= f.maxLid(); lid++) {
        if (theirs.outPort(sw, lid) != ours.outPort(sw, lid)) {
          differing.add(
              String.format(
                  java.util.Locale.ROOT,
                  "%s 0x%016x %d %d %d",
                  name,
                  f.nodeGuid(sw),
                  lid,
                  theirs.outPort(sw, lid),
                  ours.outPort(sw, lid)));
        }
      }
    }
    return differing;
  }

  /** CA pairs whose route, walked through the LFTs, goes down and later up. */
  static long caPairsTurningDownThenUp(Routing routing, int[] rank) {
    Fabric f = routing.fabric();
    long pairs = 0;
    for (int dst = f.numSwitches(); dst < f.numNodes(); dst++) {
      int dlid = f.baseLid(f.port(dst, 1));
      for (int src = f.numSwitches(); src < f.numNodes(); src++) {
        if (src == dst || f.peerPort(f.port(src, 1)) < 0) {
          continue;
        }
        boolean down = false;
        int sw = f.nodeOfPort(f.peerPort(f.port(src, 1)));
        for (int hops = 0; hops < f.numSwitches(); hops++) {
          int next = hop(routing, sw, dlid);
          if (next < 0) {
            break;
          }
          boolean up = UpDownHops.isUp(f, rank, sw, next);
          if (up && down) {
            pairs++;
            break;
          }
          down |= !up;
          sw = next;
        }
      }
    }
    return pairs;
  }

  /**
   * Switch-to-switch LFT hops (sw, next) followed by (next, after) that go down and then up, over
   * all LIDs of CAs.
   */
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
        if (after >= 0
            && !UpDownHops.isUp(f, rank, sw, next)
            && UpDownHops.isUp(f, rank, next, after)) {
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

  /**
   * Where OpenSM detected roots itself (fat trees), ours finds the same ones. Where it found none
   * and fell back to MINHOP (tori, hypercube, Dragonfly, Jellyfish), ours takes, as documented, the
   * switch with the least total hop distance to all others (the first on ties) as the single root.
   */
  @ParameterizedTest
  @MethodSource("names")
  void detectsOpenSmsRootsOrTheMostCentralSwitch(String name) throws Exception {
    Routing theirs = ReferenceFabrics.openSmRouting(name, "updn");
    Fabric fabric = theirs.fabric();
    Routing ours = new UpdnEngine().route(fabric, RoutingOptions.defaults());
    if ("updn".equals(ReferenceFabrics.resultString(name, "updn", "engine_used"))) {
      GoldenLfts.assertSameLfts(theirs, ours, name + " updn");
      return;
    }
    assertEquals("minhop", ReferenceFabrics.resultString(name, "updn", "engine_used"), name);
    GoldenLfts.assertSameLfts(
        ReferenceFabrics.openSmRouting(name, "minhop"),
        theirs,
        name + ": OpenSM's updn fell back to its minhop");
    int central = mostCentralSwitch(fabric);
    assertArrayEquals(new int[] {central}, UpdnEngine.detectRoots(fabric, 1), name + ": root");
    Path rootFile =
        Files.writeString(
            dir.resolve(name + ".roots"), String.format("0x%016x%n", fabric.nodeGuid(central)));
    GoldenLfts.assertSameLfts(
        new UpdnEngine(new UpdnEngine.Settings(GuidLists.read(rootFile), true))
            .route(fabric, RoutingOptions.defaults()),
        ours,
        name + ": updn with the most central switch as root");
    RoutingAssertions.assertAllPairsRouted(ours);
    RoutingAssertions.assertDeadlockFreePerVl(ours);
  }

  /** The switch whose switch-link distances to all others sum least, the lowest index on ties. */
  static int mostCentralSwitch(Fabric fabric) {
    int n = fabric.numSwitches();
    int best = -1;
    long bestSum = Long.MAX_VALUE;
    for (int s = 0; s < n; s++) {
      int[] distance = new int[n];
      java.util.Arrays.fill(distance, -1);
      java.util.ArrayDeque<Integer> queue = new java.util.ArrayDeque<>(List.of(s));
      distance[s] = 0;
      long sum = 0;
      while (!queue.isEmpty()) {
        int sw = queue.poll();
        sum += distance[sw];
        for (int i = 0; i < fabric.outDegree(sw); i++) {
          int next = fabric.channelHead(fabric.outChannel(sw, i));
          if (fabric.isSwitch(next) && distance[next] < 0) {
            distance[next] = distance[sw] + 1;
            queue.add(next);
          }
        }
      }
      if (sum < bestSum) {
        bestSum = sum;
        best = s;
      }
    }
    return best;
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
    EngineChain.Result result =
        EngineChain.route(
            List.of(new UpdnEngine(new UpdnEngine.Settings(null, false)), new MinhopEngine()),
            theirs.fabric(),
            RoutingOptions.defaults());
    assertEquals(
        ReferenceFabrics.resultString(name, "updn", "engine_used"),
        result.routing().engineName(),
        name + ": " + result.failures());
    if (result.routing().engineName().equals("minhop")) {
      assertTrue(
          result.failures().get(0).startsWith("updn: no root nodes were found"),
          result.failures().toString());
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
    assertTrue(
        note.startsWith("updn: OpenSM finds no root here")
            && note.contains("took " + fabric.nodeName(roots[0]))
            && note.contains("least total hop distance")
            && note.contains("updn_auto_root=false"),
        note);
    // where OpenSM finds the roots itself there is nothing to say
    assertEquals(
        List.of(),
        new UpdnEngine()
            .route(ReferenceFabrics.fabric("ft4_3"), RoutingOptions.defaults())
            .notes());
  }

  /** A part of a split fabric without a root gets its own, and a note says which. */
  @Test
  void aRootChosenForAPartOfASplitFabricIsNamed() throws Exception {
    Fabric fabric = ReferenceFabrics.fabric("ft4_3");
    Path roots = dir.resolve("roots.guids");
    Fabric split = Failures.failLinks(fabric, 1000, false, 3);
    Files.writeString(roots, String.format("0x%016x%n", split.nodeGuid(0)));
    Routing routing =
        new UpdnEngine(new UpdnEngine.Settings(GuidLists.read(roots), true))
            .route(split, RoutingOptions.defaults());
    assertFalse(routing.notes().isEmpty(), "no note for the parts without a root");
    assertTrue(
        routing.notes().stream()
            .allMatch(n -> n.startsWith("updn: no root in the part of the split fabric")),
        routing.notes().toString());
  }

  /** OpenSM's updn with jellyfish32's single root has a credit loop; ours has none. */
  @Test
  void jellyfishWithOneRootIsLoopFreeUnlikeOpenSm() throws RoutingException {
    Routing theirs = ReferenceFabrics.openSmRouting("jellyfish32", "updn+roots");
    assertFalse(
        CreditLoopVerifier.defaults().verify(theirs).isDeadlockFree(),
        "the verifier finds OpenSM's loop");
    Routing ours =
        new UpdnEngine(
                new UpdnEngine.Settings(
                    GuidLists.read(ReferenceFabrics.resource("jellyfish32", "updn-roots.guids")),
                    true))
            .route(theirs.fabric(), RoutingOptions.defaults());
    RoutingAssertions.assertAllPairsRouted(ours);
    RoutingAssertions.assertDeadlockFreePerVl(ours);
  }

  @Provide
  Arbitrary<Fabric> fabrics() {
    return connected(fatTreesToriAndRandom(), randomConnected(), dragonflies(), hypercubes());
  }

  @Property(tries = 120)
  void routesEveryPairWithoutCreditLoops(@ForAll("fabrics") Fabric fabric) throws RoutingException {
    Routing routing = new UpdnEngine().route(fabric, RoutingOptions.defaults());
    RoutingAssertions.assertRoutedWithoutLoops(routing);
    RoutingAssertions.assertDeadlockFreePerVl(routing);
  }

  /** The refusal of Up*&#47;Down* with the root GUID file {@code roots}. */
  private static RoutingException refusedWithRoots(Fabric fabric, Path roots) {
    return assertThrows(
        RoutingException.class,
        () ->
            new UpdnEngine(new UpdnEngine.Settings(GuidLists.read(roots), true))
                .route(fabric, RoutingOptions.defaults()));
  }

  @Test
  void rootFileNamingANonSwitchIsAnErrorWithTheLine() throws Exception {
    Fabric fabric = ReferenceFabrics.fabric("ft4_3");
    Path roots = dir.resolve("roots.guids");
    Files.writeString(roots, "# roots\n0x0000000000200020\n0x0000000000100000\n");
    RoutingException e = refusedWithRoots(fabric, roots);
    assertTrue(
        e.getMessage().contains(roots + ":3:1: 0x0000000000100000 is not a switch"),
        e.getMessage());
    Files.writeString(roots, "0x0000000000999999\n");
    e = refusedWithRoots(fabric, roots);
    assertTrue(
        e.getMessage().contains(roots + ":1:1: 0x0000000000999999 is no node"), e.getMessage());
    assertEquals(RoutingException.Reason.SETTINGS_MISMATCH, e.reason());
  }
}
