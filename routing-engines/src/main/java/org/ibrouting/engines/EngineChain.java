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
   * One engine's refusal in a chain.
   *
   * @param engine the name of the engine that refused ({@link RoutingEngine#name()})
   * @param exception its refusal, with the {@link RoutingException#reason() reason}
   */
  public record Refusal(String engine, RoutingException exception) {
    /** Checks that both parts are given. */
    public Refusal {
      java.util.Objects.requireNonNull(engine, "engine");
      java.util.Objects.requireNonNull(exception, "exception");
    }

    /** Why the engine refused. */
    public RoutingException.Reason reason() {
      return exception.reason();
    }

    /** The refusal's message, which starts with the engine's name. */
    public String message() {
      return exception.getMessage();
    }
  }

  /**
   * The outcome of a chain.
   *
   * @param routing the routing of the first engine that succeeded
   * @param refusals the refusals of the engines tried before it, in order
   */
  public record Result(Routing routing, List<Refusal> refusals) {
    /** Copies the list of refusals. */
    public Result {
      refusals = List.copyOf(refusals);
    }

    /** The messages of {@link #refusals()}, in order ({@code "dor: ..."}). */
    public List<String> failures() {
      return refusals.stream().map(Refusal::message).toList();
    }
  }

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
    List<Refusal> refusals = new ArrayList<>();
    for (RoutingEngine engine : engines) {
      try {
        return new Result(engine.route(fabric, options), refusals);
      } catch (RoutingException e) {
        refusals.add(new Refusal(engine.name(), e));
      }
    }
    RoutingException all =
        new RoutingException(
            RoutingException.Reason.ALL_REFUSED,
            "every engine failed: " + String.join("; ", new Result(null, refusals).failures()));
    refusals.forEach(r -> all.addSuppressed(r.exception()));
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
