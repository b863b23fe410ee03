package org.ibrouting.engines.nue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
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
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Nue with one VL against the real OpenSM 3.3.23 on ibsim: the same tables, entry for entry. */
class NueInteropTest extends OpenSmInteropTest {
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

  private void compare(Fabric fabric, String what) throws Exception {
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
    }
  }
}
