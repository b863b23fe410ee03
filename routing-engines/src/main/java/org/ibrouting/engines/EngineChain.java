package org.ibrouting.engines;

import java.util.ArrayList;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.AbstractRoutingEngine;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * Tries engines in order, as OpenSM's {@code -R a,b,c} does, and reports which one produced the
 * routing. Unlike OpenSM it never falls back to MINHOP silently: name it last in the chain. A
 * fabric without any LID is refused before the first engine runs ({@link #requireLids}), so that no
 * engine reports the symptoms (a switch "has no LID", "no route to LID 0", zero pairs routed).
 */
public final class EngineChain {
  /**
   * The outcome of a chain.
   *
   * @param routing the routing of the first engine that succeeded
   * @param failures the refusals of the engines tried before it, in order
   */
  public record Result(Routing routing, List<String> failures) {}

  private EngineChain() {}

  /**
   * Routes with the first engine that succeeds.
   *
   * @throws RoutingException when every engine refused ({@link
   *     RoutingException.Reason#ALL_REFUSED}); the message lists every reason, and each engine's
   *     refusal is suppressed in it
   */
  public static Result route(List<RoutingEngine> engines, Fabric fabric, RoutingOptions options)
      throws RoutingException {
    requireLids(fabric);
    List<String> failures = new ArrayList<>();
    List<RoutingException> refusals = new ArrayList<>();
    for (RoutingEngine engine : engines) {
      try {
        return new Result(engine.route(fabric, options), List.copyOf(failures));
      } catch (RoutingException e) {
        failures.add(e.getMessage());
        refusals.add(e);
      }
    }
    RoutingException all =
        new RoutingException(
            RoutingException.Reason.ALL_REFUSED,
            "every engine failed: " + String.join("; ", failures));
    refusals.forEach(all::addSuppressed);
    throw all;
  }

  /**
   * Refuses a fabric that has no LID at all: every engine would route it into empty tables.
   *
   * @throws RoutingException naming the cause and the way out
   */
  public static void requireLids(Fabric fabric) throws RoutingException {
    AbstractRoutingEngine.requireLids(fabric, "");
  }
}
