package org.ibrouting.engines.lash;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.SlTable;

/**
 * Checks a routing by walking its LFTs (never the engine's own paths): every (switch, LID) pair
 * delivered, along a minimal path, and a channel dependency graph without cycles on every VL. A
 * failure names the switch, the LID and the path, or a witness cycle.
 */
final class RoutingChecks {
  private RoutingChecks() {}

  /** Hop distances between switches over switch-to-switch links, n x n. */
  static int[][] switchDistances(Fabric fabric) {
    int n = fabric.numSwitches();
    int[][] dist = new int[n][n];
    for (int src = 0; src < n; src++) {
      Arrays.fill(dist[src], -1);
      ArrayDeque<Integer> queue = new ArrayDeque<>();
      dist[src][src] = 0;
      queue.add(src);
      while (!queue.isEmpty()) {
        int sw = queue.poll();
        for (int i = 0; i < fabric.outDegree(sw); i++) {
          int next = fabric.channelHead(fabric.outChannel(sw, i));
          if (next < n && dist[src][next] < 0) {
            dist[src][next] = dist[src][sw] + 1;
            queue.add(next);
          }
        }
      }
    }
    return dist;
  }

  /** The switch a LID sits on or is cabled to, or -1. */
  static int switchOfLid(Fabric fabric, int lid) {
    int port = fabric.portOfLid(lid);
    if (port < 0) {
      return -1;
    }
    int swPort = fabric.switchPortOf(port);
    return swPort < 0 ? -1 : fabric.nodeOfPort(swPort);
  }

  /**
   * Walks every (switch, LID) path; asserts delivery on a minimal path; if {@code vls} is true,
   * also asserts that each VL's channel dependency graph (from the SL table) is acyclic.
   */
  static void assertRoutedMinimalDeadlockFree(Routing routing, boolean vls) {
    Fabric fabric = routing.fabric();
    int n = fabric.numSwitches();
    int[][] dist = switchDistances(fabric);
    SlTable sl = routing.slTable();
    int numVls = sl.numVls();
    // per VL: dependency edges between channel slots, as sets of longs
    List<java.util.Set<Long>> deps = new ArrayList<>();
    for (int vl = 0; vl < numVls; vl++) {
      deps.add(new java.util.HashSet<>());
    }
    for (int src = 0; src < n; src++) {
      int srcLid = fabric.baseLid(fabric.port(src, 0));
      for (int lid = 1; lid <= fabric.maxLid(); lid++) {
        int dst = switchOfLid(fabric, lid);
        if (dst < 0) {
          continue;
        }
        int vl = vls ? sl.vl(srcLid, lid) : 0;
        if (vl >= numVls) {
          fail("VL " + vl + " of " + fabric.nodeName(src) + " -> LID " + lid + " >= numVls " + numVls);
        }
        int sw = src;
        int hops = 0;
        int prevChannel = -1;
        StringBuilder path = new StringBuilder(fabric.nodeName(src));
        while (true) {
          int port = routing.outPort(sw, lid);
          if (port == Routing.NO_ROUTE) {
            fail("no route at " + fabric.nodeName(sw) + " for LID " + lid + ": " + path);
          }
          if (sw == dst) {
            int expected = fabric.nodeType(fabric.nodeOfLid(lid)).ordinal() == 0 ? 0
                : fabric.portNum(fabric.switchPortOf(fabric.portOfLid(lid)));
            if (port != expected) {
              fail("LID " + lid + " leaves its own " + fabric.nodeName(sw) + " on port " + port
                  + ", expected " + expected);
            }
            break;
          }
          int channel = fabric.port(sw, port);
          int peer = fabric.peerPort(channel);
          if (peer < 0 || !fabric.isSwitch(fabric.nodeOfPort(peer))) {
            fail("LID " + lid + " leaves the switches at " + fabric.portName(channel) + ": " + path);
          }
          if (prevChannel >= 0 && vls) {
            deps.get(vl).add(((long) prevChannel << 32) | channel);
          }
          prevChannel = channel;
          sw = fabric.nodeOfPort(peer);
          path.append(" -> ").append(fabric.nodeName(sw));
          if (++hops > n) {
            fail("loop towards LID " + lid + ": " + path);
          }
        }
        if (hops != dist[src][dst]) {
          fail("path to LID " + lid + " takes " + hops + " hops, shortest is " + dist[src][dst]
              + ": " + path);
        }
      }
    }
    if (vls) {
      for (int vl = 0; vl < numVls; vl++) {
        String cycle = findCycle(fabric, deps.get(vl));
        if (cycle != null) {
          fail("credit loop on VL " + vl + ": " + cycle);
        }
      }
    }
  }

  /** Kahn's algorithm over the dependency edges; a description of the remaining cycle, or null. */
  static String findCycle(Fabric fabric, java.util.Set<Long> edges) {
    int slots = fabric.numPortSlots();
    int[] indegree = new int[slots];
    List<List<Integer>> out = new ArrayList<>();
    for (int i = 0; i < slots; i++) {
      out.add(new ArrayList<>());
    }
    for (long e : edges) {
      int from = (int) (e >>> 32);
      int to = (int) e;
      out.get(from).add(to);
      indegree[to]++;
    }
    ArrayDeque<Integer> ready = new ArrayDeque<>();
    for (int c = 0; c < slots; c++) {
      if (indegree[c] == 0) {
        ready.add(c);
      }
    }
    int done = 0;
    while (!ready.isEmpty()) {
      int c = ready.poll();
      done++;
      for (int next : out.get(c)) {
        if (--indegree[next] == 0) {
          ready.add(next);
        }
      }
    }
    if (done == slots) {
      return null;
    }
    // walk backwards-free: follow remaining edges from a channel still on a cycle
    int start = 0;
    while (indegree[start] == 0) {
      start++;
    }
    StringBuilder sb = new StringBuilder();
    int c = start;
    java.util.Set<Integer> seen = new java.util.HashSet<>();
    while (seen.add(c)) {
      int cur = c;
      int next = -1;
      for (int t : out.get(cur)) {
        if (indegree[t] > 0) {
          next = t;
          break;
        }
      }
      if (next < 0) {
        break;
      }
      c = next;
    }
    int first = c;
    do {
      sb.append(fabric.portName(c)).append(" => ");
      int cur = c;
      for (int t : out.get(cur)) {
        if (indegree[t] > 0) {
          c = t;
          break;
        }
      }
    } while (c != first && sb.length() < 4000);
    return sb.toString();
  }
}
