package org.ibrouting.interop;

import static org.ibrouting.testkit.FabricAssertions.assertSameFabric;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.InputStream;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;
import org.ibrouting.io.ibsim.IbsimNetWriter;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A net file written by {@link IbsimNetWriter} from the parsed {@code fabric.ibnd} makes ibsim
 * simulate the same fabric: real {@code ibnetdiscover} sees the same nodes, GUIDs, LIDs and links,
 * and OpenSM's minhop (keeping our LIDs) writes the very dump shipped with the fabric.
 */
class NetWriterInteropTest extends OpenSmInteropTest {
  @ParameterizedTest
  @ValueSource(strings = {"ft4_3", "hypercube5"})
  void ibsimSimulatesTheWrittenFabric(String name) throws Exception {
    Fabric fabric = ReferenceFabrics.fabric(name);
    Path net = dir.resolve(name + ".net");
    IbsimNetWriter.write(fabric, net);
    try (OpenSmSimulation sim = OpenSmSimulation.start(net, dir.resolve("sim"))) {
      OpenSmSimulation.Result result = sim.runOpenSm("minhop", List.of());
      assertEquals(0, result.exitCode(), "opensm failed; see " + result.log());
      assertEquals("minhop", result.engineUsed(), "see " + result.log());
      assertNotNull(result.lftDump(), "OpenSM wrote no dump; see " + result.log());
      byte[] shipped;
      try (InputStream in =
          new GZIPInputStream(
              ReferenceFabrics.class
                  .getClassLoader()
                  .getResourceAsStream("fabrics/" + name + "/minhop.lfts.dump.gz"))) {
        shipped = in.readAllBytes();
      }
      assertArrayEquals(
          shipped,
          Files.readAllBytes(result.lftDump()),
          "OpenSM's minhop dump on our net file differs from the shipped one; see "
              + result.lftDump());
      Fabric discovered =
          IbnetdiscoverReader.read(new StringReader(sim.ibnetdiscover()), "ibnetdiscover");
      assertSameFabric(fabric, discovered);
    }
  }

  @Test
  void linkRatesReachIbsim() throws Exception {
    Fabric sdr = ReferenceFabrics.fabric("torus2d_4x4");
    FabricBuilder b = FabricBuilder.from(sdr);
    for (int port = 0; port < sdr.numPortSlots(); port++) {
      int peer = sdr.peerPort(port);
      if (peer >= 0) {
        String rate =
            sdr.isSwitch(sdr.nodeOfPort(peer)) && sdr.isSwitch(sdr.nodeOfPort(port))
                ? "4xQDR"
                : "1xDDR";
        b.halfLink(
            sdr.nodeOfPort(port), sdr.portNum(port), sdr.nodeOfPort(peer), sdr.portNum(peer), rate);
      }
    }
    Fabric fabric = b.build();
    Path net = dir.resolve("torus-rates.net");
    IbsimNetWriter.write(fabric, net);
    try (OpenSmSimulation sim = OpenSmSimulation.start(net, dir.resolve("sim"))) {
      OpenSmSimulation.Result result = sim.runOpenSm("minhop", List.of());
      assertEquals(0, result.exitCode(), "opensm failed; see " + result.log());
      assertSameFabric(
          fabric, IbnetdiscoverReader.read(new StringReader(sim.ibnetdiscover()), "ibnetdiscover"));
    }
  }
}
