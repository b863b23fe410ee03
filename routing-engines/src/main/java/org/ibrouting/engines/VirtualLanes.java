package org.ibrouting.engines;

import org.ibrouting.engines.ssspfamily.DfssspLanes;
import org.ibrouting.engines.ssspfamily.SsspGraph;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * Deadlock freedom for a routing of your own: DFSSSP's virtual-lane assignment (Domke, Hoefler,
 * Nagel, "Deadlock-Free Oblivious Routing for Arbitrary Topologies") on any destination-based
 * routing. Every path between end ports is walked through the LFTs and moved to a higher VL until
 * no VL's channel dependency graph has a cycle; the result carries the {@link
 * org.ibrouting.routing.SlTable} (one SL per VL). The LFTs are unchanged.
 *
 * <pre>{@code
 * Routing mine = myEngine.route(fabric, options);
 * Routing safe = VirtualLanes.assignDeadlockFree(mine, options);   // options.maxVls() caps the VLs
 * }</pre>
 *
 * <p>Cost: O(source switches x LIDs x hops) for the dependency graphs, on {@code options.threads()}
 * threads; the result does not depend on their number.
 */
public final class VirtualLanes {
  private VirtualLanes() {}

  /**
   * Assigns every path to a VL, in the destination order DFSSSP uses, and returns the routing with
   * its SL table (no table when one VL suffices).
   *
   * @throws RoutingException with {@link RoutingException.Reason#VLS_EXCEEDED} when more than
   *     {@code options.maxVls()} VLs would be needed
   */
  public static Routing assignDeadlockFree(Routing routing, RoutingOptions options)
      throws RoutingException {
    int[] order = new SsspGraph(routing.fabric()).destinationOrder(null, null);
    return DfssspLanes.assign(routing, order, options, false, routing.engineName());
  }
}
