package org.ibrouting.engines.ssspfamily;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ibrouting.engines.dfsssp.DfssspEngine;
import org.ibrouting.engines.sssp.SsspEngine;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.interop.OpenSmInteropTest;
import org.ibrouting.interop.OpenSmLog;
import org.ibrouting.interop.OpenSmSimulation;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.routing.SlTable;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * DFSSSP against the real OpenSM 3.3.23 on ibsim, on random irregular fabrics: the same tables, the
 * same VLs needed, the same paths per VL before balancing and per SL after it, as OpenSM's log
 * reports them; where 8 VLs do not suffice OpenSM stops (ERR AD25) and ours refuses. And per CA
 * pair, the SL OpenSM's SA answers lies in our VL's block of SLs.
 */
class DfssspInteropTest extends OpenSmInteropTest {
  private static final int OPENSM_VLS = 8;

  /** Random spanning trees plus extra links (parallel ones included), 1..3 CAs per switch. */
  @Test
  void randomIrregularFabrics() throws Exception {
    List<Integer> vlsNeeded = new ArrayList<>();
    for (int seed = 1; seed <= 8; seed++) {
      Fabric fabric =
          FabricArbitraries.randomConnected(6 + 3 * seed, 4 + 3 * seed, 3, false, 100 + seed);
      vlsNeeded.add(compare(fabric, "random seed " + seed, List.of()));
    }
    // the comparison says something only where cycles had to be broken
    assertTrue(vlsNeeded.stream().filter(n -> n > 1).count() >= 4, "VLs needed: " + vlsNeeded);
  }

  /** With LMC 1 (OpenSM's -l 1) each CA has two LIDs, whose paths count separately. */
  @Test
  void randomFabricWithLmc() throws Exception {
    List<Integer> vlsNeeded = new ArrayList<>();
    for (int seed = 1; seed <= 3; seed++) {
      Fabric fabric = FabricArbitraries.randomConnected(16, 20, 2, false, 200 + seed);
      vlsNeeded.add(compare(fabric, "random LMC 1 seed " + seed, List.of("-l", "1")));
    }
    assertTrue(vlsNeeded.stream().filter(n -> n > 1).count() >= 2, "VLs needed: " + vlsNeeded);
  }

  /**
   * The SL OpenSM's SA hands out for every CA pair (a running {@code opensm -R dfsssp -Q}, one
   * {@code saquery -p} per pair) lies in the block of SLs that the split of the spare VLs gives our
   * VL for that pair: OpenSM picks the SL within the block at random per query, the block itself is
   * the VL assignment's.
   */
  @Test
  void pathRecordSlsOfOpenSmLieInTheBlocksOfOurVls() throws Exception {
    Fabric generated = TopologySpec.parse("torus", List.of("4,4", "1")).build();
    Path net = dir.resolve("torus.net");
    IbnetdiscoverWriter.write(generated, net);
    try (OpenSmSimulation sim = OpenSmSimulation.start(net, dir.resolve("sim-sa"));
        OpenSmSimulation.RunningOpenSm opensm =
            sim.startOpenSm(List.of("-R", "dfsssp", "-Q"), 300)) {
      Fabric fabric =
          IbnetdiscoverReader.read(new StringReader(sim.ibnetdiscover()), "torus 4,4 1");
      SlTable theirs = sim.caPathRecords(fabric).slTable();
      Routing sssp = new SsspEngine().route(fabric, RoutingOptions.defaults());
      VlAssignment ours =
          VlAssignment.assign(sssp, SsspEngine.destinationOrderOf(fabric), OPENSM_VLS, 1);
      int needed = ours.vlsNeeded();
      assertTrue(needed > 1, "VLs needed: " + needed);
      int[] split = DfssspLanes.split(ours.pathsPerVl(), needed, OPENSM_VLS, true);
      int[] base = new int[needed + 1];
      for (int vl = 0; vl < needed; vl++) {
        base[vl + 1] = base[vl] + split[vl];
      }
      int[] onVl = new int[needed];
      for (int src = fabric.numSwitches(); src < fabric.numNodes(); src++) {
        for (int dst = fabric.numSwitches(); dst < fabric.numNodes(); dst++) {
          int slid = fabric.baseLid(fabric.port(src, 1));
          int dlid = fabric.baseLid(fabric.port(dst, 1));
          if (src == dst) {
            continue;
          }
          int vl = ours.vl(slid, dlid);
          int sl = theirs.sl(slid, dlid);
          assertTrue(
              sl >= base[vl] && sl < base[vl + 1],
              "LID "
                  + slid
                  + " -> "
                  + dlid
                  + ": OpenSM's SA says SL "
                  + sl
                  + ", our VL "
                  + vl
                  + " has the SLs "
                  + base[vl]
                  + ".."
                  + (base[vl + 1] - 1)
                  + "; see "
                  + opensm.log());
          onVl[vl]++;
        }
      }
      for (int vl = 0; vl < needed; vl++) {
        assertTrue(onVl[vl] > 0, "no CA pair on VL " + vl);
      }
    }
  }

  /** Returns the VLs OpenSM needed. */
  private int compare(Fabric generated, String what, List<String> openSmArgs) throws Exception {
    String name = what.replace(' ', '_');
    Path net = dir.resolve(name + ".net");
    IbnetdiscoverWriter.write(generated, net);
    try (OpenSmSimulation sim = OpenSmSimulation.start(net, dir.resolve("sim-" + name))) {
      OpenSmSimulation.Result result = sim.runOpenSm("dfsssp", openSmArgs);
      OpenSmLog log = OpenSmLog.read(result.log());
      // the fabric with the LIDs OpenSM kept or assigned, as ibnetdiscover sees it
      Fabric fabric = IbnetdiscoverReader.read(new StringReader(sim.ibnetdiscover()), what);
      String at = what + " (" + fabric + "), see " + result.log() + ": ";
      int lmc =
          openSmArgs.contains("-l")
              ? Integer.parseInt(openSmArgs.get(openSmArgs.indexOf("-l") + 1))
              : 0;
      assertEquals(
          lmc, fabric.lmc(fabric.port(fabric.numSwitches(), 1)), at + "LMC of the first CA");
      long[] before = log.dfssspPathsPerVlBeforeBalancing();
      assertNotNull(before, at + "no paths per VL in OpenSM's log");

      Routing sssp = new SsspEngine().route(fabric, RoutingOptions.defaults());
      VlAssignment assignment =
          VlAssignment.assign(sssp, SsspEngine.destinationOrderOf(fabric), OPENSM_VLS, 2);
      int needed = assignment.vlsNeeded();
      long[] perVl = assignment.pathsPerVl();
      assertEquals(log.dfssspVlsNeeded(), needed, at + "VLs needed");
      assertArrayEquals(before, perVl, at + "paths per VL before balancing");

      if (needed > OPENSM_VLS) {
        assertEquals("minhop", result.engineUsed(), at + "OpenSM was expected to fall back");
        assertTrue(log.errorCodes().contains("AD25"), at + "no ERR AD25");
        RoutingException e =
            assertThrows(
                RoutingException.class,
                () -> new DfssspEngine().route(fabric, RoutingOptions.defaults()));
        assertTrue(e.getMessage().startsWith("dfsssp: needs more than 8 VLs"), e.getMessage());
        return needed;
      }
      assertEquals("dfsssp", result.engineUsed(), at + "engine");
      Routing ours = new DfssspEngine().route(fabric, RoutingOptions.defaults());
      GoldenLfts.assertSameLfts(
          LftDumpReader.read(fabric, result.lftDump()), ours, what + " dfsssp");
      assertEquals(needed, ours.slTable().numVls(), at + "VLs of the SL table");
      assertArrayEquals(
          log.dfssspPathsPerVlAfterBalancing(),
          OpenSmVlCounts.afterBalancing(perVl, needed),
          at + "paths per SL after balancing");
      return needed;
    }
  }
}
