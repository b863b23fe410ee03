package org.ibrouting.engines.minhop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.interop.OpenSmInteropTest;
import org.ibrouting.interop.OpenSmRuns;
import org.ibrouting.interop.OpenSmSimulation;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.lft.LftDumpWriter;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** MINHOP against the real OpenSM 3.3.23 on ibsim. */
class MinhopInteropTest extends OpenSmInteropTest {
  /** Our dump is accepted by OpenSM's file engine, and the dump OpenSM writes back equals ours. */
  @ParameterizedTest
  @ValueSource(strings = {"ft4_3", "jellyfish32"})
  void openSmLoadsOurTablesUnchanged(String name) throws Exception {
    Fabric fabric = ReferenceFabrics.fabric(name);
    Routing ours = new MinhopEngine().route(fabric, RoutingOptions.defaults());
    Path dump = dir.resolve("minhop.dump");
    LftDumpWriter.write(ours, dump, DumpFormat.FULL);
    OpenSmRuns.assertFileEngineWritesBack(
        ReferenceFabrics.resource(name, name + ".net"), dump, dir);
  }

  /** With LMC 1 and 2 (OpenSM's -l), our tables equal the ones OpenSM computes itself. */
  @Test
  void lmcRoutingEqualsOpenSm() throws Exception {
    for (int lmc : new int[] {1, 2}) {
      for (String name : List.of("torus2d_4x4", "ft4_3")) {
        try (OpenSmSimulation sim =
            OpenSmSimulation.start(
                ReferenceFabrics.resource(name, name + ".net"),
                dir.resolve("sim-" + name + "-" + lmc))) {
          OpenSmSimulation.Result result =
              sim.runOpenSm("minhop", List.of("-l", Integer.toString(lmc)));
          assertEquals("minhop", result.engineUsed(), "see " + result.log());
          // the LIDs OpenSM assigned with this LMC, as ibnetdiscover sees them
          Fabric fabric =
              IbnetdiscoverReader.read(new StringReader(sim.ibnetdiscover()), name + ".ibnd");
          assertEquals(lmc, fabric.lmc(fabric.port(fabric.numSwitches(), 1)), "CA LMC");
          Routing theirs = LftDumpReader.read(fabric, result.lftDump());
          Routing ours = new MinhopEngine().route(fabric, RoutingOptions.defaults());
          GoldenLfts.assertSameLfts(theirs, ours, name + " LMC " + lmc);
        }
      }
    }
  }
}
