package org.ibrouting.engines.updown;

import java.util.ArrayList;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.SwitchBfs;
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
  public static int[] ranks(Fabric fabric, int[] roots, List<String> notes)
      throws RoutingException {
    SwitchBfs bfs = new SwitchBfs(fabric).from(roots, roots.length);
    int[] rank = bfs.distances().clone();
    for (int sw = 0; sw < rank.length; sw++) {
      if (rank[sw] == SwitchBfs.UNREACHED) {
        // a part of a split fabric that holds no root (OpenSM, which sees only the part its SM
        // sits in, never meets one): its most central switch becomes its root
        int root = mostCentral(bfs, sw);
        notes.add(
            "updn: no root in the part of the split fabric that holds "
                + fabric.nodeName(sw)
                + "; took "
                + fabric.nodeName(root)
                + ", its most central switch, as that part's root");
        bfs.from(root);
        for (int i = 0; i < bfs.numReached(); i++) {
          rank[bfs.reached(i)] = bfs.distance(bfs.reached(i));
        }
      }
    }
    return rank;
  }

  /**
   * The switch of {@code start}'s component (over switch links) with the least total hop distance
   * to the others, the lowest index on ties.
   */
  private static int mostCentral(SwitchBfs bfs, int start) {
    bfs.from(start);
    int[] members = new int[bfs.numReached()];
    for (int i = 0; i < members.length; i++) {
      members[i] = bfs.reached(i);
    }
    int best = -1;
    long bestSum = Long.MAX_VALUE;
    for (int source : members) {
      long sum = bfs.from(source).distanceSum();
      if (sum < bestSum || sum == bestSum && source < best) {
        bestSum = sum;
        best = source;
      }
    }
    return best;
  }
}
