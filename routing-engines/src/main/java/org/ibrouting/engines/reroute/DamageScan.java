package org.ibrouting.engines.reroute;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;

/**
 * One pass over every LFT entry of the old tables, read against the changed fabric: the
 * <em>broken</em> entries (no route though the switch reaches the LID, a port that is now
 * unconnected, port 0 of a switch that does not own the LID, a CA port for another LID; unless the
 * engine keeps them, no route where the switch still reaches the LID), and, for MINHOP's balance,
 * how many routes to CAs each port carries. A destination without a broken entry keeps every path:
 * all its entries are followed as before.
 *
 * <p>Cost: one read per (switch, LID), in parallel over switches; 1 long per port slot and per
 * broken entry, 2 ints and a byte per LID.
 */
final class DamageScan {
  /** Broken entries as {@code (lid << 32) | switch}, ascending. */
  final long[] brokenEntries;

  /**
   * Per port slot: entries for LIDs of CAs and routers that leave by it (MINHOP's counters); all
   * zero unless the scan was asked to count.
   */
  final long[] routesOfPort;

  private DamageScan(long[] brokenEntries, long[] routesOfPort) {
    this.brokenEntries = brokenEntries;
    this.routesOfPort = routesOfPort;
  }

  private static final byte SKIP = 0;
  private static final byte TERMINAL = 1;
  private static final byte SWITCH_LID = 2;
  private static final int SWITCH = -1;
  private static final int DEAD = -2;

  /**
   * Scans {@code lfts} for the LIDs marked in {@code destination}; {@code switchComponent} labels
   * the switches by component over switch links.
   */
  static DamageScan run(
      Fabric fabric,
      RoutingBuilder lfts,
      boolean[] destination,
      int[] switchComponent,
      boolean count,
      boolean keepNoRoute,
      int threads) {
    int maxLid = fabric.maxLid();
    // per LID: what it is, the component that can reach it (-1 none), the end port owning it
    byte[] kind = new byte[maxLid + 1];
    int[] componentOfLid = new int[maxLid + 1];
    int[] endPortOfLid = new int[maxLid + 1];
    for (int lid = 1; lid <= maxLid; lid++) {
      int port = fabric.portOfLid(lid);
      int swPort = port < 0 ? -1 : fabric.switchPortOf(port);
      componentOfLid[lid] =
          swPort < 0 ? -1 : keepNoRoute ? -2 : switchComponent[fabric.nodeOfPort(swPort)];
      endPortOfLid[lid] = port;
      kind[lid] =
          !destination[lid]
              ? SKIP
              : fabric.isSwitch(fabric.nodeOfPort(port)) ? SWITCH_LID : TERMINAL;
    }
    long[] routes = new long[fabric.numPortSlots()];
    int n = fabric.numSwitches();
    List<Worker> workers =
        Parallel.run(
            n,
            Parallel.threadsFor(n, threads),
            () ->
                new Worker(
                    fabric,
                    lfts,
                    kind,
                    componentOfLid,
                    endPortOfLid,
                    switchComponent,
                    count ? routes : null));
    LongArrayList all = new LongArrayList();
    for (Worker w : workers) {
      all.addAll(w.broken);
    }
    long[] broken = all.toLongArray();
    Arrays.sort(broken);
    return new DamageScan(broken, routes);
  }

  /** Scans whole switches; collects their broken entries. */
  private static final class Worker implements Parallel.Worker {
    private final Fabric fabric;
    private final RoutingBuilder lfts;
    private final byte[] kind;
    private final int[] componentOfLid;
    private final int[] endPortOfLid;
    private final int[] switchComponent;
    private final long[] routes;
    // per port number of the switch at hand: the end port it is cabled to, SWITCH, or DEAD
    private final int[] peerEndPort = new int[256];
    private final long[] routesOfPortNum = new long[256];
    private final byte[] row;
    final LongArrayList broken = new LongArrayList();

    Worker(
        Fabric fabric,
        RoutingBuilder lfts,
        byte[] kind,
        int[] componentOfLid,
        int[] endPortOfLid,
        int[] switchComponent,
        long[] routes) {
      this.fabric = fabric;
      this.lfts = lfts;
      this.kind = kind;
      this.componentOfLid = componentOfLid;
      this.endPortOfLid = endPortOfLid;
      this.switchComponent = switchComponent;
      this.routes = routes;
      this.row = new byte[kind.length];
    }

    @Override
    public void run(int sw) {
      int numPorts = fabric.numPorts(sw);
      int own = fabric.port(sw, 0);
      Arrays.fill(peerEndPort, DEAD);
      for (int p = 1; p <= numPorts; p++) {
        int peer = fabric.peerPort(fabric.port(sw, p));
        peerEndPort[p] =
            peer < 0 || fabric.nodeOfPort(peer) == sw
                ? DEAD
                : fabric.isSwitch(fabric.nodeOfPort(peer)) ? SWITCH : peer;
      }
      Arrays.fill(routesOfPortNum, 0, numPorts + 1, 0);
      int component = switchComponent[sw];
      int maxLid = kind.length - 1;
      byte[] entries = row;
      lfts.copyEntries(sw, 0, entries, 0, maxLid + 1);
      boolean count = routes != null;
      for (int lid = 1; lid <= maxLid; lid++) {
        byte k = kind[lid];
        if (k == SKIP) {
          continue;
        }
        int portNum = entries[lid] & 0xFF;
        int peer = peerEndPort[portNum];
        if (peer == SWITCH) {
          if (count && k == TERMINAL) {
            routesOfPortNum[portNum]++;
          }
          continue;
        }
        int dst = endPortOfLid[lid];
        if (peer == dst && portNum != 0) {
          routesOfPortNum[portNum]++;
          continue;
        }
        boolean ok =
            portNum == Routing.NO_ROUTE
                ? componentOfLid[lid] != component
                : portNum == 0 && dst == own;
        if (!ok) {
          broken.add(((long) lid << 32) | sw);
        }
      }
      for (int p = 1; count && p <= numPorts; p++) {
        routes[fabric.port(sw, p)] += routesOfPortNum[p];
      }
    }
  }
}
