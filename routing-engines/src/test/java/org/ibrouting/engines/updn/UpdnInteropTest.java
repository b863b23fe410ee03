package org.ibrouting.engines.updn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ibrouting.engines.BuiltinEngines;
import org.ibrouting.engines.EngineChain;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.opensm.OpenSmSimulation;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Where OpenSM 3.3.23 finds no Up*&#47;Down* root (a Jellyfish), {@code -R updn,minhop} falls back
 * to minhop; with {@code updn_auto_root=false} our chain does the same, to the same tables, and by
 * default our updn routes from a root it names in a note.
 */
@Tag("interop")
class UpdnInteropTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"jellyfish 16 4 2 7", "jellyfish 24 5 3 11"})
  void chainFallsBackToMinhopAsOpenSmDoes(String spec) throws Exception {
    assumeTrue(OpenSmSimulation.available(), "ibsim/opensm not installed (apt-get install opensm"
        + " ibsim-utils infiniband-diags); .ci/run installs them");
    String[] words = spec.split(" ");
    Fabric generated = TopologySpec.parse(words[0], List.of(words).subList(1, words.length)).build();
    Path net = dir.resolve(spec.replace(' ', '_') + ".net");
    IbnetdiscoverWriter.write(generated, net);
    try (OpenSmSimulation sim = OpenSmSimulation.start(net, dir.resolve("sim"))) {
      OpenSmSimulation.Result result = sim.runOpenSm("updn,minhop", List.of());
      assertEquals("minhop", result.engineUsed(), "see " + result.log());
      assertTrue(Files.readString(result.log(), StandardCharsets.ISO_8859_1)
          .contains("no root nodes were found"), "OpenSM's log does not say why; see " + result.log());
      Fabric fabric = IbnetdiscoverReader.read(new StringReader(sim.ibnetdiscover()), spec);
      Routing theirs = LftDumpReader.read(fabric, result.lftDump());

      EngineConfig refuse = EngineConfig.none().withParam("updn_auto_root", "false");
      EngineChain.Result ours = EngineChain.route(BuiltinEngines.chain("updn,minhop", refuse), fabric,
          RoutingOptions.defaults());
      assertEquals("minhop", ours.routing().engineName(), ours.failures().toString());
      assertTrue(ours.failures().get(0).startsWith("updn: no root nodes were found"), ours.failures().toString());
      GoldenLfts.assertSameLfts(theirs, ours.routing(), spec + " updn,minhop");

      EngineChain.Result auto = EngineChain.route(BuiltinEngines.chain("updn,minhop", EngineConfig.none()),
          fabric, RoutingOptions.defaults());
      assertEquals("updn", auto.routing().engineName());
      assertTrue(auto.routing().notes().get(0).contains("took switch"), auto.routing().notes().toString());
    }
  }
}
