package org.ibrouting.engines.sssp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.Engines;
import org.ibrouting.engines.dfsssp.DfssspEngine;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.engines.testing.GuidLists;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The -u/-G files of sssp and dfsssp: what they change, and errors that name the line. */
class GuidFilesTest {
  @TempDir Path dir;

  private final Fabric fabric = TopologySpec.parse("ktree", java.util.List.of("4", "2")).build();

  @Test
  void computeNodesComeFirstThenIoThenTheRestThenSwitches() throws Exception {
    int[] plain = SsspEngine.destinationOrderOf(fabric);
    int last = plain[fabric.numCas() - 1];
    int third = plain[2];
    Path cn =
        Files.writeString(dir.resolve("cn"), String.format("0x%016x%n", fabric.portGuid(last)));
    Path io =
        Files.writeString(
            dir.resolve("io"),
            String.format("0x%016x%n0x%016x%n", fabric.portGuid(third), fabric.portGuid(last)));
    int[] order =
        new SsspEngine(new SsspEngine.Settings(true, GuidLists.read(cn), GuidLists.read(io)))
            .destinationOrder(fabric);
    assertEquals(plain.length, order.length);
    assertEquals(last, order[0]);
    assertEquals(third, order[1]);
    assertEquals(plain[0], order[2]);
    assertArrayEquals(
        java.util.Arrays.copyOfRange(plain, fabric.numCas(), plain.length),
        java.util.Arrays.copyOfRange(order, fabric.numCas(), order.length),
        "switches last, unchanged");
  }

  @Test
  void listingEveryComputeNodeKeepsOpenSmsOrder() throws Exception {
    StringBuilder all = new StringBuilder();
    for (int port : SsspEngine.destinationOrderOf(fabric)) {
      all.append(String.format("0x%016x%n", fabric.portGuid(port)));
    }
    Path cn = Files.writeString(dir.resolve("cn"), all);
    GoldenLfts.assertSameLfts(
        new DfssspEngine().route(fabric, RoutingOptions.defaults()),
        new DfssspEngine(new DfssspEngine.Settings(false, GuidLists.read(cn), null))
            .route(fabric, RoutingOptions.defaults()),
        "all listed");
  }

  @Test
  void guidsThatAreNoCaPortAreIgnoredAsOpenSmIgnoresThem() throws Exception {
    Path cn =
        Files.writeString(
            dir.resolve("cn.guids"), "# cn\n0x0000000000000001\n0x00000000deadbeef\n");
    GoldenLfts.assertSameLfts(
        new DfssspEngine().route(fabric, RoutingOptions.defaults()),
        Engines.create(
                "dfsssp", EngineConfig.none().with(EngineInputs.COMPUTE_NODES, GuidLists.read(cn)))
            .route(fabric, RoutingOptions.defaults()),
        "nothing listed is a CA port");
  }
}
