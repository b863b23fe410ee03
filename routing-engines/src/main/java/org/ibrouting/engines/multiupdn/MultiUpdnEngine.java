package org.ibrouting.engines.multiupdn;

import java.util.function.Supplier;
import org.ibrouting.engines.minhop.MinhopLftBuilder;
import org.ibrouting.engines.updown.UpDownHops;
import org.ibrouting.engines.updown.UpDownRanks;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.GuidList;
import org.ibrouting.internal.LidMajorLfts;
import org.ibrouting.internal.Parallel;
import org.ibrouting.paths.HopMatrix;
import org.ibrouting.paths.HopTable;
import org.ibrouting.routing.AbstractRoutingEngine;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.routing.SlTable;

/**
 * Several Up*&#47;Down* trees, one per virtual lane (J. Flich, P. López, J.C. Sancho, A. Robles, J.
 * Duato, "Improving InfiniBand Routing through Multiple Virtual Networks", ISHPC 2002): each tree
 * has its own root and its own SL (SL t = VL t = tree t), and every pair takes a shortest route
 * that is up*-then-down* in the tree whose SL it carries. Each VL then carries only routes legal in
 * one tree, so each VL's channel dependency graph is acyclic. Roots: see {@link TreeRoots} (least
 * total distance first, then as far apart and as equidistant as possible; a root GUID file gives
 * the first ones). No OpenSM counterpart.
 *
 * <p>InfiniBand forwards by destination LID only, whatever the VL, so the paper's per-pair choice
 * "a shortest path among all trees" is realised per destination LID as one in-tree:
 *
 * <ul>
 *   <li>Every switch s keeps two tree masks for its route to the destination: {@code legal[s]}, the
 *       trees in which the route is up*-then-down*, and {@code allDown[s]}, those in which it takes
 *       down hops only (at the destination switch both are all trees).
 *   <li>A hop s→u extends u's route legally in tree t when it goes up in t and u's route is legal
 *       in t, or goes down in t and u's route is all-down in t: {@code legal[s] = (up & legal[u]) |
 *       (~up & allDown[u])}, {@code allDown[s] = ~up & allDown[u]}.
 *   <li>The in-tree grows from the destination outwards, layer by layer (BFS): a switch joins the
 *       first layer in which one of its neighbours of the previous layer gives it a non-empty
 *       {@code legal} mask, over the channel chosen among all such neighbours at random (seeded,
 *       {@code multiupdn_choice=random}) or with the least load of routes placed so far ({@code
 *       load}). Routes therefore are as short as the choices already made allow.
 *   <li>Each source switch's SL towards the destination is one tree of its {@code legal} mask, at
 *       random or the tree that carries the fewest routes so far.
 *   <li>A switch may find no legal neighbour: the greedy choices of its neighbours left no tree
 *       open to it. Then the stuck switches and the switches of their tree-0 Up*&#47;Down* routes
 *       (from {@code UpDownHops}, destination-based and complete) are <em>protected</em> and the
 *       in-tree is grown again: a protected switch accepts only hops that keep tree 0 legal for its
 *       route, and all-down in tree 0 where tree 0's own route is all-down. Its next switch on that
 *       route is protected as well, so by induction from the destination every protected switch
 *       finds a hop; each round protects at least one more switch, so the rounds end (on random
 *       fabrics one round in about 7% of the destinations, rarely two) and every connected pair is
 *       routed. Unprotected switches keep their free choice.
 * </ul>
 *
 * With one tree every route is an Up*&#47;Down* route of that tree, but not always updn's: a switch
 * may climb and descend where a longer down-only route exists, unless protected. Roots are chosen
 * per connected component of the switch graph, so every tree covers every component. The LFT of a
 * switch maps its own LIDs to port 0.
 *
 * <p>Cost: a hop matrix and one BFS per tree, then per destination LID one BFS over the switch
 * links with two masks per switch (O(LIDs x channels); with random choice the later LIDs of a
 * switch replay the first one's candidate edges, about half the channels on a fat tree, drawing
 * about half as often); random choice runs destination switches in parallel (all LIDs of one on the
 * same thread), load-based choice destinations in order. Memory: 1 byte per switch pair (hop
 * matrix, twice more for the tree-0 fallback if needed), about 17 ints per switch and thread, 3
 * ints per channel shared and 6 more per channel and thread (the replays), and 2 bytes per (switch,
 * LID) twice: LFTs and SLs collected by LID, then copied into the tables.
 */
public final class MultiUpdnEngine extends AbstractRoutingEngine {
  /** How ties between equally short next hops and between legal trees are broken. */
  public enum Choice {
    /** Uniformly at random, seeded by {@link RoutingOptions#seed()} and the destination LID. */
    RANDOM,
    /** The channel with the least routes placed so far, the tree with the fewest routes. */
    LOAD
  }

  /**
   * What multi-tree Up*&#47;Down* takes.
   *
   * @param trees the number of trees (each needs one VL); 0 means two, or one if only one VL is
   *     allowed (setting {@code updn_trees})
   * @param choice how ties are broken (setting {@code multiupdn_choice})
   * @param roots switches to use as the first roots, in list order, or null
   */
  public record Settings(int trees, Choice choice, GuidList roots) {
    /** Checks the tree count. */
    public Settings {
      if (trees < 0 || trees > 15) {
        throw new IllegalArgumentException(
            "multiupdn: trees must be 0 (default) or 1..15, not " + trees);
      }
      java.util.Objects.requireNonNull(choice, "choice");
    }

    /**
     * Two trees (fewer if fewer VLs are allowed), random choice, roots chosen from the topology.
     */
    public static Settings defaults() {
      return new Settings(0, Choice.RANDOM, null);
    }
  }

  private final int trees;
  private final Choice choice;
  private final GuidList rootGuids;

  /** Two trees (fewer if fewer VLs are allowed), random choice, roots chosen from the topology. */
  public MultiUpdnEngine() {
    this(Settings.defaults());
  }

  /** With {@code settings}. */
  public MultiUpdnEngine(Settings settings) {
    super("multiupdn");
    this.trees = settings.trees();
    this.choice = settings.choice();
    this.rootGuids = settings.roots();
  }

  @Override
  protected Routing routeChecked(Fabric fabric, RoutingOptions options) throws RoutingException {
    int n = fabric.numSwitches();
    HopMatrix.requireSize(fabric, "multiupdn");
    int numTrees = numTrees(options.maxVls());
    int[] preset = presetRoots(fabric, numTrees);
    int threads = Parallel.threadsFor(n, options.threads());
    HopMatrix hops =
        HopMatrix.compute(fabric, threads, options.progress(), "multiupdn: min-hop matrix");
    Forest forest = Forest.of(fabric, numTrees, preset, hops);
    RoutingBuilder routing = Routing.builder(fabric, name()).setOwnLidsToPortZero();
    SlTable.Builder slTable = SlTable.perSourceSwitch(fabric);
    // one tree per LID fills a column of every switch's LFT and SLs: collected by LID, copied after
    LidMajorLfts lfts = new LidMajorLfts(fabric);
    LidMajorLfts sls = new LidMajorLfts(fabric);
    Destinations destinations =
        new Destinations(forest, MinhopLftBuilder.destinationOrder(fabric), lfts, sls);
    if (choice == Choice.RANDOM) {
      destinations.routeAtRandom(options);
    } else {
      destinations.routeByLoad(options);
    }
    lfts.copyInto(routing, options.threads());
    if (numTrees == 1) {
      return routing.setSlTable(SlTable.none()).build();
    }
    sls.copySlsInto(slTable);
    return routing.setSlTable(slTable.build()).build();
  }

  /** The number of trees for {@code maxVls} VLs; refuses more trees than VLs. */
  private int numTrees(int maxVls) throws RoutingException {
    int numTrees = trees > 0 ? trees : Math.min(2, maxVls);
    if (numTrees > maxVls) {
      throw RoutingException.vlsExceeded(
          "multiupdn: updn_trees="
              + numTrees
              + " needs "
              + numTrees
              + " VLs, the limit is "
              + maxVls
              + "; allow more VLs or use fewer trees",
          numTrees,
          maxVls);
    }
    return numTrees;
  }

  /** The switches of the root GUID list, if any; refuses more than {@code numTrees}. */
  private int[] presetRoots(Fabric fabric, int numTrees) throws RoutingException {
    if (rootGuids == null) {
      return new int[0];
    }
    int[] preset =
        org.ibrouting.internal.GuidFiles.switches(fabric, rootGuids, name(), "root GUID list");
    if (preset.length > numTrees) {
      throw new RoutingException(
          RoutingException.Reason.SETTINGS_MISMATCH,
          "multiupdn: root GUID list "
              + rootGuids.source()
              + " names "
              + preset.length
              + " switches, more than the "
              + numTrees
              + " trees (updn_trees)");
    }
    return preset;
  }

  /** Per port slot of a switch-to-switch channel, bit t set when the channel goes up in tree t. */
  private static int[] upTrees(Fabric fabric, int[][] ranks) {
    int n = fabric.numSwitches();
    int[] upTrees = new int[fabric.numPortSlots()];
    for (int t = 0; t < ranks.length; t++) {
      for (int sw = 0; sw < n; sw++) {
        for (int k = 0; k < fabric.outDegree(sw); k++) {
          int c = fabric.outChannel(sw, k);
          int r = fabric.channelHead(c);
          if (r < n && r != sw && UpDownHops.isUp(fabric, ranks[t], sw, r)) {
            upTrees[c] |= 1 << t;
          }
        }
      }
    }
    return upTrees;
  }

  /**
   * The trees of one routing and what every in-tree builder over them shares: the channels with the
   * trees in which each goes up, each switch's component size and tree 0's fallback hop table.
   */
  record Forest(
      Fabric fabric,
      int numTrees,
      Adjacency adjacency,
      int[] componentSize,
      Supplier<UpDownHops> treeZero) {
    /** The {@code numTrees} trees of {@code fabric}, the first roots {@code preset}. */
    static Forest of(Fabric fabric, int numTrees, int[] preset, HopMatrix hops)
        throws RoutingException {
      int n = fabric.numSwitches();
      int[][] roots = TreeRoots.choose(fabric, hops, preset, numTrees);
      int[][] ranks = new int[numTrees][];
      for (int t = 0; t < numTrees; t++) {
        ranks[t] = UpDownRanks.ranks(fabric, roots[t]);
      }
      int[] componentSize = new int[n];
      for (int sw = 0; sw < n; sw++) {
        for (int other = 0; other < n; other++) {
          if (hops.least(sw, other) != HopTable.NO_PATH) {
            componentSize[sw]++;
          }
        }
      }
      return new Forest(
          fabric,
          numTrees,
          new Adjacency(fabric, upTrees(fabric, ranks)),
          componentSize,
          new TreeZeroHops(fabric, ranks[0]));
    }

    /** A builder of in-trees over these trees (one per thread). */
    InTreeBuilder builder() {
      return new InTreeBuilder(fabric, numTrees, adjacency, componentSize, treeZero);
    }
  }

  /** One routing's destinations in order, and the LFT and SL columns they fill. */
  private record Destinations(Forest forest, int[] ports, LidMajorLfts lfts, LidMajorLfts sls) {
    private Fabric fabric() {
      return forest.fabric();
    }

    private InTreeBuilder builder() {
      return forest.builder();
    }

    /**
     * Random choice: destinations in parallel, one builder per thread, the LIDs of one destination
     * switch (its CAs' and its own) on the same thread, so that all but its first replay the
     * first's in-tree. Each LID's draws are seeded by the LID, so the order does not change the
     * tables.
     */
    void routeAtRandom(RoutingOptions options) {
      Fabric fabric = fabric();
      int n = fabric.numSwitches();
      int[] groupStart = new int[n + 2];
      int[] switchOf = new int[ports.length];
      for (int k = 0; k < ports.length; k++) {
        switchOf[k] = destinationSwitch(fabric, ports[k]);
        groupStart[switchOf[k] + 2]++;
      }
      for (int g = 2; g < n + 2; g++) {
        groupStart[g] += groupStart[g - 1];
      }
      int[] byGroup = new int[ports.length];
      for (int k = 0; k < ports.length; k++) {
        byGroup[groupStart[switchOf[k] + 1]++] = ports[k];
      }
      // groupStart[g] now starts the ports of switch g, groupStart[n] ends them (group -1, ports
      // without a switch to route to, is left out)
      Parallel.run(
          n,
          Parallel.threadsFor(n, options.threads()),
          () -> {
            InTreeBuilder builder = builder();
            return sw -> {
              for (int k = groupStart[sw]; k < groupStart[sw + 1]; k++) {
                routeDestination(
                    fabric, byGroup[k], builder, options.seed(), null, null, null, lfts, sls);
              }
            };
          },
          options.progress(),
          "multiupdn: destination switches");
    }

    /** Load-based choice: destinations in order, each seeing the load the earlier ones placed. */
    void routeByLoad(RoutingOptions options) {
      InTreeBuilder builder = builder();
      long[] load = new long[fabric().numPortSlots()];
      long[] routesOfTree = new long[forest.numTrees()];
      long[] casOfSwitch = new long[fabric().numSwitches()];
      for (int sw = 0; sw < casOfSwitch.length; sw++) {
        for (int k = 0; k < fabric().outDegree(sw); k++) {
          if (!fabric().isSwitch(fabric().channelHead(fabric().outChannel(sw, k)))) {
            casOfSwitch[sw]++;
          }
        }
      }
      for (int dest = 0; dest < ports.length; dest++) {
        routeDestination(
            fabric(),
            ports[dest],
            builder,
            options.seed(),
            load,
            casOfSwitch,
            routesOfTree,
            lfts,
            sls);
        options.progress().progress("multiupdn: destinations", dest + 1, ports.length);
      }
    }
  }

  /**
   * Tree 0's Up*&#47;Down* hop table, computed (single-threaded) when an in-tree first needs the
   * fallback, then shared.
   */
  private static final class TreeZeroHops implements Supplier<UpDownHops> {
    private final Fabric fabric;
    private final int[] rankZero;
    private UpDownHops table;

    TreeZeroHops(Fabric fabric, int[] rankZero) {
      this.fabric = fabric;
      this.rankZero = rankZero;
    }

    @Override
    public synchronized UpDownHops get() {
      if (table == null) {
        table = UpDownHops.compute(fabric, UpDownHops.upDown(fabric, rankZero), 1);
      }
      return table;
    }
  }

  /** Routes every LID of end port {@code destPort}; {@code load} null means random choice. */
  private static void routeDestination(
      Fabric fabric,
      int destPort,
      InTreeBuilder builder,
      long seed,
      long[] load,
      long[] casOfSwitch,
      long[] routesOfTree,
      LidMajorLfts lfts,
      LidMajorLfts sls) {
    int destSw = destinationSwitch(fabric, destPort);
    if (destSw < 0) {
      return;
    }
    int exitPortNum =
        destSw == fabric.nodeOfPort(destPort) ? 0 : fabric.portNum(fabric.peerPort(destPort));
    for (int offset = 0; offset < 1 << fabric.lmc(destPort); offset++) {
      int lid = fabric.baseLid(destPort) + offset;
      builder.seed(seed ^ (SplitMix64.GAMMA * lid));
      builder.build(destSw, load);
      lfts.set(destSw, lid, exitPortNum);
      for (int i = 1; i < builder.count; i++) {
        int s = builder.order[i];
        lfts.set(s, lid, fabric.portNum(builder.via[s]));
        sls.set(s, lid, chooseTree(builder, builder.legal[s], routesOfTree, casOfSwitch, s));
      }
      if (load != null) {
        builder.addLoad(load, casOfSwitch);
      }
    }
  }

  /**
   * The switch whose LFTs deliver to end port {@code port}: its own switch for a switch port 0, the
   * switch it is cabled to for a CA port; -1 for a CA port cabled to no switch.
   */
  private static int destinationSwitch(Fabric fabric, int port) {
    int node = fabric.nodeOfPort(port);
    if (fabric.isSwitch(node)) {
      return node;
    }
    int swPort = fabric.peerPort(port);
    return swPort >= 0 && fabric.isSwitch(fabric.nodeOfPort(swPort))
        ? fabric.nodeOfPort(swPort)
        : -1;
  }

  /** One tree of {@code mask}: at random, or the one with the fewest routes so far. */
  private static int chooseTree(
      InTreeBuilder builder, int mask, long[] routesOfTree, long[] casOfSwitch, int sw) {
    if (Integer.bitCount(mask) == 1) {
      int tree = Integer.numberOfTrailingZeros(mask);
      if (routesOfTree != null) {
        routesOfTree[tree] += casOfSwitch[sw];
      }
      return tree;
    }
    if (routesOfTree == null) {
      int skip = builder.nextInt(Integer.bitCount(mask));
      for (int i = 0; i < skip; i++) {
        mask &= mask - 1;
      }
      return Integer.numberOfTrailingZeros(mask);
    }
    int best = -1;
    for (int rest = mask; rest != 0; rest &= rest - 1) {
      int tree = Integer.numberOfTrailingZeros(rest);
      if (best < 0 || routesOfTree[tree] < routesOfTree[best]) {
        best = tree;
      }
    }
    routesOfTree[best] += casOfSwitch[sw];
    return best;
  }
}
