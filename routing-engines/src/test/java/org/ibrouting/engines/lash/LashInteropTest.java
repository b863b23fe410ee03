package org.ibrouting.engines.lash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.interop.OpenSmInteropTest;
import org.ibrouting.interop.OpenSmLog;
import org.ibrouting.interop.OpenSmSimulation;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.FabricArbitraries;
import org.junit.jupiter.api.Test;

/**
 * LASH against the real OpenSM 3.3.23 ({@code -R lash -Q}) on ibsim, on random irregular fabrics:
 * the same tables, and the same paths per layer before balancing and layers needed as its log
 * reports.
 */
class LashInteropTest extends OpenSmInteropTest {
  @Test
  void randomIrregularFabrics() throws Exception {
    List<Integer> layers = new ArrayList<>();
    for (int seed = 1; seed <= 6; seed++) {
      Fabric generated =
          FabricArbitraries.randomConnected(5 + 3 * seed, 3 + 3 * seed, 2, false, 300 + seed);
      String what = "random seed " + seed;
      Path net = dir.resolve("random-" + seed + ".net");
      IbnetdiscoverWriter.write(generated, net);
      try (OpenSmSimulation sim = OpenSmSimulation.start(net, dir.resolve("sim-" + seed))) {
        OpenSmSimulation.Result result =
            sim.runOpenSm("lash", OpenSmSimulation.engineOptions("lash"));
        assertEquals("lash", result.engineUsed(), what + ": see " + result.log());
        Fabric fabric = IbnetdiscoverReader.read(new StringReader(sim.ibnetdiscover()), what);
        OpenSmLog log = OpenSmLog.read(result.log());
        long[] theirs = log.lashPathsPerLayerBeforeBalancing();
        assertNotNull(theirs, what + ": no layers in " + result.log());
        assertArrayEquals(
            theirs,
            LashEngine.pathsPerLayerBeforeBalancing(fabric),
            what + " (" + fabric + "): paths per layer, see " + result.log());
        Routing ours = new LashEngine().route(fabric, RoutingOptions.defaults());
        assertEquals(log.lashLayersNeeded(), ours.slTable().numVls(), what + ": layers needed");
        GoldenLfts.assertSameLfts(
            LftDumpReader.read(fabric, result.lftDump()), ours, what + " lash");
        layers.add(log.lashLayersNeeded());
      }
    }
    assertTrue(layers.stream().filter(n -> n > 1).count() >= 3, "layers needed: " + layers);
  }
}
