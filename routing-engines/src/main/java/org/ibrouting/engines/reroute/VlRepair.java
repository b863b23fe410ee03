package org.ibrouting.engines.reroute;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;
import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.engines.ssspfamily.DfssspLanes;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.IncrementalCdg;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.routing.SlTable;

/**
 * DFSSSP's VLs after a re-route: the old SL of every path is kept when the new tables stay
 * deadlock-free with them ({@link CreditLoopVerifier}); otherwise only the re-routed paths move.
 *
 * <p>A <em>unit</em> is a (source group of the SL table, destination LID) pair: all its sources
 * share one SL. The units whose sources sit on a re-routed switch changed their path. The
 * dependencies of every other unit go into one {@link IncrementalCdg} per VL (on its old VL); then
 * each changed unit, in DFSSSP's destination order, goes to its old VL if its dependencies close no
 * cycle there, else to the first VL where they do not. When some unit fits no VL (or the kept paths
 * themselves hold a cycle), every path is assigned afresh by DFSSSP's VL step ({@code
 * DfssspLanes.assign}). Without an old SL table every path is taken to be on VL 0, as an OpenSM
 * dump carries no SLs; re-routed units get SLs per source switch.
 *
 * <p>Cost of the targeted step: one walk per (source switch, destination LID) and an {@link
 * IncrementalCdg} over the distinct dependencies, per VL.
 */
final class VlRepair {
  private final String engine;
  private final SlTable oldTable;
  private final int[] ports;
  private final RoutingOptions options;
  private final boolean balance;
  private final LongOpenHashSet rerouted = new LongOpenHashSet();

  VlRepair(String engine, SlTable oldTable, int[] ports, RoutingOptions options, boolean balance) {
    this.engine = engine;
    this.oldTable = oldTable;
    this.ports = ports;
    this.options = options;
    this.balance = balance;
  }

  /** The affected switches {@code affected[from..to)} got new paths to {@code lid}. */
  void rerouted(int lid, int[] affected, int from, int to) {
    for (int i = from; i < to; i++) {
      rerouted.add(((long) affected[i] << 32) | lid);
    }
  }

  Routing finish(Routing tables, Reroute.Stats stats) throws RoutingException {
    Fabric fabric = tables.fabric();
    CreditLoopVerifier verifier =
        stats.verifier != null
            ? stats.verifier
            : CreditLoopVerifier.defaults().withThreads(options.threads());
    stats.verified = true;
    SlTable start = oldTable.isNone() ? none(fabric) : oldTable;
    Routing kept = tables.withSlTable(engine, oldTable);
    if (verifier.verify(kept).isDeadlockFree()) {
      stats.note = "every path kept its SL; deadlock-free (verified)";
      return kept;
    }
    Units units = new Units(fabric, start);
    String why = units.reassign(tables);
    if (why == null) {
      Routing moved = tables.withSlTable(engine, units.table());
      CdgReport check = verifier.verify(moved);
      if (check.isDeadlockFree()) {
        stats.pathsMoved = units.moved;
        stats.note =
            units.moved
                + " re-routed paths moved to another VL, every other path kept its"
                + " SL; deadlock-free (verified)";
        return moved;
      }
      why = "the moved paths still close a credit loop";
    }
    Routing fresh = DfssspLanes.assign(tables, ports, options, balance, engine);
    stats.note = "SLs assigned afresh by DFSSSP's VL step (" + why + ")";
    return fresh;
  }

  /** The table of a routing without SLs, grouped by source switch, every path on SL 0. */
  private static SlTable none(Fabric fabric) {
    return SlTable.perSourceSwitch(fabric).build();
  }

  /** The units of an SL table over one routing, and their VLs. */
  private final class Units {
    private final Fabric fabric;
    private final SlTable table;
    private final int[] groupOfLid;
    private final int numGroups;

    /** Per group, the distinct switches its source LIDs sit on. */
    private final int[][] switchesOfGroup;

    /** Per group, one of its LIDs (the SL of every member is the same). */
    private final int[] repLid;

    private final byte[] newSl;
    private final boolean[] changed;
    private final int[] dstLids;
    long moved;

    Units(Fabric fabric, SlTable table) {
      this.fabric = fabric;
      this.table = table;
      int maxLid = fabric.maxLid();
      groupOfLid = new int[maxLid + 1];
      Arrays.fill(groupOfLid, -1);
      int groups = 0;
      IntArrayList[] members = new IntArrayList[0];
      int[] rep = new int[0];
      for (int lid = 1; lid <= maxLid; lid++) {
        int port = fabric.portOfLid(lid);
        int g = table.groupOfSrcLid(lid);
        if (port < 0
            || fabric.isSwitch(fabric.nodeOfPort(port))
            || g < 0
            || fabric.switchPortOf(port) < 0) {
          continue;
        }
        groupOfLid[lid] = g;
        if (g >= members.length) {
          members = Arrays.copyOf(members, Math.max(g + 1, members.length * 2));
          rep = Arrays.copyOf(rep, members.length);
        }
        if (members[g] == null) {
          members[g] = new IntArrayList();
          rep[g] = lid;
        }
        int sw = fabric.nodeOfPort(fabric.switchPortOf(port));
        if (!members[g].contains(sw)) {
          members[g].add(sw);
        }
        groups = Math.max(groups, g + 1);
      }
      numGroups = groups;
      switchesOfGroup = new int[groups][];
      for (int g = 0; g < groups; g++) {
        switchesOfGroup[g] = members[g] == null ? new int[0] : members[g].toIntArray();
      }
      repLid = Arrays.copyOf(rep, groups);
      IntArrayList dst = new IntArrayList();
      for (int port : ports) {
        if (!fabric.isSwitch(fabric.nodeOfPort(port))) {
          for (int k = 0; k < 1 << fabric.lmc(port); k++) {
            dst.add(fabric.baseLid(port) + k);
          }
        }
      }
      dstLids = dst.toIntArray();
      newSl = new byte[groups * dstLids.length];
      changed = new boolean[groups * dstLids.length];
    }

    /** Moves the changed units; returns null, or why every path must be assigned afresh. */
    String reassign(Routing tables) {
      int maxVls = options.maxVls();
      LongOpenHashSet[] keptKeys = new LongOpenHashSet[maxVls];
      LongOpenHashSet all = new LongOpenHashSet();
      long[][] unitKeys = new long[numGroups * dstLids.length][];
      String refused = collectUnits(tables, keptKeys, all, unitKeys);
      if (refused != null) {
        return refused;
      }
      IncrementalCdg.Graph graph =
          IncrementalCdg.Graph.of(all.toLongArray(), fabric.numPortSlots());
      IncrementalCdg.Workspace work = new IncrementalCdg.Workspace(graph.numChannels());
      IncrementalCdg[] cdgs = new IncrementalCdg[maxVls];
      for (int vl = 0; vl < maxVls; vl++) {
        cdgs[vl] = new IncrementalCdg(graph, work);
        if (keptKeys[vl] != null) {
          for (long key : keptKeys[vl].toLongArray()) {
            if (!cdgs[vl].tryAdd(graph.slotOf(key))) {
              return "the kept paths on VL " + vl + " hold a credit loop";
            }
          }
        }
      }
      return placeChanged(cdgs, unitKeys);
    }

    /**
     * Per unit (group, destination LID): its SL and whether it moves; the dependencies of every
     * unit into {@code all}, those of the moving ones into {@code unitKeys} and those of the kept
     * ones into {@code keptKeys} by their VL. Returns null, or why every path must be assigned
     * afresh.
     */
    private String collectUnits(
        Routing tables, LongOpenHashSet[] keptKeys, LongOpenHashSet all, long[][] unitKeys) {
      int maxVls = keptKeys.length;
      LongOpenHashSet scratch = new LongOpenHashSet();
      for (int d = 0; d < dstLids.length; d++) {
        int lid = dstLids[d];
        for (int g = 0; g < numGroups; g++) {
          if (switchesOfGroup[g].length == 0) {
            continue;
          }
          int unit = g * dstLids.length + d;
          int sl = table.sl(repLid[g], lid);
          newSl[unit] = (byte) sl;
          boolean moves = false;
          scratch.clear();
          for (int sw : switchesOfGroup[g]) {
            moves |= rerouted.contains(((long) sw << 32) | lid);
            dependencies(tables, sw, lid, scratch);
          }
          changed[unit] = moves;
          long[] keys = scratch.toLongArray();
          for (long key : keys) {
            all.add(key);
          }
          if (moves) {
            unitKeys[unit] = keys;
          } else {
            int vl = table.vlOfSl(sl);
            if (vl >= maxVls) {
              return "a kept path is on VL " + vl + ", beyond --max-vls " + maxVls;
            }
            if (keptKeys[vl] == null) {
              keptKeys[vl] = new LongOpenHashSet();
            }
            for (long key : keys) {
              keptKeys[vl].add(key);
            }
          }
        }
      }
      return null;
    }

    /**
     * Places every moving unit on the first VL, its old one first, whose graph stays acyclic with
     * its dependencies; returns null, or why every path must be assigned afresh.
     */
    private String placeChanged(IncrementalCdg[] cdgs, long[][] unitKeys) {
      int maxVls = cdgs.length;
      int[] slOfVl = slOfVl();
      for (int unit = 0; unit < changed.length; unit++) {
        if (!changed[unit]) {
          continue;
        }
        int oldVl = table.vlOfSl(newSl[unit]);
        int placed = -1;
        for (int k = -1; k < maxVls && placed < 0; k++) {
          int vl = k < 0 ? oldVl : k;
          if (vl >= maxVls || k >= 0 && vl == oldVl || slOfVl[vl] < 0) {
            continue;
          }
          if (cdgs[vl].tryAddAll(unitKeys[unit])) {
            placed = vl;
          }
        }
        if (placed < 0) {
          return "a re-routed path fits no VL below --max-vls " + maxVls;
        }
        if (placed != oldVl) {
          newSl[unit] = (byte) slOfVl[placed];
          moved++;
        }
      }
      return null;
    }

    /** The first SL of each VL under the table's SL-to-VL map (-1 for a VL no SL maps to). */
    private int[] slOfVl() {
      int[] slOf = new int[SlTable.NUM_SLS];
      Arrays.fill(slOf, -1);
      for (int sl = SlTable.NUM_SLS - 1; sl >= 0; sl--) {
        slOf[table.vlOfSl(sl)] = sl;
      }
      return slOf;
    }

    /** The SL table with the units' SLs. */
    SlTable table() {
      SlTable.Builder b =
          new SlTable.Builder(groupOfLid, Math.max(1, numGroups), fabric.maxLid() + 1);
      byte[] map = new byte[SlTable.NUM_SLS];
      for (int sl = 0; sl < SlTable.NUM_SLS; sl++) {
        map[sl] = (byte) table.vlOfSl(sl);
      }
      b.setSlToVl(map);
      for (int g = 0; g < numGroups; g++) {
        if (switchesOfGroup[g].length == 0) {
          continue;
        }
        for (int d = 0; d < dstLids.length; d++) {
          b.setSl(g, dstLids[d], newSl[g * dstLids.length + d]);
        }
      }
      return b.build();
    }
  }

  /**
   * Appends the dependencies {@code (c1 << 32) | c2} of the path from switch {@code sw} to {@code
   * lid}: consecutive switch-to-switch channels, as the verifier counts them.
   */
  private static void dependencies(Routing tables, int sw, int lid, LongOpenHashSet out) {
    Fabric fabric = tables.fabric();
    int prev = -1;
    int cur = sw;
    for (int step = 0; step <= fabric.numSwitches(); step++) {
      int portNum = tables.outPort(cur, lid);
      if (portNum == Routing.NO_ROUTE || portNum == 0 || portNum > fabric.numPorts(cur)) {
        return;
      }
      int channel = fabric.port(cur, portNum);
      int peer = fabric.peerPort(channel);
      if (peer < 0 || !fabric.isSwitch(fabric.nodeOfPort(peer))) {
        return;
      }
      if (prev >= 0) {
        out.add(((long) prev << 32) | channel);
      }
      prev = channel;
      cur = fabric.nodeOfPort(peer);
    }
  }
}
