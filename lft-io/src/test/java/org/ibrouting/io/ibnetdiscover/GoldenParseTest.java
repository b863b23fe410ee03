package org.ibrouting.io.ibnetdiscover;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class GoldenParseTest {
  static Stream<String> names() {
    return ReferenceFabrics.names().stream();
  }

  @ParameterizedTest
  @MethodSource("names")
  void countsMatchOpenSmEvaluation(String name) {
    Fabric fabric = ReferenceFabrics.fabric(name);
    assertEquals(
        (int) ReferenceFabrics.resultNumber(name, "minhop", "switches"), fabric.numSwitches());
    assertEquals((int) ReferenceFabrics.resultNumber(name, "minhop", "cas"), fabric.numCas());
    assertEquals((int) ReferenceFabrics.resultNumber(name, "minhop", "links"), fabric.numLinks());
    assertEquals(fabric.numSwitches() + fabric.numCas(), fabric.numEndPorts());
    // every CA has one port, cabled to a switch, and every LID belongs to exactly one end port
    for (int node = fabric.numSwitches(); node < fabric.numNodes(); node++) {
      int port = fabric.port(node, 1);
      assertEquals(node, fabric.nodeOfLid(fabric.baseLid(port)));
      assertEquals(true, fabric.isSwitch(fabric.channelHead(port)), fabric.nodeName(node));
    }
  }
}
