package org.ibrouting.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RoutePaths;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.Lids;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.routing.SlTable;
import org.junit.jupiter.api.function.Executable;

/**
 * Assertions on a {@link Routing} for engine tests and jqwik properties. Every route is re-derived
 * by walking the LFTs (never taken from an engine's own path list), and every failure message
 * carries a witness: the route with node names and ports, or the credit loop's channels and the
 * routes that induce them.
 *
 * <pre>{@code
 * Routing routing = engine.route(fabric, RoutingOptions.seeded(42));
 * RoutingAssertions.assertAllPairsRouted(routing);
 * RoutingAssertions.assertDeadlockFreePerVl(routing);
 * }</pre>
 */
public final class RoutingAssertions {
  private RoutingAssertions() {}

  private static RouteChecker checker(EndpointScope scope) {
    return new RouteChecker(scope, RoutingOptions.defaultThreads());
  }

  /** Every ordered pair of CA and router LIDs is delivered (no NO_ROUTE, black hole or loop). */
  public static void assertAllPairsRouted(Routing routing) {
    assertAllPairsRouted(routing, EndpointScope.TERMINALS);
  }

  /** Every ordered pair of LIDs in {@code scope} is delivered. */
  public static void assertAllPairsRouted(Routing routing, EndpointScope scope) {
    RouteReport report = checker(scope).check(routing);
    if (!report.allRouted()) {
      fail(
          routing
              + ": "
              + (report.pairs() - report.validPairs())
              + " of "
              + report.pairs()
              + " pairs are not delivered ("
              + report.unreachablePairs()
              + " unreachable, "
              + report.blackholePairs()
              + " black hole, "
              + report.loopPairs()
              + " loop); first:\n  "
              + String.join("\n  ", report.witnesses()));
    }
  }

  /**
   * What every engine's routing owes on a fabric it routes: {@link #assertAllPairsRouted} and
   * {@link #assertLoopFree}.
   */
  public static void assertRoutedWithoutLoops(Routing routing) {
    assertAllPairsRouted(routing);
    assertLoopFree(routing);
  }

  /**
   * No packet from any end port or switch to any CA, router or switch LID runs into a forwarding
   * loop (NO_ROUTE entries and black holes are not loops).
   */
  public static void assertLoopFree(Routing routing) {
    RouteReport report = checker(EndpointScope.TERMINALS_AND_SWITCHES).check(routing);
    if (report.loopPairs() > 0) {
      fail(
          routing
              + ": "
              + report.loopPairs()
              + " pairs run into a forwarding loop; first:\n  "
              + witness(report, "loop: "));
    }
  }

  /** Every delivered route between CA and router LIDs is a shortest path. */
  public static void assertMinimal(Routing routing) {
    assertMinimal(routing, EndpointScope.TERMINALS);
  }

  /** Every delivered route between LIDs of {@code scope} is a shortest path. */
  public static void assertMinimal(Routing routing, EndpointScope scope) {
    RouteReport report = checker(scope).check(routing);
    if (!report.allMinimal()) {
      fail(
          routing
              + ": "
              + (report.validPairs() - report.minimalPairs())
              + " of "
              + report.validPairs()
              + " delivered routes are longer than a shortest path (average "
              + report.avgHops()
              + " hops, shortest "
              + report.bfsAvgHops()
              + "); first:\n  "
              + witness(report, "not minimal"));
    }
  }

  /**
   * The routes are consistent with destination-based forwarding: walking the LFTs from every source
   * reaches each destination without revisiting a switch, so the routes to one destination form an
   * in-tree; and where the SL table groups source LIDs, every group's members enter the fabric at
   * the same switch, so that one SL per (group, destination) describes one path.
   */
  public static void assertDestinationBasedConsistent(Routing routing) {
    assertLoopFree(routing);
    SlTable table = routing.slTable();
    if (table.isNone()) {
      return;
    }
    Fabric fabric = routing.fabric();
    int[] switchOfGroup = new int[table.numGroups()];
    int[] lidOfGroup = new int[table.numGroups()];
    java.util.Arrays.fill(switchOfGroup, -2);
    for (int lid = 1; lid <= fabric.maxLid(); lid++) {
      int port = fabric.portOfLid(lid);
      int group = port < 0 ? -1 : table.groupOfSrcLid(lid);
      if (group < 0 || group >= switchOfGroup.length) {
        continue;
      }
      int swPort = fabric.switchPortOf(port);
      int sw = swPort < 0 ? -1 : fabric.nodeOfPort(swPort);
      if (switchOfGroup[group] == -2) {
        switchOfGroup[group] = sw;
        lidOfGroup[group] = lid;
      } else if (switchOfGroup[group] != sw) {
        fail(
            routing
                + ": SL group "
                + group
                + " holds LID "
                + Lids.hex(lidOfGroup[group])
                + " entering at "
                + name(fabric, switchOfGroup[group])
                + " and LID "
                + Lids.hex(lid)
                + " entering at "
                + name(fabric, sw)
                + "; their routes differ, so one SL per (group,"
                + " destination) cannot have been decided on both paths");
      }
    }
  }

  /**
   * The channel dependency graph of every VL (from the LFTs, SL table and SL-to-VL map) is acyclic.
   */
  public static void assertDeadlockFreePerVl(Routing routing) {
    assertDeadlockFreePerVl(routing, EndpointScope.TERMINALS);
  }

  /**
   * Like {@link #assertDeadlockFreePerVl(Routing)}, over the routes between LIDs of {@code scope}.
   */
  public static void assertDeadlockFreePerVl(Routing routing, EndpointScope scope) {
    CdgReport report = CreditLoopVerifier.defaults().withScope(scope).verify(routing);
    if (!report.isDeadlockFree()) {
      int vl = report.cyclicVls()[0];
      fail(
          routing
              + ": the channel dependency graph of VL "
              + vl
              + " has "
              + report.numCyclicChannels(vl)
              + " channels on cycles; witness:\n"
              + report.creditLoop(vl).orElseThrow());
    }
  }

  /**
   * No route between CA and router LIDs travels on a VL numbered {@code maxVls} or higher (with
   * per-port SL-to-VL maps: on no hop, as the verifier's per-hop graph shows).
   */
  public static void assertVlsWithin(Routing routing, int maxVls) {
    SlTable table = routing.slTable();
    Fabric fabric = routing.fabric();
    if (table.portSl2Vl() != null) {
      CdgReport report = CreditLoopVerifier.defaults().withEndpointChannels(true).verify(routing);
      if (report.numVls() > maxVls || table.numVls() > maxVls) {
        fail(
            routing
                + ": hops travel on "
                + report.numVls()
                + " VLs and the table declares "
                + table.numVls()
                + ", limit is "
                + maxVls);
      }
      return;
    }
    for (int dst = 1; dst <= fabric.maxLid(); dst++) {
      if (!isTerminalLid(fabric, dst)) {
        continue;
      }
      for (int src = 1; src <= fabric.maxLid(); src++) {
        if (src != dst
            && isTerminalLid(fabric, src)
            && fabric.portOfLid(src) != fabric.portOfLid(dst)
            && table.vl(src, dst) >= maxVls) {
          fail(
              routing
                  + ": uses VL "
                  + table.vl(src, dst)
                  + " (SL "
                  + table.sl(src, dst)
                  + "), limit is "
                  + maxVls
                  + " VLs; route: "
                  + RoutePaths.describe(routing, src, dst));
        }
      }
    }
    if (table.numVls() > maxVls) {
      fail(routing + ": its SL table declares " + table.numVls() + " VLs, limit is " + maxVls);
    }
  }

  private static boolean isTerminalLid(Fabric fabric, int lid) {
    int port = fabric.portOfLid(lid);
    return port >= 0 && !fabric.isSwitch(fabric.nodeOfPort(port));
  }

  private static String witness(RouteReport report, String prefix) {
    for (String w : report.witnesses()) {
      if (w.startsWith(prefix)) {
        return w;
      }
    }
    return String.join("\n  ", report.witnesses());
  }

  private static String name(Fabric fabric, int sw) {
    return sw < 0 ? "no switch" : fabric.nodeName(sw);
  }

  /**
   * {@code routing} (an engine's route, a chain's, a reader's) is refused with a {@link
   * RoutingException} of {@code reason}, not another exception; returns it for its message.
   */
  public static RoutingException assertRefused(RoutingException.Reason reason, Executable routing) {
    RoutingException e = assertThrows(RoutingException.class, routing);
    assertEquals(reason, e.reason(), e.getMessage());
    return e;
  }
}
