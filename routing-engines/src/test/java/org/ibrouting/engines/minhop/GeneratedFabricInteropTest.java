package org.ibrouting.engines.minhop;

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
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Generated fabrics go through ibsim unchanged (ibnetdiscover prints back the same fabric, LIDs
 * included), and OpenSM's MINHOP routes them exactly as ours does.
 */
class GeneratedFabricInteropTest extends OpenSmInteropTest {
  /** OpenSM's DOR equals ours on generated 2D/3D tori, meshes and hypercubes. */
  @ParameterizedTest
  @ValueSource(
      strings = {"torus 4,4 2", "torus 3,3,3 1", "mesh 3,4 1", "hypercube 4 1", "hypercube 5 2"})
  void openSmDorEqualsOurDor(String spec) throws Exception {
    Fabric fabric = TopologySpec.parse(spec).build();
    Routing theirs = openSm(fabric, "dor", sim -> {});
    Routing ours =
        new org.ibrouting.engines.dor.DorEngine().route(fabric, RoutingOptions.defaults());
    GoldenLfts.assertSameLfts(theirs, ours, spec + " dor");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ktree 4 2",
        "torus 3,4 2",
        "hypercube 3 2",
        "dragonfly 2 1 1",
        "jellyfish 10 4 2 7",
        "xgft 2 4,4 1,2",
        "directors 2 2 2 2 2"
      })
  void openSmRoutesOurGeneratedFabricLikeOurMinhop(String spec) throws Exception {
    Fabric fabric = TopologySpec.parse(spec).build();
    Routing theirs = openSm(fabric, "minhop", sim -> assertDiscoveredAsGenerated(sim, fabric));
    Routing ours = new MinhopEngine().route(fabric, RoutingOptions.defaults());
    GoldenLfts.assertSameLfts(theirs, ours, spec);
  }

  /** What ibnetdiscover sees is {@code fabric}, each node with its generated LID. */
  private static void assertDiscoveredAsGenerated(OpenSmSimulation sim, Fabric fabric)
      throws Exception {
    Fabric discovered =
        IbnetdiscoverReader.read(new StringReader(sim.ibnetdiscover()), "ibnetdiscover");
    assertEquals(fabric.numSwitches(), discovered.numSwitches());
    assertEquals(fabric.numCas(), discovered.numCas());
    assertEquals(fabric.numLinks(), discovered.numLinks());
    for (int node = 0; node < fabric.numNodes(); node++) {
      int other = discovered.nodeOfGuid(fabric.nodeGuid(node));
      int port = fabric.isSwitch(node) ? 0 : 1;
      assertEquals(
          fabric.baseLid(fabric.port(node, port)),
          discovered.baseLid(discovered.port(other, port)),
          "OpenSM kept the generated LID of " + fabric.nodeName(node));
    }
  }

  /** A check of the simulation OpenSM ran in. */
  private interface SimulationCheck {
    void check(OpenSmSimulation sim) throws Exception;
  }

  /**
   * OpenSM's tables for {@code fabric}, routed with {@code engine} under ibsim (which it must not
   * fall back from); {@code check} sees the simulation after the run.
   */
  private Routing openSm(Fabric fabric, String engine, SimulationCheck check) throws Exception {
    Path net = dir.resolve("fabric.net");
    IbnetdiscoverWriter.write(fabric, net);
    try (OpenSmSimulation sim = OpenSmSimulation.start(net, dir.resolve("sim"))) {
      OpenSmSimulation.Result result = sim.runOpenSm(engine, List.of());
      assertEquals(engine, result.engineUsed(), "see " + result.log());
      check.check(sim);
      return LftDumpReader.read(fabric, result.lftDump());
    }
  }
}
