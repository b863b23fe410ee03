package org.ibrouting.engines.lash;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.AbstractRoutingEngine;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.routing.SlTable;

/**
 * LASH: Layered Shortest Path routing (Skeie, Lysne, Theiss, "Layered Shortest Path (LASH) Routing
 * in Irregular System Area Networks", IPDPS 2002). Every switch pair gets a shortest path; pairs
 * are spread over virtual layers (SLs) so that each layer's channel dependency graph is acyclic,
 * which makes the routing deadlock-free. OpenSM counterpart: {@code -R lash} (with {@code -Q} for a
 * 1:1 SL-to-VL map), option {@code lash_start_vl}.
 *
 * <p>Routes: {@link ShortestPathTrees} (identical to OpenSM's, so the LFTs equal OpenSM's entry for
 * entry). Layers: {@link LayerAssignment} (the same pair order and first-fit rule, hence the same
 * layer count and the same layer per pair before balancing; balancing is seeded from {@link
 * RoutingOptions#seed()} where OpenSM uses glibc's {@code rand()}). The SL of a path is its layer
 * plus {@code lashStartVl}; paths within one switch get {@code lashStartVl}, so the SL table's
 * {@code numVls()} is the layer count plus {@code lashStartVl}. Differences: no mesh analysis
 * ({@code --do_mesh_analysis}); OpenSM's balancing can spin forever when all untried candidates are
 * gone (its trial counter is not decremented on moves), ours stops. A fabric split into parts by
 * failures is routed part by part (pairs of different parts keep {@code NO_ROUTE}); OpenSM, whose
 * SM sees only its own part, never meets one.
 *
 * <p>Cost: routes O(n (n + channels) + n^2 depth) for n switches; layers O(n^2 * layers * path
 * length) walks plus incremental cycle checks on a dynamic topological order ({@link LayeredCdg})
 * instead of OpenSM's Theta(n^4). Memory: 2 bytes per switch pair (route and layer), per open layer
 * 1 int and 2 bits per dependency slot (sum over switches of degree^2) and 5 ints per channel (plus
 * 4 ints per slot and 7 per channel shared by all layers), 1 int per pair while balancing, plus the
 * LFTs and the SL table (1 byte each per switch and LID).
 */
public final class LashEngine extends AbstractRoutingEngine {
  /** The most layers counted before giving up: InfiniBand has 15 data VLs. */
  private static final int MAX_LAYERS_COUNTED = 15;

  private final int lashStartVl;

  /**
   * A LASH engine whose layer {@code k} uses SL {@code k + lashStartVl}.
   *
   * @param lashStartVl OpenSM's {@code lash_start_vl}, 0..14
   */
  public LashEngine(int lashStartVl) {
    super("lash");
    if (lashStartVl < 0 || lashStartVl > 14) {
      throw new IllegalArgumentException("lash_start_vl must be 0-14, not " + lashStartVl);
    }
    this.lashStartVl = lashStartVl;
  }

  /** A LASH engine with {@code lash_start_vl} 0, OpenSM's default. */
  public LashEngine() {
    this(0);
  }

  /** The first SL this engine uses. */
  public int lashStartVl() {
    return lashStartVl;
  }

  @Override
  protected Routing routeChecked(Fabric fabric, RoutingOptions options) throws RoutingException {
    int n = fabric.numSwitches();
    if (n > 46_340) {
      throw new RoutingException(
          RoutingException.Reason.TOO_LARGE,
          "lash: " + n + " switches exceed the 46,340 its n x n route" + " table can hold");
    }
    int available = options.maxVls() - lashStartVl;
    if (available < 1) {
      throw new RoutingException(
          RoutingException.Reason.SETTINGS_MISMATCH,
          "lash: lash_start_vl "
              + lashStartVl
              + " leaves no VL of the "
              + options.maxVls()
              + " available");
    }
    SwitchGraph graph = SwitchGraph.of(fabric);
    byte[] route = ShortestPathTrees.compute(graph, options.progress());
    // counting on past the limit costs little and makes the refusal say what would suffice
    LayerAssignment layers =
        LayerAssignment.assign(graph, route, MAX_LAYERS_COUNTED, options.progress());
    if (layers == null) {
      throw RoutingException.vlsExceeded(
          "lash: needs more than "
              + MAX_LAYERS_COUNTED
              + " VLs, limit is "
              + available
              + vlNote(options),
          MAX_LAYERS_COUNTED + 1,
          available);
    }
    if (layers.numLayers() > available) {
      throw RoutingException.vlsExceeded(
          "lash: needs " + layers.numLayers() + " VLs, limit is " + available + vlNote(options),
          layers.numLayers(),
          available);
    }
    layers.balance(options.seed(), options.progress());
    return buildRouting(fabric, graph, route, layers, options.progress());
  }

  private String vlNote(RoutingOptions options) {
    return lashStartVl == 0
        ? ""
        : " (" + options.maxVls() + " VLs minus lash_start_vl " + lashStartVl + ")";
  }

  /**
   * The paths per layer before balancing (its length is the layer count), for tests. Fails only
   * where {@link #route} would for reasons other than the VL limit.
   */
  static long[] pathsPerLayerBeforeBalancing(Fabric fabric) throws RoutingException {
    requireRoutable(fabric, "lash");
    SwitchGraph graph = SwitchGraph.of(fabric);
    byte[] route = ShortestPathTrees.compute(graph);
    LayerAssignment layers =
        LayerAssignment.assign(
            graph, route, MAX_LAYERS_COUNTED, org.ibrouting.routing.ProgressListener.SILENT);
    if (layers == null) {
      throw new RoutingException("lash: needs more than " + MAX_LAYERS_COUNTED + " layers");
    }
    return layers.pathsPerLayer();
  }

  private Routing buildRouting(
      Fabric fabric,
      SwitchGraph graph,
      byte[] route,
      LayerAssignment layers,
      org.ibrouting.routing.ProgressListener progress) {
    int n = graph.numSwitches;
    int maxLid = fabric.maxLid();
    // per LID: the switch it sits on or is cabled to, and the port of that switch leading to it
    int[] swOfLid = new int[maxLid + 1];
    int[] localPortOfLid = new int[maxLid + 1];
    for (int lid = 1; lid <= maxLid; lid++) {
      swOfLid[lid] = -1;
      int port = fabric.portOfLid(lid);
      if (port < 0) {
        continue;
      }
      int swPort = fabric.switchPortOf(port);
      if (swPort >= 0) {
        swOfLid[lid] = fabric.nodeOfPort(swPort);
        localPortOfLid[lid] = fabric.portNum(swPort);
      }
    }
    RoutingBuilder lfts = Routing.builder(fabric, name());
    SlTable.Builder sls = SlTable.perSourceSwitch(fabric);
    int[] chanStart = graph.chanStart;
    int[] portNumOf = graph.portNumOf;
    for (int sw = 0; sw < n; sw++) {
      int rowStart = sw * n;
      for (int lid = 1; lid <= maxLid; lid++) {
        int dst = swOfLid[lid];
        if (dst < 0) {
          continue;
        }
        if (dst == sw) {
          lfts.setOutPort(sw, lid, localPortOfLid[lid]);
          sls.setSl(sw, lid, lashStartVl);
        } else if (route[rowStart + dst] != (byte) ShortestPathTrees.UNSET) {
          lfts.setOutPort(sw, lid, portNumOf[chanStart[sw] + (route[rowStart + dst] & 0xFF)]);
          sls.setSl(sw, lid, layers.layer(sw, dst) + lashStartVl);
        }
      }
      progress.progress("lash: lfts", sw + 1, n);
    }
    return lfts.setSlTable(sls.build()).build();
  }
}
