package org.ibrouting.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.testkit.FabricArbitraries;

/** Invariants of every fabric the builder accepts. */
class FabricBuilderPropertiesTest {
  @Provide
  Arbitrary<Fabric> fabrics() {
    return Arbitraries.oneOf(
        FabricArbitraries.fatTreesToriAndRandom(),
        FabricArbitraries.randomConnectedWithMultiPortCas(),
        FabricArbitraries.withLmc(FabricArbitraries.randomConnected(), 3),
        FabricArbitraries.withFailedLinks(FabricArbitraries.randomConnected(), 3, false));
  }

  @Property(tries = 200)
  void invariantsHold(@ForAll("fabrics") Fabric f) {
    long previous = Long.MIN_VALUE;
    for (int node = 0; node < f.numNodes(); node++) {
      assertEquals(node < f.numSwitches(), f.nodeType(node) == NodeType.SWITCH, "switches first");
      assertEquals(node, f.nodeOfGuid(f.nodeGuid(node)));
      if (node > 0 && f.nodeType(node) == f.nodeType(node - 1)) {
        assertTrue(
            Long.compareUnsigned(previous, Long.reverseBytes(f.nodeGuid(node))) < 0, "qmap order");
      }
      previous = Long.reverseBytes(f.nodeGuid(node));
      int connected = 0;
      for (int p = 0; p <= f.numPorts(node); p++) {
        int port = f.port(node, p);
        assertEquals(node, f.nodeOfPort(port));
        assertEquals(p, f.portNum(port));
        int peer = f.peerPort(port);
        if (peer >= 0) {
          connected++;
          assertEquals(port, f.peerPort(peer), "links are symmetric");
          assertTrue(p > 0 && f.portNum(peer) > 0, "port 0 is never linked");
        }
        int lid = f.baseLid(port);
        for (int k = 0; lid != 0 && k < 1 << f.lmc(port); k++) {
          assertEquals(port, f.portOfLid(lid + k), "every LID of the range maps back");
          assertTrue(lid + k <= f.maxLid() && lid + k <= Lids.MAX_UNICAST_LID);
        }
      }
      assertEquals(connected, f.outDegree(node));
      for (int i = 1; i < f.outDegree(node); i++) {
        assertTrue(
            f.portNum(f.outChannel(node, i - 1)) < f.portNum(f.outChannel(node, i)), "port order");
      }
    }
    assertEquals(2 * f.numLinks(), f.numChannels());
    for (int lid = 1; lid <= f.maxLid(); lid++) {
      int port = f.portOfLid(lid);
      assertTrue(
          port < 0 || (lid >= f.baseLid(port) && lid < f.baseLid(port) + (1 << f.lmc(port))));
    }
  }
}
