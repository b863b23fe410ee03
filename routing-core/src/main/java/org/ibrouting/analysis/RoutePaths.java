package org.ibrouting.analysis;

import org.ibrouting.routing.Routing;

/**
 * Walks single routes through the LFTs and describes them for messages. Slow (one string per
 * route); meant for witnesses, not for bulk analysis. {@link Route#walk} gives the same route as
 * hops.
 */
public final class RoutePaths {
  private RoutePaths() {}

  /**
   * Describes the route from {@code srcLid} to {@code dstLid} node by node, with the ports taken,
   * and how it ends: {@code LID 0x0003 -> LID 0x0007: CA 0x... "h1" out 1 -> switch 0x... "s1" in 2
   * out 3 -> CA 0x... "h2" in 1: delivered, 2 links}, or {@code ...: no route (LFT entry 255)},
   * {@code ...: black hole, port 7 is not connected}, {@code ...: loop, back at switch ...}.
   */
  public static String describe(Routing routing, int srcLid, int dstLid) {
    return Route.walk(routing, srcLid, dstLid).description();
  }
}
