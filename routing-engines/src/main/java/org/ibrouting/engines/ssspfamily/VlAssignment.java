package org.ibrouting.engines.ssspfamily;

import org.ibrouting.routing.ProgressListener;
import org.ibrouting.routing.Routing;

/**
 * Not API. OpenSM 3.3.23's deadlock removal ({@code dfsssp_remove_deadlocks}), reproduced so that
 * it needs exactly as many VLs: every (source LID, destination LID) path starts on VL 0; per VL a
 * channel dependency graph ({@link DependencyGraph}) whose vertices are kept in an unbalanced
 * binary search tree by channel id and whose edges carry the pairs that induce them; a depth-first
 * search (restarted at the first unvisited vertex in the tree's pre-order) finds a cycle, the edge
 * of the cycle with the fewest remaining pairs is cut and its pairs move to the next VL; repeated
 * until every VL is acyclic.
 *
 * <p>Paths are handled per group ({@link GroupVls}: source switch, destination LID), weighted by
 * its number of (source LID, destination LID) pairs. A group enters the graphs where its first pair
 * would ({@link GroupOrder}) and moves as a whole, which gives OpenSM's choices exactly. VL 0 is
 * built by {@link FirstVlGraph} (in parallel on more than two threads) through destination-major
 * LFTs ({@link ChannelPaths}), for dfsssp while its SSSP still routes ({@link
 * DfssspLanes.Overlapped}); the groups on each dependency are listed only when a VL's first cycle
 * is found: an acyclic VL 0 (fat trees) never needs them.
 *
 * @param groups the VL of every group
 * @param vlsNeeded the VLs needed, {@code maxVls + 1} when {@code maxVls} do not suffice
 * @param pathsPerVl the (source LID, destination LID) pairs per VL, {@code maxVls} entries
 */
record VlAssignment(GroupVls groups, int vlsNeeded, long[] pathsPerVl) {

  /** The VL of the path from slid to dlid. */
  int vl(int slid, int dlid) {
    return groups.vl(slid, dlid);
  }

  /**
   * Assigns VLs to the paths between every two ports of {@code ports} (OpenSM's order). The result
   * does not depend on {@code threads}.
   */
  static VlAssignment assign(Routing routing, int[] ports, int maxVls, int threads) {
    return assign(routing, ports, maxVls, threads, ProgressListener.SILENT, "dfsssp");
  }

  /**
   * Like {@link #assign(Routing, int[], int, int)}, reporting as phases "ENGINE: channel
   * dependencies" (destinations whose paths entered VL 0's graph) and "ENGINE: VLs" (VLs whose
   * cycles are broken; the last report comes when no cycle is left).
   */
  static VlAssignment assign(
      Routing routing,
      int[] ports,
      int maxVls,
      int threads,
      ProgressListener progress,
      String engine) {
    GroupVls groups = new GroupVls(routing.fabric(), ports);
    GroupOrder order = new GroupOrder(groups, ports);
    ChannelPaths paths = new ChannelPaths(routing, threads);
    DependencyGraph first =
        FirstVlGraph.build(
            paths, groups, order, threads, progress, engine + ": channel dependencies");
    return assign(paths, groups, order, first, maxVls, threads, progress, engine);
  }

  /**
   * The rest of {@link #assign(Routing, int[], int, int, ProgressListener, String)} once VL 0's
   * graph {@code first} is built (by {@link FirstVlGraph}) on {@code paths}, {@code groups} and
   * {@code order}: the cycles broken VL by VL.
   */
  static VlAssignment assign(
      ChannelPaths paths,
      GroupVls groups,
      GroupOrder order,
      DependencyGraph first,
      int maxVls,
      int threads,
      ProgressListener progress,
      String engine) {
    long[] pathsPerVl = new long[maxVls];
    long lids = 0;
    long squares = 0;
    for (int port : order.ports) {
      long l = 1L << paths.fabric.lmc(port);
      lids += l;
      squares += l * l;
    }
    pathsPerVl[0] = lids * lids - squares;
    DependencyGraph[] cdg = new DependencyGraph[maxVls];
    cdg[0] = first;
    int needed = 1;
    int vlSteps = Math.max(1, maxVls - 1);
    for (int v = 0; v < maxVls - 1 && cdg[v] != null; v++) {
      if (breakCycles(cdg, v, paths, groups, order, threads, pathsPerVl)) {
        needed = v + 2;
      }
      // free what the next VLs no longer need
      cdg[v] = null;
      progress.progress(engine + ": VLs", cdg[v + 1] == null ? vlSteps : v + 1, vlSteps);
    }
    if (maxVls == 1) {
      progress.progress(engine + ": VLs", vlSteps, vlSteps);
    }
    DependencyGraph last = cdg[maxVls - 1];
    if (last != null && last.root >= 0) {
      last.prepareSearch();
      if (last.searchCycle(last.root) >= 0) {
        needed = maxVls + 1;
      }
    }
    return new VlAssignment(groups, needed, pathsPerVl);
  }

  /**
   * Cuts the cycles of VL {@code v}'s graph one by one, moving the groups of each cut dependency
   * still on VL {@code v} to VL {@code v + 1} (whose graph it creates when needed); returns whether
   * VL {@code v} had a cycle.
   */
  private static boolean breakCycles(
      DependencyGraph[] cdg,
      int v,
      ChannelPaths paths,
      GroupVls groups,
      GroupOrder order,
      int threads,
      long[] pathsPerVl) {
    DependencyGraph g = cdg[v];
    byte[] vlOf = groups.vlOf;
    boolean cyclic = false;
    g.prepareSearch();
    int start = g.root;
    while (start >= 0) {
      int cycle = g.searchCycle(start);
      if (cycle >= 0) {
        cyclic = true;
        if (g.pairStart == null) {
          g.listGroups(order, threads);
        }
        int link = g.cutWeakestLink(cycle);
        if (cdg[v + 1] == null) {
          cdg[v + 1] = new DependencyGraph(paths, groups);
        }
        DependencyGraph next = cdg[v + 1];
        for (int i = g.pairStart[link]; i < g.pairStart[link + 1]; i++) {
          int group = g.pairGroups[i];
          if (vlOf[group] != v) {
            continue;
          }
          long weight = groups.weightOf(group);
          g.removePath(group, weight);
          next.addPath(group, weight);
          next.members.add(group);
          vlOf[group] = (byte) (v + 1);
          pathsPerVl[v] -= weight;
          pathsPerVl[v + 1] += weight;
        }
      }
      start = cycle;
    }
    return cyclic;
  }
}
