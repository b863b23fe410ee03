package org.ibrouting.engines.reroute;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
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

  private static final long ONES = 0x0101010101010101L;
  private static final long SEVEN_BITS = ONES * 127;
  private static final long HIGH_BITS = ONES * 128;
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

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

  /**
   * The broken entries of tables that break only where a port lost its link ({@link
   * Repair#scansEveryEntry} false), read from the old tables {@code lfts} (so that it runs while
   * they are copied for the repair): in the rows of the switches with an unconnected port, the
   * entries that leave by one (or by a port the switch does not have); every switch's entry for a
   * LID its own switch does not deliver; every entry of a switch whose own LID it does not deliver
   * (a switch the old tables did not know).
   *
   * <p>Cost: a row per switch with an unconnected port, one entry per LID and per switch.
   */
  static DamageScan deadPorts(Fabric fabric, Routing lfts, boolean[] destinations, int threads) {
    boolean[] destination = destinations.clone();
    int n = fabric.numSwitches();
    int maxLid = fabric.maxLid();
    boolean[] whole = new boolean[maxLid + 1];
    for (int lid = 1; lid <= maxLid; lid++) {
      int port = fabric.portOfLid(lid);
      int swPort = port < 0 ? -1 : fabric.switchPortOf(port);
      if (destination[lid] && swPort >= 0) {
        int at = fabric.nodeOfPort(swPort);
        whole[lid] = lfts.outPort(at, lid) != (port == swPort ? 0 : fabric.portNum(swPort));
      } else {
        // a LID whose port lost its switch is set to no route everywhere, not scanned
        destination[lid] = false;
      }
    }
    int[] rows = new int[n];
    int numRows = 0;
    for (int sw = 0; sw < n; sw++) {
      int own = fabric.baseLid(fabric.port(sw, 0));
      if (own > 0 && lfts.outPort(sw, own) != 0 || hasUnconnectedPort(fabric, sw)) {
        rows[numRows++] = sw;
      }
    }
    int count = numRows;
    List<DeadPortWorker> workers =
        Parallel.run(
            count,
            Parallel.threadsFor(count, threads),
            () -> new DeadPortWorker(fabric, lfts, destination, whole, rows));
    LongArrayList broken = new LongArrayList();
    for (DeadPortWorker w : workers) {
      broken.addAll(w.broken);
    }
    for (int lid = 1; lid <= maxLid; lid++) {
      for (int sw = 0; whole[lid] && sw < n; sw++) {
        broken.add(((long) lid << 32) | sw);
      }
    }
    long[] entries = broken.toLongArray();
    Arrays.sort(entries);
    return new DamageScan(entries, new long[fabric.numPortSlots()]);
  }

  /** Reads the rows {@link #deadPorts} scans: one table look-up per entry. */
  private static final class DeadPortWorker implements Parallel.Worker {
    private final Fabric fabric;
    private final Routing lfts;
    private final boolean[] destination;
    private final boolean[] whole;
    private final int[] rows;
    private final byte[] row;
    private final boolean[] broken256 = new boolean[256];
    final LongArrayList broken = new LongArrayList();

    DeadPortWorker(
        Fabric fabric, Routing lfts, boolean[] destination, boolean[] whole, int[] rows) {
      this.fabric = fabric;
      this.lfts = lfts;
      this.destination = destination;
      this.whole = whole;
      this.rows = rows;
      this.row = new byte[whole.length];
    }

    @Override
    public void run(int task) {
      int sw = rows[task];
      int own = fabric.baseLid(fabric.port(sw, 0));
      boolean newRow = own > 0 && lfts.outPort(sw, own) != 0;
      // per port number: whether an entry leaving by it is broken (every entry of a new row)
      int lo = 1;
      int hi = 0;
      for (int p = 0; p < 256; p++) {
        broken256[p] =
            newRow
                || p != 0
                    && p != Routing.NO_ROUTE
                    && (p > fabric.numPorts(sw) || fabric.peerPort(fabric.port(sw, p)) < 0);
        if (broken256[p] && p < 128) {
          lo = hi == 0 ? p : lo;
          hi = p;
        }
      }
      lfts.copyEntries(sw, 0, row, 0, row.length);
      if (newRow) {
        scan(sw, row, 0, row.length, broken256, destination, whole, broken);
      } else {
        scanByWords(sw, row, lo, hi, broken256, destination, whole, broken);
      }
    }

    /**
     * Like {@link #scan}, eight entries at a time: a word is read byte by byte only when one of its
     * bytes lies in {@code lo..hi} (1..127, the range of the broken ports below 128: "determine if
     * a word has a byte between m and n", Bit Twiddling Hacks) or in 128..254 (a port number only
     * the widest switches have; 255 is no route).
     */
    private static void scanByWords(
        int sw,
        byte[] row,
        int lo,
        int hi,
        boolean[] byPort,
        boolean[] destination,
        boolean[] whole,
        LongArrayList broken) {
      long below = ONES * (127 + hi + 1);
      long above = ONES * (127 - (lo - 1));
      int words = row.length / 8;
      for (int w = 0; w < words; w++) {
        long x = (long) LONGS.get(row, 8 * w);
        long low = x & SEVEN_BITS;
        long high = (x & HIGH_BITS) >>> 7;
        if (((below - low) & ~x & (low + above) & HIGH_BITS) != 0
            || (x & high * 0xFF) != high * 0xFF) {
          scan(sw, row, 8 * w, 8 * w + 8, byPort, destination, whole, broken);
        }
      }
      scan(sw, row, 8 * words, row.length, byPort, destination, whole, broken);
    }

    /**
     * The entries of LIDs {@code from..to-1} (LID 0 skipped) of {@code row} that leave by a port
     * marked in {@code byPort}, in locals.
     */
    private static void scan(
        int sw,
        byte[] row,
        int from,
        int to,
        boolean[] byPort,
        boolean[] destination,
        boolean[] whole,
        LongArrayList broken) {
      for (int lid = Math.max(1, from); lid < to; lid++) {
        if (byPort[row[lid] & 0xFF] && destination[lid] && !whole[lid]) {
          broken.add(((long) lid << 32) | sw);
        }
      }
    }
  }

  private static boolean hasUnconnectedPort(Fabric fabric, int sw) {
    for (int p = 1; p <= fabric.numPorts(sw); p++) {
      if (fabric.peerPort(fabric.port(sw, p)) < 0) {
        return true;
      }
    }
    return false;
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
