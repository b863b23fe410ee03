package org.ibrouting.engines.reroute;

import org.ibrouting.engines.updown.UpDownHops;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingException;

/**
 * The incremental rule of the engines on MINHOP's table builder (minhop, updn, dnup): an affected
 * switch takes a port of least hops under the engine's turn rule, the least-used one by MINHOP's
 * per-port route counters, which count the kept entries and the re-routed ones placed so far.
 *
 * <p>Labels, per destination: a switch outside the affected set has its kept path's length, and
 * whether that path takes last-phase hops only. An affected switch's last-phase label is 1 + the
 * least last-phase label of a neighbour it reaches by a last-phase hop (neighbours outside the set
 * count only when their kept path is last-phase only); its legal label is that, or, when it has
 * none, 1 + the least legal label of a neighbour it reaches by a first-phase hop. It then takes a
 * port to a neighbour that realises its label, as {@link UpDownHops} and MINHOP's builder do. So a
 * packet that took a last-phase hop keeps taking them, and no path turns from the last phase back
 * to the first. Without a turn rule (MINHOP) every hop is a last-phase hop and the labels are plain
 * hop counts.
 */
final class HopRepair implements Repair {
  private final Fabric fabric;
  private final RoutingBuilder lfts;
  private final Routing old;
  private final UpDownHops.Turns turns;
  private final int[] order;
  private final long[] routesOfPort;
  private final BorderBfs bfs;
  private final int[] lastLabel;
  private final int[] legalLabel;
  private final boolean[] noLastLabel;
  private final int[] settled;
  private String refusal;

  HopRepair(Fabric fabric, RoutingBuilder lfts, Routing old, int[] ports, UpDownHops.Turns turns) {
    this.fabric = fabric;
    this.lfts = lfts;
    this.old = old;
    this.turns = turns;
    this.order = destinationLids(fabric, ports);
    this.routesOfPort = new long[fabric.numPortSlots()];
    int n = fabric.numSwitches();
    this.bfs = new BorderBfs(fabric);
    this.lastLabel = new int[n];
    this.legalLabel = new int[n];
    this.noLastLabel = new boolean[n];
    this.settled = new int[n];
  }

  /** The destination LIDs: LID offset by offset, end ports in the order {@code ports} gives. */
  private static int[] destinationLids(Fabric fabric, int[] ports) {
    int maxLmc = 0;
    int count = 0;
    for (int port : ports) {
      maxLmc = Math.max(maxLmc, fabric.lmc(port));
      count += 1 << fabric.lmc(port);
    }
    int[] lids = new int[count];
    int k = 0;
    for (int offset = 0; offset < 1 << maxLmc; offset++) {
      for (int port : ports) {
        if (offset < 1 << fabric.lmc(port)) {
          lids[k++] = fabric.baseLid(port) + offset;
        }
      }
    }
    return lids;
  }

  @Override
  public UpDownHops.Turns turns() {
    return turns;
  }

  @Override
  public int[] destinationLids() {
    return order;
  }

  @Override
  public boolean countsRoutes() {
    return true;
  }

  /** Takes the scan's route counters as the starting point of MINHOP's balance. */
  @Override
  public void scanned(DamageScan scan) {
    System.arraycopy(scan.routesOfPort, 0, routesOfPort, 0, routesOfPort.length);
  }

  @Override
  public void release(int sw, int lid, int oldPort) {
    if (counted(sw, lid, oldPort)) {
      routesOfPort[fabric.port(sw, oldPort)]--;
    }
  }

  /** Whether the scan counted this entry: a live port, for a LID of a CA or router. */
  private boolean counted(int sw, int lid, int port) {
    if (port == Routing.NO_ROUTE || port == 0 || port > fabric.numPorts(sw)) {
      return false;
    }
    int dst = fabric.portOfLid(lid);
    if (fabric.isSwitch(fabric.nodeOfPort(dst))) {
      return false;
    }
    int peer = fabric.peerPort(fabric.port(sw, port));
    return peer >= 0
        && (peer == dst
            || fabric.isSwitch(fabric.nodeOfPort(peer)) && fabric.nodeOfPort(peer) != sw);
  }

  @Override
  public void prepare(Affected affected) {}

  @Override
  public long repair(TreeWalk walk, int[] affected, int from, int to) {
    int lid = walk.lid();
    int target = walk.target();
    long changed = 0;
    bfs.members(affected, from, to);
    // the destination's own switch delivers it directly; every other member is labelled
    if (bfs.contains(target)) {
      changed += place(target, lid, walk.deliveryPort());
    }
    for (int i = from; i < to; i++) {
      int sw = affected[i];
      lastLabel[sw] = BorderBfs.INF;
      legalLabel[sw] = BorderBfs.INF;
      if (sw == target) {
        continue;
      }
      for (int k = 0; k < fabric.outDegree(sw); k++) {
        int next = fabric.channelHead(fabric.outChannel(sw, k));
        if (next >= fabric.numSwitches() || next == sw || bfs.contains(next) && next != target) {
          continue;
        }
        int h = walk.hops(next);
        if (h < 0) {
          continue;
        }
        if (walk.lastPhase(sw, next) && (next == target || walk.lastOnly(next))) {
          lastLabel[sw] = Math.min(lastLabel[sw], h + 1);
        }
        if (walk.firstPhase(sw, next)) {
          legalLabel[sw] = Math.min(legalLabel[sw], h + 1);
        }
      }
    }
    bfs.spread(affected, from, to, lastLabel, walk::lastPhase, null, settled);
    for (int i = from; i < to; i++) {
      int sw = affected[i];
      noLastLabel[sw] = lastLabel[sw] == BorderBfs.INF;
      if (!noLastLabel[sw]) {
        legalLabel[sw] = lastLabel[sw];
      }
    }
    if (turns != null) {
      bfs.spread(affected, from, to, legalLabel, walk::firstPhase, noLastLabel, settled);
    }
    for (int i = from; i < to; i++) {
      int sw = affected[i];
      if (sw == target) {
        continue;
      }
      int label = noLastLabel[sw] ? legalLabel[sw] : lastLabel[sw];
      if (label == BorderBfs.INF && refusal == null && hasTerminals(sw) && hasTerminals(target)) {
        refusal =
            fabric.nodeName(sw)
                + " has no path under the turn rule to "
                + fabric.nodeName(target)
                + ", though links join them";
      }
      changed +=
          place(sw, lid, label == BorderBfs.INF ? Routing.NO_ROUTE : choose(walk, sw, lid, label));
    }
    return changed;
  }

  /** Sets the entry, counting it as MINHOP counts routes; returns 1 when it changed. */
  private long place(int sw, int lid, int port) {
    int before = lfts.outPort(sw, lid);
    lfts.setOutPort(sw, lid, port);
    if (counted(sw, lid, port)) {
      routesOfPort[fabric.port(sw, port)]++;
    }
    return before == port ? 0 : 1;
  }

  /**
   * The port for {@code sw}: its old one when that still realises {@code label}, else MINHOP's
   * choice among the ports that do (fewest routes, first in its scan order, which for an LMC offset
   * starts after the previous LID's port), a port to a switch whose old entry sends the LID
   * straight back only when no other realises it.
   */
  private int choose(TreeWalk walk, int sw, int lid, int label) {
    int oldPort = lfts.outPort(sw, lid);
    if (oldPort != Routing.NO_ROUTE
        && oldPort >= 1
        && oldPort <= fabric.numPorts(sw)
        && realises(walk, sw, oldPort, label)) {
      return oldPort;
    }
    int dst = walk.dstPort();
    int numPortsInclZero = fabric.numPorts(sw) + 1;
    int start = 1;
    if (lid > fabric.baseLid(dst)) {
      int previous = lfts.outPort(sw, lid - 1);
      start = previous == Routing.NO_ROUTE ? 1 : previous + 1;
    }
    int best = Routing.NO_ROUTE;
    long fewest = Long.MAX_VALUE;
    boolean bestBounces = true;
    for (int i = start; i < start + numPortsInclZero; i++) {
      int portNum = i % numPortsInclZero;
      if (portNum == 0 || !realises(walk, sw, portNum, label)) {
        continue;
      }
      long routes = routesOfPort[fabric.port(sw, portNum)];
      boolean bounces = Repair.bouncesBack(fabric, old, fabric.port(sw, portNum), lid);
      if (bestBounces && !bounces || bounces == bestBounces && routes < fewest) {
        fewest = routes;
        best = portNum;
        bestBounces = bounces;
      }
    }
    return best;
  }

  /**
   * Whether leaving {@code sw} by {@code portNum} reaches the destination in {@code label} hops.
   */
  private boolean realises(TreeWalk walk, int sw, int portNum, int label) {
    int peer = fabric.peerPort(fabric.port(sw, portNum));
    if (peer < 0) {
      return false;
    }
    int next = fabric.nodeOfPort(peer);
    if (next >= fabric.numSwitches() || next == sw) {
      return false;
    }
    boolean last = !noLastLabel[sw];
    if (last ? !walk.lastPhase(sw, next) : !walk.firstPhase(sw, next)) {
      return false;
    }
    int nextLabel;
    if (bfs.contains(next) && next != walk.target()) {
      nextLabel = last ? lastLabel[next] : legalLabel[next];
    } else {
      int h = walk.hops(next);
      nextLabel =
          h < 0 || last && !(next == walk.target() || walk.lastOnly(next)) ? BorderBfs.INF : h;
    }
    return nextLabel != BorderBfs.INF && nextLabel + 1 == label;
  }

  private boolean hasTerminals(int sw) {
    for (int i = 0; i < fabric.outDegree(sw); i++) {
      if (!fabric.isSwitch(fabric.channelHead(fabric.outChannel(sw, i)))) {
        return true;
      }
    }
    return false;
  }

  @Override
  public Routing finish(Routing tables, Reroute.Stats stats) throws RoutingException {
    if (refusal != null) {
      throw new RoutingException(tables.engineName() + ": " + refusal + "; route with minhop");
    }
    return tables;
  }
}
