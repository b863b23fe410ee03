package org.ibrouting.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

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
