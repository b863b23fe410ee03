package org.ibrouting.cli;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.ibrouting.analysis.CdgBaseline;
import org.ibrouting.fabric.Fabric;

/**
 * The full routes {@code serve} keeps for a fabric that comes back to an earlier state, newest
 * first: the deployment it started with, then the full routes (and restores) it deployed, each with
 * its channel dependency graph. A cable or switch that returns then restores the routing of that
 * state instead of routing anew, and its proofs start from that routing's own graph.
 *
 * <p>Cost: each kept route holds its LFTs and its graph; {@value #KEPT} are kept.
 */
final class KeptRoutes {
  /** How many full routes are kept. */
  static final int KEPT = 2;

  private final ArrayDeque<Deployed> routes = new ArrayDeque<>();

  /** Keeps {@code full}, replacing one kept for the same state of the fabric. */
  void remember(Deployed full) {
    routes.removeIf(d -> FabricDiff.of(d.fabric(), full.fabric()).isEmpty());
    routes.addFirst(full);
    while (routes.size() > KEPT) {
      routes.removeLast();
    }
  }

  /** The kept route made for the state {@code fabric} is in, or null. */
  Deployed of(Fabric fabric) {
    for (Deployed kept : routes) {
      if (FabricDiff.of(kept.fabric(), fabric).isEmpty()) {
        return kept;
      }
    }
    return null;
  }

  /** The graphs a repair of {@code deployed} may prove from: its own and the kept routes'. */
  List<CdgBaseline> graphs(Deployed deployed) {
    List<CdgBaseline> graphs = new ArrayList<>();
    if (deployed.baseline() != null) {
      graphs.add(deployed.baseline());
    }
    for (Deployed kept : routes) {
      if (kept.baseline() != null && kept.baseline() != deployed.baseline()) {
        graphs.add(kept.baseline());
      }
    }
    return graphs;
  }

  /** The verifications made from kept graphs and of whole graphs so far, over {@code graphs}. */
  static long[] checkCounts(List<CdgBaseline> graphs) {
    long[] counts = new long[2];
    for (CdgBaseline g : graphs) {
      counts[0] += g.checksFromBaseline();
      counts[1] += g.wholeChecks();
    }
    return counts;
  }
}
