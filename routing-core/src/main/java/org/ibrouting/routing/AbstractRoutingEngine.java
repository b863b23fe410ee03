package org.ibrouting.routing;

import java.util.Objects;
import org.ibrouting.fabric.Fabric;

/**
 * A {@link RoutingEngine} with a fixed name that refuses, before routing, a fabric it could only
 * return empty tables for: one without a switch or without any LID ({@code NOTHING_TO_ROUTE}, which
 * an engine chain must not take for a routing). Subclasses route the rest in {@link #routeChecked}.
 *
 * <pre>{@code
 * public final class FirstPortEngine extends AbstractRoutingEngine {
 *   public FirstPortEngine() { super("first-port"); }
 *
 *   protected Routing routeChecked(Fabric fabric, RoutingOptions options) { ... }
 * }
 * }</pre>
 */
public abstract class AbstractRoutingEngine implements RoutingEngine {
  private final String name;

  /** An engine called {@code name} (its OpenSM {@code -R} name). */
  protected AbstractRoutingEngine(String name) {
    this.name = Objects.requireNonNull(name, "name");
  }

  @Override
  public String name() {
    return name;
  }

  /**
   * Refuses a fabric without a switch or LIDs ({@link #requireRoutable}), then routes it by {@link
   * #routeChecked}.
   */
  @Override
  public Routing route(Fabric fabric, RoutingOptions options) throws RoutingException {
    requireRoutable(fabric, name);
    return routeChecked(fabric, options);
  }

  /**
   * Routes every LID of a fabric that has a switch and LIDs; never returns a partial routing.
   *
   * @throws RoutingException when the engine cannot route this fabric, saying why
   */
  protected abstract Routing routeChecked(Fabric fabric, RoutingOptions options)
      throws RoutingException;

  /**
   * Refuses a fabric without a switch or without any LID, the message starting with {@code engine}.
   *
   * @throws RoutingException {@code NOTHING_TO_ROUTE}, naming the cause and the way out
   */
  public static void requireRoutable(Fabric fabric, String engine) throws RoutingException {
    if (fabric.numSwitches() == 0) {
      throw new RoutingException(
          RoutingException.Reason.NOTHING_TO_ROUTE, engine + ": the fabric has no switch to route");
    }
    requireLids(fabric, engine + ": ");
  }

  /**
   * Refuses a fabric without any LID; {@code prefix} starts the message.
   *
   * @throws RoutingException {@code NOTHING_TO_ROUTE}, saying how LIDs get assigned
   */
  public static void requireLids(Fabric fabric, String prefix) throws RoutingException {
    if (fabric.maxLid() == 0) {
      throw new RoutingException(
          RoutingException.Reason.NOTHING_TO_ROUTE,
          prefix
              + "the fabric has no LIDs: it was"
              + " discovered before a subnet manager assigned them (every port shows lid 0); FabricFiles.read"
              + " and the command line assign the LIDs OpenSM's first sweep would (OpenSmLids.assignMissing)");
    }
  }
}
