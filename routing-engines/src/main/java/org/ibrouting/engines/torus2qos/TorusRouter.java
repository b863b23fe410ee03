package org.ibrouting.engines.torus2qos;

import java.util.ArrayList;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.routing.ProgressListener;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.SlTable;
import org.ibrouting.topology.TorusConfig;

/**
 * torus-2QoS's routing on a recovered {@link Torus}, as OpenSM computes it ({@code routable_torus},
 * {@code torus_lft}, {@code lft_port}, {@code torus_path_sl}, {@code torus_master_stree} in {@code
 * osm_torus.c}).
 *
 * <p>Dimension order x, y, z; on each ring the shorter way to the switch where the path turns (ties
 * go the positive way when the destination coordinate is larger, else the negative way), or the
 * long way round when the short one is broken by a failed link or switch. When the turning switch
 * itself is missing, the path moves as far as it can towards it and turns early onto the next
 * dimension. Parallel links of a port group are used round robin per routing switch, CA
 * destinations and switch destinations counted separately, destinations in the order the switches
 * were placed and, per switch, in {@code port_order}.
 *
 * <p>The path SL has bit d set when the shorter way between the source's and the destination's
 * switch along dimension d crosses the dateline (between coordinates radix-1 and 0); it depends on
 * coordinates only, so failures never change it.
 *
 * <p>Cost: O(slots^2 + slots * LIDs) time, spread over the threads by routing switch; 12 ints per
 * slot.
 *
 * <p>One file over the 500-line limit: routability, next hop, LFT entries and path SLs all read the
 * same per-slot tables of the placed torus.
 */
final class TorusRouter {
  private static final String ENGINE = "torus-2QoS";

  private final Torus t;
  private final Fabric fabric;

  /**
   * Per (slot, inter-switch group): how many steps the ring can be followed that way (capped at its
   * radix).
   */
  private final int[] reach;

  /**
   * Per slot: its local ports in {@code port_order}, {@code localStart[slot]..localStart[slot +
   * 1]}.
   */
  private final int[] localStart;

  private final int[] localPorts;

  /** Per slot: its x, y, z. */
  private final int[] coords;

  TorusRouter(Torus t) {
    this.t = t;
    this.fabric = t.fabric;
    int[] order = t.config.effectivePortOrder();
    int[] rank = new int[order.length];
    for (int i = 0; i < order.length; i++) {
      rank[order[i]] = i;
    }
    coords = new int[t.numSlots * TorusConfig.MAX_DIMS];
    for (int s = 0; s < t.numSlots; s++) {
      for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
        coords[s * TorusConfig.MAX_DIMS + d] = t.coord(t.posOfSlot[s], d);
      }
    }
    localStart = new int[t.numSlots + 1];
    for (int s = 0; s < t.numSlots; s++) {
      localStart[s + 1] = localStart[s] + t.size(s, Torus.LOCAL);
    }
    localPorts = new int[localStart[t.numSlots]];
    long[] keyed = new long[TorusConfig.MAX_PORT + 1];
    for (int s = 0; s < t.numSlots; s++) {
      int n = t.size(s, Torus.LOCAL);
      for (int x = 0; x < n; x++) {
        int port = t.port(s, Torus.LOCAL, x);
        keyed[x] = (long) rank[port] << 32 | port;
      }
      java.util.Arrays.sort(keyed, 0, n);
      for (int x = 0; x < n; x++) {
        localPorts[localStart[s] + x] = (int) keyed[x];
      }
    }
    reach = new int[t.numSlots * 6];
    for (int s = 0; s < t.numSlots; s++) {
      for (int g = 0; g < 6; g++) {
        int n = t.radix[g / 2];
        int steps = 0;
        for (int cur = s; steps < n && (cur = t.neighbor(cur, g)) >= 0; ) {
          steps++;
        }
        reach[s * 6 + g] = steps;
      }
    }
  }

  // ---- routable_torus --------------------------------------------------------------------------

  /** Refuses a torus whose failures torus-2QoS cannot route without credit loops. */
  void checkRoutable() throws RoutingException {
    List<String> errors = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    boolean deadlock = missingSwitchesDeadlock(missing);
    for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
      checkRings(d, errors);
    }
    if (deadlock) {
      errors.add(
          "ERR 4E38: missing switch topology ==> message deadlock (switches missing at "
              + String.join(" ", missing)
              + ": several missing switches must share one x,y column)");
    }
    if (!errors.isEmpty()) {
      throw new RoutingException(
          RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
          ENGINE
              + ": "
              + errors.get(0)
              + (errors.size() > 1 ? " (and " + (errors.size() - 1) + " more)" : ""));
    }
  }

  /**
   * Whether the missing switches deadlock the routing: several are safe only when they are adjacent
   * in z, in one x,y column. Lists the first ten missing positions (then "...") in {@code missing}.
   */
  private boolean missingSwitchesDeadlock(List<String> missing) {
    boolean deadlock = false;
    int missingColumn = -1;
    int[] r = t.radix;
    for (int k = 0; k < r[2]; k++) {
      for (int j = 0; j < r[1]; j++) {
        for (int i = 0; i < r[0]; i++) {
          if (t.slot(t.pos(i, j, k)) >= 0) {
            continue;
          }
          if (missing.size() < 10) {
            missing.add(i + "," + j + "," + k);
          } else if (missing.size() == 10) {
            missing.add("...");
          }
          if (t.numSlots + 1 < t.numPositions()
              && t.slot(t.pos(i, j, Math.floorMod(k - 1, r[2]))) >= 0
              && t.slot(t.pos(i, j, Math.floorMod(k + 1, r[2]))) >= 0) {
            deadlock = true;
          }
          int column = i + j * r[0];
          if (missingColumn < 0) {
            missingColumn = column;
          } else if (missingColumn != column) {
            deadlock = true;
          }
        }
      }
    }
    return deadlock;
  }

  private static final String[] DIM_NAMES = {"x", "y", "z"};

  /**
   * Adds an error for every ring along dimension {@code d} whose failures are strange (its ends and
   * starts do not pair) or disjoint (more than one gap).
   */
  private void checkRings(int d, List<String> errors) {
    String[][] codes = {{"4E32", "4E33"}, {"4E34", "4E35"}, {"4E36", "4E37"}};
    int[] r = t.radix;
    int a = d == 0 ? 1 : 0;
    int b = d == 2 ? 1 : 2;
    // OpenSM's loop order: x rings by (z, y), y rings by (x, z), z rings by (y, x)
    int outer = d == 1 ? a : b;
    int inner = d == 1 ? b : a;
    for (int u = 0; u < r[outer]; u++) {
      for (int v = 0; v < r[inner]; v++) {
        int[] c = new int[3];
        c[outer] = u;
        c[inner] = v;
        int ends = 0;
        int starts = 0;
        StringBuilder where = new StringBuilder();
        for (int w = 0; w < r[d]; w++) {
          c[d] = w;
          int slot = t.slot(t.pos(c[0], c[1], c[2]));
          if (slot < 0) {
            continue;
          }
          if (t.size(slot, 2 * d) == 0) {
            ends++;
            describeMissingLink(where, "-", d, slot);
          }
          if (t.size(slot, 2 * d + 1) == 0) {
            starts++;
            describeMissingLink(where, "+", d, slot);
          }
        }
        String ring =
            DIM_NAMES[d]
                + " ring at "
                + DIM_NAMES[a]
                + "="
                + c[a]
                + " "
                + DIM_NAMES[b]
                + "="
                + c[b];
        if (ends != starts) {
          errors.add("ERR " + codes[d][0] + ": strange failures in " + ring + " (" + where + ")");
        }
        if (ends > 1) {
          errors.add("ERR " + codes[d][1] + ": disjoint failures in " + ring + " (" + where + ")");
        }
      }
    }
  }

  private void describeMissingLink(StringBuilder where, String sign, int d, int slot) {
    where
        .append(where.length() == 0 ? "" : ", ")
        .append("no ")
        .append(sign)
        .append(DIM_NAMES[d])
        .append(" link at ")
        .append(t.describe(slot));
  }

  // ---- LFTs ------------------------------------------------------------------------------------

  /**
   * Fills the LFT of every placed switch; refuses (ERR 4E39) when a switch cannot reach another.
   */
  void fillLfts(RoutingBuilder builder, int threads, ProgressListener progress, String phase)
      throws RoutingException {
    List<Worker> workers =
        Parallel.run(
            t.numSlots,
            Parallel.threadsFor(t.numSlots, threads),
            () -> new Worker(builder),
            progress,
            phase);
    Worker first = null;
    for (Worker w : workers) {
      if (w.error != null && (first == null || w.errorSlot < first.errorSlot)) {
        first = w;
      }
    }
    if (first != null) {
      throw new RoutingException(
          RoutingException.Reason.UNSUPPORTED_TOPOLOGY, ENGINE + ": " + first.error);
    }
  }

  private final class Worker implements Parallel.Worker {
    private final RoutingBuilder builder;
    String error;
    int errorSlot = Integer.MAX_VALUE;

    Worker(RoutingBuilder builder) {
      this.builder = builder;
    }

    @Override
    public void run(int slot) {
      int sw = t.nodeOfSlot[slot];
      // the group towards each coordinate of each dimension: O(1) per destination afterwards
      int[][] towards = new int[TorusConfig.MAX_DIMS][];
      for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
        towards[d] = new int[t.radix[d]];
        for (int c = 0; c < t.radix[d]; c++) {
          towards[d][c] = nextHop(d, slot, c);
        }
      }
      int sx = coords[3 * slot];
      int sy = coords[3 * slot + 1];
      int sz = coords[3 * slot + 2];
      // round robin over parallel links, CA and switch destinations counted apart (OpenSM's
      // ca_dlid_cnt and sw_dlid_cnt modulo the group size)
      int[] caNext = new int[6];
      int[] swNext = new int[6];
      int[] size = new int[6];
      for (int g = 0; g < 6; g++) {
        size[g] = t.size(slot, g);
      }
      for (int dst = 0; dst < t.numSlots; dst++) {
        int dx = coords[3 * dst];
        int dy = coords[3 * dst + 1];
        int dz = coords[3 * dst + 2];
        // lft_port: x first; when x can make no progress turn early onto y, then z
        int g;
        if (dx != sx) {
          g = towards[0][dx];
          if (g < 0 && dy != sy) {
            g = towards[1][dy];
          }
          if (g < 0 && dz != sz) {
            g = towards[2][dz];
          }
        } else if (dy != sy) {
          g = towards[1][dy];
          if (g < 0 && dz != sz) {
            g = towards[2][dz];
          }
        } else {
          g = towards[2][dz];
        }
        int dstNode = t.nodeOfSlot[dst];
        for (int x = localStart[dst]; x < localStart[dst + 1]; x++) {
          int port = localPorts[x];
          int dstPort = fabric.port(dstNode, port);
          boolean ca = port != 0;
          int endPort = ca ? fabric.peerPort(dstPort) : dstPort;
          int out;
          if (slot == dst) {
            out = port;
          } else if (g < 0) {
            fail(
                slot,
                "ERR 4E39: unable to route from " + t.describe(slot) + " to " + t.describe(dst));
            continue;
          } else {
            int[] next = ca ? caNext : swNext;
            int index = next[g];
            next[g] = index + 1 == size[g] ? 0 : index + 1;
            out = t.port(slot, g, index);
          }
          int base = fabric.baseLid(endPort);
          for (int l = 0; base > 0 && l < 1 << fabric.lmc(endPort); l++) {
            builder.setOutPort(sw, base + l, out);
          }
        }
      }
    }

    private void fail(int slot, String message) {
      if (slot < errorSlot) {
        errorSlot = slot;
        error = message;
      }
    }
  }

  /**
   * The group towards the switch where a path to coordinate {@code target} of dimension {@code d}
   * turns off that dimension (the switch at {@code target} in d, this switch's coordinates
   * elsewhere): by the shortest way still open when that switch exists, else the shortest way by
   * coordinates if that port group is not empty (z needs the turning switch). -1 when no progress
   * is possible or the coordinate is this switch's own.
   */
  private int nextHop(int d, int slot, int target) {
    int src = t.posOfSlot[slot];
    int turn = t.step(src, d, target - t.coord(src, d));
    int turnSlot = t.slot(turn);
    if (turnSlot >= 0) {
      int dir = ringDirection(d, slot, turnSlot);
      return dir == 0 ? -1 : 2 * d + (dir > 0 ? 1 : 0);
    }
    if (d == 2) {
      return -1;
    }
    int dir = shorterWay(t.coord(src, d), target, t.radix[d]);
    int g = 2 * d + (dir > 0 ? 1 : 0);
    return dir != 0 && t.size(slot, g) > 0 ? g : -1;
  }

  /**
   * The way along the ring of dimension {@code d} that reaches {@code to}: shorter first, else
   * longer, else 0.
   */
  private int ringDirection(int d, int from, int to) {
    int a = t.coord(t.posOfSlot[from], d);
    int b = t.coord(t.posOfSlot[to], d);
    int dir = shorterWay(a, b, t.radix[d]);
    if (dir == 0) {
      return 0;
    }
    int n = t.radix[d];
    int ahead = Math.floorMod(b - a, n);
    int distance = dir > 0 ? ahead : n - ahead;
    if (reach[from * 6 + 2 * d + (dir > 0 ? 1 : 0)] >= distance) {
      return dir;
    }
    if (reach[from * 6 + 2 * d + (dir > 0 ? 0 : 1)] >= n - distance) {
      return -dir;
    }
    return 0;
  }

  /**
   * OpenSM's ring_dir_idx: +1 or -1 for the shorter way from {@code src} to {@code dst}, 0 if
   * equal.
   */
  static int shorterWay(int src, int dst, int radix) {
    if (src == dst) {
      return 0;
    }
    int direct = Math.abs(dst - src);
    int around = radix - direct;
    if (dst > src) {
      return direct <= around ? 1 : -1;
    }
    return direct <= around ? -1 : 1;
  }

  /** Whether the shorter way from coordinate {@code src} to {@code dst} crosses the dateline. */
  static boolean crossesDateline(int src, int dst, int radix) {
    int direct = Math.abs(dst - src);
    return direct > radix - direct;
  }

  /**
   * Sets the SL of every path between CAs and switch port 0s of placed switches, QoS level 0
   * ({@code torus_path_sl}), in a table grouped by source switch.
   */
  void fillPathSls(SlTable.Builder sls, ProgressListener progress, String phase) {
    int[][] crossing = new int[TorusConfig.MAX_DIMS][];
    for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
      int n = t.radix[d];
      crossing[d] = new int[n * n];
      for (int a = 0; a < n; a++) {
        for (int b = 0; b < n; b++) {
          crossing[d][a * n + b] = crossesDateline(a, b, n) ? 1 << d : 0;
        }
      }
    }
    int[] lidStart = new int[t.numSlots + 1];
    it.unimi.dsi.fastutil.ints.IntArrayList lids = new it.unimi.dsi.fastutil.ints.IntArrayList();
    for (int dst = 0; dst < t.numSlots; dst++) {
      int node = t.nodeOfSlot[dst];
      for (int x = localStart[dst]; x < localStart[dst + 1]; x++) {
        int port = fabric.port(node, localPorts[x]);
        int end = localPorts[x] == 0 ? port : fabric.peerPort(port);
        int base = fabric.baseLid(end);
        for (int l = 0; base > 0 && l < 1 << fabric.lmc(end); l++) {
          lids.add(base + l);
        }
      }
      lidStart[dst + 1] = lids.size();
    }
    int[] lid = lids.elements();
    int nx = t.radix[0];
    int ny = t.radix[1];
    int nz = t.radix[2];
    for (int src = 0; src < t.numSlots; src++) {
      int group = t.nodeOfSlot[src];
      int sx = coords[3 * src] * nx;
      int sy = coords[3 * src + 1] * ny;
      int sz = coords[3 * src + 2] * nz;
      for (int dst = 0; dst < t.numSlots; dst++) {
        int sl =
            crossing[0][sx + coords[3 * dst]]
                | crossing[1][sy + coords[3 * dst + 1]]
                | crossing[2][sz + coords[3 * dst + 2]];
        if (sl != 0) {
          for (int x = lidStart[dst]; x < lidStart[dst + 1]; x++) {
            sls.setSl(group, lid[x], sl);
          }
        }
      }
      progress.progress(phase, src + 1, t.numSlots);
    }
  }

  // ---- the multicast master spanning tree (torus_master_stree) --------------------------------

  /**
   * Builds OpenSM's master spanning tree for multicast and refuses, as OpenSM does, when a placed
   * switch is not in it (ERR 4E43) or no root exists. Only the refusal matters here: multicast is
   * not routed.
   */
  void checkMasterTree() throws RoutingException {
    int root = treeRoot();
    if (root < 0) {
      throw new RoutingException(
          RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
          ENGINE
              + ": no switch qualifies as the root of the multicast master"
              + " spanning tree (every x,y plane misses switches)");
    }
    boolean[] hasParent = new boolean[t.numSlots];
    branch(root, 0, hasParent);
    int rootPos = t.posOfSlot[root];
    int k = t.coord(rootPos, 2);
    for (int i = 0; i < t.radix[0]; i++) {
      int s = t.slot(t.pos(i, t.coord(rootPos, 1), k));
      if (s >= 0) {
        branch(s, 1, hasParent);
      }
      for (int j = 0; j < t.radix[1]; j++) {
        s = t.slot(t.pos(i, j, k));
        if (s >= 0) {
          branch(s, 2, hasParent);
        }
      }
    }
    for (int i = 0; i < t.radix[0]; i++) {
      for (int j = 0; j < t.radix[1]; j++) {
        for (int kk = 0; kk < t.radix[2]; kk++) {
          int s = t.slot(t.pos(i, j, kk));
          if (s >= 0 && s != root && !hasParent[s]) {
            throw new RoutingException(
                RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
                ENGINE
                    + ": ERR 4E43: "
                    + t.describe(s)
                    + " not in torus multicast master spanning tree");
          }
        }
      }
    }
  }

  private int treeRoot() {
    int zm = t.radix[2] / 2;
    for (int dz = 0; dz <= zm; dz++) {
      for (int sign : dz == 0 ? new int[] {-1} : new int[] {-1, 1}) {
        int z = Math.floorMod(zm + sign * dz, t.radix[2]);
        boolean full = true;
        for (int y = 0; y < t.radix[1] && full; y++) {
          for (int x = 0; x < t.radix[0] && full; x++) {
            full = t.slot(t.pos(x, y, z)) >= 0;
          }
        }
        if (full) {
          int root = planeMiddle(z);
          if (root >= 0) {
            return root;
          }
        }
      }
    }
    return planeMiddle(zm);
  }

  private int planeMiddle(int z) {
    int xm = t.radix[0] / 2;
    int ym = t.radix[1] / 2;
    if (fullCross(xm, ym, z)) {
      return t.slot(t.pos(xm, ym, z));
    }
    for (int dx = 1, dy = 1; dx <= xm && dy <= ym; dx++, dy++) {
      int x = Math.floorMod(xm - dx, t.radix[0]);
      int y = Math.floorMod(ym - dy, t.radix[1]);
      if (fullCross(x, y, z)) {
        return t.slot(t.pos(x, y, z));
      }
      x = Math.floorMod(xm + dx, t.radix[0]);
      y = Math.floorMod(ym + dy, t.radix[1]);
      if (fullCross(x, y, z)) {
        return t.slot(t.pos(x, y, z));
      }
    }
    return -1;
  }

  /** Whether the x ring through (x, y, z) and the y ring through it have every switch. */
  private boolean fullCross(int x, int y, int z) {
    for (int i = 0; i < t.radix[0]; i++) {
      if (t.slot(t.pos(i, y, z)) < 0) {
        return false;
      }
    }
    for (int j = 0; j < t.radix[1]; j++) {
      if (t.slot(t.pos(x, j, z)) < 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * Grows the tree from {@code start} both ways along dimension {@code d} up to the dateline, and
   * across it when a failure stopped one side. The root is not yet "in the tree" while it grows, as
   * in OpenSM.
   */
  private void branch(int start, int d, boolean[] hasParent) {
    int idx = t.coord(t.posOfSlot[start], d);
    int cnt = t.radix[d];
    int negative = start;
    int positive = start;
    for (int l = idx; negative >= 0 && l >= 1; l--) {
      negative = grow(negative, 2 * d, hasParent);
    }
    for (int l = idx; positive >= 0 && l < cnt - 1; l++) {
      positive = grow(positive, 2 * d + 1, hasParent);
    }
    if (negative >= 0 && positive >= 0) {
      return;
    }
    for (int l = 0; l < cnt; l++) {
      if (negative >= 0) {
        negative = grow(negative, 2 * d, hasParent);
      }
      if (positive >= 0) {
        positive = grow(positive, 2 * d + 1, hasParent);
      }
      if (negative < 0 && positive < 0) {
        break;
      }
    }
  }

  /** Adds the neighbour of {@code tip} over group {@code g} to the tree; returns it, or -1. */
  private int grow(int tip, int g, boolean[] hasParent) {
    int next = t.neighbor(tip, g);
    if (next >= 0 && !hasParent[next]) {
      hasParent[next] = true;
      return next;
    }
    return -1;
  }
}
