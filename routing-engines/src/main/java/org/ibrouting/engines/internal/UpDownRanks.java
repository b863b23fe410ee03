package org.ibrouting.engines.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingException;

/** Not API: Up*&#47;Down* switch ranks from roots, as updn and multiupdn share them. */
public final class UpDownRanks {
  private UpDownRanks() {}

  /**
   * BFS distance of every switch from the nearest root over switch links; a part of a split fabric
   * that no root reaches is ranked from its own most central switch.
   */
  public static int[] ranks(Fabric fabric, int[] roots) throws RoutingException {
    return ranks(fabric, roots, new ArrayList<>());
  }

  /** Like {@link #ranks(Fabric, int[])}, adding a note for every root it chooses itself. */
  public static int[] ranks(Fabric fabric, int[] roots, List<String> notes) throws RoutingException {
    int n = fabric.numSwitches();
    int[] rank = new int[n];
    Arrays.fill(rank, Integer.MAX_VALUE);
    int[] queue = new int[n];
    int tail = 0;
    int[] sorted = roots.clone();
    Arrays.sort(sorted);
    for (int root : sorted) {
      if (rank[root] != 0) {
        rank[root] = 0;
        queue[tail++] = root;
      }
    }
    tail = rankFrom(fabric, rank, queue, 0, tail);
    for (int sw = 0; sw < n; sw++) {
      if (rank[sw] == Integer.MAX_VALUE) {
        // a part of a split fabric that holds no root (OpenSM, which sees only the part its SM
        // sits in, never meets one): its most central switch becomes its root
        int root = mostCentral(fabric, sw, rank);
        notes.add("updn: no root in the part of the split fabric that holds " + fabric.nodeName(sw)
            + "; took " + fabric.nodeName(root) + ", its most central switch, as that part's root");
        rank[root] = 0;
        queue[tail] = root;
        tail = rankFrom(fabric, rank, queue, tail, tail + 1);
      }
    }
    return rank;
  }

  /** BFS over switch links from {@code queue[head..tail)}, lowering ranks; returns the new tail. */
  private static int rankFrom(Fabric fabric, int[] rank, int[] queue, int head, int tail) {
    int n = fabric.numSwitches();
    for (; head < tail; head++) {
      int u = queue[head];
      for (int i = 0; i < fabric.outDegree(u); i++) {
        int r = fabric.channelHead(fabric.outChannel(u, i));
        if (r < n && rank[r] > rank[u] + 1) {
          rank[r] = rank[u] + 1;
          queue[tail++] = r;
        }
      }
    }
    return tail;
  }

  /**
   * The switch of {@code start}'s component (over switch links; all still unranked) with the least
   * total hop distance to the others, the lowest index on ties.
   */
  private static int mostCentral(Fabric fabric, int start, int[] rank) {
    int n = fabric.numSwitches();
    int[] members = new int[n];
    int[] dist = new int[n];
    Arrays.fill(dist, -1);
    int size = 0;
    members[size++] = start;
    dist[start] = 0;
    for (int head = 0; head < size; head++) {
      int u = members[head];
      for (int i = 0; i < fabric.outDegree(u); i++) {
        int r = fabric.channelHead(fabric.outChannel(u, i));
        if (r < n && dist[r] < 0) {
          dist[r] = 0;
          members[size++] = r;
        }
      }
    }
    int[] queue = new int[size];
    int best = -1;
    long bestSum = Long.MAX_VALUE;
    for (int m = 0; m < size; m++) {
      int source = members[m];
      for (int k = 0; k < size; k++) {
        dist[members[k]] = -1;
      }
      long sum = 0;
      int tail = 0;
      queue[tail++] = source;
      dist[source] = 0;
      for (int head = 0; head < tail; head++) {
        int u = queue[head];
        sum += dist[u];
        for (int i = 0; i < fabric.outDegree(u); i++) {
          int r = fabric.channelHead(fabric.outChannel(u, i));
          if (r < n && dist[r] < 0) {
            dist[r] = dist[u] + 1;
            queue[tail++] = r;
          }
        }
      }
      if (sum < bestSum || sum == bestSum && source < best) {
        bestSum = sum;
        best = source;
      }
    }
    return best;
  }
}
