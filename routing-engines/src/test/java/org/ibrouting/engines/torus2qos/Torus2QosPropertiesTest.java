package org.ibrouting.engines.torus2qos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.topology.Topologies;
import org.ibrouting.topology.TorusConfig;

/**
 * torus-2QoS on random 2D and 3D tori and meshes, intact, with random failed links, or with one
 * failed switch: it either refuses with one of OpenSM's error codes, or its routing is loop-free,
 * delivers every pair of CAs on switches it placed, is deadlock-free per (channel, VL) under its
 * per-port SL-to-VL maps within 2 VLs (4 around a missing switch), gives the same LFTs at any
 * thread count, and with VL = SL the same tables on 2^dims VLs.
 */
class Torus2QosPropertiesTest {
  /** A torus or mesh, its configuration, and what failed. */
  record Case(Fabric fabric, TorusConfig config, String what) {
    @Override
    public String toString() {
      return what;
    }
  }

  /** Radices of 2D tori up to {@code max2d} and 3D ones up to {@code max3d} in each dimension. */
  static Arbitrary<int[]> shapes(int max2d, int max3d) {
    return Arbitraries.integers()
        .between(2, 3)
        .flatMap(
            dims ->
                Arbitraries.integers()
                    .between(3, dims == 2 ? max2d : max3d)
                    .array(int[].class)
                    .ofSize(dims));
  }

  @Provide
  Arbitrary<Case> cases() {
    return Combinators.combine(
            shapes(6, 5),
            Arbitraries.integers().between(1, 2),
            Arbitraries.of(true, true, false),
            Arbitraries.integers().between(0, 5),
            Arbitraries.longs())
        .as(
            (radix, hosts, torus, failure, seed) -> {
              Fabric intact =
                  torus ? Topologies.torus(radix, hosts) : Topologies.mesh(radix, hosts);
              TorusConfig config = Topologies.torusConfig(radix, hosts, torus);
              String what =
                  (torus ? "torus " : "mesh ") + Arrays.toString(radix) + " " + hosts + " hosts";
              if (failure == 0) {
                return new Case(intact, config, what);
              }
              if (failure == 5) {
                return new Case(
                    FabricArbitraries.failSwitch(intact, false, seed),
                    config,
                    what + ", one switch failed (seed " + seed + ")");
              }
              return new Case(
                  FabricArbitraries.failLinks(intact, failure, false, seed),
                  config,
                  what + ", " + failure + " links failed (seed " + seed + ")");
            });
  }

  @Property(tries = 100)
  void refusesWithACodeOrRoutesDeadlockFree(@ForAll("cases") Case c) {
    Routing routing;
    try {
      routing =
          new Torus2QosEngine(c.config())
              .route(c.fabric(), RoutingOptions.defaults().withThreads(1));
    } catch (RoutingException e) {
      assertTrue(
          e.getMessage().matches("torus-2QoS: ERR 4E[0-9A-F]{2}: .*"), c + ": " + e.getMessage());
      Statistics.collect("refused", e.getMessage().substring(12, 20));
      return;
    }
    Fabric fabric = c.fabric();
    RoutingAssertions.assertLoopFree(routing);
    RouteReport report = new RouteChecker(EndpointScope.TERMINALS, 1).check(routing);
    assertEquals(0, report.blackholePairs(), c + ": " + report.witnesses());
    assertEquals(
        placedPairs(routing), report.validPairs(), c + ": pairs between CAs on placed switches");
    CdgReport cdg = CreditLoopVerifier.defaults().verify(routing);
    assertTrue(cdg.isDeadlockFree(), c + ": " + cdg);
    Statistics.collect("routed", cdg.numVls() + " VLs used");
    boolean missing =
        placedSwitches(routing) < c.config().radix(0) * c.config().radix(1) * c.config().radix(2);
    assertEquals(missing ? 4 : 2, routing.slTable().numVls(), c + ": VLs declared");
    assertTrue(cdg.numVls() <= routing.slTable().numVls(), c + ": " + cdg);
    RoutingAssertions.assertDestinationBasedConsistent(routing);
    try {
      Routing parallel =
          new Torus2QosEngine(c.config()).route(fabric, RoutingOptions.defaults().withThreads(4));
      GoldenLfts.assertSameLfts(routing, parallel, c + " with 4 threads");
      Routing identity =
          new Torus2QosEngine(c.config(), Torus2QosEngine.Sl2Vl.IDENTITY)
              .route(fabric, RoutingOptions.defaults());
      GoldenLfts.assertSameLfts(routing, identity, c + " with VL = SL");
      for (int src = 1; src <= fabric.maxLid(); src++) {
        for (int dst = 1; dst <= fabric.maxLid(); dst++) {
          assertEquals(routing.slTable().sl(src, dst), identity.slTable().sl(src, dst), c + " SL");
        }
      }
      assertTrue(
          identity.slTable().numVls() <= 1 << dims(c.config()), c + ": " + identity.slTable());
      if (!missing) {
        RoutingAssertions.assertDeadlockFreePerVl(identity);
      }
    } catch (RoutingException e) {
      throw new AssertionError(c + ": routed once, refused the second time: " + e.getMessage(), e);
    }
  }

  private static int dims(TorusConfig config) {
    int dims = 0;
    for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
      dims += config.radix(d) > 1 ? 1 : 0;
    }
    return dims;
  }

  /** A switch is placed in the torus exactly when its LFT routes its own LID to port 0. */
  static boolean placed(Routing routing, int sw) {
    Fabric fabric = routing.fabric();
    return routing.outPort(sw, fabric.baseLid(fabric.port(sw, 0))) == 0;
  }

  static int placedSwitches(Routing routing) {
    int n = 0;
    for (int sw = 0; sw < routing.fabric().numSwitches(); sw++) {
      n += placed(routing, sw) ? 1 : 0;
    }
    return n;
  }

  /** Ordered pairs of distinct CA LIDs whose CAs hang from placed switches. */
  static long placedPairs(Routing routing) {
    Fabric fabric = routing.fabric();
    long lids = 0;
    for (int node = fabric.numSwitches(); node < fabric.numNodes(); node++) {
      for (int p = 1; p <= fabric.numPorts(node); p++) {
        int port = fabric.port(node, p);
        int sw = fabric.switchPortOf(port);
        if (sw >= 0 && placed(routing, fabric.nodeOfPort(sw))) {
          lids += 1L << fabric.lmc(port);
        }
      }
    }
    return lids * (lids - 1);
  }
}
