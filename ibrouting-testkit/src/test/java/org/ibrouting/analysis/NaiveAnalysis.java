package org.ibrouting.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;

/**
 * Slow, obviously-correct reference for the differential tests: walks every (source LID,
 * destination LID) pair on its own, with a BFS per pair, boxed collections and a recursive cycle
 * search. Only for fabrics of a few dozen nodes.
 */
final class NaiveAnalysis {
  static final int VALID = 0;
  static final int UNREACHABLE = 1;
  static final int BLACKHOLE = 2;
  static final int LOOP = 3;

  /** One route: how it ended, its hops if valid, and every channel it crossed in order. */
  record Route(int kind, int hops, List<Integer> channels) {}

  private NaiveAnalysis() {}

  /** The end-port LIDs of the scope, ascending. */
  static List<Integer> lids(Fabric fabric, boolean withSwitches) {
    List<Integer> lids = new ArrayList<>();
    for (int lid = 1; lid <= fabric.maxLid(); lid++) {
      int port = fabric.portOfLid(lid);
      if (port >= 0 && (withSwitches || !fabric.isSwitch(fabric.nodeOfPort(port)))) {
        lids.add(lid);
      }
    }
    return lids;
  }

  static Route walk(Routing routing, int srcLid, int dstLid) {
    Fabric fabric = routing.fabric();
    int srcPort = fabric.portOfLid(srcLid);
    int dstPort = fabric.portOfLid(dstLid);
    List<Integer> channels = new ArrayList<>();
    int node = fabric.nodeOfPort(srcPort);
    int hops = 0;
    if (!fabric.isSwitch(node)) {
      int peer = fabric.peerPort(srcPort);
      if (peer < 0) {
        return new Route(UNREACHABLE, -1, channels);
      }
      if (peer == dstPort) {
        channels.add(srcPort);
        return new Route(VALID, 1, channels);
      }
      if (!fabric.isSwitch(fabric.nodeOfPort(peer))) {
        return new Route(UNREACHABLE, -1, channels);
      }
      channels.add(srcPort);
      hops = 1;
      node = fabric.nodeOfPort(peer);
    }
    Set<Integer> visited = new HashSet<>();
    while (true) {
      boolean again = !visited.add(node);
      int portNum = routing.outPort(node, dstLid);
      if (portNum == Routing.NO_ROUTE) {
        return new Route(again ? LOOP : UNREACHABLE, -1, channels);
      }
      if (portNum == 0) {
        return dstPort == fabric.port(node, 0) && !again
            ? new Route(VALID, hops, channels)
            : new Route(again ? LOOP : BLACKHOLE, -1, channels);
      }
      if (portNum > fabric.numPorts(node)) {
        return new Route(again ? LOOP : BLACKHOLE, -1, channels);
      }
      int slot = fabric.port(node, portNum);
      int peer = fabric.peerPort(slot);
      if (peer < 0) {
        return new Route(again ? LOOP : BLACKHOLE, -1, channels);
      }
      int next = fabric.nodeOfPort(peer);
      if (!fabric.isSwitch(next) && peer != dstPort) {
        return new Route(again ? LOOP : BLACKHOLE, -1, channels);
      }
      // a loop's closing dependency is real: record the channel taken again, then stop
      channels.add(slot);
      if (again) {
        return new Route(LOOP, -1, channels);
      }
      hops++;
      if (!fabric.isSwitch(next)) {
        return new Route(VALID, hops, channels);
      }
      node = next;
    }
  }

  /** Shortest number of links from the source port to the destination port, or MAX_VALUE. */
  static int shortest(Fabric fabric, int srcLid, int dstLid) {
    int srcPort = fabric.portOfLid(srcLid);
    int dstPort = fabric.portOfLid(dstLid);
    int srcNode = fabric.nodeOfPort(srcPort);
    int dstNode = fabric.nodeOfPort(dstPort);
    Map<Integer, Integer> dist = new HashMap<>();
    List<Integer> frontier = new ArrayList<>();
    if (fabric.isSwitch(srcNode)) {
      dist.put(srcNode, 0);
      frontier.add(srcNode);
    } else {
      int peer = fabric.peerPort(srcPort);
      if (peer < 0) {
        return Integer.MAX_VALUE;
      }
      if (peer == dstPort) {
        return 1;
      }
      if (!fabric.isSwitch(fabric.nodeOfPort(peer))) {
        return Integer.MAX_VALUE;
      }
      dist.put(fabric.nodeOfPort(peer), 1);
      frontier.add(fabric.nodeOfPort(peer));
    }
    while (!frontier.isEmpty()) {
      List<Integer> next = new ArrayList<>();
      for (int node : frontier) {
        int d = dist.get(node);
        if (node == dstNode) {
          return d;
        }
        for (int i = 0; i < fabric.outDegree(node); i++) {
          int channel = fabric.outChannel(node, i);
          int peer = fabric.peerPort(channel);
          int head = fabric.nodeOfPort(peer);
          if (peer == dstPort && !fabric.isSwitch(head)) {
            return d + 1;
          }
          if (fabric.isSwitch(head) && !dist.containsKey(head)) {
            dist.put(head, d + 1);
            next.add(head);
          }
        }
      }
      frontier = next;
    }
    return Integer.MAX_VALUE;
  }

  /** Whether a channel is a vertex of the CDG (switch-to-switch, or any when endpoints count). */
  static boolean isVertex(Fabric fabric, int channel, boolean endpointChannels) {
    return endpointChannels || ForwardingIndex.isSwitchChannel(fabric, channel);
  }

  /** Per VL, the set of dependencies (c1 -> c2) of all routes, and the channels they cross. */
  static final class NaiveCdg {
    final Map<Integer, Set<List<Integer>>> edges = new HashMap<>();
    final Map<Integer, Set<Integer>> vertices = new HashMap<>();

    NaiveCdg(Routing routing, List<Integer> lids, boolean endpointChannels, boolean vlLess) {
      Fabric fabric = routing.fabric();
      for (int src : lids) {
        for (int dst : lids) {
          if (fabric.portOfLid(src) == fabric.portOfLid(dst)) {
            continue;
          }
          int vl = vlLess ? 0 : routing.slTable().vl(src, dst);
          List<Integer> channels = new ArrayList<>();
          for (int c : walk(routing, src, dst).channels()) {
            if (isVertex(fabric, c, endpointChannels)) {
              channels.add(c);
            }
          }
          vertices.computeIfAbsent(vl, k -> new TreeSet<>()).addAll(channels);
          for (int i = 0; i + 1 < channels.size(); i++) {
            edges
                .computeIfAbsent(vl, k -> new HashSet<>())
                .add(List.of(channels.get(i), channels.get(i + 1)));
          }
        }
      }
    }

    int numEdges(int vl) {
      return edges.getOrDefault(vl, Set.of()).size();
    }

    int numVertices(int vl) {
      return vertices.getOrDefault(vl, Set.of()).size();
    }

    boolean hasEdge(int vl, int c1, int c2) {
      return edges.getOrDefault(vl, Set.of()).contains(List.of(c1, c2));
    }

    private Map<Integer, List<Integer>> successors(int vl) {
      Map<Integer, List<Integer>> succ = new HashMap<>();
      for (List<Integer> e : edges.getOrDefault(vl, Set.of())) {
        succ.computeIfAbsent(e.get(0), k -> new ArrayList<>()).add(e.get(1));
      }
      return succ;
    }

    /** Recursive white/grey/black DFS. */
    boolean cyclic(int vl) {
      Map<Integer, List<Integer>> succ = successors(vl);
      Map<Integer, Integer> colour = new HashMap<>();
      for (int v : vertices.getOrDefault(vl, Set.of())) {
        if (dfsFindsCycle(v, succ, colour)) {
          return true;
        }
      }
      return false;
    }

    private static boolean dfsFindsCycle(
        int v, Map<Integer, List<Integer>> succ, Map<Integer, Integer> colour) {
      int c = colour.getOrDefault(v, 0);
      if (c == 1) {
        return true;
      }
      if (c == 2) {
        return false;
      }
      colour.put(v, 1);
      for (int w : succ.getOrDefault(v, List.of())) {
        if (dfsFindsCycle(w, succ, colour)) {
          return true;
        }
      }
      colour.put(v, 2);
      return false;
    }

    /** Channels that can reach themselves. */
    int numCyclic(int vl) {
      Map<Integer, List<Integer>> succ = successors(vl);
      int count = 0;
      for (int v : vertices.getOrDefault(vl, Set.of())) {
        Set<Integer> seen = new HashSet<>();
        if (reaches(succ, v, v, seen, true)) {
          count++;
        }
      }
      return count;
    }

    private static boolean reaches(
        Map<Integer, List<Integer>> succ, int from, int target, Set<Integer> seen, boolean first) {
      if (!first && from == target) {
        return true;
      }
      if (!first && !seen.add(from)) {
        return false;
      }
      for (int w : succ.getOrDefault(from, List.of())) {
        if (reaches(succ, w, target, seen, false)) {
          return true;
        }
      }
      return false;
    }

    int maxVl() {
      int max = -1;
      for (var entry : vertices.entrySet()) {
        if (!entry.getValue().isEmpty()) {
          max = Math.max(max, entry.getKey());
        }
      }
      return max;
    }
  }

  static String show(int[] a) {
    return Arrays.toString(a);
  }
}
