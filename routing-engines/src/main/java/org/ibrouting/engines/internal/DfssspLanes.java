package org.ibrouting.engines.internal;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.routing.SlTable;

/**
 * Not API: DFSSSP's VL step as dfsssp, sar and {@link org.ibrouting.engines.VirtualLanes} share it,
 * on top of {@link VlAssignment}.
 */
public final class DfssspLanes {
  private DfssspLanes() {}

  /**
   * DFSSSP's deadlock removal on any destination-based routing: assigns every (source LID,
   * destination LID) path of the end ports {@code ports} to a VL exactly as {@link
   * org.ibrouting.engines.dfsssp.DfssspEngine} does (the order of {@code ports} decides ties, as
   * OpenSM's port order does), and returns {@code routing} with the SL table, named {@code engine}.
   * With one VL and no {@code balance} the table is {@link SlTable#none()}.
   *
   * @throws RoutingException when more than {@code options.maxVls()} VLs would be needed
   */
  public static Routing assign(
      Routing routing, int[] ports, RoutingOptions options, boolean balance, String engine)
      throws RoutingException {
    Fabric fabric = routing.fabric();
    int maxVls = options.maxVls();
    int[] needed = new int[1];
    long[] pathsPerVl = new long[maxVls];
    VlAssignment assignment;
    try {
      assignment =
          VlAssignment.assign(
              routing,
              ports,
              maxVls,
              options.threads(),
              needed,
              pathsPerVl,
              options.progress(),
              engine);
    } catch (SizeLimitExceeded e) {
      throw new RoutingException(
          RoutingException.Reason.TOO_LARGE,
          e.getMessage().replaceFirst("^dfsssp: ", engine + ": "),
          e);
    }
    if (needed[0] > maxVls) {
      throw RoutingException.vlsExceeded(
          engine
              + ": needs more than "
              + maxVls
              + " VLs (the channel"
              + " dependency graph of the last VL still has a cycle); allow more VLs (up to 15) or use lash or"
              + " updn",
          maxVls + 1,
          maxVls);
    }
    if (needed[0] == 1 && !balance) {
      // one VL: every path on SL 0, no table needed
      return routing.withSlTable(engine, SlTable.none());
    }
    int[] split = split(pathsPerVl, needed[0], maxVls, balance);
    int[] base = new int[maxVls];
    for (int v = 1; v < needed[0]; v++) {
      base[v] = base[v - 1] + split[v - 1];
    }
    SlTable.Builder sl =
        balance
            ? perSourceLid(fabric, ports, assignment, split, base, options.seed())
            : perSourceSwitch(fabric, ports, assignment, base);
    return routing.withSlTable(engine, sl.build());
  }

  /**
   * The number of SLs each of the {@code needed} VLs spreads over: 1 each, and with {@code balance}
   * every spare VL goes to the VL with the most paths per SL (the lowest VL on ties), as OpenSM's
   * balancing splits them.
   */
  static int[] split(long[] pathsPerVl, int needed, int maxVls, boolean balance) {
    int[] split = new int[maxVls];
    for (int v = 0; v < needed; v++) {
      split[v] = 1;
    }
    if (balance) {
      for (int spare = needed; spare < maxVls; spare++) {
        int fullest = 0;
        double most = 0;
        for (int v = 0; v < needed; v++) {
          double avg = (double) pathsPerVl[v] / split[v];
          if (most < avg) {
            most = avg;
            fullest = v;
          }
        }
        split[fullest]++;
      }
    }
    return split;
  }

  /**
   * One SL per (source switch, destination LID): every CA cabled to a switch has the same paths.
   * Switches' own LIDs send on SL 0, as their paths were never moved.
   */
  private static SlTable.Builder perSourceSwitch(
      Fabric fabric, int[] ports, VlAssignment assignment, int[] base) {
    int[] groupOfLid = new int[fabric.maxLid() + 1];
    Arrays.fill(groupOfLid, -1);
    for (int src : ports) {
      int peer = fabric.peerPort(src);
      if (fabric.isSwitch(fabric.nodeOfPort(src)) || peer < 0) {
        continue;
      }
      int source =
          fabric.isSwitch(fabric.nodeOfPort(peer))
              ? assignment.sourceIndexOfSwitch(fabric.nodeOfPort(peer))
              : -1;
      for (int k = 0; k < 1 << fabric.lmc(src); k++) {
        groupOfLid[fabric.baseLid(src) + k] = source;
      }
    }
    SlTable.Builder sl =
        new SlTable.Builder(groupOfLid, assignment.numSourceSwitches(), fabric.maxLid() + 1);
    for (int source = 0; source < assignment.numSourceSwitches(); source++) {
      for (int dst : ports) {
        for (int dlid = fabric.baseLid(dst);
            dlid < fabric.baseLid(dst) + (1 << fabric.lmc(dst));
            dlid++) {
          int vl = assignment.vlOfSource(source, dlid);
          if (vl != 0) {
            sl.setSl(source, dlid, base[vl]);
          }
        }
      }
    }
    return sl;
  }

  /** One SL per (source LID, destination LID): a seeded hash spreads each VL over its spare VLs. */
  private static SlTable.Builder perSourceLid(
      Fabric fabric, int[] ports, VlAssignment assignment, int[] split, int[] base, long seed) {
    SlTable.Builder sl = SlTable.perSourceLid(fabric);
    for (int src : ports) {
      int peer = fabric.peerPort(src);
      int source =
          fabric.isSwitch(fabric.nodeOfPort(src))
                  || peer < 0
                  || !fabric.isSwitch(fabric.nodeOfPort(peer))
              ? -1
              : assignment.sourceIndexOfSwitch(fabric.nodeOfPort(peer));
      for (int slid = fabric.baseLid(src);
          slid < fabric.baseLid(src) + (1 << fabric.lmc(src));
          slid++) {
        int group = sl.groupOfSrcLid(slid);
        for (int dst : ports) {
          if (dst == src) {
            continue;
          }
          for (int dlid = fabric.baseLid(dst);
              dlid < fabric.baseLid(dst) + (1 << fabric.lmc(dst));
              dlid++) {
            int vl = source < 0 ? 0 : assignment.vlOfSource(source, dlid);
            int offset = split[vl] > 1 ? Math.floorMod(mix(slid, dlid, seed), split[vl]) : 0;
            sl.setSl(group, dlid, base[vl] + offset);
          }
        }
      }
    }
    return sl;
  }

  private static int mix(int slid, int dlid, long seed) {
    long z = seed + 0x9E3779B97F4A7C15L * (((long) slid << 16) | dlid);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return (int) (z ^ (z >>> 31));
  }
}
