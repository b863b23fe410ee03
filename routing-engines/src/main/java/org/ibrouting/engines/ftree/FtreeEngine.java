package org.ibrouting.engines.ftree;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.GuidList;
import org.ibrouting.internal.GuidFiles;
import org.ibrouting.routing.AbstractRoutingEngine;
import org.ibrouting.routing.ProgressListener;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * Fat-tree routing, OpenSM 3.3.23's {@code -R ftree} (osm_ucast_ftree.c; E. Zahavi, G. Johnson, D.
 * J. Kerbyson, M. Lang, "Optimized InfiniBand fat-tree routing for shift all-to-all communication
 * patterns", CCPE 2010): switches are ranked from the CAs (or from a root GUID file), numbered by a
 * BFS from the first leaf, and every destination gets a unique downward path with its upward ports
 * balanced by per-port counters, leaf by leaf in index order, so that shift permutations run
 * without congestion on k-ary n-trees. Compute nodes (all CA ports, or those of the compute-node
 * GUID file, OpenSM's {@code -u}) go first with "dummy" destinations filling short leaves, then the
 * other CA ports (I/O ports of OpenSM's {@code -G} file may take {@code maxReverseHops} down-up
 * turns), then switch LIDs. The tables equal OpenSM's entry for entry.
 *
 * <p>Refuses (so that a chain like {@code ftree,minhop} falls back, as OpenSM does) whatever
 * OpenSM's ftree refuses: LMC &gt; 0, fewer than 2 switches or CAs, CAs cabled to CAs, every switch
 * a root (tori, random graphs), compute nodes not all on the bottom rank, fewer than two leaves,
 * 2..8 switch levels only, and without root file an impure tree (different numbers of groups or
 * links per switch of one rank). Unlike OpenSM, it also refuses, rather than leave entries empty,
 * fabrics with routers, switches not connected to the tree, and trees where the up/down routes do
 * not reach every (switch, LID) that CA traffic needs (OpenSM leaves those entries empty, e.g. on
 * chains of directors joined leaf to leaf); the message names the switch. Switch-to-switch routes
 * without a common ancestor (root to root) stay empty as in OpenSM unless {@code connectRoots}.
 *
 * <p>Differences from OpenSM: where a leaf switch routes over links to switches of its own rank
 * (siblings), OpenSM afterwards re-sorts that leaf's CA ports by bytes of heap pointers (it reads a
 * CA record as a switch record), which reorders the routing of its compute nodes; ours keeps port
 * order, so tables may differ there. Pure fat trees have no siblings and are not affected.
 *
 * <p>Cost: O(#LIDs * #switch ports) time, sequential (the counters make each destination depend on
 * the previous ones); about 6 ints per switch port plus the tables.
 */
public final class FtreeEngine implements RoutingEngine {
  /**
   * What fat-tree routing takes.
   *
   * @param roots root switch GUIDs (OpenSM's -a), or null to rank from the CAs
   * @param computeNodes compute-node port GUIDs (OpenSM's -u), or null: every CA port is one
   * @param ioNodes I/O-node port GUIDs (OpenSM's -G), or null
   * @param maxReverseHops down-up turns allowed on routes to I/O nodes (OpenSM's max_reverse_hops)
   * @param connectRoots route the switch LIDs that switches above the leaves cannot reach up and
   *     down through the last leaf switch (OpenSM's connect_roots, off by default there)
   */
  public record Settings(
      GuidList roots,
      GuidList computeNodes,
      GuidList ioNodes,
      int maxReverseHops,
      boolean connectRoots) {
    /** Checks the hop count. */
    public Settings {
      if (maxReverseHops < 0) {
        throw new IllegalArgumentException("maxReverseHops = " + maxReverseHops + "; needs >= 0");
      }
    }

    /** Ranks from the CAs; every CA port is a compute node; no reverse hops, no connect_roots. */
    public static Settings defaults() {
      return new Settings(null, null, null, 0, false);
    }

    /** A copy with these root switches. */
    public Settings withRoots(GuidList guids) {
      return new Settings(guids, computeNodes, ioNodes, maxReverseHops, connectRoots);
    }

    /** A copy with these compute-node ports. */
    public Settings withComputeNodes(GuidList guids) {
      return new Settings(roots, guids, ioNodes, maxReverseHops, connectRoots);
    }

    /** A copy with these I/O-node ports. */
    public Settings withIoNodes(GuidList guids) {
      return new Settings(roots, computeNodes, guids, maxReverseHops, connectRoots);
    }

    /** A copy with another reverse-hop allowance. */
    public Settings withMaxReverseHops(int hops) {
      return new Settings(roots, computeNodes, ioNodes, hops, connectRoots);
    }

    /** A copy with connect_roots on or off. */
    public Settings withConnectRoots(boolean connect) {
      return new Settings(roots, computeNodes, ioNodes, maxReverseHops, connect);
    }
  }

  private final Settings settings;

  /** Ranks from the CAs; every CA port is a compute node. */
  public FtreeEngine() {
    this(Settings.defaults());
  }

  /** With {@code settings}. */
  public FtreeEngine(Settings settings) {
    this.settings = java.util.Objects.requireNonNull(settings, "settings");
  }

  @Override
  public String name() {
    return "ftree";
  }

  @Override
  public Routing route(Fabric fabric, RoutingOptions options) throws RoutingException {
    return route(fabric, false, options.progress());
  }

  /**
   * Routes, keeping tables that leave CAs without route when {@code keepIncomplete}, as OpenSM
   * does.
   */
  Routing route(Fabric fabric, boolean keepIncomplete) throws RoutingException {
    return route(fabric, keepIncomplete, ProgressListener.SILENT);
  }

  private Routing route(Fabric fabric, boolean keepIncomplete, ProgressListener progress)
      throws RoutingException {
    AbstractRoutingEngine.requireRoutable(fabric, name());
    int[] roots =
        settings.roots() == null
            ? null
            : GuidFiles.switches(fabric, settings.roots(), name(), "root GUID list");
    int[] cnPorts =
        settings.computeNodes() == null
            ? null
            : GuidFiles.caPorts(fabric, settings.computeNodes(), name(), "compute-node GUID list");
    int[] ioPorts =
        settings.ioNodes() == null
            ? null
            : GuidFiles.caPorts(fabric, settings.ioNodes(), name(), "I/O-node GUID list");
    FatTree tree = FatTree.build(fabric, roots, cnPorts, ioPorts);
    return new FtreeRouter(tree, settings.maxReverseHops() == 0, progress)
        .route(name(), settings.maxReverseHops(), settings.connectRoots(), keepIncomplete);
  }
}
