package org.ibrouting.engines.nue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;

class NueNetworkTest {
  /** The O(1) edge lookup equals a scan of the vertex's edges, parallel links included. */
  @Test
  void edgeLookupMatchesAScan() throws RoutingException {
    Fabric[] fabrics = {
      Topologies.torus(new int[] {3, 4}, 1),
      Topologies.kAryNTree(2, 3),
      FabricArbitraries.randomConnected(8, 12, 1, false, 3),
      FabricArbitraries.randomConnected(5, 9, 2, false, 9)
    };
    for (Fabric fabric : fabrics) {
      NueNetwork net = NueNetwork.of(fabric);
      for (int a = 0; a < net.numVertices(); a++) {
        for (int b = 0; b < net.numVertices(); b++) {
          int scanned = -1;
          for (int e = net.edgeStart[a]; e < net.edgeStart[a + 1]; e++) {
            if (net.edgeTarget[e] == b) {
              scanned = e;
              break;
            }
          }
          assertEquals(scanned, net.edgeBetween(a, b), fabric + ": " + a + " -> " + b);
        }
        int l = net.linkOfVertex[a];
        assertEquals(l < 0 ? a : -1, l < 0 ? net.fake(net.tailOfVertex(a)) : -1);
      }
    }
  }

  /** Switches are ordered by LID in network byte order: LID 0x0100 before LID 0x0002. */
  @Test
  void switchesInWireOrder() throws RoutingException {
    Fabric fabric = Topologies.kAryNTree(8, 3);
    NueNetwork net = NueNetwork.of(fabric);
    for (int i = 1; i < net.numSwitches; i++) {
      assertTrue(NueNetwork.wireOrder(net.lid[i - 1]) < NueNetwork.wireOrder(net.lid[i]));
    }
    assertTrue(NueNetwork.wireOrder(0x0100) < NueNetwork.wireOrder(0x0002));
  }
}
