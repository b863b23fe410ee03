package org.ibrouting.engines.internal;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingException;

/**
 * Not API. The precondition every engine checks first: a fabric with a switch and with LIDs.
 * Without either an engine could only return empty tables, which a chain would take for a routing.
 */
public final class RoutableFabrics {
  private RoutableFabrics() {}

  /**
   * Refuses a fabric without a switch or without any LID, the message starting with {@code engine}.
   *
   * @throws RoutingException {@code NOTHING_TO_ROUTE}, naming the cause and the way out
   */
  public static void require(Fabric fabric, String engine) throws RoutingException {
    if (fabric.numSwitches() == 0) {
      throw new RoutingException(
          RoutingException.Reason.NOTHING_TO_ROUTE, engine + ": the fabric has no switch to route");
    }
    requireLids(fabric, engine + ": ");
  }

  /** Refuses a fabric without any LID; {@code prefix} starts the message. */
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
