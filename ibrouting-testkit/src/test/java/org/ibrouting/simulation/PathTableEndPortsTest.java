package org.ibrouting.simulation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.testkit.TestFabrics;
import org.ibrouting.testkit.TestRoutings;
import org.junit.jupiter.api.Test;

/** The simulation's path table over an {@link EndPorts} selection, and the deprecated wrapper. */
class PathTableEndPortsTest {

  @Test
  void aSubsetGetsTheSamePathsAsTheWholeFabric() {
    Routing tree = TestRoutings.dModK(4, 2, false);
    Fabric fabric = tree.fabric();
    PathTable all = PathTable.build(tree, EndPorts.cabledCas(fabric));
    int[] nodes = {
      fabric.nodeByDescription("H9"), fabric.nodeByDescription("H0"), fabric.nodeByDescription("H5")
    };
    EndPorts job = EndPorts.ofNodes(fabric, nodes);
    PathTable subset = PathTable.build(tree, job, 0);
    assertEquals(3, subset.numEndpoints());
    assertTrue(!subset.isExplicit());
    int[] out = new int[all.maxPathLength()];
    int[] expected = new int[all.maxPathLength()];
    for (int s = 0; s < 3; s++) {
      for (int d = 0; d < 3; d++) {
        int length = subset.path(s, d, out, 0);
        int allS = all.endPorts().indexOfPort(job.port(s));
        int allD = all.endPorts().indexOfPort(job.port(d));
        assertEquals(all.path(allS, allD, expected, 0), length);
        for (int k = 0; k < length; k++) {
          assertEquals(expected[k], out[k], "channel " + k + " of " + s + " -> " + d);
        }
      }
    }
    assertEquals(fabric.port(nodes[0], 1), subset.endPorts().port(0), "in the given order");
  }

  @Test
  void refusesSwitchPortsAndUncabledPortsByName() {
    Fabric ring = TestFabrics.ring(2, 1);
    Routing routing = TestRoutings.shortestPaths(ring);
    EndPorts withSwitches = EndPorts.terminalsAndSwitches(ring);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PathTable.build(routing, withSwitches));
    assertTrue(
        e.getMessage().endsWith("\"S0\" is a switch port; endpoints are CA or router ports"),
        e.getMessage());
    Routing other = TestRoutings.shortestPaths(TestFabrics.ring(2, 1));
    IllegalArgumentException foreign =
        assertThrows(
            IllegalArgumentException.class, () -> PathTable.build(other, EndPorts.cabledCas(ring)));
    assertTrue(foreign.getMessage().startsWith("the end ports belong to"), foreign.getMessage());
  }

  @Test
  @SuppressWarnings("deprecation")
  void theDeprecatedEndpointsWrapTheSameSelection() {
    Routing tree = TestRoutings.dModK(4, 2, false);
    Fabric fabric = tree.fabric();
    Endpoints old = Endpoints.allCas(fabric);
    EndPorts cas = EndPorts.cabledCas(fabric);
    assertArrayEquals(cas.ports(), old.endPorts().ports());
    assertArrayEquals(NodeSubset.linearBfsOrder(cas), old.bfsOrder());
    PathTable table = PathTable.build(tree, old);
    assertArrayEquals(cas.ports(), table.endpoints().endPorts().ports());
    int h3 = fabric.nodeByDescription("H3");
    assertEquals(cas.firstOfNode(h3), old.firstEndpointOfNode(h3));
    assertEquals(cas.leafSwitch(5), old.leafSwitch(5));
    IllegalArgumentException sw =
        assertThrows(
            IllegalArgumentException.class, () -> Endpoints.ofNodes(fabric, new int[] {0}));
    assertTrue(sw.getMessage().endsWith("is a switch, not an endpoint"), sw.getMessage());
    IllegalArgumentException port =
        assertThrows(
            IllegalArgumentException.class,
            () -> Endpoints.ofPorts(fabric, new int[] {fabric.port(0, 1)}));
    assertTrue(
        port.getMessage().endsWith("is a switch port; endpoints are CA or router ports"),
        port.getMessage());
    assertSame(table.endpoints(), table.endpoints(), "one wrapper per table");
  }
}
