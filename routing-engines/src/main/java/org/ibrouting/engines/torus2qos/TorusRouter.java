package org.ibrouting.engines.torus2qos;

import java.util.ArrayList;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.paths.Parallel;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.topology.TorusConfig;

/**
 * torus-2QoS's routing on a recovered {@link Torus}, as OpenSM computes it
 * ({@code routable_torus}, {@code torus_lft}, {@code lft_port}, {@code torus_path_sl},
 * {@code torus_master_stree} in {@code osm_torus.c}).
 *
 * <p>Dimension order x, y, z; on each ring the shorter way to the switch where the path turns
 * (ties go the positive way when the destination coordinate is larger, else the negative way),
 * or the long way round when the short one is broken by a failed link or switch. When the turning
 * switch itself is missing, the path moves as far as it can towards it and turns early onto the
 * next dimension. Parallel links of a port group are used round robin per routing switch, CA
 * destinations and switch destinations counted separately, destinations in the order the switches
 * were placed and, per switch, in {@code port_order}.
 *
 * <p>The path SL has bit d set when the shorter way between the source's and the destination's
 * switch along dimension d crosses the dateline (between coordinates radix-1 and 0); it depends on
 * coordinates only, so failures never change it.
 *
 * <p>Cost: O(slots^2 + slots * LIDs) time, spread over the threads by routing switch; 12 ints per slot.
 */
final class TorusRouter {
  private static final String ENGINE = "torus-2QoS";

  private final Torus t;
  private final Fabric fabric;
  /** Per (slot, inter-switch group): how many steps the ring can be followed that way (capped at its radix). */
  private final int[] reach;
  /** Per slot: its local ports in {@code port_order}, {@code localStart[slot]..localStart[slot + 1]}. */
  private final int[] localStart;
  private final int[] localPorts;

  TorusRouter(Torus t) {
    this.t = t;
    this.fabric = t.fabric;
    int[] order = t.config.effectivePortOrder();
    int[] rank = new int[order.length];
    for (int i = 0; i < order.length; i++) {
      rank[order[i]] = i;
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
    boolean deadlock = false;
    int missingColumn = -1;
    List<String> missing = new ArrayList<>();
    int[] r = t.radix;
    for (int k = 0; k < r[2]; k++) {
      for (int j = 0; j < r[1]; j++) {
        for (int i = 0; i < r[0]; i++) {
          if (t.slot(t.pos(i, j, k)) >= 0) {
            continue;
          }
          missing.add(i + "," + j + "," + k);
          // several missing switches are safe only when they are adjacent in z
          if (t.numSlots + 1 < t.numPositions() && t.slot(t.pos(i, j, Math.floorMod(k - 1, r[2]))) >= 0
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
    String[] names = {"x", "y", "z"};
    String[][] codes = {{"4E32", "4E33"}, {"4E34", "4E35"}, {"4E36", "4E37"}};
    for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
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
              where.append(where.length() == 0 ? "" : ", ").append("no -").append(names[d]).append(" link at ")
                  .append(t.describe(slot));
            }
            if (t.size(slot, 2 * d + 1) == 0) {
              starts++;
              where.append(where.length() == 0 ? "" : ", ").append("no +").append(names[d]).append(" link at ")
                  .append(t.describe(slot));
            }
          }
          String ring = names[d] + " ring at " + names[a] + "=" + c[a] + " " + names[b] + "=" + c[b];
          if (ends != starts) {
            errors.add("ERR " + codes[d][0] + ": strange failures in " + ring + " (" + where + ")");
          }
          if (ends > 1) {
            errors.add("ERR " + codes[d][1] + ": disjoint failures in " + ring + " (" + where + ")");
          }
        }
      }
    }
    if (deadlock) {
      errors.add("ERR 4E38: missing switch topology ==> message deadlock (switches missing at "
          + String.join(" ", missing) + ": several missing switches must share one x,y column)");
    }
    if (!errors.isEmpty()) {
      throw new RoutingException(ENGINE + ": " + errors.get(0)
          + (errors.size() > 1 ? " (and " + (errors.size() - 1) + " more)" : ""));
    }
  }

  // ---- LFTs ------------------------------------------------------------------------------------

  /** Fills the LFT of every placed switch; refuses (ERR 4E39) when a switch cannot reach another. */
  void fillLfts(RoutingBuilder builder, int threads) throws RoutingException {
    List<Worker> workers = Parallel.run(t.numSlots, Parallel.threadsFor(t.numSlots, threads),
        () -> new Worker(builder));
    Worker first = null;
    for (Worker w : workers) {
      if (w.error != null && (first == null || w.errorSlot < first.errorSlot)) {
        first = w;
      }
    }
    if (first != null) {
      throw new RoutingException(ENGINE + ": " + first.error);
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
      int[] caCount = new int[6];
      int[] swCount = new int[6];
      for (int dst = 0; dst < t.numSlots; dst++) {
        int dstNode = t.nodeOfSlot[dst];
        for (int x = localStart[dst]; x < localStart[dst + 1]; x++) {
          int port = localPorts[x];
          int dstPort = fabric.port(dstNode, port);
          boolean ca = port != 0;
          int endPort = ca ? fabric.peerPort(dstPort) : dstPort;
          int out;
          if (slot == dst) {
            out = port;
          } else {
            int g = group(slot, dst);
            if (g < 0) {
              fail(slot, "ERR 4E39: unable to route from " + t.describe(slot) + " to " + t.describe(dst));
              continue;
            }
            int n = t.size(slot, g);
            out = t.port(slot, g, (ca ? caCount[g]++ : swCount[g]++) % n);
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

  /** The port group switch {@code slot} forwards on towards switch {@code dst} ({@code lft_port}), or -1. */
  int group(int slot, int dst) {
    int src = t.posOfSlot[slot];
    int dpos = t.posOfSlot[dst];
    int g;
    if (t.coord(dpos, 0) != t.coord(src, 0)) {
      if ((g = nextHop(0, slot, dpos)) >= 0) {
        return g;
      }
      // no more progress in x: turn early
      if (t.coord(dpos, 1) != t.coord(src, 1) && (g = nextHop(1, slot, dpos)) >= 0) {
        return g;
      }
      return t.coord(dpos, 2) != t.coord(src, 2) ? nextHop(2, slot, dpos) : -1;
    }
    if (t.coord(dpos, 1) != t.coord(src, 1)) {
      if ((g = nextHop(1, slot, dpos)) >= 0) {
        return g;
      }
      return t.coord(dpos, 2) != t.coord(src, 2) ? nextHop(2, slot, dpos) : -1;
    }
    return nextHop(2, slot, dpos);
  }

  /**
   * The group towards the switch where the path to {@code dpos} turns off dimension {@code d}: by
   * the shortest way still open when that switch exists, else the shortest way by coordinates if
   * that port group is not empty (z needs the turning switch). -1 when no progress is possible.
   */
  private int nextHop(int d, int slot, int dpos) {
    int src = t.posOfSlot[slot];
    int turn = t.step(src, d, t.coord(dpos, d) - t.coord(src, d));
    int turnSlot = t.slot(turn);
    if (turnSlot >= 0) {
      int dir = ringDirection(d, slot, turnSlot);
      return dir == 0 ? -1 : 2 * d + (dir > 0 ? 1 : 0);
    }
    if (d == 2) {
      return -1;
    }
    int dir = shorterWay(t.coord(src, d), t.coord(dpos, d), t.radix[d]);
    int g = 2 * d + (dir > 0 ? 1 : 0);
    return dir != 0 && t.size(slot, g) > 0 ? g : -1;
  }

  /** The way along the ring of dimension {@code d} that reaches {@code to}: shorter first, else longer, else 0. */
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

  /** OpenSM's ring_dir_idx: +1 or -1 for the shorter way from {@code src} to {@code dst}, 0 if equal. */
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

  /** The path SL between switches at two positions, QoS level 0 ({@code torus_path_sl}). */
  int pathSl(int srcPos, int dstPos) {
    int sl = 0;
    for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
      if (crossesDateline(t.coord(srcPos, d), t.coord(dstPos, d), t.radix[d])) {
        sl |= 1 << d;
      }
    }
    return sl;
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
      throw new RoutingException(ENGINE + ": no switch qualifies as the root of the multicast master"
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
            throw new RoutingException(ENGINE + ": ERR 4E43: " + t.describe(s)
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
   * across it when a failure stopped one side. The root is not yet "in the tree" while it grows,
   * as in OpenSM.
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
