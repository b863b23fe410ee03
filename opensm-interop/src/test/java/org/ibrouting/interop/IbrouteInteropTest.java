package org.ibrouting.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.junit.jupiter.api.Test;

/**
 * The tables OpenSM programs into the simulated switches, read back with the real {@code ibroute}
 * and parsed by {@link LftDumpReader}, equal the tables of OpenSM's own dump.
 */
class IbrouteInteropTest extends OpenSmInteropTest {
  @Test
  void ibrouteOutputReadsToOpenSmsTables() throws Exception {
    String name = "torus2d_4x4";
    Fabric fabric = ReferenceFabrics.fabric(name);
    try (OpenSmSimulation sim =
        OpenSmSimulation.start(
            ReferenceFabrics.resource(name, name + ".net"), dir.resolve("sim"))) {
      OpenSmSimulation.Result result = sim.runOpenSm("sssp", List.of());
      assertEquals("sssp", result.engineUsed(), "see " + result.log());
      Routing dumped = LftDumpReader.read(fabric, result.lftDump());
      StringBuilder text = new StringBuilder();
      for (int sw = 0; sw < fabric.numSwitches(); sw++) {
        text.append(sim.ibroute(fabric.baseLid(fabric.port(sw, 0))));
      }
      assertTrue(
          text.indexOf("valid lids dumped") > 0, text.substring(0, Math.min(500, text.length())));
      Routing programmed = LftDumpReader.read(fabric, new StringReader(text.toString()), "ibroute");
      assertTrue(dumped.sameLfts(programmed), "ibroute's tables differ from OpenSM's dump");
      assertTrue(
          dumped.sameLfts(ReferenceFabrics.openSmRouting(name, "sssp")),
          "this OpenSM's sssp differs from the shipped dump");
    }
  }
}
