package org.ibrouting.analysis;

import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;

/**
 * A {@link CdgBaseline} read against a fabric: its own, or a later state of it whose switches and
 * ports are matched by node GUID and port number. The baseline's dependencies through a channel
 * whose link is not cabled as it was are dropped; a channel whose link is new or leads to another
 * port is <em>recabled</em>, and every LID routed over it counts as changed (over a link that is
 * gone, routes end, which adds no dependency).
 *
 * <p>Memory: 1 int per switch, 1 byte per port slot, and the translated graphs.
 */
final class BaselineFabric {
  final Fabric fabric;

  /** Per switch of {@link #fabric}: the baseline fabric's switch of the same GUID, or -1. */
  final int[] baselineSwitch;

  /** Per port slot of {@link #fabric}: whether its link is new or leads elsewhere than before. */
  final boolean[] recabled;

  /** Per VL: the baseline's dependencies over this fabric's port slots (null: none). */
  final BaselineGraph[] graphs;

  /**
   * Whether an end port of the routes is new, has other LIDs or is cabled elsewhere: its routes
   * start where the baseline's did not, so the baseline does not bound them.
   */
  final boolean endPortsMoved;

  private BaselineFabric(
      Fabric fabric,
      int[] baselineSwitch,
      boolean[] recabled,
      BaselineGraph[] graphs,
      boolean endPortsMoved) {
    this.fabric = fabric;
    this.baselineSwitch = baselineSwitch;
    this.recabled = recabled;
    this.graphs = graphs;
    this.endPortsMoved = endPortsMoved;
  }

  /** The baseline's own fabric. */
  static BaselineFabric own(Fabric fabric, BaselineGraph[] graphs) {
    int[] switches = new int[fabric.numSwitches()];
    for (int sw = 0; sw < switches.length; sw++) {
      switches[sw] = sw;
    }
    return new BaselineFabric(
        fabric, switches, new boolean[fabric.numPortSlots()], graphs.clone(), false);
  }

  /** The graphs of {@code own} (over {@code own.fabric}) read against {@code fabric}. */
  static BaselineFabric of(BaselineFabric own, Fabric fabric, EndPorts endPorts) {
    Fabric before = own.fabric;
    int[] nodeOf = new int[fabric.numNodes()];
    for (int node = 0; node < nodeOf.length; node++) {
      nodeOf[node] = before.nodeOfGuid(fabric.nodeGuid(node));
    }
    int[] baselineSwitch = new int[fabric.numSwitches()];
    for (int sw = 0; sw < baselineSwitch.length; sw++) {
      int was = nodeOf[sw];
      baselineSwitch[sw] = was >= 0 && before.isSwitch(was) ? was : -1;
    }
    boolean[] recabled = new boolean[fabric.numPortSlots()];
    boolean[] kept = new boolean[fabric.numPortSlots()];
    int[] slotOf = new int[before.numPortSlots()];
    java.util.Arrays.fill(slotOf, -1);
    for (int port = 0; port < recabled.length; port++) {
      int was = slotBefore(before, nodeOf, fabric, port);
      kept[port] = was >= 0 && sameLink(before, nodeOf, fabric, port, was);
      // a link gone leads routes nowhere, which adds no dependency
      recabled[port] = !kept[port] && fabric.peerPort(port) >= 0;
      if (was >= 0) {
        slotOf[was] = port;
      }
    }
    BaselineGraph[] graphs = new BaselineGraph[own.graphs.length];
    for (int vl = 0; vl < graphs.length; vl++) {
      if (own.graphs[vl] != null) {
        graphs[vl] = own.graphs[vl].translated(slotOf, kept, fabric.numPortSlots());
      }
    }
    return new BaselineFabric(
        fabric, baselineSwitch, recabled, graphs, moved(before, nodeOf, fabric, endPorts));
  }

  /** The baseline fabric's port slot of {@code port}, or -1. */
  private static int slotBefore(Fabric before, int[] nodeOf, Fabric fabric, int port) {
    int was = nodeOf[fabric.nodeOfPort(port)];
    int num = fabric.portNum(port);
    return was < 0 || num > before.numPorts(was) ? -1 : before.port(was, num);
  }

  /** Whether {@code port} and its baseline slot {@code was} lead to the same node and port. */
  private static boolean sameLink(Fabric before, int[] nodeOf, Fabric fabric, int port, int was) {
    int peer = fabric.peerPort(port);
    int peerBefore = before.peerPort(was);
    if (peer < 0 || peerBefore < 0) {
      return peer < 0 && peerBefore < 0;
    }
    return nodeOf[fabric.nodeOfPort(peer)] == before.nodeOfPort(peerBefore)
        && fabric.portNum(peer) == before.portNum(peerBefore);
  }

  /** Whether an end port is new, has other LIDs, or is cabled to another switch port. */
  private static boolean moved(Fabric before, int[] nodeOf, Fabric fabric, EndPorts endPorts) {
    for (int i = 0; i < endPorts.size(); i++) {
      int port = endPorts.port(i);
      int was = slotBefore(before, nodeOf, fabric, port);
      if (was < 0
          || before.baseLid(was) != fabric.baseLid(port)
          || before.lmc(was) != fabric.lmc(port)) {
        return true;
      }
      int sw = fabric.switchPortOf(port);
      int swBefore = before.switchPortOf(was);
      if (sw < 0 || swBefore < 0) {
        if (sw != swBefore) {
          return true;
        }
      } else if (nodeOf[fabric.nodeOfPort(sw)] != before.nodeOfPort(swBefore)
          || fabric.portNum(sw) != before.portNum(swBefore)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Marks every LID up to this fabric's largest whose entries in {@code routing} (of this fabric)
   * differ from {@code baseline}'s (of the baseline fabric) on some switch, or lead over a recabled
   * link.
   */
  void markChangedEntries(Routing baseline, Routing routing, boolean[] marked) {
    int maxLid = fabric.maxLid();
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      int was = baselineSwitch[sw];
      if (was >= 0) {
        routing.markDifferingLids(sw, baseline, was, maxLid, marked);
      }
      int numPorts = fabric.numPorts(sw);
      boolean anyRecabled = false;
      for (int p = 1; p <= numPorts && !anyRecabled; p++) {
        anyRecabled = recabled[fabric.port(sw, p)];
      }
      for (int lid = 1; lid <= maxLid && (was < 0 || anyRecabled); lid++) {
        int out = routing.outPort(sw, lid);
        if (out != Routing.NO_ROUTE
            && (was < 0 || out <= numPorts && recabled[fabric.port(sw, out)])) {
          marked[lid] = true;
        }
      }
    }
  }
}
