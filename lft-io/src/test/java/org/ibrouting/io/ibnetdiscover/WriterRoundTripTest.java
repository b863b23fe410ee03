package org.ibrouting.io.ibnetdiscover;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Arbitrary;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.testkit.FabricArbitraries;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Writing a fabric in ibnetdiscover format and reading it back gives the same fabric. */
class WriterRoundTripTest {
  static Stream<String> names() {
    return ReferenceFabrics.names().stream();
  }

  static Fabric roundTrip(Fabric fabric) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IbnetdiscoverWriter.write(fabric, out);
    return IbnetdiscoverReader.read(new StringReader(out.toString(StandardCharsets.UTF_8)), "written");
  }

  /** Every accessor of the two fabrics agrees. */
  static void assertSameFabric(Fabric a, Fabric b) {
    assertEquals(a.numNodes(), b.numNodes());
    assertEquals(a.numSwitches(), b.numSwitches());
    assertEquals(a.numCas(), b.numCas());
    assertEquals(a.numPortSlots(), b.numPortSlots());
    assertEquals(a.maxLid(), b.maxLid());
    for (int node = 0; node < a.numNodes(); node++) {
      assertEquals(a.nodeGuid(node), b.nodeGuid(node));
      assertEquals(a.systemGuid(node), b.systemGuid(node), a.nodeName(node));
      assertEquals(a.description(node), b.description(node));
      assertEquals(a.nodeType(node), b.nodeType(node));
      assertEquals(a.vendorId(node), b.vendorId(node));
      assertEquals(a.deviceId(node), b.deviceId(node));
    }
    for (int port = 0; port < a.numPortSlots(); port++) {
      assertEquals(a.peerPort(port), b.peerPort(port), a.portName(port));
      assertEquals(a.baseLid(port), b.baseLid(port), a.portName(port));
      assertEquals(a.lmc(port), b.lmc(port), a.portName(port));
      assertEquals(a.portGuid(port), b.portGuid(port), a.portName(port));
      assertEquals(a.linkRate(port), b.linkRate(port), a.portName(port));
    }
  }

  @ParameterizedTest
  @MethodSource("names")
  void referenceFabricsSurviveWriteAndRead(String name) throws Exception {
    Fabric fabric = ReferenceFabrics.fabric(name);
    assertSameFabric(fabric, roundTrip(fabric));
  }

  @Provide
  Arbitrary<Fabric> fabrics() {
    return FabricArbitraries.fatTreesToriAndRandom();
  }

  @Property(tries = 100)
  void generatedFabricsSurviveWriteAndRead(@ForAll("fabrics") Fabric fabric) throws Exception {
    assertSameFabric(fabric, roundTrip(fabric));
  }
}
