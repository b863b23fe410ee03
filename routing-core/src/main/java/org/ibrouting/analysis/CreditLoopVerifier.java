package org.ibrouting.analysis;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.LftWalker;
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
 * <p>Cost: O(#LIDs * (#switches + #source groups)) walking steps plus hashing of the dependencies;
 * memory per thread and VL: 2 ints per switch, 1 byte per port slot and the dependency set.
 */
public final class CreditLoopVerifier {
  private static final int MAX_VLS = SlTable.NUM_SLS;

  private final EndpointScope scope;
  private final boolean endpointChannels;
  private final boolean ignoreSls;
  private final int threads;

  private CreditLoopVerifier(
      EndpointScope scope, boolean endpointChannels, boolean ignoreSls, int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, not " + threads);
    }
    this.scope = scope;
    this.endpointChannels = endpointChannels;
    this.ignoreSls = ignoreSls;
    this.threads = threads;
  }

  /**
   * Routes between CA and router ports, switch-to-switch channels, SLs from the routing's table,
   * all available processors.
   */
  public static CreditLoopVerifier defaults() {
    return new CreditLoopVerifier(
        EndpointScope.TERMINALS, false, false, RoutingOptions.defaultThreads());
  }

  /** A copy that takes routes between the end ports of {@code newScope}. */
  public CreditLoopVerifier withScope(EndpointScope newScope) {
    return new CreditLoopVerifier(newScope, endpointChannels, ignoreSls, threads);
  }

  /** A copy that includes (or not) CA injection and ejection channels in the graph. */
  public CreditLoopVerifier withEndpointChannels(boolean include) {
    return new CreditLoopVerifier(scope, include, ignoreSls, threads);
  }

  /**
   * A copy that puts every route on VL 0 whatever the SL table says: the VL-less graph of the
   * OpenSM evaluation ({@code cdg_edges}, {@code credit_loop_free}).
   */
  public CreditLoopVerifier ignoringSls(boolean ignore) {
    return new CreditLoopVerifier(scope, endpointChannels, ignore, threads);
  }

  /** A copy that uses {@code newThreads} workers; the report does not depend on it. */
  public CreditLoopVerifier withThreads(int newThreads) {
    return new CreditLoopVerifier(scope, endpointChannels, ignoreSls, newThreads);
  }

  /** Builds the graph of every VL and checks it for cycles. */
  public CdgReport verify(Routing routing) {
    return verify(routing, null);
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
    return verify(mix.first(), mix);
  }

  private CdgReport verify(Routing routing, RoutingMix mix) {
    Fabric fabric = routing.fabric();
    Endpoints endpoints = new Endpoints(fabric, scope);
    SlTable second = mix == null ? null : mix.second().slTable();
    boolean vlLess = ignoreSls || routing.slTable().isNone() && (second == null || second.isNone());
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
    List<Worker> workers =
        Parallel.run(
            endpoints.numGroups(),
            threads,
            () -> new Worker(routing, mix, endpoints, groups, vlLess, null, endpointChannels));
    int numVls = 0;
    for (Worker w : workers) {
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
      boolean[] used = new boolean[fabric.numPortSlots()];
      for (Worker w : workers) {
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
        witnesses[vl] = witness(routing, mix, endpoints, vlLess, vl, cycle);
      }
    }
    int usedVls = numVls;
    while (usedVls > 0 && numVertices[usedVls - 1] == 0) {
      usedVls--;
    }
    return new CdgReport(
        Arrays.copyOf(numVertices, usedVls),
        Arrays.copyOf(numEdges, usedVls),
        Arrays.copyOf(numCyclic, usedVls),
        Arrays.copyOf(witnesses, usedVls));
  }

  private static long[] mergedEdges(List<Worker> workers, int vl) {
    int size = 0;
    for (Worker w : workers) {
      size += w.edges[vl] == null ? 0 : w.edges[vl].size();
    }
    long[] keys = new long[size];
    int k = 0;
    for (Worker w : workers) {
      if (w.edges[vl] != null) {
        for (var it = w.edges[vl].iterator(); it.hasNext(); ) {
          keys[k++] = it.nextLong();
        }
      }
    }
    Arrays.sort(keys);
    int unique = 0;
    for (int i = 0; i < keys.length; i++) {
      if (unique == 0 || keys[i] != keys[unique - 1]) {
        keys[unique++] = keys[i];
      }
    }
    return Arrays.copyOf(keys, unique);
  }

  /**
   * Finds, for each dependency of the cycle, the lowest (destination, source) route inducing it.
   */
  private CreditLoop witness(
      Routing routing, RoutingMix mix, Endpoints endpoints, boolean vlLess, int vl, int[] cycle) {
    Fabric fabric = routing.fabric();
    int n = cycle.length;
    int[] srcLids = new int[n];
    int[] dstLids = new int[n];
    List<String> names = new ArrayList<>(n);
    LftWalker walker = new LftWalker(routing);
    MixWalker mixWalker = mix == null ? null : new MixWalker(mix);
    for (int i = 0; i < n; i++) {
      int c1 = cycle[i];
      int c2 = cycle[(i + 1) % n];
      names.add(channelName(fabric, c1));
      long found =
          mix == null
              ? findInducingRoute(routing, endpoints, walker, vlLess, vl, c1, c2)
              : mixWalker.findInducingRoute(endpoints, vlLess, vl, c1, c2);
      srcLids[i] = (int) (found & 0xFFFF);
      dstLids[i] = (int) (found >>> 16);
    }
    return new CreditLoop(vl, cycle, srcLids, dstLids, names);
  }

  /**
   * Whether the route from end port {@code s}, source LID {@code src}, to the walker's LID induces
   * a dependency.
   */
  private interface Induces {
    boolean test(int s, int src, int dst);
  }

  private long findInducingRoute(
      Routing routing,
      Endpoints endpoints,
      LftWalker walker,
      boolean vlLess,
      int vl,
      int c1,
      int c2) {
    Fabric fabric = routing.fabric();
    return findRoute(
        routing,
        endpoints,
        walker,
        c1,
        c2,
        (s, src, dst) ->
            (vlLess ? 0 : routing.slTable().vl(src, dst)) == vl
                && crosses(fabric, walker, endpoints, s, c1, c2),
        channelName(fabric, c1) + " => " + channelName(fabric, c2) + " on VL " + vl);
  }

  /**
   * The lowest (destination LID, source LID) route, packed {@code dst << 16 | src}, whose LFT
   * entries at the dependency's switches use channels {@code c1} and {@code c2} and that {@code
   * induces} confirms.
   */
  private static long findRoute(
      Routing routing,
      Endpoints endpoints,
      LftWalker walker,
      int c1,
      int c2,
      Induces induces,
      String what) {
    Fabric fabric = routing.fabric();
    int sw1 = fabric.channelTail(c1);
    int sw2 = fabric.channelTail(c2);
    for (int e = 0; e < endpoints.ports.length; e++) {
      int base = fabric.baseLid(endpoints.ports[e]);
      for (int dst = base; dst < base + endpoints.numLidsOf[e]; dst++) {
        if (fabric.isSwitch(sw1) && routing.outPort(sw1, dst) != fabric.portNum(c1)
            || routing.outPort(sw2, dst) != fabric.portNum(c2)) {
          continue;
        }
        walker.reset(dst);
        for (int s = 0; s < endpoints.ports.length; s++) {
          if (s == e || endpoints.switchOf[s] < 0) {
            continue;
          }
          int srcBase = fabric.baseLid(endpoints.ports[s]);
          for (int src = srcBase; src < srcBase + endpoints.numLidsOf[s]; src++) {
            if (induces.test(s, src, dst)) {
              return ((long) dst << 16) | src;
            }
          }
        }
      }
    }
    throw new IllegalStateException("no route induces the dependency " + what);
  }

  /** Whether the route from end port {@code s} crosses {@code c1} and then {@code c2}. */
  private static boolean crosses(
      Fabric fabric, LftWalker walker, Endpoints endpoints, int s, int c1, int c2) {
    int prev = endpoints.linkHops[s] == 1 ? endpoints.ports[s] : -1;
    int sw = endpoints.switchOf[s];
    for (int step = 0; step <= fabric.numSwitches(); step++) {
      int out = walker.outChannel(sw, true);
      if (out < 0) {
        return false;
      }
      if (prev == c1 && out == c2) {
        return true;
      }
      int next = fabric.channelHead(out);
      if (!fabric.isSwitch(next)) {
        return false;
      }
      prev = out;
      sw = next;
    }
    return false;
  }

  static String channelName(Fabric fabric, int channel) {
    int peer = fabric.peerPort(channel);
    return fabric.nodeName(fabric.nodeOfPort(channel))
        + " port "
        + fabric.portNum(channel)
        + " -> "
        + fabric.nodeName(fabric.nodeOfPort(peer))
        + " port "
        + fabric.portNum(peer);
  }

  /**
   * Sources bundled by the VL decision: all source LIDs of one SL group (or all of them when the
   * graph is VL-less), and within a group, the switches they start from with their LID counts.
   */
  private static final class SourceGroups {
    final int numGroups;
    final int[] repLid;
    final int[] entryStart;
    final int[] entrySwitch;

    /** Per entry: the class of the port its sources enter the switch through (0 without a map). */
    final int[] entryClass;

    final int[] entryCount;

    /** Per source LID: its (group, switch) entry, or -1. */
    final int[] entryOfLid;

    /**
     * Groups by {@code table}'s source groups, or by the pairs of groups of {@code table} and
     * {@code second} (a mix's two SL tables; null for one routing).
     */
    SourceGroups(
        Endpoints endpoints, SlTable table, SlTable second, boolean vlLess, PortSl2Vl portVls) {
      Fabric fabric = endpoints.fabric;
      int maxLid = fabric.maxLid();
      int tableGroups = vlLess ? 0 : table.numGroups();
      int secondGroups = vlLess || second == null ? 0 : second.numGroups();
      Long2IntOpenHashMap denseOf = new Long2IntOpenHashMap();
      denseOf.defaultReturnValue(-1);
      int[] groupOfLid = new int[maxLid + 1];
      Arrays.fill(groupOfLid, -1);
      int[] rep = new int[16];
      int groups = 0;
      for (int e = 0; e < endpoints.ports.length; e++) {
        if (endpoints.switchOf[e] < 0) {
          continue;
        }
        int base = fabric.baseLid(endpoints.ports[e]);
        for (int lid = base; lid < base + endpoints.numLidsOf[e]; lid++) {
          int g1 = vlLess ? 0 : table.groupOfSrcLid(lid);
          g1 = g1 < 0 || g1 >= tableGroups ? tableGroups : g1;
          int g2 = secondGroups == 0 ? 0 : second.groupOfSrcLid(lid);
          g2 = g2 < 0 || g2 >= secondGroups ? secondGroups : g2;
          long key = (long) g1 * (secondGroups + 1) + g2;
          int dense = denseOf.get(key);
          if (dense < 0) {
            if (groups == rep.length) {
              rep = Arrays.copyOf(rep, groups * 2);
            }
            rep[groups] = lid;
            dense = groups++;
            denseOf.put(key, dense);
          }
          groupOfLid[lid] = dense;
        }
      }
      numGroups = groups;
      repLid = Arrays.copyOf(rep, groups);
      Long2IntOpenHashMap entryOf = new Long2IntOpenHashMap();
      entryOf.defaultReturnValue(-1);
      int[] groupSize = new int[groups + 1];
      long[] entryKeys = new long[16];
      int numEntries = 0;
      for (int lid = 1; lid <= maxLid; lid++) {
        if (groupOfLid[lid] >= 0) {
          long key = entryKey(endpoints, portVls, groupOfLid[lid], lid);
          if (entryOf.get(key) < 0) {
            entryOf.put(key, numEntries);
            if (numEntries == entryKeys.length) {
              entryKeys = Arrays.copyOf(entryKeys, numEntries * 2);
            }
            entryKeys[numEntries++] = key;
            groupSize[groupOfLid[lid] + 1]++;
          }
        }
      }
      // entries ordered by (group, switch) so that the CSR is deterministic
      long[] sorted = Arrays.copyOf(entryKeys, numEntries);
      Arrays.sort(sorted);
      entryStart = new int[groups + 1];
      for (int g = 0; g < groups; g++) {
        entryStart[g + 1] = entryStart[g] + groupSize[g + 1];
      }
      entrySwitch = new int[numEntries];
      entryClass = new int[numEntries];
      entryCount = new int[numEntries];
      Long2IntOpenHashMap indexOf = new Long2IntOpenHashMap(numEntries);
      for (int i = 0; i < numEntries; i++) {
        int low = (int) sorted[i];
        entrySwitch[i] = low >>> 4;
        entryClass[i] = low & 15;
        indexOf.put(sorted[i], i);
      }
      entryOfLid = new int[maxLid + 1];
      Arrays.fill(entryOfLid, -1);
      for (int lid = 1; lid <= maxLid; lid++) {
        if (groupOfLid[lid] >= 0) {
          int entry = indexOf.get(entryKey(endpoints, portVls, groupOfLid[lid], lid));
          entryOfLid[lid] = entry;
          entryCount[entry]++;
        }
      }
    }
  }

  /**
   * The key of a source LID's entry: its group, the switch it starts from and, with per-port maps,
   * the class of the port it enters that switch through.
   */
  private static long entryKey(Endpoints endpoints, PortSl2Vl portVls, int group, int lid) {
    int e = endpoints.endpointOfLid[lid];
    int sw = endpoints.switchOf[e];
    int cls = portVls == null ? 0 : portVls.classOf(entryPort(endpoints, e));
    return ((long) group << 32) | ((long) sw << 4) | cls;
  }

  /** The switch port slot a source end port's packets enter its switch through. */
  private static int entryPort(Endpoints endpoints, int e) {
    int port = endpoints.ports[e];
    return endpoints.linkHops[e] == 1 ? endpoints.fabric.peerPort(port) : port;
  }

  // ---- per-port SL-to-VL maps: one graph over (channel, VL) ------------------------------------

  private CdgReport verifyPerPort(Routing routing, Endpoints endpoints, PortSl2Vl portVls) {
    Fabric fabric = routing.fabric();
    SourceGroups groups = new SourceGroups(endpoints, routing.slTable(), null, false, portVls);
    List<Worker> workers =
        Parallel.run(
            endpoints.numGroups(),
            threads,
            () -> new Worker(routing, null, endpoints, groups, false, portVls, endpointChannels));
    int numIds = fabric.numPortSlots() * MAX_VLS;
    boolean[] used = new boolean[numIds];
    for (Worker w : workers) {
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
          witnesses[vl] = portWitness(routing, endpoints, portVls, vl, cdg.cycleThrough(v));
        }
      }
    }
    int usedVls = MAX_VLS;
    while (usedVls > 0 && numVertices[usedVls - 1] == 0) {
      usedVls--;
    }
    return new CdgReport(
        Arrays.copyOf(numVertices, usedVls),
        Arrays.copyOf(numEdges, usedVls),
        Arrays.copyOf(numCyclic, usedVls),
        Arrays.copyOf(witnesses, usedVls));
  }

  /**
   * The loop's channels and their VLs, each dependency matched with the lowest route inducing it.
   */
  private CreditLoop portWitness(
      Routing routing, Endpoints endpoints, PortSl2Vl portVls, int vl, int[] cycle) {
    Fabric fabric = routing.fabric();
    int n = cycle.length;
    int[] channels = new int[n];
    int[] srcLids = new int[n];
    int[] dstLids = new int[n];
    List<String> names = new ArrayList<>(n);
    LftWalker walker = new LftWalker(routing);
    for (int i = 0; i < n; i++) {
      channels[i] = cycle[i] / MAX_VLS;
      names.add(channelName(fabric, channels[i]) + " (VL " + cycle[i] % MAX_VLS + ")");
      long found = findPortRoute(routing, endpoints, portVls, walker, cycle[i], cycle[(i + 1) % n]);
      srcLids[i] = (int) (found & 0xFFFF);
      dstLids[i] = (int) (found >>> 16);
    }
    return new CreditLoop(vl, channels, srcLids, dstLids, names);
  }

  private long findPortRoute(
      Routing routing, Endpoints endpoints, PortSl2Vl portVls, LftWalker walker, int v1, int v2) {
    Fabric fabric = routing.fabric();
    int c1 = v1 / MAX_VLS;
    int c2 = v2 / MAX_VLS;
    return findRoute(
        routing,
        endpoints,
        walker,
        c1,
        c2,
        (s, src, dst) ->
            crossesPerPort(
                fabric, walker, endpoints, portVls, s, routing.slTable().sl(src, dst), v1, v2),
        channelName(fabric, c1)
            + " (VL "
            + v1 % MAX_VLS
            + ") => "
            + channelName(fabric, c2)
            + " (VL "
            + v2 % MAX_VLS
            + ")");
  }

  /** Whether the route from end port {@code s} on SL {@code sl} holds vertex v1 and then v2. */
  private static boolean crossesPerPort(
      Fabric fabric,
      LftWalker walker,
      Endpoints endpoints,
      PortSl2Vl portVls,
      int s,
      int sl,
      int v1,
      int v2) {
    int caPort = endpoints.ports[s];
    int prev = endpoints.linkHops[s] == 1 ? caPort * MAX_VLS + portVls.vl(caPort, caPort, sl) : -1;
    int in = entryPort(endpoints, s);
    int sw = endpoints.switchOf[s];
    for (int step = 0; step <= fabric.numSwitches(); step++) {
      int out = walker.outChannel(sw, true);
      if (out < 0) {
        return false;
      }
      int v = out * MAX_VLS + portVls.vl(in, out, sl);
      if (prev == v1 && v == v2) {
        return true;
      }
      int next = fabric.channelHead(out);
      if (!fabric.isSwitch(next)) {
        return false;
      }
      prev = v;
      in = fabric.peerPort(out);
      sw = next;
    }
    return false;
  }

  /**
   * Per-thread walker, stamps and dependency sets. Walks go per (destination, key): the key is the
   * route's VL, or with per-port maps its SL, whose hops' VLs follow from the ports; then every
   * dependency is in {@code edges[0]} between (channel, VL) vertex ids {@code channel * 16 + vl}.
   */
  private static final class Worker implements Parallel.Worker, MixWalker.Sink {
    private final Routing routing;
    private final RoutingMix mix;
    private final MixWalker mixWalker;
    private final int[] outs = new int[2];
    private LongOpenHashSet sinkSet;
    private boolean[] sinkUsed;
    private final Fabric fabric;
    private final Endpoints endpoints;
    private final SourceGroups groups;
    private final boolean vlLess;
    private final PortSl2Vl portVls;
    private final boolean endpointChannels;
    private final LftWalker walker;
    private final int[] entryCount;
    private final int[][] startStamp = new int[MAX_VLS][];
    private final int[][] startClasses = new int[MAX_VLS][];
    private final int[][] starts = new int[MAX_VLS][];
    private final int[] numStarts = new int[MAX_VLS];
    private final int[] keysTouched = new int[MAX_VLS];
    private final int[][] visitStamp = new int[MAX_VLS][];

    /** Per-port maps: per key and switch, the first vertex a walk of this epoch left it by. */
    private final int[][] vertexAt = new int[MAX_VLS][];

    final LongOpenHashSet[] edges = new LongOpenHashSet[MAX_VLS];
    final boolean[][] used = new boolean[MAX_VLS][];
    private int epoch;

    Worker(
        Routing routing,
        RoutingMix mix,
        Endpoints endpoints,
        SourceGroups groups,
        boolean vlLess,
        PortSl2Vl portVls,
        boolean endpointChannels) {
      this.routing = routing;
      this.mix = mix;
      this.mixWalker = mix == null ? null : new MixWalker(mix);
      this.fabric = routing.fabric();
      this.endpoints = endpoints;
      this.groups = groups;
      this.vlLess = vlLess;
      this.portVls = portVls;
      this.endpointChannels = endpointChannels;
      this.walker = new LftWalker(routing);
      this.entryCount = groups.entryCount.clone();
      if (portVls != null) {
        edges[0] = new LongOpenHashSet();
        used[0] = new boolean[fabric.numPortSlots() * MAX_VLS];
      }
    }

    private void ensureKey(int key) {
      if (startStamp[key] == null) {
        int numSwitches = fabric.numSwitches();
        startStamp[key] = new int[numSwitches];
        startClasses[key] = new int[numSwitches];
        starts[key] = new int[numSwitches];
        visitStamp[key] = new int[numSwitches];
        if (portVls == null) {
          edges[key] = new LongOpenHashSet();
          used[key] = new boolean[fabric.numPortSlots()];
        } else {
          vertexAt[key] = new int[numSwitches];
        }
      }
    }

    @Override
    public void run(int group) {
      for (int i = endpoints.groupStart[group]; i < endpoints.groupStart[group + 1]; i++) {
        collect(endpoints.groupLids[i]);
      }
    }

    private void collect(int lid) {
      epoch++;
      walker.reset(lid);
      if (mixWalker != null) {
        mixWalker.reset(lid);
      }
      int dstEndpoint = endpoints.endpointOfLid[lid];
      int dstBase = fabric.baseLid(endpoints.ports[dstEndpoint]);
      int dstLids = endpoints.numLidsOf[dstEndpoint];
      for (int l = dstBase; l < dstBase + dstLids; l++) {
        if (groups.entryOfLid[l] >= 0) {
          entryCount[groups.entryOfLid[l]]--;
        }
      }
      int touched = 0;
      for (int g = 0; g < groups.numGroups; g++) {
        int key =
            portVls != null
                ? routing.slTable().sl(groups.repLid[g], lid)
                : vlLess
                    ? 0
                    : mix == null
                        ? routing.slTable().vl(groups.repLid[g], lid)
                        : mixWalker.vl(groups.repLid[g], lid);
        int other = vlLess || mix == null ? -1 : mixWalker.otherVl(groups.repLid[g], lid);
        for (int entry = groups.entryStart[g]; entry < groups.entryStart[g + 1]; entry++) {
          if (entryCount[entry] == 0) {
            continue;
          }
          touched = addStart(key, entry, touched);
          if (other >= 0 && other != key) {
            touched = addStart(other, entry, touched);
          }
        }
      }
      for (int l = dstBase; l < dstBase + dstLids; l++) {
        if (groups.entryOfLid[l] >= 0) {
          entryCount[groups.entryOfLid[l]]++;
        }
      }
      for (int t = 0; t < touched; t++) {
        int key = keysTouched[t];
        for (int k = 0; k < numStarts[key]; k++) {
          int sw = starts[key][k];
          if (portVls == null) {
            walk(key, sw);
          } else {
            for (int classes = startClasses[key][sw]; classes != 0; classes &= classes - 1) {
              walkPorts(key, sw, Integer.numberOfTrailingZeros(classes));
            }
          }
        }
        numStarts[key] = 0;
      }
      if (endpointChannels) {
        injectionEdges(lid, dstEndpoint);
      }
    }

    /**
     * Walks for {@code key} start at the switch of {@code entry} this epoch; returns the keys
     * touched.
     */
    private int addStart(int key, int entry, int touched) {
      ensureKey(key);
      int sw = groups.entrySwitch[entry];
      if (startStamp[key][sw] != epoch) {
        if (numStarts[key] == 0) {
          keysTouched[touched++] = key;
        }
        startStamp[key][sw] = epoch;
        startClasses[key][sw] = 0;
        starts[key][numStarts[key]++] = sw;
      }
      startClasses[key][sw] |= 1 << groups.entryClass[entry];
      return touched;
    }

    /**
     * Every walk the mix allows from {@code start}, into this VL's sets (see {@link
     * MixWalker#walk}).
     */
    private void walkMix(int vl, int start) {
      sinkSet = edges[vl];
      sinkUsed = used[vl];
      mixWalker.walk(start, visitStamp[vl], epoch, endpointChannels, this);
    }

    @Override
    public void channel(int out) {
      sinkUsed[out] = true;
    }

    @Override
    public void dependency(int in, int out) {
      sinkSet.add(((long) in << 32) | out);
    }

    private void walk(int vl, int start) {
      if (mix != null) {
        walkMix(vl, start);
        return;
      }
      int[] active = visitStamp[vl];
      LongOpenHashSet set = edges[vl];
      boolean[] usedChannels = used[vl];
      int prev = -1;
      int sw = start;
      while (true) {
        int out = walker.outChannel(sw, endpointChannels);
        if (out >= 0) {
          usedChannels[out] = true;
          if (prev >= 0) {
            set.add(((long) prev << 32) | out);
          }
        }
        if (active[sw] == epoch || out < 0) {
          active[sw] = epoch;
          return;
        }
        active[sw] = epoch;
        int next = fabric.channelHead(out);
        if (!fabric.isSwitch(next)) {
          return;
        }
        prev = out;
        sw = next;
      }
    }

    /**
     * Follows the LFTs from {@code start}, entered through a port of class {@code inClass}, on SL
     * {@code sl}. From the second switch on, a walk repeats an earlier one of this destination and
     * SL once it leaves a switch by the same (channel, VL), so it stops there.
     */
    private void walkPorts(int sl, int start, int inClass) {
      int[] visit = visitStamp[sl];
      int[] first = vertexAt[sl];
      LongOpenHashSet set = edges[0];
      boolean[] usedVertices = used[0];
      int prev = -1;
      int sw = start;
      int cls = inClass;
      while (true) {
        int out = walker.outChannel(sw, endpointChannels);
        if (out < 0) {
          return;
        }
        int v = out * MAX_VLS + portVls.vlOfClasses(cls, portVls.classOf(out), sl);
        usedVertices[v] = true;
        if (prev >= 0) {
          set.add(((long) prev << 32) | v);
        }
        if (visit[sw] == epoch) {
          if (first[sw] == v) {
            return;
          }
        } else {
          visit[sw] = epoch;
          first[sw] = v;
        }
        int next = fabric.channelHead(out);
        if (!fabric.isSwitch(next)) {
          return;
        }
        prev = v;
        cls = portVls.classOf(fabric.peerPort(out));
        sw = next;
      }
    }

    /** The vertex of a source's injection channel on SL {@code sl}, or its channel by VL. */
    private int injectionVertex(int caPort, int src, int lid) {
      if (portVls == null) {
        int vl = vlLess ? 0 : routing.slTable().vl(src, lid);
        ensureKey(vl);
        used[vl][caPort] = true;
        return vl;
      }
      int v = caPort * MAX_VLS + portVls.vl(caPort, caPort, routing.slTable().sl(src, lid));
      used[0][v] = true;
      return v;
    }

    /** The injection dependencies of a mix: either table's first channel, on either SL's VL. */
    private void mixInjectionEdges(int lid, int dstEndpoint) {
      for (int e = 0; e < endpoints.ports.length; e++) {
        int sw = endpoints.switchOf[e];
        if (e == dstEndpoint || sw < 0 || endpoints.linkHops[e] == 0) {
          continue;
        }
        int caPort = endpoints.ports[e];
        int count = mixWalker.outChannels(sw, true, outs);
        int base = fabric.baseLid(caPort);
        for (int src = base; src < base + endpoints.numLidsOf[e]; src++) {
          int vl = vlLess ? 0 : mixWalker.vl(src, lid);
          int other = vlLess ? -1 : mixWalker.otherVl(src, lid);
          for (int t = 0; t < 2; t++) {
            int v = t == 0 ? vl : other == vl ? -1 : other;
            if (v < 0) {
              continue;
            }
            ensureKey(v);
            used[v][caPort] = true;
            for (int k = 0; k < count; k++) {
              edges[v].add(((long) caPort << 32) | outs[k]);
            }
          }
        }
      }
    }

    private void injectionEdges(int lid, int dstEndpoint) {
      if (mix != null) {
        mixInjectionEdges(lid, dstEndpoint);
        return;
      }
      for (int e = 0; e < endpoints.ports.length; e++) {
        int sw = endpoints.switchOf[e];
        if (e == dstEndpoint || sw < 0 || endpoints.linkHops[e] == 0) {
          continue;
        }
        int caPort = endpoints.ports[e];
        int first = walker.outChannel(sw, true);
        int base = fabric.baseLid(caPort);
        for (int src = base; src < base + endpoints.numLidsOf[e]; src++) {
          int v = injectionVertex(caPort, src, lid);
          if (first < 0) {
            continue;
          }
          if (portVls == null) {
            edges[v].add(((long) caPort << 32) | first);
          } else {
            int sl = routing.slTable().sl(src, lid);
            edges[0].add(
                ((long) v << 32)
                    | (first * MAX_VLS + portVls.vl(fabric.peerPort(caPort), first, sl)));
          }
        }
      }
      // a CA cabled straight to the destination crosses one channel and depends on nothing
      for (int orphan : endpoints.orphans) {
        int port = endpoints.ports[orphan];
        if (orphan != dstEndpoint && fabric.peerPort(port) == endpoints.ports[dstEndpoint]) {
          int base = fabric.baseLid(port);
          for (int src = base; src < base + endpoints.numLidsOf[orphan]; src++) {
            injectionVertex(port, src, lid);
          }
        }
      }
    }
  }
}
