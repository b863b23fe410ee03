package org.example.routing;

import org.ibrouting.engines.VirtualLanes;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.paths.HopMatrix;
import org.ibrouting.paths.HopTable;
import org.ibrouting.routing.AbstractRoutingEngine;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/** Shortest paths by the lowest port, made deadlock-free by DFSSSP's VL assignment. */
public final class FirstPortEngine extends AbstractRoutingEngine {
  public FirstPortEngine() {
    super("first-port");                                    // route() refuses a fabric without switch or LIDs
  }

  @Override
  protected Routing routeChecked(Fabric fabric, RoutingOptions options) throws RoutingException {
    HopMatrix hops = HopMatrix.compute(fabric, options.threads());
    RoutingBuilder lfts = Routing.builder(fabric, name()).setOwnLidsToPortZero();
    for (int lid = 1; lid <= fabric.maxLid(); lid++) {
      int target = fabric.portOfLid(lid) < 0 ? Fabric.NONE : fabric.destinationSwitch(lid);
      for (int sw = 0; target >= 0 && sw < fabric.numSwitches(); sw++) {
        int best = sw == target ? fabric.portNum(fabric.switchPortOf(fabric.portOfLid(lid))) : Routing.NO_ROUTE;
        for (int port = 1; sw != target && port <= fabric.numPorts(sw); port++) {
          int via = hops.viaPort(sw, port, target);
          if (via != HopTable.NO_PATH && (best == Routing.NO_ROUTE || via < hops.viaPort(sw, best, target))) {
            best = port;
          }
        }
        lfts.setOutPort(sw, lid, best);
      }
    }
    return VirtualLanes.assignDeadlockFree(lfts.build(), options);
  }
}
