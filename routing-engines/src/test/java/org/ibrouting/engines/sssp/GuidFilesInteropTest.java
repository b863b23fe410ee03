package org.ibrouting.engines.sssp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.ibrouting.engines.dfsssp.DfssspEngine;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.engines.testing.GuidLists;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.interop.OpenSmInteropTest;
import org.ibrouting.interop.OpenSmLog;
import org.ibrouting.interop.OpenSmSimulation;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * OpenSM's compute-node ({@code -u}) and I/O ({@code -G}) GUID files under sssp and dfsssp: the
 * real OpenSM routes a generated fabric with scattered, shuffled GUID lists (names, comments, a
 * switch GUID, an unknown GUID, a port in both files) and we produce the same tables and, for
 * dfsssp, the same number of VLs.
 */
class GuidFilesInteropTest extends OpenSmInteropTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "sssp|xgft 2 6,6 1,3|-u -G",
        "dfsssp|torus 4,4 2|-u -G",
        "dfsssp|jellyfish 12 4 3 5|-u -G",
        "sssp|ktree 4 3|-u",
        "dfsssp|torus 3,4 2|-G"
      })
  void openSmWithGuidFilesEqualsOurs(String engine, String spec, String files) throws Exception {
    Fabric fabric = TopologySpec.parse(spec).build();
    List<Integer> caPorts = new ArrayList<>();
    for (int node = fabric.numSwitches(); node < fabric.numNodes(); node++) {
      if (fabric.nodeType(node) == NodeType.CA) {
        caPorts.add(fabric.port(node, 1));
      }
    }
    Collections.shuffle(caPorts, new Random(7));
    int numCn = caPorts.size() / 2;
    StringBuilder cn = new StringBuilder("# compute nodes, scattered\n");
    for (int i = 0; i < numCn; i++) {
      cn.append(
          String.format("0x%016x %s%n", fabric.portGuid(caPorts.get(i)), i % 3 == 0 ? "name" : ""));
    }
    cn.append(String.format("0x%016x a switch%n0x00000000deadbeef unknown%n", fabric.nodeGuid(0)));
    StringBuilder io = new StringBuilder();
    for (int i = numCn - 1; i < numCn + 3; i++) {
      io.append(String.format("  0x%016x#io%n", fabric.portGuid(caPorts.get(i))));
    }
    Path cnFile = files.contains("-u") ? Files.writeString(dir.resolve("cn.guids"), cn) : null;
    Path ioFile = files.contains("-G") ? Files.writeString(dir.resolve("io.guids"), io) : null;
    List<String> args = new ArrayList<>();
    if (cnFile != null) {
      args.addAll(List.of("-u", cnFile.toString()));
    }
    if (ioFile != null) {
      args.addAll(List.of("-G", ioFile.toString()));
    }

    Path net = dir.resolve("fabric.net");
    IbnetdiscoverWriter.write(fabric, net);
    try (OpenSmSimulation sim = OpenSmSimulation.start(net, dir.resolve("sim"))) {
      OpenSmSimulation.Result result = sim.runOpenSm(engine, args);
      assertEquals(engine, result.engineUsed(), "see " + result.log());
      Routing theirs = LftDumpReader.read(fabric, result.lftDump());
      Routing ours =
          engine.equals("sssp")
              ? new SsspEngine(
                      new SsspEngine.Settings(true, GuidLists.read(cnFile), GuidLists.read(ioFile)))
                  .route(fabric, RoutingOptions.defaults())
              : new DfssspEngine(
                      new DfssspEngine.Settings(
                          false, GuidLists.read(cnFile), GuidLists.read(ioFile)))
                  .route(fabric, RoutingOptions.defaults());
      GoldenLfts.assertSameLfts(theirs, ours, spec + " " + engine + " " + files);
      if (engine.equals("dfsssp")) {
        assertEquals(
            OpenSmLog.read(result.log()).dfssspVlsNeeded(),
            ours.slTable().numVls(),
            spec + ": VLs needed, see " + result.log());
      }
      // the files matter here: without them OpenSM's order, and ours, differ from the above
      Routing plain =
          engine.equals("sssp")
              ? new SsspEngine().route(fabric, RoutingOptions.defaults())
              : new DfssspEngine().route(fabric, RoutingOptions.defaults());
      assertDiffer(plain, ours, spec);
    }
  }

  private static void assertDiffer(Routing a, Routing b, String what) {
    Fabric fabric = a.fabric();
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      for (int lid = 1; lid <= fabric.maxLid(); lid++) {
        if (a.outPort(sw, lid) != b.outPort(sw, lid)) {
          return;
        }
      }
    }
    throw new AssertionError(
        what + ": the GUID files did not change the tables; the test shows nothing");
  }
}
