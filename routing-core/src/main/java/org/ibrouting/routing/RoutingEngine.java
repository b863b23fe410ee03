package org.ibrouting.routing;

import java.util.Objects;
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

  /** What a {@link #named} engine does in {@link #route}. */
  @FunctionalInterface
  interface Router {
    /** Routes as {@link RoutingEngine#route} does. */
    Routing route(Fabric fabric, RoutingOptions options) throws RoutingException;
  }

  /**
   * An engine named {@code name} that routes with {@code router}: an adapter (the advisor as an
   * engine, a plug-in wrapping another engine) without a class of its own.
   */
  static RoutingEngine named(String name, Router router) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(router, "router");
    return new RoutingEngine() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Routing route(Fabric fabric, RoutingOptions options) throws RoutingException {
        return router.route(fabric, options);
      }

      @Override
      public String toString() {
        return name;
      }
    };
  }
}
