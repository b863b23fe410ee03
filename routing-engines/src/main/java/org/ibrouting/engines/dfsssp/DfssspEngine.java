package org.ibrouting.engines.dfsssp;

import java.nio.file.Path;
import java.util.Arrays;
import org.ibrouting.engines.sssp.SsspEngine;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.routing.SlTable;

/**
 * DFSSSP: SSSP routing made deadlock-free by assigning paths to virtual lanes.
 *
 * <p>Routes as {@link SsspEngine} does (Hoefler, Schneider, Lumsdaine, "Optimized Routing for
 * Large-Scale InfiniBand Networks"), then breaks every cycle of the channel dependency graph by
 * moving paths to the next VL (Domke, Hoefler, Nagel, "Deadlock-Free Oblivious Routing for
 * Arbitrary Topologies"), exactly as OpenSM 3.3.23's {@code -R dfsssp} does, so it needs the same
 * number of VLs. When they exceed {@code options.maxVls()} the engine refuses, as OpenSM does
 * (ERR AD25). Differences: OpenSM then spreads each VL's paths at random over spare VLs at every
 * PathRecord query; here paths stay on the VLs needed unless {@code balance} is set, in which case
 * spare VLs are split as OpenSM splits them and a path's SL within its block is a seeded hash of
 * (source, destination). The SL table is per (source switch, destination LID), as every CA on a
 * switch has the same paths (1 byte per entry); with {@code balance} it is per (source LID,
 * destination LID).
 *
 * <p>Compute-node and I/O GUID files ({@code -u}, {@code -G}) reorder the destinations as in
 * {@link SsspEngine}; the VL assignment walks the same order, as OpenSM's does. SAR reuses the VL
 * step through {@link #assignVirtualLanes}.
 *
 * <p>Cost: SSSP plus O(source switches x LIDs x hops) for the dependency graphs, built on
 * {@code options.threads()} threads (the result does not depend on their number).
 */
public final class DfssspEngine implements RoutingEngine {
  private final boolean balance;
  private final Path cnGuidFile;
  private final Path ioGuidFile;

  /** Paths on the VLs needed, no balancing over spare VLs. */
  public DfssspEngine() {
    this(false);
  }

  /** {@code balance}: spread paths over spare VLs as OpenSM does (seeded instead of random). */
  public DfssspEngine(boolean balance) {
    this(balance, null, null);
  }

  /**
   * With OpenSM's compute-node ({@code -u}) and I/O-node ({@code -G}) port GUID files; either may
   * be null.
   */
  public DfssspEngine(boolean balance, Path cnGuidFile, Path ioGuidFile) {
    this.balance = balance;
    this.cnGuidFile = cnGuidFile;
    this.ioGuidFile = ioGuidFile;
  }

  @Override
  public String name() {
    return "dfsssp";
  }

  /** Whether spare VLs are split as OpenSM splits them. */
  public boolean balance() {
    return balance;
  }

  /** The SSSP engine (minimal, with this engine's GUID files) whose tables the VLs are assigned to. */
  public SsspEngine ssspEngine() {
    return new SsspEngine(true, cnGuidFile, ioGuidFile);
  }

  @Override
  public Routing route(Fabric fabric, RoutingOptions options) throws RoutingException {
    SsspEngine ssspEngine = ssspEngine();
    int[] ports = ssspEngine.destinationOrder(fabric, name());
    Routing sssp;
    try {
      sssp = ssspEngine.route(fabric, options, ports);
    } catch (RoutingException e) {
      throw new RoutingException("dfsssp: " + e.getMessage().replaceFirst("^sssp: ", ""), e);
    }
    return assignVirtualLanes(sssp, ports, options, balance, name());
  }

  /**
   * DFSSSP's deadlock removal on any destination-based routing: assigns every (source LID,
   * destination LID) path of the end ports {@code ports} to a VL exactly as {@link DfssspEngine}
   * does (the order of {@code ports} decides ties, as OpenSM's port order does), and returns
   * {@code routing} with the SL table, named {@code engine}. With one VL and no {@code balance}
   * the table is {@link SlTable#none()}.
   *
   * @throws RoutingException when more than {@code options.maxVls()} VLs would be needed
   */
  public static Routing assignVirtualLanes(Routing routing, int[] ports, RoutingOptions options,
      boolean balance, String engine) throws RoutingException {
    Fabric fabric = routing.fabric();
    int maxVls = options.maxVls();
    int[] needed = new int[1];
    long[] pathsPerVl = new long[maxVls];
    VlAssignment assignment = VlAssignment.assign(routing, ports, maxVls, options.threads(), needed,
        pathsPerVl);
    if (needed[0] > maxVls) {
      throw new RoutingException(engine + ": needs more than " + maxVls + " VLs (the channel dependency"
          + " graph of the last VL still has a cycle); allow more with --max-vls (up to 15) or use lash/updn");
    }
    if (needed[0] == 1 && !balance) {
      // one VL: every path on SL 0, no table needed
      return routing.withSlTable(engine, SlTable.none());
    }
    int[] split = new int[maxVls];
    int[] base = new int[maxVls];
    for (int v = 0; v < needed[0]; v++) {
      split[v] = 1;
    }
    if (balance) {
      for (int spare = needed[0]; spare < maxVls; spare++) {
        int fullest = 0;
        double most = 0;
        for (int v = 0; v < needed[0]; v++) {
          double avg = (double) pathsPerVl[v] / split[v];
          if (most < avg) {
            most = avg;
            fullest = v;
          }
        }
        split[fullest]++;
      }
    }
    for (int v = 1; v < needed[0]; v++) {
      base[v] = base[v - 1] + split[v - 1];
    }
    SlTable.Builder sl = balance ? perSourceLid(fabric, ports, assignment, split, base, options.seed())
        : perSourceSwitch(fabric, ports, assignment, base);
    return routing.withSlTable(engine, sl.build());
  }

  /**
   * One SL per (source switch, destination LID): every CA cabled to a switch has the same paths.
   * Switches' own LIDs send on SL 0, as their paths were never moved.
   */
  private static SlTable.Builder perSourceSwitch(Fabric fabric, int[] ports, VlAssignment assignment,
      int[] base) {
    int[] groupOfLid = new int[fabric.maxLid() + 1];
    Arrays.fill(groupOfLid, -1);
    for (int src : ports) {
      int peer = fabric.peerPort(src);
      if (fabric.isSwitch(fabric.nodeOfPort(src)) || peer < 0) {
        continue;
      }
      int source = fabric.isSwitch(fabric.nodeOfPort(peer))
          ? assignment.sourceIndexOfSwitch(fabric.nodeOfPort(peer)) : -1;
      for (int k = 0; k < 1 << fabric.lmc(src); k++) {
        groupOfLid[fabric.baseLid(src) + k] = source;
      }
    }
    SlTable.Builder sl = new SlTable.Builder(groupOfLid, assignment.numSourceSwitches(), fabric.maxLid() + 1);
    for (int source = 0; source < assignment.numSourceSwitches(); source++) {
      for (int dst : ports) {
        for (int dlid = fabric.baseLid(dst); dlid < fabric.baseLid(dst) + (1 << fabric.lmc(dst)); dlid++) {
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
  private static SlTable.Builder perSourceLid(Fabric fabric, int[] ports, VlAssignment assignment,
      int[] split, int[] base, long seed) {
    SlTable.Builder sl = SlTable.perSourceLid(fabric);
    for (int src : ports) {
      int peer = fabric.peerPort(src);
      int source = fabric.isSwitch(fabric.nodeOfPort(src)) || peer < 0
          || !fabric.isSwitch(fabric.nodeOfPort(peer)) ? -1
          : assignment.sourceIndexOfSwitch(fabric.nodeOfPort(peer));
      for (int slid = fabric.baseLid(src); slid < fabric.baseLid(src) + (1 << fabric.lmc(src)); slid++) {
        int group = sl.groupOfSrcLid(slid);
        for (int dst : ports) {
          if (dst == src) {
            continue;
          }
          for (int dlid = fabric.baseLid(dst); dlid < fabric.baseLid(dst) + (1 << fabric.lmc(dst)); dlid++) {
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
