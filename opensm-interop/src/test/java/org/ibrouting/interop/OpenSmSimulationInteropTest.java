package org.ibrouting.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The simulation works from a relative work directory too (opensm runs in a sub-directory). */
@Tag("interop")
class OpenSmSimulationInteropTest {
  @Test
  void limitsFitTheFabricAndLashGetsQos() {
    var fabric = ReferenceFabrics.fabric("ft4_3");
    assertEquals(
        List.of(
            "-N",
            Integer.toString(fabric.numNodes() + 64),
            "-S",
            Integer.toString(fabric.numSwitches() + 16),
            "-P",
            Integer.toString(fabric.numPortSlots() * 2 + 64)),
        OpenSmSimulation.ibsimLimits(fabric));
    assertEquals(List.of("-Q"), OpenSmSimulation.engineOptions("lash"));
    assertEquals(List.of(), OpenSmSimulation.engineOptions("dfsssp"));
    assertEquals(List.of("-Q"), OpenSmSimulation.engineOptions("torus-2QoS"));
  }

  /**
   * dump_fts never reads a top LID that is a multiple of 64 (it reads LFT blocks up to {@code
   * ALIGN(top, 64) / 64} exclusive): on a fabric whose LIDs end at 64, its raw output leaves every
   * pair to LID 64 unrouted; {@link OpenSmSimulation#dumpFts} reads that entry with smpdump.
   */
  @Test
  void theTopLidAMultipleOf64IsReadBackToo(@TempDir Path dir) throws Exception {
    OpenSmPeer.assumeAvailable();
    org.ibrouting.fabric.Fabric fabric =
        org.ibrouting.topology.TopologySpec.parse("torus 4,4 3").build();
    assertEquals(64, fabric.maxLid());
    Path file = dir.resolve("t.ibnd");
    org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter.write(fabric, file);
    try (OpenSmSimulation sim = OpenSmSimulation.start(file, dir.resolve("sim"));
        OpenSmSimulation.RunningOpenSm opensm = sim.startOpenSm(List.of("-R", "minhop"), 120)) {
      assertEquals("minhop", opensm.engineUsed());
      var raw =
          org.ibrouting.io.lft.LftDumpReader.read(
              fabric, new java.io.StringReader(sim.runTool(List.of("dump_fts"), 60)), "raw");
      var whole =
          org.ibrouting.io.lft.LftDumpReader.read(
              fabric, new java.io.StringReader(sim.dumpFts()), "dump_fts");
      var checker = org.ibrouting.analysis.RouteChecker.terminals();
      assertEquals(fabric.numCas() - 1, checker.check(raw).unreachablePairs(), "the upstream bug");
      assertTrue(checker.check(whole).allRouted());
      for (int sw = 0; sw < fabric.numSwitches(); sw++) {
        assertTrue(whole.outPort(sw, 64) > 0, "switch " + sw);
      }
    }
  }

  @Test
  void aRelativeWorkDirectoryStillYieldsTheDumpAndTheLog() throws Exception {
    OpenSmPeer.assumeAvailable();
    Path relative = Path.of("target", "relative-sim-" + ProcessHandle.current().pid());
    String name = "ft4_3";
    try (OpenSmSimulation sim =
        OpenSmSimulation.start(ReferenceFabrics.resource(name, name + ".net"), relative)) {
      OpenSmSimulation.Result result = sim.runOpenSm("minhop", List.of());
      assertEquals(0, result.exitCode(), "see " + result.log());
      assertNotNull(result.lftDump(), "see " + result.log());
      assertEquals("minhop", result.engineUsed());
    } finally {
      try (var walk = Files.walk(relative)) {
        walk.sorted((a, b) -> b.getNameCount() - a.getNameCount())
            .forEach(p -> p.toFile().delete());
      }
    }
  }
}
