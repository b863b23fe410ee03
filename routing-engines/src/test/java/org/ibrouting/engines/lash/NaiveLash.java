package org.ibrouting.engines.lash;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ibrouting.fabric.Fabric;

/**
 * A slow, literal reading of OpenSM's LASH for differential tests: link entries per port (parallel
 * links and self-links kept), one BFS tree per root with children lists, a recursive subtree walk
 * that sets routes "only if unset", and for every attempt a full DFS cycle search over the whole
 * layer's dependency graph (vertices are switch pairs, as OpenSM's cdg_vertex_matrix).
 */
final class NaiveLash {
  final int n;

  /** routePort[s][d]: port number of s towards switch d, -1 for s == d. */
  final int[][] routePort;

  /** routeNext[s][d]: the next switch. */
  final int[][] routeNext;

  /** layerOf[s][d] before balancing. */
  final int[][] layerOf;

  final List<Integer> pathsPerLayer = new ArrayList<>();

  NaiveLash(Fabric fabric) {
    n = fabric.numSwitches();
    List<List<int[]>> links = new ArrayList<>(); // entries {neighbour, port}
    for (int sw = 0; sw < n; sw++) {
      List<int[]> entries = new ArrayList<>();
      for (int p = 1; p <= fabric.numPorts(sw); p++) {
        int peer = fabric.peerPort(fabric.port(sw, p));
        if (peer >= 0 && fabric.isSwitch(fabric.nodeOfPort(peer))) {
          entries.add(new int[] {fabric.nodeOfPort(peer), p});
        }
      }
      links.add(entries);
    }
    routePort = new int[n][n];
    routeNext = new int[n][n];
    for (int[] row : routePort) {
      java.util.Arrays.fill(row, -1);
    }
    for (int root = 0; root < n; root++) {
      List<List<Integer>> children = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        children.add(new ArrayList<>());
      }
      boolean[] queued = new boolean[n];
      ArrayDeque<Integer> queue = new ArrayDeque<>();
      queue.add(root);
      queued[root] = true;
      while (!queue.isEmpty()) {
        int sw = queue.poll();
        for (int[] e : links.get(sw)) {
          if (!queued[e[0]]) {
            queued[e[0]] = true;
            queue.add(e[0]);
            children.get(sw).add(e[0]);
          }
        }
      }
      subtree(root, children, links);
    }
    layerOf = new int[n][n];
    assignLayers();
  }

  private List<Integer> subtree(int sw, List<List<Integer>> children, List<List<int[]>> links) {
    List<Integer> all = new ArrayList<>();
    for (int child : children.get(sw)) {
      List<Integer> below = subtree(child, children, links);
      int port = -1;
      for (int[] e : links.get(sw)) {
        if (e[0] == child) {
          port = e[1];
          break;
        }
      }
      for (int d : below) {
        if (routePort[sw][d] < 0) {
          routePort[sw][d] = port;
          routeNext[sw][d] = child;
        }
      }
      all.addAll(below);
    }
    all.add(sw);
    return all;
  }

  private List<Long> pathVertices(int src, int dst) {
    List<Long> vertices = new ArrayList<>();
    int sw = src;
    while (sw != dst) {
      int next = routeNext[sw][dst];
      vertices.add((long) sw * n + next);
      sw = next;
    }
    return vertices;
  }

  private void assignLayers() {
    List<Map<Long, Map<Long, Integer>>> layers = new ArrayList<>();
    layers.add(new HashMap<>());
    pathsPerLayer.add(0);
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        int chosen = -1;
        for (int v = 0; v < layers.size() && chosen < 0; v++) {
          Map<Long, Map<Long, Integer>> trial = copy(layers.get(v));
          add(trial, pathVertices(i, j));
          add(trial, pathVertices(j, i));
          if (!hasCycle(trial)) {
            layers.set(v, trial);
            chosen = v;
          }
        }
        if (chosen < 0) {
          chosen = layers.size();
          Map<Long, Map<Long, Integer>> fresh = new HashMap<>();
          add(fresh, pathVertices(i, j));
          add(fresh, pathVertices(j, i));
          layers.add(fresh);
          pathsPerLayer.add(0);
        }
        layerOf[i][j] = chosen;
        layerOf[j][i] = chosen;
        pathsPerLayer.set(chosen, pathsPerLayer.get(chosen) + 2);
      }
    }
  }

  private static Map<Long, Map<Long, Integer>> copy(Map<Long, Map<Long, Integer>> g) {
    Map<Long, Map<Long, Integer>> c = new HashMap<>();
    g.forEach((k, v) -> c.put(k, new HashMap<>(v)));
    return c;
  }

  private static void add(Map<Long, Map<Long, Integer>> g, List<Long> path) {
    for (int k = 0; k + 1 < path.size(); k++) {
      g.computeIfAbsent(path.get(k), x -> new HashMap<>()).merge(path.get(k + 1), 1, Integer::sum);
    }
  }

  private static boolean hasCycle(Map<Long, Map<Long, Integer>> g) {
    Set<Long> done = new HashSet<>();
    Set<Long> onStack = new HashSet<>();
    for (Long start : g.keySet()) {
      if (dfs(start, g, done, onStack)) {
        return true;
      }
    }
    return false;
  }

  private static boolean dfs(
      Long v, Map<Long, Map<Long, Integer>> g, Set<Long> done, Set<Long> onStack) {
    if (onStack.contains(v)) {
      return true;
    }
    if (!done.add(v)) {
      return false;
    }
    onStack.add(v);
    for (Long w : g.getOrDefault(v, Map.of()).keySet()) {
      if (dfs(w, g, done, onStack)) {
        return true;
      }
    }
    onStack.remove(v);
    return false;
  }
}
