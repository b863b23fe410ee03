package org.ibrouting.engines.ssspfamily;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.ibrouting.engines.dfsssp.DfssspEngine;
import org.ibrouting.engines.sssp.SsspEngine;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.RoutingAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * DFSSSP against OpenSM 3.3.23's own output: its tables on every reference fabric, and the VL
 * assignment as its log reports it ({@link OpenSmVlCounts}: VLs needed, paths per VL before
 * balancing, per SL after balancing) on the reference fabrics and on generated ones, LMC and "not
 * enough VLs" included. Deadlock-free per VL.
 */
class DfssspTest {
  private static final int OPENSM_VLS = 8;

  @ParameterizedTest
  @MethodSource(GoldenLfts.REFERENCE_FABRICS)
  void equalsOpenSmTablesAndVlCount(String name) throws RoutingException {
    GoldenLfts.assertOpenSmUsed(name, "dfsssp", "dfsssp");
    Routing ours =
        GoldenLfts.assertSameAsOpenSm(
            name, "dfsssp", new DfssspEngine(), RoutingOptions.defaults());
    assertEquals(
        (int) ReferenceFabrics.resultNumber(name, "dfsssp", "vls_needed"),
        ours.slTable().numVls(),
        name + ": VLs needed");
    RoutingAssertions.assertDeadlockFreePerVl(ours);
  }

  static List<OpenSmVlCounts> openSmLogs() {
    return OpenSmVlCounts.all();
  }

  @Test
  void everyReferenceFabricHasItsLoggedCounts() {
    List<String> logged = openSmLogs().stream().map(OpenSmVlCounts::fabric).toList();
    assertTrue(logged.containsAll(ReferenceFabrics.names()), logged.toString());
  }

  /**
   * The VLs needed and the paths per VL before balancing equal OpenSM's log, at 1 and 2 threads;
   * the engine uses that many VLs, or refuses where OpenSM ran out of them (ERR AD25).
   */
  @ParameterizedTest
  @MethodSource("openSmLogs")
  void pathsPerVlEqualOpenSmsLog(OpenSmVlCounts golden) throws RoutingException {
    Fabric fabric = golden.build();
    Routing sssp = new SsspEngine().route(fabric, RoutingOptions.defaults());
    int[] ports = SsspEngine.destinationOrderOf(fabric);
    for (int threads = 1; threads <= 2; threads++) {
      VlAssignment assignment = VlAssignment.assign(sssp, ports, OPENSM_VLS, threads);
      assertEquals(
          golden.vlsNeeded(),
          assignment.vlsNeeded(),
          golden + ": VLs needed, " + threads + " threads");
      assertArrayEquals(
          golden.before(),
          assignment.pathsPerVl(),
          golden + ": paths per VL before balancing, " + threads + " threads");
    }
    if (golden.vlsNeeded() > OPENSM_VLS) {
      RoutingException e =
          assertThrows(
              RoutingException.class,
              () -> new DfssspEngine().route(fabric, RoutingOptions.defaults()));
      assertTrue(e.getMessage().startsWith("dfsssp: needs more than 8 VLs"), e.getMessage());
    } else {
      Routing ours = new DfssspEngine().route(fabric, RoutingOptions.defaults());
      assertEquals(golden.vlsNeeded(), ours.slTable().numVls(), golden + ": VLs of the SL table");
      RoutingAssertions.assertDeadlockFreePerVl(ours);
      // paths from a switch's own LID are never moved (OpenSM gives them no channels): SL 0
      for (int sw = 0; sw < fabric.numSwitches(); sw++) {
        int slid = fabric.baseLid(fabric.port(sw, 0));
        for (int ca = fabric.numSwitches(); ca < fabric.numNodes(); ca++) {
          int dlid = fabric.baseLid(fabric.port(ca, 1));
          assertEquals(
              0,
              ours.slTable().sl(slid, dlid),
              golden + ": SL of switch LID " + slid + " -> " + dlid);
        }
      }
    }
  }

  /** Exactly the VLs needed suffice; one fewer is refused, as OpenSM's ERR AD25 at that limit. */
  @ParameterizedTest
  @MethodSource("openSmLogs")
  void theVlsNeededAreTheLimit(OpenSmVlCounts golden) throws RoutingException {
    int needed = golden.vlsNeeded();
    if (needed > OPENSM_VLS || needed == 1) {
      return;
    }
    Fabric fabric = golden.build();
    Routing atLimit =
        new DfssspEngine().route(fabric, RoutingOptions.defaults().withMaxVls(needed));
    assertEquals(needed, atLimit.slTable().numVls(), golden + ": VLs at the limit");
    RoutingException e =
        assertThrows(
            RoutingException.class,
            () ->
                new DfssspEngine().route(fabric, RoutingOptions.defaults().withMaxVls(needed - 1)));
    assertTrue(
        e.getMessage().startsWith("dfsssp: needs more than " + (needed - 1) + " VLs"),
        e.getMessage());
  }

  /**
   * Spare VLs go to the VL with the most paths per SL; on a tie to the lowest, as OpenSM's strict
   * comparison.
   */
  @Test
  void spareVlsGoToTheLowestOfTiedVls() {
    assertArrayEquals(
        new int[] {4, 3, 0, 0, 0, 0, 0},
        DfssspLanes.split(new long[] {10, 10, 0, 0, 0, 0, 0}, 2, 7, true));
    assertArrayEquals(
        new int[] {1, 1, 0, 0, 0, 0, 0},
        DfssspLanes.split(new long[] {10, 10, 0, 0, 0, 0, 0}, 2, 7, false));
    assertArrayEquals(
        new int[] {1, 1, 1, 1}, DfssspLanes.split(new long[] {9, 5, 3, 1}, 4, 4, true));
  }

  /**
   * With {@code balance}, spare VLs are split as OpenSM splits them: its "after balancing" list is
   * each block's paths divided by the block's size; and every path's SL lies in its VL's block.
   */
  @ParameterizedTest
  @MethodSource("openSmLogs")
  void balancingSplitsSpareVlsAsOpenSm(OpenSmVlCounts golden) throws RoutingException {
    if (golden.after() == null) {
      assertTrue(golden.vlsNeeded() > OPENSM_VLS, golden + ": OpenSM balanced where VLs sufficed");
      return;
    }
    int[] split = DfssspLanes.split(golden.before(), golden.vlsNeeded(), OPENSM_VLS, true);
    assertEquals(
        OPENSM_VLS, java.util.Arrays.stream(split).sum(), golden + ": every spare VL given out");
    assertArrayEquals(
        golden.after(),
        OpenSmVlCounts.afterBalancing(golden.before(), golden.vlsNeeded()),
        golden + ": paths per SL after balancing");

    Fabric fabric = golden.build();
    Routing balanced = new DfssspEngine(true).route(fabric, RoutingOptions.seeded(7));
    Routing sssp = new SsspEngine().route(fabric, RoutingOptions.defaults());
    int[] ports = SsspEngine.destinationOrderOf(fabric);
    VlAssignment assignment = VlAssignment.assign(sssp, ports, OPENSM_VLS, 1);
    long[] perSl = new long[OPENSM_VLS];
    int[] base = new int[golden.vlsNeeded() + 1];
    for (int vl = 0; vl < golden.vlsNeeded(); vl++) {
      base[vl + 1] = base[vl] + split[vl];
    }
    for (int src : ports) {
      if (fabric.isSwitch(fabric.nodeOfPort(src))) {
        continue;
      }
      for (int dst : ports) {
        if (dst == src) {
          continue;
        }
        for (int slid = fabric.baseLid(src);
            slid < fabric.baseLid(src) + (1 << fabric.lmc(src));
            slid++) {
          for (int dlid = fabric.baseLid(dst);
              dlid < fabric.baseLid(dst) + (1 << fabric.lmc(dst));
              dlid++) {
            int vl = assignment.vl(slid, dlid);
            int pathSl = balanced.slTable().sl(slid, dlid);
            assertTrue(
                pathSl >= base[vl] && pathSl < base[vl + 1],
                golden
                    + ": "
                    + slid
                    + " -> "
                    + dlid
                    + " on VL "
                    + vl
                    + " has SL "
                    + pathSl
                    + ", outside its block "
                    + base[vl]
                    + ".."
                    + (base[vl + 1] - 1));
            perSl[pathSl]++;
          }
        }
      }
    }
    assertEvenWithinBlocks(golden, perSl, base, split);
  }

  /**
   * Within a VL's block the seeded hash spreads the paths about evenly, as OpenSM's rand() does.
   */
  private static void assertEvenWithinBlocks(
      OpenSmVlCounts golden, long[] perSl, int[] base, int[] split) {
    for (int vl = 0; vl < golden.vlsNeeded(); vl++) {
      long total = 0;
      for (int s = base[vl]; s < base[vl + 1]; s++) {
        total += perSl[s];
      }
      for (int s = base[vl]; s < base[vl + 1]; s++) {
        double mean = (double) total / split[vl];
        assertTrue(
            perSl[s] > 0 && (total < 200 || Math.abs(perSl[s] - mean) < 0.25 * mean),
            golden
                + ": SL "
                + s
                + " carries "
                + perSl[s]
                + " of the "
                + total
                + " CA paths of VL "
                + vl
                + "'s "
                + split[vl]
                + " SLs");
      }
    }
  }
}
