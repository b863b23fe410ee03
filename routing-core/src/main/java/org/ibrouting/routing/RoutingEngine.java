package org.ibrouting.routing;

import org.ibrouting.fabric.Fabric;

/**
 * A unicast routing algorithm. Implementations are stateless and thread-safe: an instance holds
 * only configuration, so one instance may route many fabrics at once.
 */
public interface RoutingEngine {
  /** The OpenSM {@code -R} name: "minhop", "updn", "dfsssp", ... */
  String name();

  /**
   * Routes every LID of {@code fabric}; never returns a partial routing.
   *
   * @throws RoutingException when the engine cannot route this fabric, saying why
   */
  Routing route(Fabric fabric, RoutingOptions options) throws RoutingException;
}
