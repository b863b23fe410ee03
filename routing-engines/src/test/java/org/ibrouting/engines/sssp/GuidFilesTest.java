package org.ibrouting.engines.sssp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.ibrouting.engines.Engines;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.dfsssp.DfssspEngine;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The -u/-G files of sssp and dfsssp: what they change, and errors that name the line. */
class GuidFilesTest {
  @TempDir
  Path dir;

  private final Fabric fabric = TopologySpec.parse("ktree", java.util.List.of("4", "2")).build();

  @Test
  void computeNodesComeFirstThenIoThenTheRestThenSwitches() throws Exception {
    int[] plain = SsspEngine.destinationOrderOf(fabric);
    int last = plain[fabric.numCas() - 1];
    int third = plain[2];
    Path cn = Files.writeString(dir.resolve("cn"), String.format("0x%016x%n", fabric.portGuid(last)));
    Path io = Files.writeString(dir.resolve("io"), String.format("0x%016x%n0x%016x%n",
        fabric.portGuid(third), fabric.portGuid(last)));
    int[] order = new SsspEngine(true, cn, io).destinationOrder(fabric, "sssp");
    assertEquals(plain.length, order.length);
    assertEquals(last, order[0]);
    assertEquals(third, order[1]);
    assertEquals(plain[0], order[2]);
    assertArrayEquals(java.util.Arrays.copyOfRange(plain, fabric.numCas(), plain.length),
        java.util.Arrays.copyOfRange(order, fabric.numCas(), order.length), "switches last, unchanged");
  }

  @Test
  void listingEveryComputeNodeKeepsOpenSmsOrder() throws Exception {
    StringBuilder all = new StringBuilder();
    for (int port : SsspEngine.destinationOrderOf(fabric)) {
      all.append(String.format("0x%016x%n", fabric.portGuid(port)));
    }
    Path cn = Files.writeString(dir.resolve("cn"), all);
    GoldenLfts.assertSameLfts(new DfssspEngine().route(fabric, RoutingOptions.defaults()),
        new DfssspEngine(false, cn, null).route(fabric, RoutingOptions.defaults()), "all listed");
  }

  @Test
  void malformedLinesAreErrorsWithFileLineAndColumn() throws Exception {
    Path cn = Files.writeString(dir.resolve("cn.guids"), "# cn\n0x0000000000000001\n  node-7\n");
    RoutingException e = assertThrows(RoutingException.class, () -> Engines.create("dfsssp",
        new EngineConfig(null, cn, null, null)).route(fabric, RoutingOptions.defaults()));
    assertEquals("dfsssp: compute-node GUID file " + cn + ":3:3: expected a GUID (0x-prefixed hex, octal or"
        + " decimal, at most 64 bits), found 'node-7'", e.getMessage());
    Path io = Files.writeString(dir.resolve("io.guids"), "0x12345678901234567\n");
    e = assertThrows(RoutingException.class, () -> Engines.create("sssp",
        new EngineConfig(null, null, io, null)).route(fabric, RoutingOptions.defaults()));
    assertTrue(e.getMessage().startsWith("sssp: I/O GUID file " + io + ":1:1: expected a GUID"), e.getMessage());
    Path missing = dir.resolve("missing.guids");
    e = assertThrows(RoutingException.class, () -> new SsspEngine(true, missing, null)
        .route(fabric, RoutingOptions.defaults()));
    assertTrue(e.getMessage().startsWith("sssp: cannot read compute-node GUID file " + missing), e.getMessage());
  }
}
