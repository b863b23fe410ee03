package org.ibrouting.engines.ssspfamily;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.LidMajorLfts;
import org.ibrouting.internal.Parallel;
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
    VlAssignment assignment;
    try {
      assignment =
          VlAssignment.assign(
              routing, ports, options.maxVls(), options.threads(), options.progress(), engine);
    } catch (SizeLimitExceeded e) {
      throw tooLarge(e, engine);
    }
    return withSls(routing, ports, assignment, options, balance, engine);
  }

  private static RoutingException tooLarge(SizeLimitExceeded e, String engine) {
    return new RoutingException(
        RoutingException.Reason.TOO_LARGE,
        e.getMessage().replaceFirst("^dfsssp: ", engine + ": "),
        e);
  }

  /**
   * DFSSSP's VL step begun while the routing is still being computed: VL 0's channel dependency
   * graph is built on the other cores from the rows the router has finished in {@link #rows()},
   * destination by destination in {@code ports}' order (each report of {@link #routed} says how
   * many). {@link #assign} then gives what {@link DfssspLanes#assign} gives for the finished
   * routing. Close it (try-with-resources) so that a failed routing stops its threads.
   */
  public static final class Overlapped implements AutoCloseable {
    private final int[] ports;
    private final RoutingOptions options;
    private final String engine;
    private final GroupVls groups;
    // dropped once VL 0's graph is built: the rows are as large as the LFTs
    private LidMajorLfts rows;
    private ChannelPaths paths;
    private GroupOrder order;
    private FirstVlPipeline firstVl;
    private boolean finished;

    /**
     * Starts on empty tables for the end ports {@code ports} in the router's order, using {@code
     * options.threads() - 1} helper threads on fabrics of {@link Parallel#SEQUENTIAL_BELOW}
     * switches or more, none below.
     *
     * @throws RoutingException {@code TOO_LARGE} when the tables or the dependency index would not
     *     fit
     */
    public Overlapped(Fabric fabric, int[] ports, RoutingOptions options, String engine)
        throws RoutingException {
      this(
          fabric,
          ports,
          LidMajorLfts.forEngine(fabric, engine),
          options,
          engine,
          Parallel.threadsFor(fabric.numSwitches(), options.threads()) - 1);
    }

    /** On {@code rows}, with {@code helpers} helper threads whatever the fabric's size. */
    Overlapped(
        Fabric fabric,
        int[] ports,
        LidMajorLfts rows,
        RoutingOptions options,
        String engine,
        int helpers)
        throws RoutingException {
      this.ports = ports;
      this.options = options;
      this.engine = engine;
      this.rows = rows;
      try {
        paths = new ChannelPaths(fabric, rows.entries());
        groups = new GroupVls(fabric, ports);
        order = new GroupOrder(groups, ports);
      } catch (SizeLimitExceeded e) {
        throw tooLarge(e, engine);
      }
      firstVl = FirstVlGraph.start(paths, groups, order, helpers);
    }

    /** The tables the router writes, destination-major. */
    public LidMajorLfts rows() {
      return rows;
    }

    /** Every LID of the first {@code count} end ports of the order has its row written. */
    public void routed(int count) {
      firstVl.routed(count);
    }

    /**
     * The VLs of the finished {@code routing} (every row written), as {@link DfssspLanes#assign}
     * with {@code balance} returns them.
     *
     * @throws RoutingException when more than {@code options.maxVls()} VLs would be needed
     */
    public Routing assign(Routing routing, boolean balance) throws RoutingException {
      finished = true;
      VlAssignment assignment;
      try {
        assignment =
            VlAssignment.assign(
                paths,
                groups,
                order,
                firstVl.finish(options.progress(), engine + ": channel dependencies"),
                options.maxVls(),
                options.threads(),
                options.progress(),
                engine);
      } catch (SizeLimitExceeded e) {
        throw tooLarge(e, engine);
      } finally {
        rows = null;
        paths = null;
        order = null;
        firstVl = null;
      }
      return withSls(routing, ports, assignment, options, balance, engine);
    }

    /** Stops the helper threads when {@link #assign} was not reached. */
    @Override
    public void close() {
      if (!finished) {
        firstVl.cancel();
      }
    }
  }

  private static Routing withSls(
      Routing routing,
      int[] ports,
      VlAssignment assignment,
      RoutingOptions options,
      boolean balance,
      String engine)
      throws RoutingException {
    Fabric fabric = routing.fabric();
    int maxVls = options.maxVls();
    int needed = assignment.vlsNeeded();
    if (needed > maxVls) {
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
    if (needed == 1 && !balance) {
      // one VL: every path on SL 0, no table needed
      return routing.withSlTable(engine, SlTable.none());
    }
    int[] split = split(assignment.pathsPerVl(), needed, maxVls, balance);
    int[] base = new int[maxVls];
    for (int v = 1; v < needed; v++) {
      base[v] = base[v - 1] + split[v - 1];
    }
    SlTable.Builder sl =
        balance
            ? perSourceLid(fabric, ports, assignment.groups(), split, base, options.seed())
            : perSourceSwitch(fabric, ports, assignment.groups(), base);
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
      Fabric fabric, int[] ports, GroupVls groups, int[] base) {
    int[] groupOfLid = new int[fabric.maxLid() + 1];
    Arrays.fill(groupOfLid, -1);
    for (int src : ports) {
      int peer = fabric.peerPort(src);
      if (fabric.isSwitch(fabric.nodeOfPort(src)) || peer < 0) {
        continue;
      }
      int source =
          fabric.isSwitch(fabric.nodeOfPort(peer))
              ? groups.sourceIndexOfSwitch(fabric.nodeOfPort(peer))
              : -1;
      for (int k = 0; k < 1 << fabric.lmc(src); k++) {
        groupOfLid[fabric.baseLid(src) + k] = source;
      }
    }
    SlTable.Builder sl = new SlTable.Builder(groupOfLid, groups.numSources, fabric.maxLid() + 1);
    for (int source = 0; source < groups.numSources; source++) {
      for (int dst : ports) {
        for (int dlid = fabric.baseLid(dst);
            dlid < fabric.baseLid(dst) + (1 << fabric.lmc(dst));
            dlid++) {
          int vl = groups.vlOfSource(source, dlid);
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
      Fabric fabric, int[] ports, GroupVls groups, int[] split, int[] base, long seed) {
    SlTable.Builder sl = SlTable.perSourceLid(fabric);
    for (int src : ports) {
      int peer = fabric.peerPort(src);
      int source =
          fabric.isSwitch(fabric.nodeOfPort(src))
                  || peer < 0
                  || !fabric.isSwitch(fabric.nodeOfPort(peer))
              ? -1
              : groups.sourceIndexOfSwitch(fabric.nodeOfPort(peer));
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
            int vl = source < 0 ? 0 : groups.vlOfSource(source, dlid);
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
