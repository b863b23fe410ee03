package org.ibrouting.engines.torus2qos;

import java.util.Arrays;
import java.util.List;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.topology.TorusConfig;

/**
 * One attempt of {@link TorusLayout}: the origin's neighbours split into dimensions one way, the
 * lines through the origin measured, every switch placed and every link checked.
 */
final class LayoutAttempt {
  final SwitchGraph g;
  final int n;
  final int o;
  final int[][] split;
  final int dims;
  final int[] radix;
  final boolean[] ring;
  final int[] originIndex;

  /** Per switch and direction (2d minus, 2d+1 plus), the neighbour switch, or -1. */
  final int[] toward;

  final int[] coord;
  int placed;
  String failure;

  LayoutAttempt(SwitchGraph g, int o, int[][] split) {
    this.g = g;
    this.n = g.n;
    this.o = o;
    this.split = split;
    this.dims = split.length;
    this.radix = new int[dims];
    this.ring = new boolean[dims];
    this.originIndex = new int[dims];
    this.toward = new int[n * TorusLayout.DIRS];
    this.coord = new int[n * TorusConfig.MAX_DIMS];
  }

  boolean run() {
    try {
      measureLines();
      placeAll();
      checkLinks();
      return true;
    } catch (LayoutBroken e) {
      failure = e.getMessage();
      return false;
    }
  }

  /** The radix of every dimension, from its line through the origin. */
  private void measureLines() throws LayoutBroken {
    if (dims == 0) {
      throw new LayoutBroken(g.describe(o) + " links to no other switch");
    }
    for (int k = 0; k < dims; k++) {
      int[] aside = others(k);
      List<Integer> plus = g.line(o, split[k][0], aside);
      if (plus.get(plus.size() - 1) == o) {
        ring[k] = true;
        radix[k] = plus.size() - 1;
        if (split[k].length > 1 && plus.get(plus.size() - 2) != split[k][1]) {
          throw new LayoutBroken(
              g.describe(o)
                  + ": its ring through "
                  + g.describe(split[k][0])
                  + " comes back through "
                  + g.describe(plus.get(plus.size() - 2))
                  + ", not its other neighbour on that ring");
        }
      } else {
        int back = 0;
        if (split[k].length > 1) {
          List<Integer> minus = g.line(o, split[k][1], aside);
          if (minus.get(minus.size() - 1) == o) {
            throw new LayoutBroken(g.describe(o) + ": one of its lines is open one way only");
          }
          back = minus.size() - 1;
        }
        radix[k] = plus.size() + back;
        originIndex[k] = back;
      }
    }
    long positions = 1;
    for (int k = 0; k < dims; k++) {
      positions *= radix[k];
    }
    if (dims < 2) {
      throw new LayoutBroken(
          "they form one "
              + (ring[0] ? "ring" : "line")
              + " of "
              + radix[0]
              + " switches; torus-2QoS finds its dimensions from squares of four links, so it"
              + " routes 2D and 3D tori and meshes only");
    }
    if (positions != n) {
      throw new LayoutBroken(
          "the lines through "
              + g.describe(o)
              + " span a "
              + join(radix)
              + " grid of "
              + positions
              + " switches, but the fabric has "
              + n);
    }
  }

  /** The origin's neighbours in every dimension but {@code k}. */
  private int[] others(int k) {
    int count = 0;
    for (int j = 0; j < dims; j++) {
      count += j == k ? 0 : split[j].length;
    }
    int[] aside = new int[count];
    int i = 0;
    for (int j = 0; j < dims; j++) {
      for (int v : j == k ? new int[0] : split[j]) {
        aside[i++] = v;
      }
    }
    return aside;
  }

  /** Coordinates for every switch, breadth first from the origin. */
  private void placeAll() throws LayoutBroken {
    Arrays.fill(toward, -1);
    Arrays.fill(coord, -1);
    int[] at = new int[n];
    Arrays.fill(at, -1);
    for (int k = 0; k < dims; k++) {
      coord[o * TorusConfig.MAX_DIMS + k] = originIndex[k];
      toward[o * TorusLayout.DIRS + 2 * k + 1] = split[k][0];
      if (split[k].length > 1) {
        toward[o * TorusLayout.DIRS + 2 * k] = split[k][1];
      }
    }
    for (int k = dims; k < TorusConfig.MAX_DIMS; k++) {
      coord[o * TorusConfig.MAX_DIMS + k] = 0;
    }
    at[position(o)] = o;
    int[] queue = new int[n];
    int head = 0;
    int tail = 0;
    queue[tail++] = o;
    placed = 1;
    while (head < tail) {
      int u = queue[head++];
      for (int dir = 0; dir < 2 * dims; dir++) {
        int v = toward[u * TorusLayout.DIRS + dir];
        if (v < 0) {
          continue;
        }
        int[] expected = stepped(u, dir);
        if (coord[v * TorusConfig.MAX_DIMS] >= 0) {
          if (!Arrays.equals(expected, coordsOf(v))) {
            throw new LayoutBroken(
                g.describe(v)
                    + " is one step from "
                    + named(u)
                    + " in "
                    + direction(dir)
                    + ", at "
                    + join(expected)
                    + ", but also at "
                    + join(coordsOf(v)));
          }
          continue;
        }
        System.arraycopy(expected, 0, coord, v * TorusConfig.MAX_DIMS, dims);
        int p = position(v);
        if (at[p] >= 0) {
          throw new LayoutBroken(
              named(v) + " and " + g.describe(at[p]) + " take the same position");
        }
        at[p] = v;
        label(u, v, dir);
        queue[tail++] = v;
        placed++;
      }
    }
    for (int sw = 0; sw < n; sw++) {
      if (coord[sw * TorusConfig.MAX_DIMS] < 0) {
        throw new LayoutBroken(
            g.describe(sw)
                + " gets no position: no chain of torus links joins it to "
                + g.describe(o));
      }
    }
  }

  /** The directions of {@code v}'s neighbours, {@code v} reached from {@code u} along dir. */
  private void label(int u, int v, int dir) throws LayoutBroken {
    int back = dir ^ 1;
    toward[v * TorusLayout.DIRS + back] = u;
    for (int w : g.nbr[v]) {
      if (w == u) {
        continue;
      }
      int found = -1;
      for (int side = 0; side < 2 * dims; side++) {
        int x = toward[u * TorusLayout.DIRS + side];
        if (side / 2 != dir / 2 && x >= 0 && g.adjacent(w, x)) {
          if (found >= 0 && toward[u * TorusLayout.DIRS + found] != x) {
            throw new LayoutBroken(
                g.describe(w) + " closes squares with " + named(v) + " in two dimensions at once");
          }
          found = side;
        }
      }
      int d = found < 0 ? dir : found;
      int old = toward[v * TorusLayout.DIRS + d];
      if (old >= 0 && old != w) {
        throw new LayoutBroken(
            named(v)
                + " has two neighbours in "
                + direction(d)
                + ": "
                + g.describe(old)
                + " and "
                + g.describe(w));
      }
      toward[v * TorusLayout.DIRS + d] = w;
    }
  }

  /** Every link joins switches one step apart along one dimension, in its direction. */
  private void checkLinks() throws LayoutBroken {
    for (int v = 0; v < n; v++) {
      for (int dir = 0; dir < 2 * dims; dir++) {
        int w = toward[v * TorusLayout.DIRS + dir];
        if (w >= 0 && !Arrays.equals(stepped(v, dir), coordsOf(w))) {
          throw new LayoutBroken(
              "the link from "
                  + named(v)
                  + " to "
                  + named(w)
                  + " joins no neighbours of a "
                  + join(radix)
                  + (ring[0] ? " torus" : " mesh"));
        }
      }
    }
  }

  /** The coordinates one step from {@code u} along {@code dir}, or a refusal off the grid. */
  private int[] stepped(int u, int dir) throws LayoutBroken {
    int[] c = coordsOf(u);
    int k = dir / 2;
    int next = c[k] + (dir % 2 == 1 ? 1 : -1);
    if (ring[k]) {
      next = Math.floorMod(next, radix[k]);
    } else if (next < 0 || next >= radix[k]) {
      throw new LayoutBroken(
          named(u)
              + " has a link in "
              + direction(dir)
              + " beyond the end of its open line of "
              + radix[k]
              + " switches");
    }
    c[k] = next;
    return c;
  }

  private int[] coordsOf(int sw) {
    return Arrays.copyOfRange(coord, sw * TorusConfig.MAX_DIMS, sw * TorusConfig.MAX_DIMS + dims);
  }

  private int position(int sw) {
    int p = 0;
    for (int k = dims - 1; k >= 0; k--) {
      p = p * radix[k] + coord[sw * TorusConfig.MAX_DIMS + k];
    }
    return p;
  }

  private String named(int sw) {
    return g.describe(sw) + " at " + join(coordsOf(sw));
  }

  private static String direction(int dir) {
    return (dir % 2 == 1 ? "+" : "-") + "dimension " + (dir / 2 + 1);
  }

  private static String join(int[] values) {
    StringBuilder sb = new StringBuilder();
    for (int v : values) {
      sb.append(sb.length() == 0 ? "" : "x").append(v);
    }
    return sb.toString();
  }

  /** The layout, its dimensions as x, y, z (largest radix first, rings before open lines). */
  TorusLayout layout() throws RoutingException {
    Integer[] order = new Integer[dims];
    for (int k = 0; k < dims; k++) {
      order[k] = k;
    }
    Arrays.sort(
        order,
        (a, b) ->
            radix[a] != radix[b]
                ? radix[b] - radix[a]
                : ring[a] != ring[b] ? Boolean.compare(ring[b], ring[a]) : a - b);
    int[] r = {1, 1, 1};
    for (int d = 0; d < dims; d++) {
      r[d] = radix[order[d]];
    }
    int[] xyz = new int[n * TorusConfig.MAX_DIMS];
    int corner = -1;
    for (int sw = 0; sw < n; sw++) {
      boolean zero = true;
      for (int d = 0; d < dims; d++) {
        int c = coord[sw * TorusConfig.MAX_DIMS + order[d]];
        xyz[sw * TorusConfig.MAX_DIMS + d] = c;
        zero &= c == 0;
      }
      corner = zero ? sw : corner;
    }
    TorusConfig.Builder b = TorusConfig.builder(r[0], r[1], r[2]);
    for (int d = 0; d < dims; d++) {
      int k = order[d];
      b.mesh(d, !ring[k]);
      long from = g.fabric.nodeGuid(corner);
      b.link(d, true, from, g.fabric.nodeGuid(toward[corner * TorusLayout.DIRS + 2 * k + 1]));
      if (ring[k] && radix[k] == 4) {
        b.link(d, false, from, g.fabric.nodeGuid(toward[corner * TorusLayout.DIRS + 2 * k]));
      }
    }
    if (g.portGroup > TorusConfig.DEFAULT_PORTGROUP_MAX_PORTS) {
      b.portgroupMaxPorts(g.portGroup);
    }
    TorusConfig config = b.build();
    confirm(config, xyz);
    return new TorusLayout(g.fabric, config, corner, xyz);
  }

  /** torus-2QoS's own discovery places every switch where the layout does. */
  private void confirm(TorusConfig config, int[] xyz) throws RoutingException {
    Torus t = TorusDiscovery.discover(g.fabric, config);
    int[] seen = new int[n];
    for (int s = 0; s < t.numSlots; s++) {
      int sw = t.nodeOfSlot[s];
      seen[sw]++;
      for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
        if (t.coord(t.posOfSlot[s], d) != xyz[sw * TorusConfig.MAX_DIMS + d]) {
          throw TorusLayout.refusal(
              "torus-2QoS's discovery places "
                  + g.describe(sw)
                  + " at "
                  + t.describe(s)
                  + ", not where its links put it");
        }
      }
    }
    for (int sw = 0; sw < n; sw++) {
      if (seen[sw] != 1) {
        throw TorusLayout.refusal(
            "torus-2QoS's discovery places "
                + g.describe(sw)
                + (seen[sw] == 0 ? " nowhere" : " " + seen[sw] + " times"));
      }
    }
  }
}
