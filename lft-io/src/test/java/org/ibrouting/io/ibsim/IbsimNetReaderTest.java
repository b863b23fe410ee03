package org.ibrouting.io.ibsim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.stream.Stream;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.FabricFiles;
import org.ibrouting.io.ParseException;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Each shared .net file reads to the fabric that ibnetdiscover printed for it, LIDs included. */
class IbsimNetReaderTest {
  static Stream<String> names() {
    return ReferenceFabrics.names().stream();
  }

  @ParameterizedTest
  @MethodSource("names")
  void netFileGivesTheDiscoveredFabric(String name) throws Exception {
    Fabric discovered = ReferenceFabrics.fabric(name);
    Fabric net = FabricFiles.read(ReferenceFabrics.resource(name, name + ".net"));
    assertEquals(discovered.numNodes(), net.numNodes());
    assertEquals(discovered.numSwitches(), net.numSwitches());
    assertEquals(discovered.numLinks(), net.numLinks());
    assertEquals(discovered.maxLid(), net.maxLid());
    for (int node = 0; node < discovered.numNodes(); node++) {
      assertEquals(discovered.nodeGuid(node), net.nodeGuid(node));
      assertEquals(discovered.description(node), net.description(node));
    }
    for (int port = 0; port < discovered.numPortSlots(); port++) {
      assertEquals(discovered.peerPort(port), net.peerPort(port), discovered.portName(port));
      assertEquals(discovered.baseLid(port), net.baseLid(port), discovered.portName(port));
      assertEquals(discovered.portGuid(port), net.portGuid(port), discovered.portName(port));
    }
  }

  @Test
  void unknownRemoteIsAnErrorWithTheLine() {
    String net = "Switch\t2 \"A\"\n[1]\t\"h\"[1]\n[2]\t\"B\"[1]\n\nHca\t1 \"h\"\n[1]\t\"A\"[1]\n";
    ParseException e =
        assertThrows(
            ParseException.class, () -> IbsimNetReader.read(new StringReader(net), "x.net"));
    assertEquals(3, e.line());
    assertTrue(e.getMessage().contains("\"B\", which no record"), e.getMessage());
  }
}
