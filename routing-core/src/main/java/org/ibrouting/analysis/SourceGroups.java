package org.ibrouting.analysis;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.PortSl2Vl;
import org.ibrouting.routing.SlTable;

/**
 * {@link CreditLoopVerifier}'s sources bundled by the VL decision: all source LIDs of one SL group
 * (or all of them when the graph is VL-less), and within a group, the switches they start from with
 * their LID counts.
 */
// not another end-port set: EndPortIndex's sources, grouped by the VL decision
final class SourceGroups {
  /** The end ports whose sources are grouped. */
  final EndPortIndex endpoints;

  /** Whether every source is in one group (a graph without VLs). */
  final boolean vlLess;

  /** The per-port SL-to-VL maps the groups were made for, or null. */
  final PortSl2Vl portVls;

  final int numGroups;
  final int[] repLid;
  final int[] entryStart;
  final int[] entrySwitch;

  /** Per entry: the class of the port its sources enter the switch through (0 without a map). */
  final int[] entryClass;

  final int[] entryCount;

  /** Per source LID: its (group, switch) entry, or -1. */
  final int[] entryOfLid;

  /**
   * Groups by {@code table}'s source groups, or by the pairs of groups of {@code table} and {@code
   * second} (a mix's two SL tables; null for one routing).
   */
  SourceGroups(
      EndPortIndex endpoints, SlTable table, SlTable second, boolean vlLess, PortSl2Vl portVls) {
    this.endpoints = endpoints;
    this.vlLess = vlLess;
    this.portVls = portVls;
    Fabric fabric = endpoints.fabric;
    int maxLid = fabric.maxLid();
    IntArrayList reps = new IntArrayList();
    int[] groupOfLid = groupOfLids(endpoints, vlLess ? null : table, second, reps);
    int groups = reps.size();
    numGroups = groups;
    repLid = reps.toIntArray();
    Long2IntOpenHashMap entryOf = new Long2IntOpenHashMap();
    entryOf.defaultReturnValue(-1);
    int[] groupSize = new int[groups + 1];
    long[] entryKeys = new long[16];
    int numEntries = 0;
    for (int lid = 1; lid <= maxLid; lid++) {
      if (groupOfLid[lid] >= 0) {
        long key = entryKey(endpoints, portVls, groupOfLid[lid], lid);
        if (entryOf.get(key) < 0) {
          entryOf.put(key, numEntries);
          if (numEntries == entryKeys.length) {
            entryKeys = Arrays.copyOf(entryKeys, numEntries * 2);
          }
          entryKeys[numEntries++] = key;
          groupSize[groupOfLid[lid] + 1]++;
        }
      }
    }
    // entries ordered by (group, switch) so that the CSR is deterministic
    long[] sorted = Arrays.copyOf(entryKeys, numEntries);
    Arrays.sort(sorted);
    entryStart = new int[groups + 1];
    for (int g = 0; g < groups; g++) {
      entryStart[g + 1] = entryStart[g] + groupSize[g + 1];
    }
    entrySwitch = new int[numEntries];
    entryClass = new int[numEntries];
    entryCount = new int[numEntries];
    Long2IntOpenHashMap indexOf = new Long2IntOpenHashMap(numEntries);
    for (int i = 0; i < numEntries; i++) {
      int low = (int) sorted[i];
      entrySwitch[i] = low >>> 4;
      entryClass[i] = low & 15;
      indexOf.put(sorted[i], i);
    }
    entryOfLid = new int[maxLid + 1];
    Arrays.fill(entryOfLid, -1);
    for (int lid = 1; lid <= maxLid; lid++) {
      if (groupOfLid[lid] >= 0) {
        int entry = indexOf.get(entryKey(endpoints, portVls, groupOfLid[lid], lid));
        entryOfLid[lid] = entry;
        entryCount[entry]++;
      }
    }
  }

  /**
   * Per LID, its group: the pair of its source groups in {@code table} and {@code second} (null:
   * none; {@code table} null: one group), numbered in order of the first source LID of each, which
   * goes to {@code reps}; -1 for LIDs that are no source.
   */
  private static int[] groupOfLids(
      EndPortIndex endpoints, SlTable table, SlTable second, IntArrayList reps) {
    Fabric fabric = endpoints.fabric;
    int tableGroups = table == null ? 0 : table.numGroups();
    int secondGroups = table == null || second == null ? 0 : second.numGroups();
    Long2IntOpenHashMap denseOf = new Long2IntOpenHashMap();
    denseOf.defaultReturnValue(-1);
    int[] groupOfLid = new int[fabric.maxLid() + 1];
    Arrays.fill(groupOfLid, -1);
    for (int e = 0; e < endpoints.ports.length; e++) {
      if (endpoints.switchOf[e] < 0) {
        continue;
      }
      int base = fabric.baseLid(endpoints.ports[e]);
      for (int lid = base; lid < base + endpoints.numLidsOf[e]; lid++) {
        int g1 = table == null ? 0 : table.groupOfSrcLid(lid);
        g1 = g1 < 0 || g1 >= tableGroups ? tableGroups : g1;
        int g2 = secondGroups == 0 ? 0 : second.groupOfSrcLid(lid);
        g2 = g2 < 0 || g2 >= secondGroups ? secondGroups : g2;
        long key = (long) g1 * (secondGroups + 1) + g2;
        int dense = denseOf.get(key);
        if (dense < 0) {
          dense = reps.size();
          reps.add(lid);
          denseOf.put(key, dense);
        }
        groupOfLid[lid] = dense;
      }
    }
    return groupOfLid;
  }

  /**
   * The key of a source LID's entry: its group, the switch it starts from and, with per-port maps,
   * the class of the port it enters that switch through.
   */
  private static long entryKey(EndPortIndex endpoints, PortSl2Vl portVls, int group, int lid) {
    int e = endpoints.endpointOfLid[lid];
    int sw = endpoints.switchOf[e];
    int cls = portVls == null ? 0 : portVls.classOf(entryPort(endpoints, e));
    return ((long) group << 32) | ((long) sw << 4) | cls;
  }

  /** The switch port slot a source end port's packets enter its switch through. */
  static int entryPort(EndPortIndex endpoints, int e) {
    int port = endpoints.ports[e];
    return endpoints.linkHops[e] == 1 ? endpoints.fabric.peerPort(port) : port;
  }
}
