package org.ibrouting.engines.reroute;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.ibrouting.engines.updown.UpDownHops;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;

/**
 * The broken destination LIDs, in the engine's order, and per LID its affected switches: those
 * whose path no longer delivers but that still reach the LID. Switches that no longer reach it get
 * no route here (and are released); their count of changed entries is kept.
 *
 * <p>Memory: 1 int per affected entry and per broken LID.
 */
final class Affected {
  private final int[] lids;
  private final int[] starts;

  /** The affected switches of every broken LID, LID after LID. */
  final int[] switches;

  /** Entries set to no route because their switch no longer reaches the LID. */
  final long unreachableChanged;

  private Affected(Collector collected) {
    this.lids = collected.lids.toIntArray();
    collected.starts.add(collected.switches.size());
    this.starts = collected.starts.toIntArray();
    this.switches = collected.switches.toIntArray();
    this.unreachableChanged = collected.unreachable;
  }

  int numLids() {
    return lids.length;
  }

  int lid(int i) {
    return lids[i];
  }

  /**
   * The first index into {@link #switches} of broken LID {@code i} ({@code numLids()}: the end).
   */
  int start(int i) {
    return starts[i];
  }

  /**
   * From the scan's broken entries: per broken LID, the switches with a broken entry and every
   * switch whose entry leads (transitively) to one of them, by a search backwards over the links.
   * Loops that were in the old tables and meet no broken entry are left as they were.
   */
  static Affected upstream(
      Fabric fabric,
      RoutingBuilder lfts,
      int[] order,
      long[] brokenEntries,
      int[] component,
      Repair repair) {
    int maxLid = fabric.maxLid();
    int[] firstOfLid = new int[maxLid + 2];
    java.util.Arrays.fill(firstOfLid, -1);
    for (int i = brokenEntries.length - 1; i >= 0; i--) {
      firstOfLid[(int) (brokenEntries[i] >>> 32)] = i;
    }
    int n = fabric.numSwitches();
    int[] stamp = new int[n];
    int[] queue = new int[n];
    int mark = 0;
    Collector collected = new Collector(fabric, lfts, component, repair);
    for (int lid : order) {
      int first = firstOfLid[lid];
      if (first < 0) {
        continue;
      }
      mark++;
      int tail = 0;
      for (int i = first; i < brokenEntries.length && (int) (brokenEntries[i] >>> 32) == lid; i++) {
        int sw = (int) brokenEntries[i];
        stamp[sw] = mark;
        queue[tail++] = sw;
      }
      for (int head = 0; head < tail; head++) {
        int sw = queue[head];
        for (int k = 0; k < fabric.outDegree(sw); k++) {
          int channel = fabric.outChannel(sw, k);
          int back = fabric.peerPort(channel);
          int prev = fabric.nodeOfPort(back);
          if (prev < n
              && prev != sw
              && stamp[prev] != mark
              && lfts.outPort(prev, lid) == fabric.portNum(back)) {
            stamp[prev] = mark;
            queue[tail++] = prev;
          }
        }
      }
      collected.startLid(lid);
      for (int i = 0; i < tail; i++) {
        collected.add(queue[i]);
      }
      collected.endLid();
    }
    return new Affected(collected);
  }

  /**
   * By reading every destination's tree under a turn rule: a switch is affected when its path does
   * not deliver or breaks the rule ({@code turns}: turns from the last phase back to the first).
   * The trees are read in blocks of LIDs, in parallel, and followed from the destination outwards.
   * Under a turn rule some switches may have no legal path to a switch's own LID by design
   * (Up*&#47;Down* between switches under different roots): a switch the old tables gave no route
   * to a switch LID keeps none.
   */
  static Affected byTrees(
      Fabric fabric,
      RoutingBuilder lfts,
      int[] order,
      int[] component,
      Repair repair,
      UpDownHops.Turns turns,
      int threads) {
    boolean[] destination = new boolean[fabric.maxLid() + 1];
    for (int lid : order) {
      destination[lid] = true;
    }
    int[] headOfSlot = UpDownHops.switchBehindPort(fabric);
    byte[] phaseOfSlot = UpDownHops.turnOfPort(fabric, turns, headOfSlot);
    long[][] failing = new long[LidBlocks.count(fabric)][];
    TreeCheck check = new TreeCheck(fabric, lfts, headOfSlot, phaseOfSlot, destination, failing);
    Parallel.run(
        failing.length,
        Parallel.threadsFor(fabric.numSwitches(), threads),
        () -> check.new Worker());
    Collector collected = new Collector(fabric, lfts, component, repair);
    long[] all = inEngineOrder(failing, order, fabric.maxLid());
    for (int i = 0; i < all.length; ) {
      int lid = order[(int) (all[i] >>> 32)];
      collected.startLid(lid);
      for (; i < all.length && order[(int) (all[i] >>> 32)] == lid; i++) {
        collected.add((int) all[i]);
      }
      collected.endLid();
    }
    return new Affected(collected);
  }

  /**
   * The failing entries {@code (lid << 32) | switch} of every block, as {@code (rank << 32) |
   * switch} in the engine's destination order ({@code rank}: the LID's index in {@code order}),
   * switches ascending.
   */
  private static long[] inEngineOrder(long[][] failing, int[] order, int maxLid) {
    int[] rank = new int[maxLid + 1];
    for (int i = 0; i < order.length; i++) {
      rank[order[i]] = i;
    }
    LongArrayList merged = new LongArrayList();
    for (long[] part : failing) {
      merged.addElements(merged.size(), part);
    }
    long[] all = merged.toLongArray();
    for (int i = 0; i < all.length; i++) {
      all[i] = ((long) rank[(int) (all[i] >>> 32)] << 32) | (all[i] & 0xFFFFFFFFL);
    }
    java.util.Arrays.sort(all);
    return all;
  }

  /**
   * Reads the trees of one block of LIDs at a time: links each switch to the next one its entry
   * leads to, follows the links from the destination outwards while the turn rule holds, and lists
   * the switches not reached as {@code (lid << 32) | switch}.
   */
  private record TreeCheck(
      Fabric fabric,
      RoutingBuilder lfts,
      int[] headOfSlot,
      byte[] phaseOfSlot,
      boolean[] destination,
      long[][] failing) {

    /** One thread's reader, with its scratch arrays. */
    private final class Worker implements Parallel.Worker {
      private final int n = fabric.numSwitches();
      private final LidBlocks blocks = new LidBlocks(fabric, lfts);
      private final int[] next = new int[n];
      private final int[] childStart = new int[n + 2];
      private final int[] children = new int[n];
      private final int[] queue = new int[n];
      private final byte[] state = new byte[n];
      private final LongArrayList found = new LongArrayList();

      @Override
      public void run(int task) {
        found.clear();
        int lids = blocks.load(task);
        for (int j = 0; j < lids; j++) {
          int lid = blocks.firstLid() + j;
          if (lid > 0 && destination[lid]) {
            int target = target(fabric, lid);
            linkChildren(j, target);
            follow(lid, j, target);
            collect(lid, j);
          }
        }
        failing[task] = found.toLongArray();
      }

      /**
       * Per switch, the next switch of its entry ({@code next}, -1 at the target and where the
       * entry leads to no other switch), and per switch the switches whose entry leads to it
       * ({@code children[childStart[v] .. childStart[v + 1]-1]}); clears {@code state}.
       */
      private void linkChildren(int column, int target) {
        java.util.Arrays.fill(childStart, 0);
        for (int sw = 0; sw < n; sw++) {
          int portNum = blocks.port(column, sw);
          int head = -1;
          if (sw != target && portNum != Routing.NO_ROUTE && portNum <= fabric.numPorts(sw)) {
            head = headOfSlot[fabric.port(sw, portNum)];
          }
          next[sw] = head;
          state[sw] = 0;
          if (head >= 0) {
            childStart[head + 2]++;
          }
        }
        for (int sw = 0; sw < n; sw++) {
          childStart[sw + 2] += childStart[sw + 1];
        }
        for (int sw = 0; sw < n; sw++) {
          if (next[sw] >= 0) {
            children[childStart[next[sw] + 1]++] = sw;
          }
        }
      }

      /**
       * Marks {@link #VALID} every switch whose path reaches the target under the turn rule, from
       * the target (when it delivers the LID) outwards.
       */
      private void follow(int lid, int column, int target) {
        int tail = 0;
        if (target >= 0 && blocks.port(column, target) == deliveryPort(fabric, lid)) {
          state[target] = VALID | LAST_ONLY;
          queue[tail++] = target;
        }
        for (int head = 0; head < tail; head++) {
          int v = queue[head];
          for (int i = childStart[v]; i < childStart[v + 1]; i++) {
            int u = children[i];
            int phase = phaseOfSlot[fabric.port(u, blocks.port(column, u))];
            boolean lastHop = (phase & LAST) != 0;
            boolean lastOnly = lastHop && (state[v] & LAST_ONLY) != 0;
            if (lastOnly || (phase & FIRST) != 0) {
              state[u] = (byte) (VALID | (lastOnly ? LAST_ONLY : 0));
              queue[tail++] = u;
            }
          }
        }
      }

      /** Lists the switches not marked, but a switch LID's switches that had no route to it. */
      private void collect(int lid, int column) {
        boolean switchLid = fabric.isSwitch(fabric.nodeOfPort(fabric.portOfLid(lid)));
        for (int sw = 0; sw < n; sw++) {
          if (state[sw] == 0 && !(switchLid && blocks.port(column, sw) == Routing.NO_ROUTE)) {
            found.add(((long) lid << 32) | sw);
          }
        }
      }
    }
  }

  /**
   * The affected switches LID after LID: {@link #startLid}, {@link #add} for each switch whose path
   * broke, {@link #endLid} (which keeps the LID only when some switch is affected).
   */
  private static final class Collector {
    private final Fabric fabric;
    private final RoutingBuilder lfts;
    private final int[] component;
    private final Repair repair;
    final IntArrayList lids = new IntArrayList();
    final IntArrayList starts = new IntArrayList();
    final IntArrayList switches = new IntArrayList();
    long unreachable;
    private int lid;
    private int target;
    private int before;

    Collector(Fabric fabric, RoutingBuilder lfts, int[] component, Repair repair) {
      this.fabric = fabric;
      this.lfts = lfts;
      this.component = component;
      this.repair = repair;
    }

    void startLid(int lid) {
      this.lid = lid;
      this.target = target(fabric, lid);
      this.before = switches.size();
    }

    void add(int sw) {
      unreachable += sort(fabric, lfts, lid, sw, target, component, repair, switches);
    }

    void endLid() {
      if (switches.size() > before) {
        lids.add(lid);
        starts.add(before);
      }
    }
  }

  private static final int FIRST = UpDownHops.FIRST;
  private static final int LAST = UpDownHops.LAST;
  private static final byte VALID = 1;
  private static final byte LAST_ONLY = 2;

  /** The output port that delivers a LID at its own switch: 0, or the port cabled to the CA. */
  static int deliveryPort(Fabric fabric, int lid) {
    int port = fabric.portOfLid(lid);
    return fabric.isSwitch(fabric.nodeOfPort(port)) ? 0 : fabric.portNum(fabric.switchPortOf(port));
  }

  /** The switch a LID's end port is (or is cabled to), or -1. */
  private static int target(Fabric fabric, int lid) {
    int swPort = fabric.switchPortOf(fabric.portOfLid(lid));
    return swPort < 0 ? -1 : fabric.nodeOfPort(swPort);
  }

  /**
   * A switch whose path broke: affected when it still reaches the target, else its entry becomes no
   * route (returns 1 when that changed it). Either way the repair releases the old entry.
   */
  private static int sort(
      Fabric fabric,
      RoutingBuilder lfts,
      int lid,
      int sw,
      int target,
      int[] component,
      Repair repair,
      IntArrayList switches) {
    int oldPort = lfts.outPort(sw, lid);
    if (target >= 0 && component[sw] == component[target]) {
      switches.add(sw);
      repair.release(sw, lid, oldPort);
      return 0;
    }
    if (oldPort == Routing.NO_ROUTE) {
      return 0;
    }
    repair.release(sw, lid, oldPort);
    lfts.setOutPort(sw, lid, Routing.NO_ROUTE);
    return 1;
  }
}
