package org.ibrouting.analysis;

import java.util.Arrays;
import java.util.List;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.routing.PortSl2Vl;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.routing.SlTable;

/**
 * Builds the channel dependency graph (CDG) of every VL a routing uses and looks for cycles, which
 * are potential credit loops (Dally and Seitz, "Deadlock-free message routing in multiprocessor
 * interconnection networks"; the InfiniBand setting as in Domke, Hoefler, Nagel, "Deadlock-Free
 * Oblivious Routing for Arbitrary Topologies").
 *
 * <p>Routes are re-derived from the LFTs, and their VL from the {@link SlTable} ({@code vl(srcLid,
 * dstLid)}; everything on VL 0 when the table is none or SLs are ignored). No route is
 * materialised: per destination LID, the routes form an in-tree, so the dependencies are pairs of
 * consecutive channels along the tree. For each (source group, destination) the group's VL decides
 * which switches start a walk on which VL; walks stop at switches already walked on that VL for
 * that destination, so every switch is visited at most once per (VL, destination). Dependencies are
 * kept as {@code long} keys (first channel in the high half) in fastutil hash sets per thread, then
 * sorted, deduplicated and turned into a CSR graph per VL. Cycles are found with an iterative
 * Tarjan SCC search; the witness is a shortest cycle (BFS within the component) through the lowest
 * cyclic channel, and every dependency on it is matched with the lowest (destination LID, source
 * LID) route that induces it.
 *
 * <p>With a {@link PortSl2Vl} in the SL table (torus-2QoS), a hop's VL depends on the ports the
 * packet enters and leaves the switch through, so vertices are (channel, VL) pairs of one graph,
 * and a dependency may lead from one VL to another. Walks then go per (destination, SL): the VL of
 * a hop follows from the SL and the port the walk arrived on; a walk stops at a switch already
 * walked for that destination and SL with the same first (channel, VL). The report counts vertices,
 * dependencies (by their first vertex) and cyclic vertices per VL, and a witness per VL runs
 * through that VL's lowest cyclic vertex.
 *
 * <p>By default vertices are switch-to-switch channels, as in OpenSM's DFSSSP. With {@link
 * #withEndpointChannels(boolean)} the CA injection and ejection channels join the graph; they can
 * never be part of a cycle (nothing enters an injection channel, nothing leaves an ejection
 * channel) but count as vertices and edges.
 *
 * <p>A verifier {@link #withBaseline with a baseline} (the kept graph of a routing free of credit
 * loops, {@link #baseline}) checks routings and mixes that differ from that routing in a few
 * destinations by walking the routes to those only ({@link CdgBaseline}), as {@code serve} proves a
 * repair: on the 16-ary 3-tree, a cut cable's repair walks about a tenth of the destinations.
 *
 * <p>Cost: O(#LIDs * (#switches + #source groups)) walking steps plus hashing of the dependencies;
 * memory per thread and VL: 2 ints per switch, 1 byte per port slot and the dependency set.
 */
public final class CreditLoopVerifier {
  static final int MAX_VLS = SlTable.NUM_SLS;

  private final EndpointScope scope;
  private final boolean endpointChannels;
  private final boolean ignoreSls;
  private final int threads;
  private final CdgBaseline baseline;

  private CreditLoopVerifier(
      EndpointScope scope,
      boolean endpointChannels,
      boolean ignoreSls,
      int threads,
      CdgBaseline baseline) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, not " + threads);
    }
    this.scope = scope;
    this.endpointChannels = endpointChannels;
    this.ignoreSls = ignoreSls;
    this.threads = threads;
    this.baseline = baseline;
  }

  /**
   * Routes between CA and router ports, switch-to-switch channels, SLs from the routing's table,
   * all available processors.
   */
  public static CreditLoopVerifier defaults() {
    return new CreditLoopVerifier(
        EndpointScope.TERMINALS, false, false, RoutingOptions.defaultThreads(), null);
  }

  /** A copy that takes routes between the end ports of {@code newScope}. */
  public CreditLoopVerifier withScope(EndpointScope newScope) {
    return new CreditLoopVerifier(newScope, endpointChannels, ignoreSls, threads, baseline);
  }

  /** A copy that includes (or not) CA injection and ejection channels in the graph. */
  public CreditLoopVerifier withEndpointChannels(boolean include) {
    return new CreditLoopVerifier(scope, include, ignoreSls, threads, baseline);
  }

  /**
   * A copy that puts every route on VL 0 whatever the SL table says: the VL-less graph of the
   * OpenSM evaluation ({@code cdg_edges}, {@code credit_loop_free}).
   */
  public CreditLoopVerifier ignoringSls(boolean ignore) {
    return new CreditLoopVerifier(scope, endpointChannels, ignore, threads, baseline);
  }

  /** A copy that uses {@code newThreads} workers; the report does not depend on it. */
  public CreditLoopVerifier withThreads(int newThreads) {
    return new CreditLoopVerifier(scope, endpointChannels, ignoreSls, newThreads, baseline);
  }

  /**
   * A copy that starts from {@code newBaseline} (null: none) where it can: a routing or mix that
   * differs from the baseline's routing in a few destinations is checked by walking the routes to
   * those only, joined with the baseline's graph ({@link CdgBaseline} says when and why). A
   * deadlock-free report made that way counts the dependencies of that union, a graph that holds
   * the routing's own; a report with a credit loop always comes from the whole graph. The baseline
   * is not used when it has a credit loop, was built with other settings than this verifier's, or
   * for {@link #verify(Routing, EndPorts)}.
   */
  public CreditLoopVerifier withBaseline(CdgBaseline newBaseline) {
    return new CreditLoopVerifier(scope, endpointChannels, ignoreSls, threads, newBaseline);
  }

  /**
   * Builds the graph of every VL of {@code routing}, checks it, and keeps it as a baseline for
   * later checks of changes ({@link #withBaseline}); its {@link CdgBaseline#report()} is what
   * {@link #verify(Routing)} reports.
   */
  public CdgBaseline baseline(Routing routing) {
    long start = System.nanoTime();
    long[][] keys = new long[MAX_VLS][];
    CdgReport report = run(routing, null, scope.select(routing.fabric()), keys);
    double seconds = (System.nanoTime() - start) / 1e9;
    BaselineGraph[] graphs = null;
    if (report.isDeadlockFree() && routing.slTable().portSl2Vl() == null) {
      graphs = new BaselineGraph[report.numVls()];
      for (int vl = 0; vl < graphs.length && graphs != null; vl++) {
        if (keys[vl] != null) {
          graphs[vl] = BaselineGraph.of(keys[vl], routing.fabric().numPortSlots());
          graphs = graphs[vl] == null ? null : graphs;
        }
      }
    }
    return new CdgBaseline(routing, report, seconds, this, graphs);
  }

  /** Builds the graph of every VL and checks it for cycles. */
  public CdgReport verify(Routing routing) {
    EndPorts endPorts = scope.select(routing.fabric());
    CdgReport quick = proofFromBaseline(routing, null, endPorts);
    return quick != null ? quick : run(routing, null, endPorts, null);
  }

  /**
   * The report from the baseline when it proves {@code routing} (or {@code mix}, whose first
   * routing it is) free of credit loops, else null; counts the check either way.
   */
  private CdgReport proofFromBaseline(Routing routing, RoutingMix mix, EndPorts endPorts) {
    if (baseline == null) {
      return null;
    }
    CdgReport quick = usesBaseline(routing, mix) ? ask(routing, mix, endPorts) : null;
    boolean proven = quick != null && quick != BaselineCheck.UNION_CYCLIC;
    baseline.counted(proven);
    return proven ? quick : null;
  }

  private CdgReport ask(Routing routing, RoutingMix mix, EndPorts endPorts) {
    return BaselineCheck.check(
        baseline, routing, mix, endPorts, vlLess(routing, mix), endpointChannels, threads);
  }

  EndpointScope scope() {
    return scope;
  }

  boolean endpointChannels() {
    return endpointChannels;
  }

  boolean ignoresSls() {
    return ignoreSls;
  }

  private boolean usesBaseline(Routing routing, RoutingMix mix) {
    return baseline != null
        && baseline.fits(this)
        && CdgBaseline.plain(routing.slTable())
        && (mix == null || CdgBaseline.plain(mix.second().slTable()));
  }

  private boolean vlLess(Routing routing, RoutingMix mix) {
    SlTable second = mix == null ? null : mix.second().slTable();
    return ignoreSls || routing.slTable().isNone() && (second == null || second.isNone());
  }

  /**
   * Builds the graph of every VL from the routes between the selected end ports only (say, a job's;
   * whatever this verifier's scope) and checks it for cycles.
   *
   * @throws IllegalArgumentException when the end ports belong to another fabric than the routing
   */
  public CdgReport verify(Routing routing, EndPorts endPorts) {
    return run(routing, null, endPorts, null);
  }

  /**
   * Builds the graph of every VL for every path the mix allows (a switch in state EITHER follows
   * either of its tables; sources send on the SLs of the mix's SL state) and checks it for cycles:
   * acyclic means that no credit loop can form whichever of these states the switches are in, even
   * while packets sent in one state are still in flight in another.
   *
   * @throws IllegalArgumentException when an SL table of the mix has per-port SL-to-VL maps (not
   *     supported for mixes)
   */
  public CdgReport verify(RoutingMix mix) {
    for (Routing r : new Routing[] {mix.first(), mix.second()}) {
      if (!ignoreSls && r.slTable().portSl2Vl() != null) {
        throw new IllegalArgumentException(
            "a mix of routings with per-port SL-to-VL maps ("
                + r.engineName()
                + ") cannot be checked; check each routing on its own");
      }
    }
    EndPorts endPorts = scope.select(mix.first().fabric());
    CdgReport quick = proofFromBaseline(mix.first(), mix, endPorts);
    if (quick != null) {
      return quick;
    }
    return run(mix.first(), mix, endPorts, null);
  }

  /** What a verifier's baseline alone says of a mix, without building the whole graph. */
  public enum BaselineAnswer {
    /**
     * Free of credit loops: the dependencies of the changed destinations' routes joined with the
     * baseline's graph are acyclic.
     */
    FREE,
    /**
     * That union has a cycle: a credit loop of the mix, or one through dependencies of the
     * baseline's routes that the mix no longer has; only the whole graph tells which.
     */
    UNION_CYCLIC,
    /**
     * The baseline cannot tell: there is none (or it has a credit loop, or other settings), an end
     * port is new or moved, or most destinations changed.
     */
    UNKNOWN
  }

  /**
   * What this verifier's baseline alone says of {@code mix} ({@link #verify(RoutingMix)} builds the
   * whole graph unless the answer is {@link BaselineAnswer#FREE}): a caller with another way to go
   * when the union is cyclic, as a switch-over by steps, saves the whole graph's build.
   */
  public BaselineAnswer askBaseline(RoutingMix mix) {
    if (!usesBaseline(mix.first(), mix)) {
      return BaselineAnswer.UNKNOWN;
    }
    CdgReport quick = ask(mix.first(), mix, scope.select(mix.first().fabric()));
    if (quick != null && quick != BaselineCheck.UNION_CYCLIC) {
      baseline.counted(true);
    }
    return quick == null
        ? BaselineAnswer.UNKNOWN
        : quick == BaselineCheck.UNION_CYCLIC ? BaselineAnswer.UNION_CYCLIC : BaselineAnswer.FREE;
  }

  /** The report; with {@code keysOut}, each VL's sorted dependencies go there. */
  private CdgReport run(Routing routing, RoutingMix mix, EndPorts endPorts, long[][] keysOut) {
    Fabric fabric = routing.fabric();
    EndPortIndex endpoints = EndPortIndex.of(routing, endPorts);
    SlTable second = mix == null ? null : mix.second().slTable();
    boolean vlLess = vlLess(routing, mix);
    PortSl2Vl portVls = vlLess || mix != null ? null : routing.slTable().portSl2Vl();
    if (portVls != null) {
      if (!portVls.fits(fabric)) {
        throw new IllegalArgumentException(
            "the per-port SL2VL map covers "
                + portVls.numPortSlots()
                + " port slots, the fabric has "
                + fabric.numPortSlots());
      }
      return verifyPerPort(routing, endpoints, portVls);
    }
    SourceGroups groups = new SourceGroups(endpoints, routing.slTable(), second, vlLess, null);
    List<CdgWorker> workers =
        Parallel.run(
            endpoints.numGroups(),
            threads,
            () -> new CdgWorker(routing, mix, groups, endpointChannels));
    int numVls = 0;
    for (CdgWorker w : workers) {
      for (int vl = MAX_VLS - 1; vl >= numVls; vl--) {
        if (w.edges[vl] != null) {
          numVls = vl + 1;
        }
      }
    }
    int[] numVertices = new int[numVls];
    long[] numEdges = new long[numVls];
    int[] numCyclic = new int[numVls];
    CreditLoop[] witnesses = new CreditLoop[numVls];
    for (int vl = 0; vl < numVls; vl++) {
      long[] keys = mergedEdges(workers, vl);
      if (keysOut != null) {
        keysOut[vl] = keys;
      }
      boolean[] used = new boolean[fabric.numPortSlots()];
      for (CdgWorker w : workers) {
        if (w.used[vl] != null) {
          for (int c = 0; c < used.length; c++) {
            used[c] |= w.used[vl][c];
          }
        }
      }
      Cdg cdg = new Cdg(used, keys);
      numVertices[vl] = cdg.numVertices();
      numEdges[vl] = keys.length;
      int[] cycle = cdg.findCycle();
      numCyclic[vl] = cdg.numCyclic();
      if (cycle != null) {
        witnesses[vl] = CreditLoopWitness.witness(routing, mix, endpoints, vlLess, vl, cycle);
      }
    }
    return report(numVertices, numEdges, numCyclic, witnesses);
  }

  private static long[] mergedEdges(List<CdgWorker> workers, int vl) {
    int size = 0;
    for (CdgWorker w : workers) {
      size += w.edges[vl] == null ? 0 : w.edges[vl].size();
    }
    long[] keys = new long[size];
    int k = 0;
    for (CdgWorker w : workers) {
      if (w.edges[vl] != null) {
        for (var it = w.edges[vl].iterator(); it.hasNext(); ) {
          keys[k++] = it.nextLong();
        }
      }
    }
    return sortedDistinct(keys);
  }

  /** {@code keys} sorted, without repeats (sorts the array it is given). */
  static long[] sortedDistinct(long[] keys) {
    Arrays.sort(keys);
    int unique = 0;
    for (int i = 0; i < keys.length; i++) {
      if (unique == 0 || keys[i] != keys[unique - 1]) {
        keys[unique++] = keys[i];
      }
    }
    return Arrays.copyOf(keys, unique);
  }

  // ---- per-port SL-to-VL maps: one graph over (channel, VL) ------------------------------------

  private CdgReport verifyPerPort(Routing routing, EndPortIndex endpoints, PortSl2Vl portVls) {
    Fabric fabric = routing.fabric();
    SourceGroups groups = new SourceGroups(endpoints, routing.slTable(), null, false, portVls);
    List<CdgWorker> workers =
        Parallel.run(
            endpoints.numGroups(),
            threads,
            () -> new CdgWorker(routing, null, groups, endpointChannels));
    int numIds = fabric.numPortSlots() * MAX_VLS;
    boolean[] used = new boolean[numIds];
    for (CdgWorker w : workers) {
      for (int v = 0; v < numIds; v++) {
        used[v] |= w.used[0][v];
      }
    }
    long[] keys = mergedEdges(workers, 0);
    int[] numVertices = new int[MAX_VLS];
    long[] numEdges = new long[MAX_VLS];
    int[] numCyclic = new int[MAX_VLS];
    CreditLoop[] witnesses = new CreditLoop[MAX_VLS];
    for (int v = 0; v < numIds; v++) {
      if (used[v]) {
        numVertices[v % MAX_VLS]++;
      }
    }
    for (long key : keys) {
      numEdges[(int) (key >>> 32) % MAX_VLS]++;
    }
    Cdg cdg = new Cdg(used, keys);
    if (cdg.findCycle() != null) {
      for (int v : cdg.cyclicVertices()) {
        int vl = v % MAX_VLS;
        if (numCyclic[vl]++ == 0) {
          witnesses[vl] =
              CreditLoopWitness.portWitness(routing, endpoints, portVls, vl, cdg.cycleThrough(v));
        }
      }
    }
    return report(numVertices, numEdges, numCyclic, witnesses);
  }

  /** The report of the VLs up to the last one that has a vertex. */
  private static CdgReport report(
      int[] numVertices, long[] numEdges, int[] numCyclic, CreditLoop[] witnesses) {
    int usedVls = numVertices.length;
    while (usedVls > 0 && numVertices[usedVls - 1] == 0) {
      usedVls--;
    }
    return new CdgReport(
        Arrays.copyOf(numVertices, usedVls),
        Arrays.copyOf(numEdges, usedVls),
        Arrays.copyOf(numCyclic, usedVls),
        Arrays.copyOf(witnesses, usedVls));
  }
}
