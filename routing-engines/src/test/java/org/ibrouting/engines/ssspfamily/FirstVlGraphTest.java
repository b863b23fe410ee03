package org.ibrouting.engines.ssspfamily;

import static org.ibrouting.testkit.FabricArbitraries.connected;
import static org.ibrouting.testkit.FabricArbitraries.fatTreesToriAndRandom;
import static org.ibrouting.testkit.FabricArbitraries.randomConnectedWithMultiPortCas;
import static org.ibrouting.testkit.FabricArbitraries.tori;
import static org.ibrouting.testkit.FabricArbitraries.withLmc;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.engines.sssp.SsspEngine;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.TestFabrics;
import org.junit.jupiter.api.Test;

/**
 * {@link FirstVlGraph}'s walks stop where a path joins one already walked towards the same LID; the
 * graph they build (vertices, links, and their order of creation, which decides which cycle
 * OpenSM's search finds first) must be the one that walking every path to its end builds: on SSSP's
 * tables and on random tables with loops and dead ends, with LMC; built in order by one thread,
 * merged from workers' first uses and built by pipeline helpers.
 */
class FirstVlGraphTest {
  @Provide
  Arbitrary<Fabric> fabrics() {
    return connected(
        fatTreesToriAndRandom(), tori(), randomConnectedWithMultiPortCas(), withLmc(tori(), 2));
  }

  /**
   * How the graph is built, as (workers, helpers): first uses merged from 1 or 3 workers, in order
   * by one thread, by a pipeline of 1 or 2 helpers, by a pipeline without helpers (-1).
   */
  private static final int[][] BUILDS = {{1, 0}, {3, 0}, {0, 0}, {0, 1}, {0, 2}, {0, -1}};

  @Provide
  Arbitrary<Integer> builds() {
    return Arbitraries.integers().between(0, BUILDS.length - 1);
  }

  @Property(tries = 80)
  void sameGraphAsWalkingEveryHop(
      @ForAll("fabrics") Fabric fabric,
      @ForAll boolean randomTables,
      @ForAll long seed,
      @ForAll("builds") int build)
      throws RoutingException {
    Routing routing =
        randomTables
            ? randomTables(fabric, seed)
            : new SsspEngine().route(fabric, RoutingOptions.defaults());
    assertSameGraphs(routing, BUILDS[build]);
  }

  /**
   * A chain of 300 switches, longer than a path may be (256 hops), with CAs on the first two: the
   * first switch's paths to the far switches are cut short, so the second switch's, which start on
   * them one hop later, must not stop there.
   */
  @Test
  void pathsCutAtTheHopLimitDoNotEndNearerOnes() throws RoutingException {
    FabricBuilder b = Fabric.builder();
    int numSwitches = 300;
    int[] sw = new int[numSwitches];
    int lid = 1;
    for (int i = 0; i < numSwitches; i++) {
      sw[i] = b.addNode(NodeType.SWITCH, 3, 0x1000L + i, "S" + i);
      b.setLid(sw[i], 0, lid++, 0);
      if (i > 0) {
        b.connect(sw[i - 1], 1, sw[i], 2, null);
      }
    }
    for (int i = 0; i < 2; i++) {
      int ca = b.addNode(NodeType.CA, 1, 0x2000L + i, "H" + i);
      b.setLid(ca, 1, lid++, 0);
      b.connect(sw[i], 3, ca, 1, null);
    }
    Routing routing = new SsspEngine().route(b.build(), RoutingOptions.defaults());
    for (int[] build : BUILDS) {
      assertSameGraphs(routing, build);
    }
  }

  /** On a fat tree most paths join an earlier one: the walks do stop early. */
  @Test
  void fatTreePathsJoinEarlierOnes() throws RoutingException {
    Routing routing =
        new SsspEngine().route(TestFabrics.kAryNTree(4, 3), RoutingOptions.defaults());
    int ports = SsspEngine.destinationOrderOf(routing.fabric()).length;
    int leaves = 16;
    // of the 16 leaves' paths towards a LID, all but the first few meet a switch an earlier one
    // left at the same hop or sooner
    assertTrue(joinedPaths(routing) >= (long) ports * leaves / 2, "joined " + joinedPaths(routing));
    assertSameGraphs(routing, BUILDS[2]);
  }

  private static long joinedPaths(Routing routing) {
    int[] ports = SsspEngine.destinationOrderOf(routing.fabric());
    GroupVls groups = new GroupVls(routing.fabric(), ports);
    return FirstVlGraph.joinedPaths(
        new ChannelPaths(routing, 1), groups, new GroupOrder(groups, ports));
  }

  /** The graph built as {@code build} says against every path walked and every first use merged. */
  private static void assertSameGraphs(Routing routing, int[] build) {
    Fabric fabric = routing.fabric();
    int[] ports = SsspEngine.destinationOrderOf(fabric);
    GroupVls groups = new GroupVls(fabric, ports);
    GroupOrder order = new GroupOrder(groups, ports);
    ChannelPaths paths = new ChannelPaths(routing, 1);
    DependencyGraph expected = FirstVlGraph.build(paths, groups, order, 1, 0, true);
    DependencyGraph actual = FirstVlGraph.build(paths, groups, order, build[0], build[1], false);
    String what = build[0] + " workers, " + build[1] + " helpers";
    assertEquals(expected.numNodes, actual.numNodes, what);
    assertEquals(expected.numLinks, actual.numLinks, what);
    assertArrayEquals(expected.nodeOfChannel, actual.nodeOfChannel, what);
    assertArrayEquals(expected.linkOfEdge, actual.linkOfEdge, what);
    int nodes = expected.numNodes;
    int links = expected.numLinks;
    assertArrayEquals(
        Arrays.copyOf(expected.channelId, nodes), Arrays.copyOf(actual.channelId, nodes), what);
    assertArrayEquals(
        Arrays.copyOf(expected.firstLink, nodes), Arrays.copyOf(actual.firstLink, nodes), what);
    assertArrayEquals(
        Arrays.copyOf(expected.linkTarget, links), Arrays.copyOf(actual.linkTarget, links), what);
    assertArrayEquals(
        Arrays.copyOf(expected.linkNext, links), Arrays.copyOf(actual.linkNext, links), what);
    for (int slot = 0; slot < fabric.numPortSlots(); slot++) {
      assertEquals(expected.nodeOfChannel[slot] >= 0, actual.hasNode(slot), what);
    }
    for (int e = 0; e < expected.linkOfEdge.length; e++) {
      assertEquals(expected.linkOfEdge[e] >= 0, actual.hasLink(e), what);
    }
  }

  /**
   * Every switch's entry for every LID a random cabled port, port 0 or no route: loops, dead ends
   * and paths that stop at a switch.
   */
  private static Routing randomTables(Fabric fabric, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    RoutingBuilder builder = Routing.builder(fabric, "random");
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      int numPorts = fabric.numPorts(sw);
      for (int lid = 1; lid <= fabric.maxLid(); lid++) {
        int draw = random.nextInt(numPorts + 3);
        if (draw < numPorts && fabric.peerPort(fabric.port(sw, draw + 1)) >= 0) {
          builder.setOutPort(sw, lid, draw + 1);
        } else if (draw == numPorts) {
          builder.setOutPort(sw, lid, 0);
        }
      }
    }
    return builder.build();
  }
}
