package org.ibrouting.engines.dnup;

import java.util.Arrays;
import org.ibrouting.engines.minhop.MinhopLftBuilder;
import org.ibrouting.engines.updn.UpDownHops;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.paths.Parallel;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * Down*&#47;Up* (OpenSM {@code -R dnup}, 3.3.23): switches with CAs or routers get rank 0, the others
 * their BFS distance from them; a route goes down (to higher ranks) first and then up, never up
 * then down; links between switches of equal rank may be taken in either phase. Hop counts come
 * from {@link UpDownHops} with these turns, tables from MINHOP's builder. Where every switch has
 * CAs (tori, random graphs) all links are equal and the tables are MINHOP's, as in OpenSM.
 * Deadlock-free therefore only where no link joins switches of equal rank (fat trees). Where
 * failures leave two connected switches without any Down*&#47;Up* path, the engine refuses and
 * names them, rather than returning tables that drop those pairs.
 */
public final class DnupEngine implements RoutingEngine {
  @Override
  public String name() {
    return "dnup";
  }

  @Override
  public Routing route(Fabric fabric, RoutingOptions options) throws RoutingException {
    int n = fabric.numSwitches();
    int threads = Parallel.threadsFor(n, options.threads());
    UpDownHops hops = UpDownHops.compute(fabric, turns(ranks(fabric)), threads);
    hops.requireConnectedSwitchesRouted(name(), "Down*/Up*", "route with updn or minhop");
    return new MinhopLftBuilder(fabric, hops, MinhopLftBuilder.Mode.MINHOP).build(name(), threads);
  }

  /**
   * Down*&#47;Up* ranks: 0 for switches with a CA or router, else the BFS distance from them over
   * switch links ({@link Integer#MAX_VALUE} where none is reached).
   *
   * @throws RoutingException when no switch has a CA or router
   */
  public static int[] ranks(Fabric fabric) throws RoutingException {
    int n = fabric.numSwitches();
    int[] rank = new int[n];
    Arrays.fill(rank, Integer.MAX_VALUE);
    int[] queue = new int[n];
    int tail = 0;
    for (int sw = 0; sw < n; sw++) {
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        if (!fabric.isSwitch(fabric.channelHead(fabric.outChannel(sw, i)))) {
          rank[sw] = 0;
        }
      }
      if (rank[sw] == 0) {
        queue[tail++] = sw;
      }
    }
    if (tail == 0) {
      throw new RoutingException("dnup: no switch has a CA or router, so no switch can be ranked 0");
    }
    for (int head = 0; head < tail; head++) {
      int u = queue[head];
      for (int i = 0; i < fabric.outDegree(u); i++) {
        int r = fabric.channelHead(fabric.outChannel(u, i));
        if (r < n && rank[r] == Integer.MAX_VALUE) {
          rank[r] = rank[u] + 1;
          queue[tail++] = r;
        }
      }
    }
    return rank;
  }

  /** The Down*&#47;Up* turn rule of {@link #ranks}: down (or level) hops first, then up (or level) hops. */
  public static UpDownHops.Turns turns(int[] rank) {
    return new UpDownHops.Turns() {
      @Override
      public boolean first(int x, int y) {
        return rank[y] >= rank[x];
      }

      @Override
      public boolean last(int x, int y) {
        return rank[y] <= rank[x];
      }
    };
  }
}
