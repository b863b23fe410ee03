package org.ibrouting.engines.updn;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ibrouting.engines.minhop.MinhopLftBuilder;
import org.ibrouting.engines.reroute.RepairCapability;
import org.ibrouting.engines.reroute.RepairRule;
import org.ibrouting.engines.updown.UpDownHops;
import org.ibrouting.engines.updown.UpDownRanks;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.GuidList;
import org.ibrouting.internal.GuidFiles;
import org.ibrouting.internal.Parallel;
import org.ibrouting.paths.HopMatrix;
import org.ibrouting.routing.AbstractRoutingEngine;
import org.ibrouting.routing.ProgressListener;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * Up*&#47;Down*: minimum-hop routing restricted to paths that go up towards the roots and then
 * down, never down then up, so no credit loop can form (OpenSM {@code -R updn}, 3.3.23).
 *
 * <p>Roots come from a root GUID file (OpenSM's {@code -a}), else from OpenSM's detection on the
 * min-hop matrix: a switch is a root when exactly one distance holds more than 90% of the CAs and
 * no other holds more than 5% (the top of a fat tree). Where that finds none (tori, random graphs),
 * OpenSM gives up ("no root nodes were found") and falls back to MINHOP; we take the switch with
 * the least total hop distance to all others (first in OpenSM's switch order on ties) as the single
 * root, so every fabric is routed deadlock-free, and say so in a {@link Routing#notes() note}. With
 * {@code autoRoot = false} (setting {@code updn_auto_root=false}) the engine refuses there as
 * OpenSM does, so {@code -R updn,minhop} falls back to the same tables. Ranks are BFS distances
 * from the roots; a link goes up towards the lower rank, between equal ranks towards the higher
 * GUID. Tables then come from MINHOP's builder over {@code UpDownHops}, with OpenSM's port
 * balancing.
 *
 * <p>Damaged fabrics: a part of a split fabric that holds no root gets its own most central switch
 * as root, so every part is routed (with a note naming it). Where failures leave two connected
 * switches without any Up*&#47;Down* path (the roots' ranks make every path turn from down to up),
 * the engine refuses and names them, rather than returning tables that drop those pairs.
 *
 * <p>Cost: one BFS per switch over the switch links; 1 byte per (switch, switch, port).
 */
public final class UpdnEngine extends AbstractRoutingEngine implements RepairCapability {
  /**
   * What Up*&#47;Down* takes.
   *
   * @param roots the root switches by node GUID (OpenSM's {@code -a}), or null to detect them
   * @param autoRoot where detection finds no root, take the most central switch; false refuses
   *     there as OpenSM does (setting {@code updn_auto_root})
   */
  public record Settings(GuidList roots, boolean autoRoot) {
    /** Roots detected, the most central switch where none is found. */
    public static Settings defaults() {
      return new Settings(null, true);
    }
  }

  private final GuidList roots;
  private final boolean autoRoot;

  /** Roots detected from the topology. */
  public UpdnEngine() {
    this(Settings.defaults());
  }

  /** With {@code settings}. */
  public UpdnEngine(Settings settings) {
    super("updn");
    this.roots = settings.roots();
    this.autoRoot = settings.autoRoot();
  }

  @Override
  protected Routing routeChecked(Fabric fabric, RoutingOptions options) throws RoutingException {
    HopMatrix.requireSize(fabric, "updn");
    int threads = Parallel.threadsFor(fabric.numSwitches(), options.threads());
    List<String> notes = new ArrayList<>();
    int[] roots = roots(fabric, threads, options.progress(), notes);
    int[] rank = UpDownRanks.ranks(fabric, roots, notes);
    UpDownHops hops =
        UpDownHops.compute(fabric, rank, threads, options.progress(), "updn: hop tables");
    hops.requireConnectedSwitchesRouted(
        name(), "Up*/Down*", "give other root GUIDs, or route" + " with minhop");
    Routing routing =
        new MinhopLftBuilder(fabric, hops, MinhopLftBuilder.Mode.MINHOP)
            .build(name(), threads, options.progress());
    for (String note : notes) {
      routing = routing.withNote(note);
    }
    return routing;
  }

  /**
   * The root switches this engine ranks {@code fabric} from: those of its root GUID list, else the
   * detected ones, else (with {@code autoRoot}) the most central switch, as {@link #route} takes
   * them.
   *
   * @throws RoutingException when a root GUID is no switch, or detection finds none and {@code
   *     autoRoot} is off
   */
  public int[] roots(Fabric fabric, int threads) throws RoutingException {
    return roots(fabric, threads, ProgressListener.SILENT, new ArrayList<>());
  }

  private int[] roots(Fabric fabric, int threads, ProgressListener progress, List<String> notes)
      throws RoutingException {
    if (this.roots != null) {
      return GuidFiles.switches(fabric, this.roots, "updn", "root GUID list");
    }
    HopMatrix minHops = HopMatrix.compute(fabric, threads, progress, "updn: min-hop matrix");
    int[] found = openSmRoots(fabric, minHops);
    if (found.length > 0) {
      return found;
    }
    if (!autoRoot) {
      throw new RoutingException(
          RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
          "updn: no root nodes were found (OpenSM's detection: no switch"
              + " sees more than 90% of the CAs at one hop distance and no more than 5% at any"
              + " other), so OpenSM disables updn here; give root GUIDs, or leave"
              + " updn_auto_root=true to take the most central switch");
    }
    int root = mostCentral(fabric, minHops);
    notes.add(
        "updn: OpenSM finds no root here (no switch sees more than 90% of the CAs at one"
            + " hop distance) and would fall back to minhop; took "
            + fabric.nodeName(root)
            + ", the switch with the least total hop distance to all others, as the only root"
            + " (root GUIDs name other roots; setting updn_auto_root=false refuses as OpenSM does)");
    return new int[] {root};
  }

  /** Root switches as OpenSM detects them, or the most central switch when it finds none. */
  public static int[] detectRoots(Fabric fabric, int threads) {
    HopMatrix hops = HopMatrix.compute(fabric, threads);
    int[] roots = openSmRoots(fabric, hops);
    return roots.length > 0 ? roots : new int[] {mostCentral(fabric, hops)};
  }

  /**
   * OpenSM's root detection ({@code updn_find_root_nodes_by_min_hop}) on the min-hop matrix: the
   * switches for which exactly one hop distance holds more than 90% of the CAs and routers and no
   * other more than 5%; possibly none.
   */
  static int[] openSmRoots(Fabric fabric, HopMatrix hops) {
    int n = fabric.numSwitches();
    int[] cas = new int[n];
    long total = 0;
    for (int sw = 0; sw < n; sw++) {
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        if (!fabric.isSwitch(fabric.channelHead(fabric.outChannel(sw, i)))) {
          cas[sw]++;
        }
      }
      total += cas[sw];
    }
    IntArrayList roots = new IntArrayList();
    long[] histogram = new long[64];
    for (int s = 0; s < n; s++) {
      Arrays.fill(histogram, 0);
      for (int t = 0; t < n; t++) {
        int d = hops.least(s, t);
        if (cas[t] > 0 && d < 64) {
          histogram[d] += cas[t];
        }
      }
      int above90 = 0;
      int above5 = 0;
      for (long bar : histogram) {
        if (bar > 0.9 * total) {
          above90++;
        }
        if (bar > 0.05 * total) {
          above5++;
        }
      }
      if (above90 == 1 && above5 == 1) {
        roots.add(s);
      }
    }
    return roots.toIntArray();
  }

  /** The switch with the least total hop distance to all others, the first on ties. */
  private static int mostCentral(Fabric fabric, HopMatrix hops) {
    int n = fabric.numSwitches();
    int best = 0;
    long bestSum = Long.MAX_VALUE;
    for (int s = 0; s < n; s++) {
      long sum = 0;
      for (int t = 0; t < n; t++) {
        sum += hops.least(s, t);
      }
      if (sum < bestSum) {
        bestSum = sum;
        best = s;
      }
    }
    return best;
  }

  /**
   * The rule of {@link org.ibrouting.engines.reroute.Reroute}: MINHOP's under the Up*&#47;Down*
   * turn rule, ranks from this engine's roots on the changed fabric.
   */
  @Override
  public RepairRule repairRule(Routing old, RoutingOptions options, int threads)
      throws RoutingException {
    Fabric fabric = old.fabric();
    int[] rank = UpDownRanks.ranks(fabric, roots(fabric, threads));
    return RepairRule.upDown(MinhopLftBuilder.destinationOrder(fabric), rank);
  }
}
