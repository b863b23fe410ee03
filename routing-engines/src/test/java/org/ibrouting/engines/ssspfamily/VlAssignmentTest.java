package org.ibrouting.engines.ssspfamily;

import static org.ibrouting.testkit.FabricArbitraries.connected;
import static org.ibrouting.testkit.FabricArbitraries.dragonflies;
import static org.ibrouting.testkit.FabricArbitraries.fatTreesToriAndRandom;
import static org.ibrouting.testkit.FabricArbitraries.randomConnected;
import static org.ibrouting.testkit.FabricArbitraries.randomConnectedWithMultiPortCas;
import static org.ibrouting.testkit.FabricArbitraries.tori;
import static org.ibrouting.testkit.FabricArbitraries.withLmc;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.engines.dfsssp.DfssspEngine;
import org.ibrouting.engines.sssp.SsspEngine;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.RefusalCoverage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The parallel, per-source-switch {@link VlAssignment} against the plain per-pair reference {@link
 * NaiveVlAssignment}: same VLs needed, same pairs per VL and the same VL for every (source LID,
 * destination LID), at 1 and 2 threads.
 */
class VlAssignmentTest {
  @Provide
  Arbitrary<Fabric> fabrics() {
    return connected(
        fatTreesToriAndRandom(),
        randomConnected(),
        tori(),
        dragonflies(),
        randomConnectedWithMultiPortCas(),
        withLmc(tori(), 2));
  }

  @Provide
  Arbitrary<Integer> vls() {
    return Arbitraries.of(1, 2, 3, 4, 8, 15);
  }

  @Property(tries = 150)
  void equalsThePlainReference(@ForAll("fabrics") Fabric fabric, @ForAll("vls") int maxVls)
      throws RoutingException {
    Routing sssp = new SsspEngine().route(fabric, RoutingOptions.defaults());
    assertSameAssignment(sssp, maxVls, "");
  }

  @Property(tries = 40)
  void slTableHoldsTheAssignedVls(@ForAll("fabrics") Fabric fabric, @ForAll boolean balance)
      throws RoutingException {
    RoutingOptions options = RoutingOptions.defaults().withMaxVls(8);
    Routing dfsssp;
    try {
      dfsssp = new DfssspEngine(balance).route(fabric, options);
    } catch (RoutingException e) {
      assertTrue(e.getMessage().startsWith("dfsssp: needs more than 8 VLs"), e.getMessage());
      RefusalCoverage.refused();
      return;
    }
    RefusalCoverage.routed();
    int[] ports = SsspEngine.destinationOrderOf(fabric);
    VlAssignment assignment = VlAssignment.assign(dfsssp, ports, 8, 1);
    if (!balance) {
      assertEquals(assignment.vlsNeeded(), dfsssp.slTable().numVls());
    }
    int[] minSl = new int[8];
    int[] maxSl = new int[8];
    java.util.Arrays.fill(minSl, Integer.MAX_VALUE);
    java.util.Arrays.fill(maxSl, -1);
    for (int src : ports) {
      for (int dst : ports) {
        if (src == dst || fabric.isSwitch(fabric.nodeOfPort(src))) {
          continue;
        }
        for (int k = 0; k < 1 << fabric.lmc(src); k++) {
          int slid = fabric.baseLid(src) + k;
          for (int j = 0; j < 1 << fabric.lmc(dst); j++) {
            int dlid = fabric.baseLid(dst) + j;
            int vl = assignment.vl(slid, dlid);
            int sl = dfsssp.slTable().sl(slid, dlid);
            if (!balance) {
              assertEquals(vl, sl, slid + " -> " + dlid);
            }
            minSl[vl] = Math.min(minSl[vl], sl);
            maxSl[vl] = Math.max(maxSl[vl], sl);
          }
        }
      }
    }
    // with balance each VL's paths spread over a block of SLs; blocks follow the VL order
    int previousMax = -1;
    for (int vl = 0; vl < 8; vl++) {
      if (maxSl[vl] >= 0) {
        assertTrue(
            minSl[vl] > previousMax && maxSl[vl] < 8,
            "VL " + vl + " on SLs " + minSl[vl] + ".." + maxSl[vl] + " after " + previousMax);
        previousMax = maxSl[vl];
      }
    }
  }

  @ParameterizedTest
  @MethodSource(GoldenLfts.REFERENCE_FABRICS)
  void equalsThePlainReferenceOnReferenceFabrics(String name) throws RoutingException {
    Routing theirs = ReferenceFabrics.openSmRouting(name, "sssp");
    Routing sssp = new SsspEngine().route(theirs.fabric(), RoutingOptions.defaults());
    for (int maxVls : new int[] {1, 2, 8}) {
      assertSameAssignment(sssp, maxVls, name + " ");
    }
  }

  private static void assertSameAssignment(Routing sssp, int maxVls, String what) {
    Fabric fabric = sssp.fabric();
    int[] ports = SsspEngine.destinationOrderOf(fabric);
    int[] expectedNeeded = new int[1];
    long[] expectedPerVl = new long[maxVls];
    NaiveVlAssignment expected =
        NaiveVlAssignment.assign(sssp, ports, maxVls, expectedNeeded, expectedPerVl);
    boolean someMoved = false;
    for (int threads = 1; threads <= 2; threads++) {
      VlAssignment actual = VlAssignment.assign(sssp, ports, maxVls, threads);
      String at = what + maxVls + " VLs, " + threads + " threads: ";
      assertEquals(expectedNeeded[0], actual.vlsNeeded(), at + "VLs needed");
      assertArrayEquals(expectedPerVl, actual.pathsPerVl(), at + "pairs per VL");
      for (int src : ports) {
        for (int dst : ports) {
          for (int k = 0; k < 1 << fabric.lmc(src); k++) {
            int slid = fabric.baseLid(src) + k;
            for (int j = 0; j < 1 << fabric.lmc(dst); j++) {
              int dlid = fabric.baseLid(dst) + j;
              int vl = expected.vl(slid, dlid);
              someMoved |= vl != 0;
              assertEquals(vl, actual.vl(slid, dlid), at + "VL of " + slid + " -> " + dlid);
            }
          }
        }
      }
    }
    assertTrue(
        expectedNeeded[0] == 1 || expectedNeeded[0] > maxVls || someMoved,
        what + "a second VL is needed but no path moved");
  }
}
