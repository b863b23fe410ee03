package org.ibrouting.engines.torus2qos;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.topology.TorusConfig;

/**
 * The switches of a fabric as {@link TorusLayout} reads them: each one's distinct switch neighbours
 * (parallel links once) in port order, and the largest port group (parallel links, or host ports
 * plus port 0) any switch needs.
 */
final class SwitchGraph {
  final Fabric fabric;
  final int n;
  final int[][] nbr;
  int portGroup;

  SwitchGraph(Fabric fabric) throws RoutingException {
    this.fabric = fabric;
    this.n = fabric.numSwitches();
    if (n < 4) {
      throw TorusLayout.refusal(
          "the fabric has " + n + " switch(es); the smallest 2D mesh torus-2QoS routes has 4");
    }
    this.nbr = new int[n][];
    int[] list = new int[255];
    int[] links = new int[255];
    for (int sw = 0; sw < n; sw++) {
      int count = 0;
      int hosts = 1;
      for (int p = 1; p <= fabric.numPorts(sw); p++) {
        int peer = fabric.peerPort(fabric.port(sw, p));
        int node = peer < 0 ? -1 : fabric.nodeOfPort(peer);
        if (node < 0 || node == sw) {
          continue;
        }
        if (!fabric.isSwitch(node)) {
          hosts++;
          continue;
        }
        int i = 0;
        while (i < count && list[i] != node) {
          i++;
        }
        links[i] = i == count ? 1 : links[i] + 1;
        list[i] = node;
        count = Math.max(count, i + 1);
        portGroup = Math.max(portGroup, links[i]);
      }
      portGroup = Math.max(portGroup, hosts);
      if (count > TorusLayout.DIRS) {
        throw TorusLayout.refusal(
            describe(sw)
                + " links to "
                + count
                + " other switches; a switch of a 3D torus or mesh links to at most 6");
      }
      nbr[sw] = Arrays.copyOf(list, count);
    }
  }

  /** The first switch with the most switch neighbours. */
  int origin() {
    int best = 0;
    for (int sw = 1; sw < n; sw++) {
      best = nbr[sw].length > nbr[best].length ? sw : best;
    }
    return best;
  }

  boolean adjacent(int a, int b) {
    for (int x : nbr[a]) {
      if (x == b) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code a} and {@code b} have a common neighbour other than {@code o}. */
  boolean square(int o, int a, int b) {
    for (int x : nbr[a]) {
      if (x != o && adjacent(x, b)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Every way to split {@code o}'s neighbours into 1 to 3 dimensions of one or two neighbours each,
   * keeping together two neighbours that are linked or close no square with {@code o} (they lie on
   * one ring or line), fewest dimensions first.
   */
  List<int[][]> splits(int o) {
    int[] around = nbr[o];
    List<int[][]> all = new ArrayList<>();
    split(o, around, new boolean[around.length], new ArrayList<>(), all);
    all.sort((a, b) -> a.length - b.length);
    return all;
  }

  private void split(int o, int[] around, boolean[] used, List<int[]> blocks, List<int[][]> out) {
    int i = 0;
    while (i < around.length && used[i]) {
      i++;
    }
    if (i == around.length) {
      if (blocks.size() <= TorusConfig.MAX_DIMS && consistent(o, blocks)) {
        out.add(blocks.toArray(new int[0][]));
      }
      return;
    }
    used[i] = true;
    blocks.add(new int[] {around[i]});
    split(o, around, used, blocks, out);
    blocks.remove(blocks.size() - 1);
    for (int j = i + 1; j < around.length; j++) {
      if (!used[j]) {
        used[j] = true;
        blocks.add(new int[] {around[i], around[j]});
        split(o, around, used, blocks, out);
        blocks.remove(blocks.size() - 1);
        used[j] = false;
      }
    }
    used[i] = false;
  }

  /** Neighbours in two blocks must close a square with {@code o} and not be linked. */
  private boolean consistent(int o, List<int[]> blocks) {
    for (int a = 0; a < blocks.size(); a++) {
      for (int b = a + 1; b < blocks.size(); b++) {
        for (int x : blocks.get(a)) {
          for (int y : blocks.get(b)) {
            if (adjacent(x, y) || !square(o, x, y)) {
              return false;
            }
          }
        }
      }
    }
    return true;
  }

  /**
   * The switches met going straight on from {@code o} through {@code first}, ending with {@code o}
   * again (a ring) or at the last switch (an open line). Straight on: not back, and not to a
   * neighbour that closes a square with a side neighbour of the switch before.
   */
  List<Integer> line(int o, int first, int[] asideOfOrigin) throws LayoutBroken {
    List<Integer> line = new ArrayList<>(List.of(o, first));
    int u = o;
    int v = first;
    int[] aside = asideOfOrigin;
    while (line.size() <= n + 1) {
      int[] nextAside = new int[nbr[v].length];
      int asides = 0;
      int ahead = -1;
      for (int w : nbr[v]) {
        if (w == u) {
          continue;
        }
        boolean side = false;
        for (int x : aside) {
          side |= adjacent(w, x);
        }
        if (side) {
          nextAside[asides++] = w;
        } else if (ahead >= 0) {
          throw new LayoutBroken(
              describe(v)
                  + " has two switches straight ahead: "
                  + describe(ahead)
                  + " and "
                  + describe(w));
        } else {
          ahead = w;
        }
      }
      if (ahead < 0 || ahead == o) {
        if (ahead == o) {
          line.add(o);
        }
        return line;
      }
      if (line.contains(ahead)) {
        throw new LayoutBroken(
            "the line from " + describe(o) + " runs into a loop at " + describe(ahead));
      }
      line.add(ahead);
      u = v;
      v = ahead;
      aside = Arrays.copyOf(nextAside, asides);
    }
    throw new LayoutBroken("the line from " + describe(o) + " does not end");
  }

  String describe(int sw) {
    return fabric.nodeName(sw);
  }
}
