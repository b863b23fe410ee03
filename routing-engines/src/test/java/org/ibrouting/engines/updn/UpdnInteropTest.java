package org.ibrouting.engines.updn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.ibrouting.engines.EngineChain;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.Engines;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.interop.OpenSmInteropTest;
import org.ibrouting.interop.OpenSmRuns;
import org.ibrouting.interop.OpenSmSimulation;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Where OpenSM 3.3.23 finds no Up*&#47;Down* root (a Jellyfish), {@code -R updn,minhop} falls back
 * to minhop; with {@code updn_auto_root=false} our chain does the same, to the same tables, and by
 * default our updn routes from a root it names in a note.
 */
class UpdnInteropTest extends OpenSmInteropTest {
  @ParameterizedTest
  @ValueSource(strings = {"jellyfish 16 4 2 7", "jellyfish 24 5 3 11"})
  void chainFallsBackToMinhopAsOpenSmDoes(String spec) throws Exception {
    Fabric generated = TopologySpec.parse(spec).build();
    OpenSmRuns.Run theirs = OpenSmRuns.run(generated, "updn,minhop", dir);
    OpenSmSimulation.Result result = theirs.result();
    assertEquals("minhop", result.engineUsed(), "see " + result.log());
    assertTrue(
        Files.readString(result.log(), StandardCharsets.ISO_8859_1)
            .contains("no root nodes were found"),
        "OpenSM's log does not say why; see " + result.log());
    Fabric fabric = theirs.fabric();

    EngineConfig refuse = EngineConfig.none().withParam("updn_auto_root", "false");
    EngineChain.Result ours =
        EngineChain.route(Engines.chain("updn,minhop", refuse), fabric, RoutingOptions.defaults());
    assertEquals("minhop", ours.routing().engineName(), ours.failures().toString());
    assertTrue(
        ours.failures().get(0).startsWith("updn: no root nodes were found"),
        ours.failures().toString());
    GoldenLfts.assertSameLfts(theirs.routing(), ours.routing(), spec + " updn,minhop");

    EngineChain.Result auto =
        EngineChain.route(
            Engines.chain("updn,minhop", EngineConfig.none()), fabric, RoutingOptions.defaults());
    assertEquals("updn", auto.routing().engineName());
    assertTrue(
        auto.routing().notes().get(0).contains("took switch"), auto.routing().notes().toString());
  }
}
