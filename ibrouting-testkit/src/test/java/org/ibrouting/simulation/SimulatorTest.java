package org.ibrouting.simulation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.EndPorts;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.testkit.TestRoutings;
import org.junit.jupiter.api.Test;

class SimulatorTest {
  /** The endpoint of the h-th CA of the tree. */
  private static int host(EndPorts endpoints, int h) {
    return endpoints.firstOfNode(endpoints.fabric().nodeByDescription("H" + h));
  }

  /** The LID of the h-th CA of the tree. */
  private static int hostLid(Routing tree, int h) {
    return tree.fabric().baseLid(tree.fabric().port(tree.fabric().nodeByDescription("H" + h), 1));
  }

  private static final PatternSpec BISECT = PatternSpec.of(PatternSpec.Kind.BISECT);

  /** Ranks r -> host r of the tree. */
  private static int[] identity(EndPorts endpoints) {
    int[] map = new int[endpoints.size()];
    for (int h = 0; h < map.length; h++) {
      map[h] = host(endpoints, h);
    }
    return map;
  }

  @Test
  void crossbarHasFullBisectionBandwidth() {
    Routing crossbar = TestRoutings.dModK(8, 1, false);
    PathTable table = PathTable.build(crossbar, EndPorts.cabledCas(crossbar.fabric()));
    assertEquals(8, table.numEndpoints());
    assertEquals(2, table.maxPathLength());
    SimulationResult r =
        Simulator.effectiveBisectionBandwidth(table, SimulationOptions.of(200, 7).withThreads(1));
    assertEquals(1.0, r.mean(), 0.0);
    assertEquals(1.0, r.min(), 0.0);
    assertEquals(0.0, r.confidence95(), 0.0);
    assertEquals(200 * 4, r.streamsWithCongestion(1));
  }

  @Test
  void multistagePaperExampleHasCongestionThreeOnSharedUplink() {
    // Hoefler et al., "Multistage Switches are not Crossbars": 16 hosts, 4 leaves, 4 spines;
    // 1-based pairs (1,5),(2,9),(3,13),(4,6),(7,8),(10,11),(12,14),(15,16)
    Routing tree = TestRoutings.dModK(4, 2, false);
    EndPorts endpoints = EndPorts.cabledCas(tree.fabric());
    PathTable table = PathTable.build(tree, endpoints);
    assertEquals(0, table.numUnroutablePairs());
    assertEquals(4, table.maxPathLength());
    Pattern first =
        Pattern.of(16, new int[] {0, 4, 1, 8, 2, 12, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15});
    assertArrayEquals(
        new int[] {3, 3, 3, 1, 1, 1, 1, 1},
        Simulator.streamCongestion(table, first, identity(endpoints)));
    Pattern second =
        Pattern.of(16, new int[] {0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15});
    assertArrayEquals(
        new int[] {1, 1, 1, 1, 1, 1, 1, 1},
        Simulator.streamCongestion(table, second, identity(endpoints)));
  }

  @Test
  void explicitAndWalkedPathTablesAgree() {
    Routing tree = TestRoutings.dModK(4, 3, false);
    EndPorts endpoints = EndPorts.cabledCas(tree.fabric());
    PathTable explicit = PathTable.build(tree, endpoints);
    PathTable walked = PathTable.build(tree, endpoints, 0);
    assertTrue(explicit.isExplicit());
    assertTrue(!walked.isExplicit());
    int[] a = new int[8];
    int[] b = new int[8];
    for (int s = 0; s < endpoints.size(); s++) {
      for (int d = 0; d < endpoints.size(); d++) {
        int la = explicit.path(s, d, a, 0);
        int lb = walked.path(s, d, b, 0);
        assertEquals(la, lb);
        for (int i = 0; i < la; i++) {
          assertEquals(a[i], b[i], "pair " + s + "->" + d + " channel " + i);
        }
      }
    }
  }

  @Test
  void explicitAndWalkedPathTablesAgreeWithBrokenEntries() {
    Routing tree = TestRoutings.dModK(4, 3, false);
    RoutingBuilder broken = tree.toBuilder("broken");
    EndPorts endpoints = EndPorts.cabledCas(tree.fabric());
    // a leaf without a route to one CA, and a top switch that sends another one to port 0
    broken.setOutPort(endpoints.leafSwitch(0), endpoints.lid(5), Routing.NO_ROUTE);
    broken.setOutPort(tree.fabric().numSwitches() - 1, endpoints.lid(9), 0);
    Routing damaged = broken.build();
    PathTable explicit = PathTable.build(damaged, endpoints);
    PathTable walked = PathTable.build(damaged, endpoints, 0);
    assertTrue(explicit.isExplicit());
    assertTrue(!walked.isExplicit());
    assertTrue(explicit.numUnroutablePairs() > 0);
    assertEquals(walked.numUnroutablePairs(), explicit.numUnroutablePairs());
    int n = endpoints.size();
    int stride = explicit.maxPathLength();
    int[] lengths = assertSamePaths(n, stride, explicit::paths, walked::paths);
    int unroutable = 0;
    for (int i = 0; i < n * n; i++) {
      assertEquals(lengths[i], walked.path(i / n, i % n, new int[stride], 0));
      unroutable += lengths[i] < 0 ? 1 : 0;
    }
    assertEquals(explicit.numUnroutablePairs(), unroutable);
  }

  /** Every pair's path from the packed first hops equals the walk of the LFTs. */
  private static void assertPackedPathsAsWalked(Routing routing) {
    EndPorts endpoints = EndPorts.cabledCas(routing.fabric());
    PathTable walked = PathTable.build(routing, endpoints, 0);
    PackedPaths hops = walked.packedPaths();
    assertTrue(hops != null);
    assertSamePaths(
        endpoints.size(),
        walked.maxPathLength(),
        walked::paths,
        (src, dst, count, out, stride, lengths) -> {
          ChannelCongestion counter = new ChannelCongestion(routing.fabric().numPortSlots());
          counter.startLevel(count);
          hops.paths(src, dst, count, out, stride, lengths, new long[count], counter, false);
        });
  }

  @Test
  void packedPathsSimulateAsStoredPaths() {
    for (Routing routing :
        new Routing[] {TestRoutings.dModK(4, 3, false), TestRoutings.dModK(3, 4, false)}) {
      EndPorts endpoints = EndPorts.cabledCas(routing.fabric());
      PathTable explicit = PathTable.build(routing, endpoints);
      PathTable walked = PathTable.build(routing, endpoints, 0);
      assertTrue(explicit.isExplicit() && walked.packedPaths() != null);
      for (String pattern :
          new String[] {"bisect", "rand", "gather", "scatter", "alltoall", "tree"}) {
        for (Metric metric : new Metric[] {Metric.HIST_ACC_BAND, Metric.GET_CABLE_CONG}) {
          SimulationOptions options = SimulationOptions.of(40, 3).withThreads(2);
          SimulationResult a =
              Simulator.simulate(explicit, PatternSpec.parse(pattern), metric, options);
          SimulationResult b =
              Simulator.simulate(walked, PatternSpec.parse(pattern), metric, options);
          assertEquals(a.toString(), b.toString(), pattern);
          assertArrayEquals(a.runValues(), b.runValues(), pattern);
          assertArrayEquals(a.weightHistogram(), b.weightHistogram(), pattern);
          assertArrayEquals(a.channelCongestion(), b.channelCongestion(), pattern);
        }
      }
    }
  }

  /** {@link PathTable#paths} or a stand-in. */
  private interface PathsOf {
    void paths(int[] src, int[] dst, int count, int[] out, int stride, int[] lengths);
  }

  /**
   * Asserts that both give every ordered pair of {@code n} endpoints the same path; returns the
   * lengths, pair {@code src * n + dst} at that index.
   */
  private static int[] assertSamePaths(int n, int stride, PathsOf expected, PathsOf actual) {
    int[] src = new int[n * n];
    int[] dst = new int[n * n];
    for (int i = 0; i < n * n; i++) {
      src[i] = i / n;
      dst[i] = i % n;
    }
    int[] a = new int[n * n * stride];
    int[] b = new int[n * n * stride];
    int[] lengthA = new int[n * n];
    int[] lengthB = new int[n * n];
    expected.paths(src, dst, n * n, a, stride, lengthA);
    actual.paths(src, dst, n * n, b, stride, lengthB);
    for (int i = 0; i < n * n; i++) {
      assertEquals(lengthA[i], lengthB[i], "pair " + src[i] + "->" + dst[i]);
      for (int k = 0; k < lengthA[i]; k++) {
        assertEquals(a[i * stride + k], b[i * stride + k], "pair " + i + " channel " + k);
      }
    }
    return lengthA;
  }

  @Test
  void packedPathsAgreeWithTheWalk() {
    // paths of up to 5 switches (the last one delivering directly) and of up to 7 (the LFTs
    // continue after the packed hops)
    assertPackedPathsAsWalked(TestRoutings.dModK(4, 3, false));
    Routing deep = TestRoutings.dModK(3, 4, false);
    assertTrue(PathTable.build(deep, EndPorts.cabledCas(deep.fabric()), 0).maxPathLength() > 6);
    assertPackedPathsAsWalked(deep);
    Routing tree = TestRoutings.dModK(4, 3, false);
    RoutingBuilder broken = tree.toBuilder("broken");
    EndPorts endpoints = EndPorts.cabledCas(tree.fabric());
    broken.setOutPort(endpoints.leafSwitch(0), endpoints.lid(5), Routing.NO_ROUTE);
    broken.setOutPort(tree.fabric().numSwitches() - 1, endpoints.lid(9), 0);
    // a leaf that sends one of its own CAs up: no direct delivery for that CA
    broken.setOutPort(
        endpoints.leafSwitch(2),
        endpoints.lid(2),
        tree.outPort(endpoints.leafSwitch(2), endpoints.lid(12)));
    assertPackedPathsAsWalked(broken.build());
  }

  @Test
  void bruckOnSingleUplinkTreeMatchesHandCount() {
    // every leaf sends all up-going traffic through one spine; identity mapping:
    // level 0 all 1; level 1: 8 cross-leaf streams share 2 per uplink; levels 2 and 3: 4 per uplink
    Routing tree = TestRoutings.dModK(4, 2, true);
    SimulationResult r = RanksInOrder.simulate(tree, "bruck", Metric.HIST_MAX_CONG, 1, 1);
    assertEquals(64, r.numStreams());
    assertEquals(24, r.streamsWithCongestion(1));
    assertEquals(8, r.streamsWithCongestion(2));
    assertEquals(32, r.streamsWithCongestion(4));
    assertEquals(0.5625, r.bandwidth(), 1e-12);
    assertEquals(
        "weight 1: 24 of the 64 connections (37.50%)\n"
            + "weight 2: 8 of the 64 connections (12.50%)\n"
            + "weight 4: 32 of the 64 connections (50.00%)\n"
            + "\nBW: 0.562500\n",
        r.formatWeightHistogram().replace(System.lineSeparator(), "\n"));
  }

  @Test
  void bruckOnDmodkTreeIsCongestionFreeWithLinearMapping() {
    Routing tree = TestRoutings.dModK(4, 2, false);
    SimulationResult r = RanksInOrder.simulate(tree, "bruck", Metric.HIST_MAX_CONG, 1, 1);
    assertEquals(64, r.streamsWithCongestion(1));
    assertEquals(1.0, r.bandwidth(), 0.0);
  }

  @Test
  void histMaxCongListingHasOrcsFormat() {
    // the bruck example of the ORCS paper: 14, 44 and 6 of 64 connections, BW 0.593750
    String listing =
        SimulationResult.formatWeightHistogram(new long[] {0, 14, 44, 6})
            .replace(System.lineSeparator(), "\n");
    assertEquals(
        "weight 1: 14 of the 64 connections (21.88%)\n"
            + "weight 2: 44 of the 64 connections (68.75%)\n"
            + "weight 3: 6 of the 64 connections (9.38%)\n"
            + "\nBW: 0.593750\n",
        listing);
  }

  @Test
  void sameSeedGivesSameResultAtAnyThreadCount() {
    Routing tree = TestRoutings.dModK(4, 3, false);
    PathTable table = PathTable.build(tree, EndPorts.cabledCas(tree.fabric()));
    for (String name : new String[] {"bisect", "rand", "ptrnvsptrn(tree,rand,20)"}) {
      SimulationOptions one = new SimulationOptions(48, 300, NodeSubset.RAND, 1234, 1, true);
      SimulationResult a =
          Simulator.simulate(table, PatternSpec.parse(name), Metric.HIST_ACC_BAND, one);
      SimulationResult b =
          Simulator.simulate(
              table, PatternSpec.parse(name), Metric.HIST_ACC_BAND, one.withThreads(2));
      assertArrayEquals(a.runValues(), b.runValues(), name);
      assertArrayEquals(a.weightHistogram(), b.weightHistogram(), name);
      SimulationResult c =
          Simulator.simulate(
              table,
              PatternSpec.parse(name),
              Metric.HIST_ACC_BAND,
              new SimulationOptions(48, 300, NodeSubset.RAND, 1235, 2, true));
      assertTrue(
          !java.util.Arrays.equals(a.runValues(), c.runValues()),
          "another seed, other runs: " + name);
    }
  }

  @Test
  void bisectionBandwidthOfDmodkTreeIsBelowOneWithConfidence() {
    Routing tree = TestRoutings.dModK(4, 3, false);
    PathTable table = PathTable.build(tree, EndPorts.cabledCas(tree.fabric()));
    SimulationResult r =
        Simulator.effectiveBisectionBandwidth(table, SimulationOptions.of(2000, 99).withThreads(2));
    // static routing of random bisections on a full fat tree loses bandwidth (paper: 55-60% at
    // scale)
    assertTrue(r.mean() > 0.4 && r.mean() < 0.95, r.toString());
    assertTrue(r.confidence95() > 0 && r.confidence95() < 0.01, r.toString());
    // each run's value is its streams' summed bandwidth over P/2
    assertEquals(2000L * 32, r.numStreams());
    assertEquals(r.bandwidth(), r.mean(), 1e-9);
  }

  @Test
  void sumMaxCongAddsLevelMaxima() {
    Routing tree = TestRoutings.dModK(4, 2, true);
    SimulationResult r = RanksInOrder.simulate(tree, "bruck", Metric.SUM_MAX_CONG, 1, 1);
    assertEquals(1 + 2 + 4 + 4, r.runValue(0), 0.0);
    assertEquals(
        "Congestion sum of 11 occured 1 times.\n",
        r.formatRunValues().replace(System.lineSeparator(), "\n"));
  }

  @Test
  void depMaxDelayFollowsTheTree() {
    Routing crossbar = TestRoutings.dModK(8, 1, false);
    SimulationResult r =
        Simulator.simulate(
            crossbar, PatternSpec.parse("tree"), Metric.DEP_MAX_DELAY, SimulationOptions.of(5, 3));
    // 0 -> 1 -> 3 -> 7: three levels of congestion 1 each, whatever the mapping
    for (int run = 0; run < 5; run++) {
      assertEquals(3.0, r.runValue(run), 0.0);
    }
    // a gather on the same crossbar: 7 streams into one ejection channel, congestion 7
    SimulationResult g =
        Simulator.simulate(
            crossbar,
            PatternSpec.parse("gather"),
            Metric.DEP_MAX_DELAY,
            SimulationOptions.of(2, 3));
    assertEquals(7.0, g.runValue(0), 0.0);
  }

  @Test
  void depMaxDelayWeighsOnlyTheFirstPattern() {
    // single-uplink 4-ary 2-tree, ranks on hosts in order: the tree on hosts 0-7 has delays
    // 1 (0->1), 1 (1->3) and 4 (3->7 shares leaf 0's uplink with 0->4, 1->5, 2->6): 6 in all;
    // the gather noise on hosts 8-15 has congestion 7 but is not part of the chain
    Routing tree = TestRoutings.dModK(4, 2, true);
    SimulationResult r =
        RanksInOrder.simulate(tree, "ptrnvsptrn(tree,gather,8)", Metric.DEP_MAX_DELAY, 1, 1);
    assertEquals(6.0, r.runValue(0), 0.0);
    assertEquals(
        3 * 7, r.streamsWithCongestion(7), "the gather repeats in each of the tree's 3 levels");
  }

  @Test
  void cableCongestionCountsEjectionChannelOfGather() {
    Routing crossbar = TestRoutings.dModK(8, 1, false);
    SimulationResult r = RanksInOrder.simulate(crossbar, "gather", Metric.GET_CABLE_CONG, 10, 5);
    long[] load = r.channelCongestion();
    EndPorts endpoints = EndPorts.cabledCas(crossbar.fabric());
    int rank0 = host(endpoints, 0);
    assertEquals(70, load[endpoints.switchPort(rank0)], "7 streams x 10 runs into rank 0");
    assertEquals(0, load[endpoints.port(rank0)], "rank 0 sends nothing");
    assertEquals(10, load[endpoints.port(host(endpoints, 3))]);
    String dot = CableCongestionDot.toDot(crossbar.fabric(), load);
    assertTrue(dot.startsWith("digraph fabric {"), dot);
    assertTrue(
        dot.contains("congestion=\"1.000000\", sum=\"70\", color=\"0.000 0.900 0.900\""), dot);
    assertTrue(
        dot.contains("congestion=\"0.000000\", sum=\"0\", color=\"0.400 0.900 0.900\""), dot);
  }

  @Test
  void linearBfsSubsetFillsFewestLeaves() {
    Routing tree = TestRoutings.dModK(4, 2, false);
    EndPorts endpoints = EndPorts.cabledCas(tree.fabric());
    int[] order = NodeSubset.linearBfsOrder(endpoints);
    assertEquals(16, order.length);
    for (int i = 0; i < 16; i += 4) {
      int leaf = endpoints.leafSwitch(order[i]);
      for (int j = i; j < i + 4; j++) {
        assertEquals(leaf, endpoints.leafSwitch(order[j]), "endpoints " + i + ".." + (i + 3));
      }
    }
    // a 4-rank bisect on one leaf never leaves it: full bandwidth in every run
    SimulationResult r =
        Simulator.simulate(
            tree, BISECT, Metric.HIST_ACC_BAND, SimulationOptions.of(50, 3).withCommSize(4));
    assertEquals(1.0, r.min(), 0.0);
  }

  @Test
  void rejectsBadInput() {
    Routing tree = TestRoutings.dModK(4, 2, false);
    IllegalArgumentException big =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Simulator.simulate(
                    tree,
                    BISECT,
                    Metric.HIST_ACC_BAND,
                    SimulationOptions.of(1, 1).withCommSize(17)));
    assertTrue(
        big.getMessage().contains("a communicator of 17 ranks exceeds the 16 endpoints"),
        big.getMessage());
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> PatternSpec.parse("bisection"));
    assertTrue(
        unknown.getMessage().startsWith("unknown pattern 'bisection'; known: rand, null, bisect"),
        unknown.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> PatternSpec.parse("ptrnvsptrn(tree,bisect)"));
    assertThrows(IllegalArgumentException.class, () -> Metric.parse("max_cong"));
    IllegalArgumentException small =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Simulator.simulate(
                    tree,
                    PatternSpec.parse("ptrnvsptrn(tree,bisect,16)"),
                    Metric.DEP_MAX_DELAY,
                    SimulationOptions.of(1, 1)));
    assertTrue(small.getMessage().contains("needs at least 17 ranks"), small.getMessage());
  }

  @Test
  void reportsUnroutablePairs() {
    Routing tree = TestRoutings.dModK(4, 2, false);
    // rebuild the LFTs with one hole (leaf of host 0 has no route to host 5) and one loop
    // (the leaf of host 4 sends host 9 up to a spine that sends it back down)
    var fabric = tree.fabric();
    var rb = org.ibrouting.routing.Routing.builder(fabric, "broken");
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      for (int lid = 1; lid <= fabric.maxLid(); lid++) {
        rb.setOutPort(sw, lid, tree.outPort(sw, lid));
      }
    }
    EndPorts endpoints = EndPorts.cabledCas(fabric);
    int leaf0 = endpoints.leafSwitch(host(endpoints, 0));
    rb.setOutPort(leaf0, hostLid(tree, 5), org.ibrouting.routing.Routing.NO_ROUTE);
    int leaf1 = endpoints.leafSwitch(host(endpoints, 4));
    int upPort = tree.outPort(leaf1, hostLid(tree, 9));
    int spine = fabric.channelHead(fabric.port(leaf1, upPort));
    rb.setOutPort(
        spine, hostLid(tree, 9), fabric.portNum(fabric.peerPort(fabric.port(leaf1, upPort))));
    PathTable table = PathTable.build(rb.build(), endpoints);
    // host 0..3 -> host 5 (4 pairs, NO_ROUTE at leaf 0 for sources 0..3), every source -> host 9
    // except those on host 9's own leaf (12 sources... minus leaf 2's 3 others): loop
    assertEquals(4 + 12, table.numUnroutablePairs());
    String all = String.join("\n", table.unroutableSamples());
    assertTrue(all.contains("no route at switch"), all);
    assertTrue(all.contains("loop through switch"), all);
    assertTrue(!table.routable(host(endpoints, 0), host(endpoints, 5)));
    assertEquals(-1, table.path(host(endpoints, 0), host(endpoints, 5), new int[8], 0));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Simulator.simulate(
                    table, BISECT, Metric.HIST_ACC_BAND, SimulationOptions.of(1, 1)));
    assertTrue(
        e.getMessage().contains("leaves 16 of 240 endpoint pairs unroutable"), e.getMessage());
  }
}
