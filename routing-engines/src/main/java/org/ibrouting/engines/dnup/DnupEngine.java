package org.ibrouting.engines.dnup;

import org.ibrouting.engines.minhop.MinhopLftBuilder;
import org.ibrouting.engines.reroute.RepairCapability;
import org.ibrouting.engines.reroute.RepairRule;
import org.ibrouting.engines.updown.BfsByNodeHops;
import org.ibrouting.engines.updown.UpDownHops;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.internal.SwitchBfs;
import org.ibrouting.paths.HopMatrix;
import org.ibrouting.routing.AbstractRoutingEngine;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * Down*&#47;Up* as OpenSM 3.3.23 does it ({@code -R dnup}, {@code osm_ucast_dnup.c}): every switch
 * with a CA or router is a root (rank 0), the others get their BFS distance from the roots. Hop
 * counts come from OpenSM's own search per destination switch ({@code BfsByNodeHops}): a hop from a
 * lower to a higher rank is DOWN, from higher to lower UP, between equal ranks (and between two
 * roots) EQUAL; going backwards from the destination, a switch reached by an UP hop does not
 * continue over a DOWN hop. So a packet never climbs from the roots' side and then descends right
 * away, but an EQUAL hop in between lifts the restriction: over links between roots (the leaf
 * cables of director chains) OpenSM reaches every switch, and its tables there equal MINHOP's.
 * Tables come from MINHOP's builder with OpenSM's port balancing.
 *
 * <p>Deadlock-free therefore only where no link joins switches of equal rank (fat trees). Where a
 * damaged fabric leaves two connected switches with CAs without any path of this rule, OpenSM drops
 * their pairs; this engine refuses instead and names them, so {@code -R dnup,updn,minhop} falls
 * back.
 *
 * <p>Cost: one search per switch over the switch links; 3 bytes per (switch, switch).
 */
public final class DnupEngine extends AbstractRoutingEngine implements RepairCapability {
  /** The engine. */
  public DnupEngine() {
    super("dnup");
  }

  @Override
  protected Routing routeChecked(Fabric fabric, RoutingOptions options) throws RoutingException {
    HopMatrix.requireSize(fabric, name());
    int n = fabric.numSwitches();
    int[] rank = ranks(fabric);
    int threads = Parallel.threadsFor(n, options.threads());
    BfsByNodeHops hops =
        BfsByNodeHops.compute(
            fabric,
            (u, r) -> direction(rank[u], rank[r]),
            BfsByNodeHops.DOWN,
            BfsByNodeHops.UP,
            BfsByNodeHops.DOWN,
            threads,
            options.progress(),
            "dnup: hop tables");
    UpDownHops.requireConnectedSwitchesRouted(
        fabric, hops, name(), "Down*/Up*", "route with updn or minhop");
    return new MinhopLftBuilder(fabric, hops, MinhopLftBuilder.Mode.MINHOP)
        .build(name(), threads, options.progress());
  }

  /**
   * Down*&#47;Up* ranks: 0 for switches with a CA or router, else the BFS distance from them over
   * switch links ({@link Integer#MAX_VALUE} where none is reached).
   *
   * @throws RoutingException when no switch has a CA or router
   */
  public static int[] ranks(Fabric fabric) throws RoutingException {
    int n = fabric.numSwitches();
    int[] roots = new int[n];
    int count = 0;
    for (int sw = 0; sw < n; sw++) {
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        if (!fabric.isSwitch(fabric.channelHead(fabric.outChannel(sw, i)))) {
          roots[count++] = sw;
          break;
        }
      }
    }
    if (count == 0) {
      throw new RoutingException(
          RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
          "dnup: no switch has a CA or router, so no switch can be ranked 0");
    }
    int[] rank = new SwitchBfs(fabric).from(roots, count).distances();
    return rank;
  }

  /**
   * OpenSM's direction of the search's hop from a switch of rank {@code from} to one of rank {@code
   * to} ({@code dnup_get_dir}); unranked switches (no path to a root) compare as the highest rank,
   * as OpenSM's 0xffffffff does.
   */
  static byte direction(int from, int to) {
    if (from < to) {
      return BfsByNodeHops.DOWN;
    }
    return from > to ? BfsByNodeHops.UP : BfsByNodeHops.EQUAL;
  }

  /**
   * The rule of {@link org.ibrouting.engines.reroute.Reroute}: MINHOP's under the Down*&#47;Up*
   * turn rule (which promises freedom from deadlock on fat trees only, as MINHOP promises none).
   */
  @Override
  public RepairRule repairRule(Routing old, RoutingOptions options, int threads)
      throws RoutingException {
    Fabric fabric = old.fabric();
    return RepairRule.downUp(MinhopLftBuilder.destinationOrder(fabric), ranks(fabric));
  }
}
