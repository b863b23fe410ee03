package org.ibrouting.engines.nue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.interop.OpenSmInteropTest;
import org.ibrouting.interop.OpenSmSimulation;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.routing.SlTable;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Nue with one VL against the real OpenSM 3.3.23 on ibsim: the same tables, entry for entry, also
 * where OpenSM's shortcut step un-records dependencies its routes use; and, with 7 VLs, the credit
 * loop OpenSM's own tables and SLs hold where ours have none.
 */
class NueInteropTest extends OpenSmInteropTest {
  private static final Pattern RECORD =
      Pattern.compile("dlid\\.+(\\d+)\\s.*?\\ssl\\.+0x(\\p{XDigit}+)", Pattern.DOTALL);

  /** Generated fabrics, LIDs above 255 and impasses (tori) included. */
  @ParameterizedTest
  @ValueSource(strings = {"torus 5,5 2", "torus 3,3,3 1", "xgft 2 4,4 1,2", "directors 2 2 2 2 2"})
  void generatedFabrics(String spec) throws Exception {
    compare(TopologySpec.parse(spec).build(), spec);
  }

  /** Random irregular fabrics with parallel links and OpenSM-style or random LIDs. */
  @Test
  void randomIrregularFabrics() throws Exception {
    for (int seed = 1; seed <= 4; seed++) {
      compare(
          FabricArbitraries.randomConnected(4 + 4 * seed, 3 * seed, 3, false, seed),
          "random seed " + seed);
    }
  }

  /** With LMC 1 (OpenSM's -l 1) every LID of a CA gets its own Dijkstra run, as in OpenSM. */
  @Test
  void lmcEqualsOpenSm() throws Exception {
    for (String name : List.of("torus2d_4x4", "ft4_3")) {
      try (OpenSmSimulation sim =
          OpenSmSimulation.start(
              ReferenceFabrics.resource(name, name + ".net"), dir.resolve("sim-" + name))) {
        OpenSmSimulation.Result result = sim.runOpenSm("nue", List.of("-l", "1"));
        assertEquals("nue", result.engineUsed(), "see " + result.log());
        Fabric fabric =
            IbnetdiscoverReader.read(new StringReader(sim.ibnetdiscover()), name + ".ibnd");
        assertEquals(1, fabric.lmc(fabric.port(fabric.numSwitches(), 1)), "CA LMC");
        Routing theirs = LftDumpReader.read(fabric, result.lftDump());
        Routing ours = new NueEngine().route(fabric, RoutingOptions.defaults());
        GoldenLfts.assertSameLfts(theirs, ours, name + " LMC 1");
      }
    }
  }

  /**
   * OpenSM's shortcut step takes dependencies out of the layer's graph that its routes keep using
   * (they are hidden here); where no later dependency closes a cycle through them, the tables stay
   * OpenSM's.
   */
  @Test
  void hiddenDependenciesKeepOpenSmsTables() throws Exception {
    String spec = "torus 6,9 1";
    Fabric discovered = compare(TopologySpec.parse(spec).build(), spec);
    NueEngine.Stats stats =
        new NueEngine().routeChecked(discovered, RoutingOptions.defaults()).stats();
    assertTrue(stats.hiddenDependencies() > 0, "no dependency hidden: " + stats);
    assertEquals(0, stats.unrecordedDependencies(), stats.toString());
  }

  /**
   * OpenSM 3.3.23's own nue with 7 VLs (its split: round robin) on a 10x10 torus with 3 CAs per
   * switch: its tables with the SLs its SA hands out hold a credit loop, closed through a
   * dependency its shortcut step un-recorded. Ours, with the same split, are deadlock-free.
   */
  @Tag("slow")
  @Test
  void openSmsOwnCreditLoopIsAvoided() throws Exception {
    Fabric fabric = TopologySpec.parse("torus 10,10 3").build();
    Path net = dir.resolve("torus.net");
    IbnetdiscoverWriter.write(fabric, net);
    Path conf = Files.writeString(dir.resolve("nue.conf"), "nue_max_num_vls 7\n");
    try (OpenSmSimulation sim =
            OpenSmSimulation.start(net, dir.resolve("sim"), OpenSmSimulation.ibsimLimits(fabric));
        OpenSmSimulation.RunningOpenSm opensm =
            sim.startOpenSm(List.of("-R", "nue", "-Q", "-F", conf.toString()), 600)) {
      assertEquals("nue", opensm.engineUsed(), "see " + opensm.log());
      Fabric discovered =
          IbnetdiscoverReader.read(new StringReader(sim.ibnetdiscover()), "torus 10,10 3");
      Routing ours =
          new NueEngine(7, false).route(discovered, RoutingOptions.defaults().withMaxVls(8));
      SlTable theirSls = saSlsByDestination(sim, discovered, ours.slTable());
      Routing theirs =
          LftDumpReader.read(
                  discovered, Files.writeString(dir.resolve("dump_fts.txt"), sim.dumpFts()))
              .withSlTable("opensm nue", theirSls);
      CdgReport report = CreditLoopVerifier.defaults().verify(theirs);
      assertFalse(report.isDeadlockFree(), "OpenSM's nue has no credit loop here (any more)");
      RoutingAssertions.assertDeadlockFreePerVl(ours);
      assertFalse(theirs.sameLfts(ours));
    }
  }

  /**
   * The SL OpenSM's SA hands out from the first CA to every other CA, as a table for every source
   * (Nue's SL depends on the destination alone); each equals {@code ours}' (the same split).
   */
  private static SlTable saSlsByDestination(OpenSmSimulation sim, Fabric fabric, SlTable ours)
      throws Exception {
    IntArrayList cas = new IntArrayList();
    for (int lid = 1; lid <= fabric.maxLid(); lid++) {
      int port = fabric.portOfLid(lid);
      if (port >= 0 && !fabric.isSwitch(fabric.nodeOfPort(port))) {
        cas.add(lid);
      }
    }
    int src = cas.getInt(0);
    int[] dst = cas.subList(1, cas.size()).toIntArray();
    int[] srcs = new int[dst.length];
    Arrays.fill(srcs, src);
    int[] group = new int[fabric.maxLid() + 1];
    SlTable.Builder sls = new SlTable.Builder(group, 1, fabric.maxLid() + 1);
    Matcher m = RECORD.matcher(sim.pathRecords(srcs, dst));
    int records = 0;
    while (m.find()) {
      int dlid = Integer.parseInt(m.group(1));
      int sl = Integer.parseInt(m.group(2), 16);
      assertEquals(ours.sl(src, dlid), sl, "the SA's SL towards LID " + dlid);
      sls.setSl(0, dlid, sl);
      records++;
    }
    assertEquals(dst.length, records, "PathRecords answered");
    return sls.build();
  }

  private Fabric compare(Fabric fabric, String what) throws Exception {
    Path net = dir.resolve(what.replace(' ', '_') + ".net");
    IbnetdiscoverWriter.write(fabric, net);
    try (OpenSmSimulation sim =
        OpenSmSimulation.start(net, dir.resolve("sim-" + what.replace(' ', '_')))) {
      OpenSmSimulation.Result result = sim.runOpenSm("nue", List.of());
      assertEquals("nue", result.engineUsed(), "see " + result.log());
      // the fabric with the LIDs OpenSM kept or assigned, as ibnetdiscover sees it
      Fabric discovered = IbnetdiscoverReader.read(new StringReader(sim.ibnetdiscover()), what);
      Routing theirs = LftDumpReader.read(discovered, result.lftDump());
      Routing ours = new NueEngine().route(discovered, RoutingOptions.defaults());
      GoldenLfts.assertSameLfts(theirs, ours, what + " nue");
      return discovered;
    }
  }
}
