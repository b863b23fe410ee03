package org.ibrouting.engines.dmodc;

import java.util.ArrayDeque;
import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;

/**
 * A slow, obviously correct statement of what Dmodc's tables must hold, by brute force and
 * independent of the engine's preprocessing: levels by a BFS from the switches with CAs, the
 * switches reachable upwards from each switch, and the turn level of a pair as the least level of a
 * switch reachable upwards from both. Every entry must then be a least-cost up*&#47;down* choice:
 * at the destination's switch its port, towards a destination below the switch a hop down to a
 * switch above the destination (or to it), otherwise a hop up to a switch with the same turn level;
 * and no route exactly where no up*&#47;down* route exists. So every route between CAs goes up,
 * then down, at least cost.
 */
final class UpDownReference {
  static final int NONE = Integer.MAX_VALUE;

  private final Fabric fabric;
  private final int n;
  final int[] level;
  private final boolean[][] above;

  UpDownReference(Fabric fabric) {
    this.fabric = fabric;
    this.n = fabric.numSwitches();
    level = new int[n];
    Arrays.fill(level, -1);
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    for (int sw = 0; sw < n; sw++) {
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        if (!fabric.isSwitch(fabric.channelHead(fabric.outChannel(sw, i))) && level[sw] < 0) {
          level[sw] = 0;
          queue.add(sw);
        }
      }
    }
    while (!queue.isEmpty()) {
      int sw = queue.poll();
      for (int next : switchNeighbours(sw)) {
        if (level[next] < 0) {
          level[next] = level[sw] + 1;
          queue.add(next);
        }
      }
    }
    above = new boolean[n][n];
    for (int sw = 0; sw < n; sw++) {
      if (level[sw] < 0) {
        continue;
      }
      ArrayDeque<Integer> up = new ArrayDeque<>();
      above[sw][sw] = true;
      up.add(sw);
      while (!up.isEmpty()) {
        int x = up.poll();
        for (int next : switchNeighbours(x)) {
          if (level[next] == level[x] + 1 && !above[sw][next]) {
            above[sw][next] = true;
            up.add(next);
          }
        }
      }
    }
  }

  private int[] switchNeighbours(int sw) {
    int[] out = new int[fabric.outDegree(sw)];
    int k = 0;
    for (int i = 0; i < fabric.outDegree(sw); i++) {
      int next = fabric.channelHead(fabric.outChannel(sw, i));
      if (next < n && next != sw) {
        out[k++] = next;
      }
    }
    return Arrays.copyOf(out, k);
  }

  /** The least level of a switch reachable upwards from both, or {@link #NONE}. */
  int turn(int s, int t) {
    if (level[s] < 0 || level[t] < 0) {
      return NONE;
    }
    int best = NONE;
    for (int a = 0; a < n; a++) {
      if (above[s][a] && above[t][a]) {
        best = Math.min(best, level[a]);
      }
    }
    return best;
  }

  /** Two leaves that links join but no up*&#47;down* route does, as "A -> B", or null. */
  String valley(int[] component) {
    for (int a = 0; a < n; a++) {
      for (int b = 0; b < n; b++) {
        if (level[a] == 0 && level[b] == 0 && component[a] == component[b] && turn(a, b) == NONE) {
          return fabric.nodeName(a) + " -> " + fabric.nodeName(b);
        }
      }
    }
    return null;
  }

  /** The first entry of {@code routing} that is not a least-cost up*&#47;down* choice, or null. */
  String firstWrongEntry(Routing routing) {
    return firstWrongEntry(routing, false);
  }

  /**
   * Like {@link #firstWrongEntry(Routing)}, for the LIDs of CAs and routers only with {@code
   * casOnly}.
   */
  String firstWrongEntry(Routing routing, boolean casOnly) {
    return firstWrongEntry(routing, casOnly, null);
  }

  /**
   * Like {@link #firstWrongEntry(Routing, boolean)}, taking an entry without a route as right where
   * {@code before} had none either (a repair keeps those).
   */
  String firstWrongEntry(Routing routing, boolean casOnly, Routing before) {
    for (int lid = 1; lid <= fabric.maxLid(); lid++) {
      int port = fabric.portOfLid(lid);
      if (port < 0 || casOnly && fabric.isSwitch(fabric.nodeOfPort(port))) {
        continue;
      }
      int swPort = fabric.switchPortOf(port);
      int t = swPort < 0 ? -1 : fabric.nodeOfPort(swPort);
      for (int s = 0; s < n; s++) {
        if (before != null
            && routing.outPort(s, lid) == Routing.NO_ROUTE
            && before.outPort(s, lid) == Routing.NO_ROUTE) {
          continue;
        }
        String wrong = check(routing, s, lid, t, swPort);
        if (wrong != null) {
          return fabric.nodeName(s) + ", LID " + lid + ": " + wrong;
        }
      }
    }
    return null;
  }

  private String check(Routing routing, int s, int lid, int t, int swPort) {
    int entry = routing.outPort(s, lid);
    if (t == s) {
      return entry == fabric.portNum(swPort) ? null : "port " + entry + " at the destination";
    }
    int turn = t < 0 ? NONE : turn(s, t);
    if (turn == NONE) {
      return entry == Routing.NO_ROUTE ? null : "port " + entry + " where no route exists";
    }
    if (entry == Routing.NO_ROUTE || entry == 0 || entry > fabric.numPorts(s)) {
      return "port " + entry + " where a route exists (turn level " + turn + ")";
    }
    int peer = fabric.peerPort(fabric.port(s, entry));
    int u = peer < 0 ? -1 : fabric.nodeOfPort(peer);
    if (u < 0 || u >= n) {
      return "port " + entry + " leads to no switch";
    }
    if (turn == level[s]) {
      return level[u] == level[s] - 1 && above[t][u]
          ? null
          : "port " + entry + " is no hop down towards " + fabric.nodeName(t);
    }
    return level[u] == level[s] + 1 && turn(u, t) == turn
        ? null
        : "port " + entry + " is no least-cost hop up (turn level " + turn + ")";
  }
}
