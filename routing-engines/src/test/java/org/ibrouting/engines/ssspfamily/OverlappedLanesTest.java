package org.ibrouting.engines.ssspfamily;

import static org.ibrouting.testkit.FabricArbitraries.connected;
import static org.ibrouting.testkit.FabricArbitraries.dragonflies;
import static org.ibrouting.testkit.FabricArbitraries.fatTreesToriAndRandom;
import static org.ibrouting.testkit.FabricArbitraries.randomConnectedWithMultiPortCas;
import static org.ibrouting.testkit.FabricArbitraries.tori;
import static org.ibrouting.testkit.FabricArbitraries.withLmc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.locks.LockSupport;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.engines.dfsssp.DfssspEngine;
import org.ibrouting.engines.sssp.SsspEngine;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.LidMajorLfts;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.TestFabrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * dfsssp builds VL 0's dependency graph on helper threads while it routes ({@link
 * DfssspLanes.Overlapped}); the VLs must be those of the VL step run on the finished tables ({@link
 * DfssspLanes#assign}), at any thread count, and the helpers must never read a row before it is
 * written.
 */
class OverlappedLanesTest {
  @Provide
  Arbitrary<Fabric> fabrics() {
    return connected(
        fatTreesToriAndRandom(),
        tori(),
        dragonflies(),
        randomConnectedWithMultiPortCas(),
        withLmc(tori(), 1));
  }

  @Property(tries = 60)
  void dfssspEqualsTheVlStepOnFinishedTables(
      @ForAll("fabrics") Fabric fabric, @ForAll("threads") int threads, @ForAll("vls") int maxVls) {
    RoutingOptions options = RoutingOptions.defaults().withThreads(threads).withMaxVls(maxVls);
    Routing expected;
    String refusal = null;
    try {
      Routing sssp = new SsspEngine().route(fabric, options);
      expected =
          DfssspLanes.assign(sssp, SsspEngine.destinationOrderOf(fabric), options, false, "dfsssp");
    } catch (RoutingException e) {
      expected = null;
      refusal = e.getMessage();
    }
    try {
      Routing actual = new DfssspEngine().route(fabric, options);
      assertTrue(expected != null, "refused before, routed now: " + refusal);
      assertSameRouting(expected, actual, threads + " threads");
    } catch (RoutingException e) {
      assertEquals(refusal, e.getMessage());
    }
    // the same with helper threads on a fabric below Parallel's size threshold
    int[] ports = SsspEngine.destinationOrderOf(fabric);
    LidMajorLfts rows = new LidMajorLfts(fabric);
    try (DfssspLanes.Overlapped lanes =
        new DfssspLanes.Overlapped(fabric, ports, rows, options, "dfsssp", threads - 1)) {
      Routing sssp = SsspTables.route(fabric, options, ports, true, "dfsssp", rows, lanes::routed);
      Routing actual = lanes.assign(sssp, false);
      assertTrue(expected != null, "refused before, routed now: " + refusal);
      assertSameRouting(expected, actual, (threads - 1) + " helpers");
    } catch (RoutingException e) {
      assertEquals(refusal, e.getMessage());
    }
  }

  /**
   * The router is slow (it publishes each destination's rows after a pause), so the helpers run
   * ahead of it: a helper that read a row before it was written would miss its dependencies. One
   * helper builds the graph as it goes; two merge their first uses.
   */
  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void helpersWaitForTheRowsTheyRead(int helpers) throws RoutingException {
    Fabric fabric = TestFabrics.torus(2, 4, 4);
    RoutingOptions options = RoutingOptions.defaults().withThreads(3);
    int[] ports = SsspEngine.destinationOrderOf(fabric);
    Routing sssp = new SsspEngine().route(fabric, options);
    Routing expected = DfssspLanes.assign(sssp, ports, options, false, "dfsssp");
    assertTrue(expected.slTable().numVls() > 1, "a torus needs more than one VL");
    LidMajorLfts rows = new LidMajorLfts(fabric);
    try (DfssspLanes.Overlapped lanes =
        new DfssspLanes.Overlapped(fabric, ports, rows, options, "dfsssp", helpers)) {
      for (int i = 0; i < ports.length; i++) {
        LockSupport.parkNanos(200_000);
        for (int k = 0; k < 1 << fabric.lmc(ports[i]); k++) {
          int lid = fabric.baseLid(ports[i]) + k;
          for (int sw = 0; sw < fabric.numSwitches(); sw++) {
            int port = sssp.outPort(sw, lid);
            if (port != Routing.NO_ROUTE && port != 0) {
              rows.set(sw, lid, port);
            }
          }
        }
        lanes.routed(i + 1);
      }
      assertSameRouting(
          expected, lanes.assign(sssp, false), "slow router, " + helpers + " helpers");
    }
  }

  /** A router that fails leaves no helper behind: closing stops and joins the waiting helpers. */
  @Test
  void closingWithoutAssignStopsTheHelpers() throws RoutingException {
    Fabric fabric = TestFabrics.torus(2, 4, 4);
    RoutingOptions options = RoutingOptions.defaults().withThreads(4);
    int[] ports = SsspEngine.destinationOrderOf(fabric);
    RuntimeException failure =
        assertThrows(
            IllegalStateException.class,
            () -> {
              try (DfssspLanes.Overlapped lanes =
                  new DfssspLanes.Overlapped(
                      fabric, ports, new LidMajorLfts(fabric), options, "dfsssp", 3)) {
                assertEquals(3, helpersAlive(), "the helpers wait for rows");
                lanes.routed(1);
                throw new IllegalStateException("router failed");
              }
            });
    assertEquals("router failed", failure.getMessage());
    assertEquals(0, helpersAlive(), "helpers still running after close");
  }

  private static long helpersAlive() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("ibrouting-vl0-") && t.isAlive())
        .count();
  }

  private static void assertSameRouting(Routing expected, Routing actual, String what) {
    GoldenLfts.assertSameLfts(expected, actual, what);
    assertEquals(expected.engineName(), actual.engineName(), what);
    assertEquals(expected.slTable().numVls(), actual.slTable().numVls(), what);
    Fabric fabric = expected.fabric();
    for (int slid = 1; slid <= fabric.maxLid(); slid++) {
      for (int dlid = 1; dlid <= fabric.maxLid(); dlid++) {
        assertEquals(
            expected.slTable().sl(slid, dlid),
            actual.slTable().sl(slid, dlid),
            what + ": SL of " + slid + " -> " + dlid);
      }
    }
  }

  @Provide
  Arbitrary<Integer> threads() {
    return Arbitraries.of(1, 2, 3);
  }

  @Provide
  Arbitrary<Integer> vls() {
    return Arbitraries.of(1, 2, 4, 8);
  }
}
