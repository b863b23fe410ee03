package org.ibrouting.engines.lash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.EnumSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.testkit.RoutingEngineContract;
import org.ibrouting.testkit.RoutingEngineContract.Promise;
import org.ibrouting.testkit.TestFabrics;
import org.ibrouting.testkit.TestRoutings;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;

/**
 * LASH: the routing-engine contract (minimal, deadlock-free or a refusal naming the VLs it needs),
 * OpenSM's reading.
 */
class LashEngineTest extends RoutingEngineContract {
  LashEngineTest() {
    super(
        EnumSet.of(Promise.MINIMAL, Promise.DEADLOCK_FREE),
        EnumSet.of(RoutingException.Reason.VLS_EXCEEDED));
  }

  /** Every pair of CA and switch LIDs routed on a shortest path, every VL free of credit loops. */
  static void assertRoutedMinimalDeadlockFree(Routing routing) {
    RoutingAssertions.assertAllPairsRouted(routing, EndpointScope.TERMINALS_AND_SWITCHES);
    RoutingAssertions.assertMinimal(routing, EndpointScope.TERMINALS_AND_SWITCHES);
    RoutingAssertions.assertDeadlockFreePerVl(routing, EndpointScope.TERMINALS_AND_SWITCHES);
  }

  private static final RoutingOptions OPTIONS = RoutingOptions.seeded(7).withThreads(1);

  @Override
  protected RoutingEngine engine(Fabric fabric) {
    return new LashEngine();
  }

  @Override
  protected Arbitrary<Fabric> fabrics() {
    return smallFabrics();
  }

  @Provide
  Arbitrary<Fabric> smallFabrics() {
    Arbitrary<Fabric> random =
        Combinators.combine(
                Arbitraries.longs(),
                Arbitraries.integers().between(1, 24),
                Arbitraries.integers().between(0, 30))
            .as(
                (seed, switches, extra) ->
                    FabricArbitraries.randomConnected(switches, extra, 2, false, seed));
    Arbitrary<Fabric> rings =
        Arbitraries.integers().between(2, 12).map(k -> TestFabrics.torus(1, k));
    Arbitrary<Fabric> tori =
        Combinators.combine(
                Arbitraries.integers().between(2, 5), Arbitraries.integers().between(2, 5))
            .as((a, b) -> TestFabrics.torus(2, a, b));
    Arbitrary<Fabric> cubes =
        Arbitraries.integers().between(1, 4).map(d -> Topologies.hypercube(d, 1));
    Arbitrary<Fabric> trees =
        Combinators.combine(
                Arbitraries.integers().between(2, 3), Arbitraries.integers().between(1, 3))
            .as(TestFabrics::kAryNTree);
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(5, random),
        net.jqwik.api.Tuple.of(2, rings),
        net.jqwik.api.Tuple.of(2, tori),
        net.jqwik.api.Tuple.of(1, cubes),
        net.jqwik.api.Tuple.of(1, trees));
  }

  /** Routes and layers (before balancing) equal a literal, slow reading of OpenSM's LASH. */
  @Property(tries = 120)
  void matchesNaiveOpenSmReading(@ForAll("smallFabrics") Fabric fabric) throws RoutingException {
    NaiveLash naive = new NaiveLash(fabric);
    int n = fabric.numSwitches();
    SwitchGraph graph = SwitchGraph.of(fabric);
    byte[] route = ShortestPathTrees.compute(graph);
    for (int s = 0; s < n; s++) {
      for (int d = 0; d < n; d++) {
        if (s != d) {
          int port = graph.portNumOf[graph.chanStart[s] + (route[s * n + d] & 0xFF)];
          if (port != naive.routePort[s][d]) {
            fail(
                "route "
                    + fabric.nodeName(s)
                    + " -> "
                    + fabric.nodeName(d)
                    + ": port "
                    + port
                    + ", reference "
                    + naive.routePort[s][d]
                    + " in "
                    + fabric);
          }
        }
      }
    }
    LayerAssignment layers =
        LayerAssignment.assign(graph, route, 15, org.ibrouting.routing.ProgressListener.SILENT);
    long[] expected = naive.pathsPerLayer.stream().mapToLong(Integer::longValue).toArray();
    assertArrayEquals(expected, layers.pathsPerLayer(), "paths per layer in " + fabric);
    for (int s = 0; s < n; s++) {
      for (int d = 0; d < n; d++) {
        if (s != d && layers.layer(s, d) != naive.layerOf[s][d]) {
          fail(
              "layer of "
                  + s
                  + " -> "
                  + d
                  + ": "
                  + layers.layer(s, d)
                  + ", reference "
                  + naive.layerOf[s][d]
                  + " in "
                  + fabric);
        }
      }
    }
  }

  /**
   * All pairs routed, minimal, deadlock-free per VL, VLs within the limit and equal to the layers.
   */
  @Property(tries = 150)
  void routesAllPairsMinimallyWithoutCreditLoops(@ForAll("smallFabrics") Fabric fabric)
      throws RoutingException {
    int layersNeeded = LashEngine.pathsPerLayerBeforeBalancing(fabric).length;
    RoutingOptions options = OPTIONS.withMaxVls(15);
    Routing routing = new LashEngine().route(fabric, options);
    assertEquals("lash", routing.engineName());
    assertRoutedMinimalDeadlockFree(routing);
    assertEquals(layersNeeded, routing.slTable().numVls(), "VLs used in " + fabric);
    assertTrue(routing.slTable().numVls() <= options.maxVls());
  }

  /** With fewer VLs than layers the engine refuses and says how many it needs. */
  @Property(tries = 60)
  void refusesWhenVlsDoNotSuffice(@ForAll("smallFabrics") Fabric fabric) throws RoutingException {
    int layersNeeded = LashEngine.pathsPerLayerBeforeBalancing(fabric).length;
    if (layersNeeded == 1) {
      assertEquals(1, new LashEngine().route(fabric, OPTIONS.withMaxVls(1)).slTable().numVls());
      return;
    }
    int limit = layersNeeded - 1;
    RoutingException e =
        assertThrows(
            RoutingException.class,
            () -> new LashEngine().route(fabric, OPTIONS.withMaxVls(limit)));
    assertEquals("lash: needs " + layersNeeded + " VLs, limit is " + limit, e.getMessage());
  }

  @Test
  void ringNeedsTwoVls() throws RoutingException {
    Fabric ring = TestFabrics.torus(1, 5);
    RoutingException e =
        assertThrows(
            RoutingException.class, () -> new LashEngine().route(ring, OPTIONS.withMaxVls(1)));
    Matcher m = Pattern.compile("lash: needs (\\d+) VLs, limit is 1").matcher(e.getMessage());
    assertTrue(m.matches(), e.getMessage());
    Routing routing = new LashEngine().route(ring, OPTIONS.withMaxVls(2));
    assertEquals(2, routing.slTable().numVls());
    assertRoutedMinimalDeadlockFree(routing);
  }

  @Test
  void startVlOffsetsEverySl() throws RoutingException {
    Fabric torus = TestFabrics.torus(2, 4, 4);
    Routing plain = new LashEngine(0).route(torus, OPTIONS);
    Routing shifted = new LashEngine(3).route(torus, OPTIONS);
    assertTrue(plain.sameLfts(shifted) || java.util.Arrays.equals(lftsOf(plain), lftsOf(shifted)));
    int layers = plain.slTable().numVls();
    assertTrue(layers >= 2, "a 4x4 torus needs at least 2 layers");
    assertEquals(layers + 3, shifted.slTable().numVls());
    for (int src = 1; src <= torus.maxLid(); src++) {
      for (int dst = 1; dst <= torus.maxLid(); dst++) {
        int srcSw = TestRoutings.destinationSwitch(torus, src);
        int dstSw = TestRoutings.destinationSwitch(torus, dst);
        int expected = srcSw == dstSw ? 3 : plain.slTable().sl(src, dst) + 3;
        assertEquals(expected, shifted.slTable().sl(src, dst), "SL " + src + " -> " + dst);
      }
    }
    RoutingException e =
        assertThrows(
            RoutingException.class, () -> new LashEngine(3).route(torus, OPTIONS.withMaxVls(4)));
    assertTrue(
        e.getMessage().startsWith("lash: needs " + layers + " VLs, limit is 1"), e.getMessage());
    assertThrows(RoutingException.class, () -> new LashEngine(8).route(torus, OPTIONS));
    assertThrows(IllegalArgumentException.class, () -> new LashEngine(15));
  }

  @Test
  void sameSeedSameRoutingAnyThreads() throws RoutingException {
    Fabric fabric = FabricArbitraries.randomConnected(30, 40, 2, false, 99);
    Routing a = new LashEngine().route(fabric, OPTIONS.withThreads(1));
    Routing b = new LashEngine().route(fabric, OPTIONS.withThreads(4));
    assertArrayEquals(lftsOf(a), lftsOf(b));
    for (int src = 1; src <= fabric.maxLid(); src++) {
      for (int dst = 1; dst <= fabric.maxLid(); dst++) {
        assertEquals(a.slTable().sl(src, dst), b.slTable().sl(src, dst));
      }
    }
  }

  @Test
  void routesEachPartOfASplitFabricAndRefusesAnEmptyOne() throws RoutingException {
    // two parts: left - middle with a CA each, and right with two CAs
    FabricBuilder b = Fabric.builder();
    int s1 = b.addNode(NodeType.SWITCH, 4, 0x10L, "left");
    int s2 = b.addNode(NodeType.SWITCH, 4, 0x20L, "middle");
    int s3 = b.addNode(NodeType.SWITCH, 4, 0x30L, "right");
    b.setLid(s1, 0, 1, 0).setLid(s2, 0, 2, 0).setLid(s3, 0, 3, 0).connect(s1, 1, s2, 1, null);
    int[] switchOf = {s1, s2, s3, s3};
    for (int i = 0; i < switchOf.length; i++) {
      int ca = b.addNode(NodeType.CA, 1, 0x100L + 2 * i, "h" + i);
      b.setLid(ca, 1, 4 + i, 0).connect(ca, 1, switchOf[i], 2 + i % 2, null);
    }
    Routing split = new LashEngine().route(b.build(), OPTIONS);
    // within a part every CA reaches every other; across parts the LFTs say NO_ROUTE
    assertEquals(2, split.outPort(s1, 4));
    assertEquals(1, split.outPort(s1, 5));
    assertEquals(1, split.outPort(s2, 4));
    assertEquals(Routing.NO_ROUTE, split.outPort(s1, 6));
    assertEquals(Routing.NO_ROUTE, split.outPort(s3, 4));
    assertEquals(Routing.NO_ROUTE, split.outPort(s3, 2));
    assertEquals(3, split.outPort(s3, 7));
    FabricBuilder caOnly = Fabric.builder();
    int h1 = caOnly.addNode(NodeType.CA, 1, 0x30L, "h1");
    int h2 = caOnly.addNode(NodeType.CA, 1, 0x40L, "h2");
    caOnly.connect(h1, 1, h2, 1, null).setLid(h1, 1, 1, 0).setLid(h2, 1, 2, 0);
    Fabric noSwitches = caOnly.build();
    RoutingException e2 =
        assertThrows(RoutingException.class, () -> new LashEngine().route(noSwitches, OPTIONS));
    assertEquals("lash: the fabric has no switch to route", e2.getMessage());
  }

  @Test
  void isRegistered() {
    assertEquals("lash", Engines.create("lash", EngineConfig.none()).name());
  }

  /** Balancing keeps the layer count and leaves the layers within OpenSM's gap where it can. */
  @Test
  void balancingSpreadsPathsOverTheLayers() throws RoutingException {
    Fabric torus = TestFabrics.torus(1, 6, 6);
    long[] before = LashEngine.pathsPerLayerBeforeBalancing(torus);
    Routing routing = new LashEngine().route(torus, OPTIONS);
    int n = torus.numSwitches();
    long[] after = new long[routing.slTable().numVls()];
    for (int s = 0; s < n; s++) {
      for (int d = 0; d < n; d++) {
        if (s != d) {
          after[
              routing
                  .slTable()
                  .sl(torus.baseLid(torus.port(s, 0)), torus.baseLid(torus.port(d, 0)))]++;
        }
      }
    }
    assertEquals(before.length, after.length);
    assertEquals(java.util.Arrays.stream(before).sum(), java.util.Arrays.stream(after).sum());
    long spreadBefore =
        java.util.Arrays.stream(before).max().getAsLong()
            - java.util.Arrays.stream(before).min().getAsLong();
    long spreadAfter =
        java.util.Arrays.stream(after).max().getAsLong()
            - java.util.Arrays.stream(after).min().getAsLong();
    assertTrue(
        spreadAfter < spreadBefore,
        java.util.Arrays.toString(before) + " -> " + java.util.Arrays.toString(after));
  }

  private static byte[] lftsOf(Routing routing) {
    Fabric f = routing.fabric();
    byte[] out = new byte[f.numSwitches() * routing.lftStride()];
    for (int sw = 0; sw < f.numSwitches(); sw++) {
      for (int lid = 0; lid < routing.lftStride(); lid++) {
        out[sw * routing.lftStride() + lid] = (byte) routing.outPort(sw, lid);
      }
    }
    return out;
  }
}
