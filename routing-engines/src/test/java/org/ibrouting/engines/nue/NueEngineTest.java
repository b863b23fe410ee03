package org.ibrouting.engines.nue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.testkit.TestFabrics;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;

class NueEngineTest {
  /**
   * Tori with one VL force impasses: backtracking, shortcuts and the escape paths all run, and stay
   * deadlock-free.
   */
  @Test
  void impassesOnToriAreSolvedDeadlockFree() throws RoutingException {
    long[] total = new long[4];
    for (int k = 3; k <= 6; k++) {
      for (Fabric fabric :
          new Fabric[] {
            Topologies.torus(new int[] {k, k}, 2), Topologies.torus(new int[] {k, k, 3}, 1)
          }) {
        NueEngine.Checked checked = new NueEngine().routeChecked(fabric, RoutingOptions.defaults());
        Routing routing = checked.routing();
        RoutingAssertions.assertRoutedWithoutLoops(routing);
        RoutingAssertions.assertDeadlockFreePerVl(routing);
        RoutingAssertions.assertVlsWithin(routing, 1);
        total[0] += checked.stats().backtrackSteps();
        total[1] += checked.stats().escapeFallbacks();
        total[2] += checked.stats().shortcuts();
        total[3] += checked.stats().unorderedLayers();
      }
    }
    assertTrue(total[0] > 0, "no backtracking step");
    assertTrue(total[1] > 0, "no escape-path fallback");
    assertTrue(total[2] > 0, "no shortcut");
    assertEquals(0, total[3], "the topological order had to be abandoned");
  }

  /**
   * On a fat tree and a mesh, runs end before the switches whose scans can shorten no route are
   * scanned, and once every switch is reached a channel none of whose dependencies can shorten a
   * route is not scanned (the table-by-table comparison with OpenSM's full walk is in {@link
   * NuePropertiesTest}); OpenSM's way scans them all; the tables are the same.
   */
  @Test
  void runsEndOnceNoScanCanShortenARoute() throws RoutingException {
    for (Fabric fabric :
        new Fabric[] {Topologies.kAryNTree(4, 3), Topologies.mesh(new int[] {4, 3}, 2)}) {
      for (int vls : new int[] {1, 4}) {
        NueEngine.Checked fast =
            new NueEngine(vls, false, false).routeChecked(fabric, RoutingOptions.defaults());
        NueEngine.Checked plain =
            new NueEngine(vls, false, true).routeChecked(fabric, RoutingOptions.defaults());
        assertTrue(fast.stats().runsEndedEarly() > 0, fabric + ": no run ended early");
        assertEquals(0, plain.stats().runsEndedEarly(), fabric + ": OpenSM's way ended early");
        assertTrue(fast.stats().scansSkipped() > 0, fabric + ": no scan skipped");
        assertEquals(0, plain.stats().scansSkipped(), fabric + ": OpenSM's way skipped a scan");
        org.ibrouting.engines.testing.GoldenLfts.assertSameLfts(
            plain.routing(), fast.routing(), fabric + " " + vls + " VLs");
      }
    }
  }

  /** A destination's SL is its layer: LIDs in port-GUID order, round robin over the layers. */
  @Test
  void destinationsAreSplitRoundRobinOverTheLayers() throws RoutingException {
    Fabric fabric = Topologies.torus(new int[] {4, 4}, 2);
    Routing routing = new NueEngine(4, false).route(fabric, RoutingOptions.defaults());
    int[] ports = NueEngine.endPortsInGuidOrder(fabric);
    int layer = 0;
    int src = fabric.baseLid(fabric.port(fabric.numSwitches(), 1));
    for (int port : ports) {
      if (fabric.isSwitch(fabric.nodeOfPort(port))) {
        assertEquals(0, routing.slTable().sl(src, fabric.baseLid(port)));
        continue;
      }
      assertEquals(layer, routing.slTable().sl(src, fabric.baseLid(port)), fabric.portName(port));
      layer = (layer + 1) % 4;
    }
    assertEquals(4, routing.slTable().numVls());
    RoutingAssertions.assertDeadlockFreePerVl(routing);
  }

  /** nue_max_num_vls is read from the engine settings and capped by the options' VL limit. */
  @Test
  void settingsAndVlLimit() throws RoutingException {
    Fabric fabric = Topologies.torus(new int[] {4, 4}, 2);
    EngineConfig config =
        EngineConfig.none()
            .withParam("nue_max_num_vls", "4")
            .withParam("nue_include_switches", "true");
    Routing four = Engines.chain("nue", config).get(0).route(fabric, RoutingOptions.defaults());
    assertEquals(4, four.slTable().numVls());
    Routing two =
        Engines.create("nue", config).route(fabric, RoutingOptions.defaults().withMaxVls(2));
    assertEquals(2, two.slTable().numVls());
    Routing one =
        Engines.create("nue", EngineConfig.none()).route(fabric, RoutingOptions.defaults());
    assertTrue(one.slTable().isNone());
    assertThrows(
        IllegalArgumentException.class,
        () -> Engines.create("nue", EngineConfig.none().withParam("nue_max_num_vls", "16")));
  }

  /** Switches routed inside the layers are deadlock-free towards switch LIDs too. */
  @Test
  void includedSwitchesAreDeadlockFree() throws RoutingException {
    Fabric fabric = Topologies.torus(new int[] {5, 5}, 1);
    Routing routing = new NueEngine(2, true).route(fabric, RoutingOptions.defaults());
    RoutingAssertions.assertAllPairsRouted(routing);
    RoutingAssertions.assertDeadlockFreePerVl(routing);
  }

  @Test
  void refusesASplitFabric() {
    FabricBuilder b =
        TestFabrics.sketch("sw4: s1@200#1 s2@300#2 ca1: a@10#3 c@20#4", "a/1-s1/1 c/1-s2/1");
    RoutingException e =
        assertThrows(
            RoutingException.class,
            () -> new NueEngine().route(b.build(), RoutingOptions.defaults()));
    assertTrue(e.getMessage().startsWith("nue: "), e.getMessage());
  }

  /**
   * The topological order answers every cycle check as OpenSM's depth-first search does: the same
   * tables and SLs with either, on fabrics with impasses and with several layers.
   */
  @Test
  void orderAndPlainSearchGiveTheSameRouting() throws RoutingException {
    Fabric[] fabrics = {
      Topologies.torus(new int[] {5, 5}, 2),
      Topologies.torus(new int[] {4, 4, 3}, 1),
      Topologies.hypercube(5, 1),
      Topologies.dragonfly(3, 2, 1),
      org.ibrouting.testkit.FabricArbitraries.randomConnected(12, 10, 2, false, 42)
    };
    for (Fabric fabric : fabrics) {
      for (int vls : new int[] {1, 3}) {
        Routing fast = new NueEngine(vls, vls > 1, false).route(fabric, RoutingOptions.defaults());
        Routing plain = new NueEngine(vls, vls > 1, true).route(fabric, RoutingOptions.defaults());
        org.ibrouting.engines.testing.GoldenLfts.assertSameLfts(
            plain, fast, fabric + " " + vls + " VLs");
        for (int src = 1; src <= fabric.maxLid(); src++) {
          for (int dst = 1; dst <= fabric.maxLid(); dst++) {
            assertEquals(plain.slTable().sl(src, dst), fast.slTable().sl(src, dst));
          }
        }
      }
    }
  }

  /** A non-zero seed draws another split, still balanced, deterministic and deadlock-free. */
  @Test
  void seededSplitIsBalancedAndDeterministic() throws RoutingException {
    int[] zero = NueEngine.layerPartition(10, 3, 0);
    assertEquals("[0, 1, 2, 0, 1, 2, 0, 1, 2, 0]", java.util.Arrays.toString(zero));
    int[] seeded = NueEngine.layerPartition(10, 3, 7);
    org.junit.jupiter.api.Assertions.assertArrayEquals(seeded, NueEngine.layerPartition(10, 3, 7));
    assertTrue(!java.util.Arrays.equals(zero, seeded));
    int[] sizes = new int[3];
    for (int layer : seeded) {
      sizes[layer]++;
    }
    assertEquals("[4, 3, 3]", java.util.Arrays.toString(sizes));
    Fabric fabric = Topologies.torus(new int[] {4, 4}, 2);
    Routing routing = new NueEngine(4, false).route(fabric, RoutingOptions.seeded(7));
    RoutingAssertions.assertAllPairsRouted(routing);
    RoutingAssertions.assertDeadlockFreePerVl(routing);
    RoutingAssertions.assertVlsWithin(routing, 4);
  }
}
