package org.ibrouting.analysis;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.testkit.TestFabrics;
import org.ibrouting.testkit.TestRoutings;

/**
 * Shortest paths on a ring of four switches (one CA each, LIDs 1-4 on S0-S3) with three faults: LID
 * 3 bounces between S0 and S1 (a loop), S2 drops LID 4 (no route), S2 sends LID 1 to its own port 0
 * (a black hole: the LID is not the switch's).
 */
final class BrokenRing {
  private BrokenRing() {}

  static Routing routing() {
    Fabric fabric = TestFabrics.ring(4, 1);
    Routing good = TestRoutings.shortestPaths(fabric);
    RoutingBuilder b = Routing.builder(fabric, "broken");
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      for (int lid = 1; lid <= fabric.maxLid(); lid++) {
        b.setOutPort(sw, lid, good.outPort(sw, lid));
      }
    }
    b.setOutPort(s(fabric, 0), 3, 1).setOutPort(s(fabric, 1), 3, 2);
    b.setOutPort(s(fabric, 2), 4, Routing.NO_ROUTE);
    b.setOutPort(s(fabric, 2), 1, 0);
    return b.build();
  }

  /** Switch {@code Si} of the ring. */
  static int s(Fabric fabric, int i) {
    return fabric.nodeOfGuid(0x1000L + i);
  }
}
