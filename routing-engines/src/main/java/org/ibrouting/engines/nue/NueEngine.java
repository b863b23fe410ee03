package org.ibrouting.engines.nue;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.internal.LidMajorLfts;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.routing.SlTable;

/**
 * Nue: deadlock-free routing on the complete channel dependency graph (J. Domke, T. Hoefler, S.
 * Matsuoka, "Routing on the Dependency Graph: A New Approach to Deadlock-Free High-Performance
 * Routing", HPDC 2016), as OpenSM 3.3.23's {@code -R nue} does it. Works on any topology with any
 * number of VLs, 1 included, and may use non-minimal paths.
 *
 * <p>The destination LIDs are split into {@code k = min(maxVls, nue_max_num_vls)} virtual layers
 * round-robin in OpenSM's port order (OpenSM's "semi-random" split without METIS is this
 * deterministic round robin), or, for a non-zero {@link RoutingOptions#seed()}, round robin over a
 * seeded permutation ({@link #layerPartition}). Per layer: an escape-path spanning tree rooted at
 * the most central switch of the destinations' convex hull is coloured into the cCDG; then per
 * destination LID a Dijkstra over channels ({@link NueNetwork}) with link weights starting at P² (P
 * = end-port LIDs) and raised by every path routed, which only takes a channel dependency that
 * closes no cycle in the layer's cCDG, with OpenSM's local backtracking, shortcut check and
 * escape-path fallback at an impasse ({@link NueRouter}). Switch LIDs are then routed on plain
 * weighted shortest-path trees on VL 0 unless {@code includeSwitches} (OpenSM's {@code
 * nue_include_switches}) makes them destinations of the layers. A path's SL is its destination's
 * layer (SL = VL under a 1:1 SL-to-VL map); with one layer there is no SL table.
 *
 * <p>Differences from OpenSM: distances and weights are 64-bit (OpenSM's Dijkstra treats distances
 * of 2³¹−1 and more as unreachable); the cycle check asks a dynamic topological order ({@code
 * IncrementalCdg}) instead of a depth-first search over the whole layer with an O(cCDG) reset per
 * check; a dependency that OpenSM's shortcut step takes out of the layer's graph while its tree
 * keeps using it stays in the cycle checks, and no dependency that closes a cycle is taken, so
 * every layer is deadlock-free where OpenSM 3.3.23 can leave a credit loop ({@link NueRouter}): the
 * tables differ from OpenSM's only where OpenSM takes such a dependency.
 *
 * <p>Cost: per destination LID a Dijkstra on the cCDG that settles one channel per switch and scans
 * its dependencies (O(channels log channels)) plus the incremental cycle checks; per layer the
 * escape tree, O(switches x (switches + channels) x CAs per switch) for the centrality. Memory:
 * about 6 ints and 2 bytes per cCDG edge (E = sum over channels of the head's degree), 22 ints per
 * channel, and the LFTs twice (collected by destination LID, then copied).
 */
public final class NueEngine implements RoutingEngine {
  private final int maxNumVls;
  private final boolean includeSwitches;
  private final boolean plainSearch;
  private final boolean resumeOften;

  /**
   * @param maxNumVls OpenSM's {@code nue_max_num_vls} (1-15): layers to use at most, further capped
   *     by {@link RoutingOptions#maxVls()}
   * @param includeSwitches OpenSM's {@code nue_include_switches}: route switch LIDs deadlock-free
   *     inside the layers too
   */
  public NueEngine(int maxNumVls, boolean includeSwitches) {
    this(maxNumVls, includeSwitches, false);
  }

  /**
   * As above; {@code plainSearch} checks cycles by depth-first search only and walks every edge one
   * by one, as OpenSM does (tests compare both).
   */
  NueEngine(int maxNumVls, boolean includeSwitches, boolean plainSearch) {
    this(maxNumVls, includeSwitches, plainSearch, false);
  }

  /**
   * As above; {@code resumeOften} makes the edge-class scan hand over to the one-by-one walk at
   * many positions, as it does when an edge changes class behind its back (tests compare).
   */
  NueEngine(int maxNumVls, boolean includeSwitches, boolean plainSearch, boolean resumeOften) {
    if (maxNumVls < 1 || maxNumVls > 15) {
      throw new IllegalArgumentException("nue_max_num_vls must be 1-15, not " + maxNumVls);
    }
    this.maxNumVls = maxNumVls;
    this.includeSwitches = includeSwitches;
    this.plainSearch = plainSearch;
    this.resumeOften = resumeOften;
  }

  /** OpenSM's defaults: one layer, switches not included. */
  public NueEngine() {
    this(1, false);
  }

  @Override
  public String name() {
    return "nue";
  }

  @Override
  public Routing route(Fabric fabric, RoutingOptions options) throws RoutingException {
    return route(fabric, options, false).routing();
  }

  /** What the router did in a checked routing ({@link #routeChecked}). */
  record Stats(
      long backtrackSteps,
      long escapeFallbacks,
      long shortcuts,
      int unorderedLayers,
      long runsEndedEarly,
      long scansSkipped,
      long hiddenDependencies,
      long cyclesRefused,
      long unrecordedDependencies) {}

  /** A routing and what its router did. */
  record Checked(Routing routing, Stats stats) {}

  /**
   * Routes, checking the cCDG bookkeeping after every layer, and counts backtracking steps,
   * escape-path fallbacks, shortcuts, layers whose topological order had to be abandoned, Dijkstra
   * runs that ended with channels left unscanned, channels whose scan was skipped, dependencies
   * hidden at the end of a layer, dependencies refused where OpenSM would have closed a cycle, and
   * dependencies of routed trees that the layer's acyclic graph misses (never, unless broken).
   */
  Checked routeChecked(Fabric fabric, RoutingOptions options) throws RoutingException {
    return route(fabric, options, true);
  }

  private Checked route(Fabric fabric, RoutingOptions options, boolean check)
      throws RoutingException {
    if (fabric.numSwitches() == 0) {
      throw new RoutingException(
          RoutingException.Reason.NOTHING_TO_ROUTE, "nue: the fabric has no switch to route");
    }
    NueNetwork net = NueNetwork.of(fabric);
    int numLayers = Math.max(1, Math.min(options.maxVls(), maxNumVls));
    // end ports in OpenSM's port-GUID order; P = their LIDs
    int[] endPorts = endPortsInGuidOrder(fabric);
    IntArrayList[] layers = layers(fabric, endPorts, numLayers, options.seed());
    long numLids = lidCount(fabric, endPorts);
    NueRouter router = new NueRouter(net, numLids * numLids, plainSearch);
    router.resumeOften = resumeOften;
    router.checkTrees = check;
    Run run = new Run(net, router, options);
    for (IntArrayList layer : layers) {
      run.total += lidCount(fabric, layer.toIntArray());
    }
    if (!includeSwitches) {
      for (int i = 0; i < net.numSwitches; i++) {
        run.total += 1L << fabric.lmc(fabric.port(net.switchOf[i], 0));
      }
    }
    // the escape trees' roots depend on the destinations only, not on the weights
    EscapeRoots roots = new EscapeRoots(fabric, net, layers);
    int[] centralOf = roots.centralSwitches(run.trees, options.threads());
    int unorderedLayers = 0;
    long hiddenDependencies = 0;
    for (int vl = 0; vl < numLayers; vl++) {
      if (layers[vl].isEmpty()) {
        continue;
      }
      run.routeLayer(vl, layers[vl], roots.destSwitch(vl), roots.isTerminal(vl), centralOf[vl]);
      if (check) {
        router.checkConsistency();
        unorderedLayers += router.orderValid() ? 0 : 1;
        hiddenDependencies += router.hiddenDependencies();
      }
    }
    Stats stats =
        new Stats(
            router.backtrackSteps,
            router.escapeFallbacks,
            router.shortcuts,
            unorderedLayers,
            router.runsEndedEarly,
            router.scansSkipped,
            hiddenDependencies,
            router.cyclesRefused,
            router.unrecordedDependencies);
    if (!includeSwitches) {
      run.routeSwitchLids();
    }
    RoutingBuilder builder = Routing.builder(fabric, name()).setOwnLidsToPortZero();
    run.lfts.copyInto(builder, options.threads());
    builder.setSlTable(numLayers == 1 ? SlTable.none() : slTable(fabric, run.vlOfLid));
    return new Checked(builder.build(), stats);
  }

  /**
   * The destinations of each layer: the end ports of {@code endPorts} that are CA ports cabled to a
   * switch, or switch port 0s with {@code includeSwitches}, split by {@link #layerPartition}.
   */
  IntArrayList[] layers(Fabric fabric, int[] endPorts, int numLayers, long seed) {
    IntArrayList[] layers = new IntArrayList[numLayers];
    for (int v = 0; v < numLayers; v++) {
      layers[v] = new IntArrayList();
    }
    IntArrayList eligible = new IntArrayList();
    for (int port : endPorts) {
      boolean isSwitch = fabric.isSwitch(fabric.nodeOfPort(port));
      if (isSwitch ? includeSwitches : fabric.switchPortOf(port) >= 0) {
        eligible.add(port);
      }
    }
    int[] layerOf = layerPartition(eligible.size(), numLayers, seed);
    for (int k = 0; k < eligible.size(); k++) {
      layers[layerOf[k]].add(eligible.getInt(k));
    }
    return layers;
  }

  private static long lidCount(Fabric fabric, int[] ports) {
    long lids = 0;
    for (int port : ports) {
      lids += 1L << fabric.lmc(port);
    }
    return lids;
  }

  /** SL = the layer of the destination LID, for every source. */
  private static SlTable slTable(Fabric fabric, byte[] vlOfLid) {
    int[] group = new int[fabric.maxLid() + 1];
    Arrays.fill(group, -1);
    for (int lid = 1; lid <= fabric.maxLid(); lid++) {
      if (fabric.portOfLid(lid) >= 0) {
        group[lid] = 0;
      }
    }
    SlTable.Builder sls = new SlTable.Builder(group, 1, fabric.maxLid() + 1);
    for (int lid = 1; lid <= fabric.maxLid(); lid++) {
      if (vlOfLid[lid] != 0) {
        sls.setSl(0, lid, vlOfLid[lid]);
      }
    }
    return sls.build();
  }

  /**
   * One routing's state across its layers: the router, the escape trees, the LFTs and each LID's
   * VL.
   */
  private static final class Run {
    final Fabric fabric;
    final NueNetwork net;
    final NueRouter router;
    final EscapePaths trees;
    final LidMajorLfts lfts;
    final byte[] vlOfLid;
    final RoutingOptions options;
    long total;
    long done;

    Run(NueNetwork net, NueRouter router, RoutingOptions options) {
      this.fabric = net.fabric;
      this.net = net;
      this.router = router;
      this.trees = new EscapePaths(net);
      this.lfts = new LidMajorLfts(fabric);
      this.vlOfLid = new byte[fabric.maxLid() + 1];
      this.options = options;
    }

    /**
     * Routes the destinations of layer {@code vl} (CA ports first, then switch port 0s) in its
     * cCDG, after colouring the escape tree rooted at {@code central}.
     */
    void routeLayer(int vl, IntArrayList layer, int[] destSwitch, boolean[] isTerminal, int central)
        throws RoutingException {
      int count = layer.size();
      int layerLids = 0;
      for (int k = 0; k < count; k++) {
        layerLids += 1 << fabric.lmc(layer.getInt(k));
      }
      router.resetColors(NueRouter.ESCAPE + 1 + layerLids);
      trees.useLayer(destSwitch, count);
      trees.spanningTree(
          central, router.linkKey, router.keyShift, router.treeMinWeight(), router.escapeLink);
      if (vl == 0) {
        int unreached = 0;
        for (int i = 0; i < net.numSwitches; i++) {
          if (router.escapeLink[i] < 0) {
            unreached++;
          }
        }
        if (unreached > 1) {
          throw new RoutingException(
              RoutingException.Reason.DISCONNECTED,
              "nue: "
                  + (unreached - 1)
                  + " switch(es) cannot be reached from "
                  + fabric.nodeName(net.switchOf[central])
                  + "; the fabric is split (OpenSM: ERR NUE45)");
        }
      }
      router.markEscapePaths(central, trees);
      int color = NueRouter.ESCAPE + 1;
      for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k < count; k++) {
          if (isTerminal[k] != (pass == 0)) {
            continue;
          }
          int port = layer.getInt(k);
          for (int lid = fabric.baseLid(port);
              lid < fabric.baseLid(port) + (1 << fabric.lmc(port));
              lid++) {
            router.route(destSwitch[k], color++);
            applyTree(net, router, lfts, destSwitch[k], isTerminal[k] ? port : -1, lid);
            vlOfLid[lid] = (byte) vl;
            options.progress().progress("nue: destinations", ++done, total);
          }
        }
      }
    }

    /** Routes every switch's own LIDs on VL 0 over a plain weighted shortest-path tree. */
    void routeSwitchLids() throws RoutingException {
      for (int i = 0; i < net.numSwitches; i++) {
        int port = fabric.port(net.switchOf[i], 0);
        for (int lid = fabric.baseLid(port);
            lid < fabric.baseLid(port) + (1 << fabric.lmc(port));
            lid++) {
          trees.spanningTree(
              i, router.linkKey, router.keyShift, router.treeMinWeight(), router.usedLink);
          applyTree(net, router, lfts, i, -1, lid);
          vlOfLid[lid] = 0;
          options.progress().progress("nue: destinations", ++done, total);
        }
      }
    }
  }

  /**
   * Writes the tree {@code router.usedLink} towards {@code lid} into the LFTs (the destination
   * switch forwards to {@code caPort}'s cable, or keeps port 0 for its own LID) and adds every
   * switch's terminal count (a byte in OpenSM) to the links of its path.
   */
  private static void applyTree(
      NueNetwork net, NueRouter router, LidMajorLfts lfts, int destNode, int caPort, int lid)
      throws RoutingException {
    Fabric fabric = net.fabric;
    int[] used = router.usedLink;
    for (int i = 0; i < net.numSwitches; i++) {
      int l = used[i];
      if (l >= 0) {
        lfts.set(net.switchOf[i], lid, net.linkRemotePort[l]);
      } else if (i == destNode && caPort >= 0) {
        lfts.set(net.switchOf[i], lid, fabric.portNum(fabric.peerPort(caPort)));
      }
    }
    int broken = router.addPathWeights(destNode);
    if (broken >= 0) {
      throw new RoutingException(
          "nue: internal error, the paths towards LID "
              + lid
              + " do not form a tree at "
              + fabric.nodeName(net.switchOf[broken]));
    }
  }

  /**
   * The layer of each of {@code count} destinations (in OpenSM's port order): round robin, which is
   * what OpenSM's "semi-random" split without METIS does, for seed 0; otherwise round robin over a
   * permutation drawn from the seed, so that layers stay equally large but mix differently.
   */
  static int[] layerPartition(int count, int numLayers, long seed) {
    int[] position = new int[count];
    for (int k = 0; k < count; k++) {
      position[k] = k;
    }
    if (seed != 0) {
      SplittableRandom random = new SplittableRandom(seed);
      for (int k = count - 1; k > 0; k--) {
        int j = random.nextInt(k + 1);
        int t = position[k];
        position[k] = position[j];
        position[j] = t;
      }
    }
    int[] layerOf = new int[count];
    for (int k = 0; k < count; k++) {
      layerOf[k] = position[k] % numLayers;
    }
    return layerOf;
  }

  /**
   * CA ports and switch port 0s with a LID, ordered as OpenSM's port GUID table (byte-swapped
   * GUID).
   */
  static int[] endPortsInGuidOrder(Fabric fabric) {
    IntArrayList ports = new IntArrayList();
    for (int node = 0; node < fabric.numNodes(); node++) {
      NodeType type = fabric.nodeType(node);
      if (type == NodeType.SWITCH) {
        int port = fabric.port(node, 0);
        if (fabric.baseLid(port) != 0) {
          ports.add(port);
        }
      } else if (type == NodeType.CA) {
        for (int p = 1; p <= fabric.numPorts(node); p++) {
          int port = fabric.port(node, p);
          if (fabric.baseLid(port) != 0) {
            ports.add(port);
          }
        }
      }
    }
    Integer[] order = new Integer[ports.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(
        order,
        (a, b) ->
            Long.compareUnsigned(
                Long.reverseBytes(fabric.portGuid(ports.getInt(a))),
                Long.reverseBytes(fabric.portGuid(ports.getInt(b)))));
    int[] result = new int[order.length];
    for (int i = 0; i < order.length; i++) {
      result[i] = ports.getInt(order[i]);
    }
    return result;
  }
}
