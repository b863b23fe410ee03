package org.ibrouting.testkit;

import java.util.Arrays;
import java.util.Random;
import java.util.function.IntPredicate;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.SwitchBfs;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;

/**
 * Simple routings to feed the analysis and assertions: MINHOP-like shortest paths, Up*&#47;Down*
 * restricted paths, and randomly damaged LFTs. Not engines: no OpenSM tie-breaking, no balancing
 * beyond spreading destinations over equal-cost ports.
 */
public final class TestRoutings {
  private TestRoutings() {}

  /**
   * Shortest paths over the switch graph; among equal-cost ports, LID {@code lid} takes candidate
   * {@code lid % count} in port order. Each switch sends its own LID to port 0 and a CA's LIDs to
   * the port it is cabled to.
   */
  public static Routing shortestPaths(Fabric fabric) {
    RoutingBuilder b = Routing.builder(fabric, "test-shortest");
    int numSwitches = fabric.numSwitches();
    SwitchBfs bfs = new SwitchBfs(fabric);
    for (int lid = 1; lid <= fabric.maxLid(); lid++) {
      int dstSw = destinationSwitch(fabric, lid);
      if (dstSw < 0) {
        continue;
      }
      int[] dist = bfs.from(dstSw).distances();
      for (int sw = 0; sw < numSwitches; sw++) {
        if (sw == dstSw) {
          b.setOutPort(sw, lid, lastPort(fabric, lid));
        } else if (dist[sw] != Integer.MAX_VALUE) {
          int count = 0;
          for (int i = 0; i < fabric.outDegree(sw); i++) {
            int head = fabric.channelHead(fabric.outChannel(sw, i));
            if (head < numSwitches && dist[head] == dist[sw] - 1) {
              count++;
            }
          }
          int pick = lid % count;
          for (int i = 0; i < fabric.outDegree(sw); i++) {
            int channel = fabric.outChannel(sw, i);
            int head = fabric.channelHead(channel);
            if (head < numSwitches && dist[head] == dist[sw] - 1 && pick-- == 0) {
              b.setOutPort(sw, lid, fabric.portNum(channel));
            }
          }
        }
      }
    }
    return b.build();
  }

  /**
   * Up*&#47;Down* routing (Schroeder et al., Autonet): switches are ranked by BFS distance from
   * {@code root} (ties by index; other connected components from their lowest switch); a link goes
   * up toward the lower (rank, index). A switch with a down-only path to the destination's switch
   * takes the shortest such path (first port on ties), otherwise it goes up toward the neighbour
   * with the shortest legal remaining path. Every route is therefore some ups followed by downs, so
   * the channel dependency graph is acyclic.
   */
  public static Routing upDown(Fabric fabric, int root) {
    RoutingBuilder b = Routing.builder(fabric, "test-updn");
    int numSwitches = fabric.numSwitches();
    int[] rank = new int[numSwitches];
    Arrays.fill(rank, Integer.MAX_VALUE);
    SwitchBfs bfs = new SwitchBfs(fabric);
    // each connected component is ranked from its own root: the given one, else its lowest switch
    for (int r = -1; r < numSwitches; r++) {
      int componentRoot = r < 0 ? root : r;
      if (rank[componentRoot] == Integer.MAX_VALUE) {
        bfs.from(componentRoot);
        for (int i = 0; i < bfs.numReached(); i++) {
          rank[bfs.reached(i)] = bfs.distance(bfs.reached(i));
        }
      }
    }
    // a channel a -> b that goes up: followed from the destination, it finds the down paths to it
    IntPredicate up =
        channel -> isUp(rank, fabric.nodeOfPort(channel), fabric.channelHead(channel));
    int[] any = new int[numSwitches];
    for (int lid = 1; lid <= fabric.maxLid(); lid++) {
      int dstSw = destinationSwitch(fabric, lid);
      if (dstSw < 0 || rank[dstSw] == Integer.MAX_VALUE) {
        continue;
      }
      // down[s]: shortest path from s to dstSw using down links only (reverse BFS along up links)
      int[] down = bfs.from(new int[] {dstSw}, 1, up).distances();
      // any[s]: shortest legal path = min(down[s], 1 + any[up neighbour]); relax by rank order
      Integer[] byRank = new Integer[numSwitches];
      for (int s = 0; s < numSwitches; s++) {
        byRank[s] = s;
      }
      Arrays.sort(byRank, (x, y) -> rank[x] != rank[y] ? Integer.compare(rank[x], rank[y]) : x - y);
      for (int s : byRank) {
        any[s] = down[s];
        for (int i = 0; i < fabric.outDegree(s); i++) {
          int u = fabric.channelHead(fabric.outChannel(s, i));
          if (u < numSwitches && isUp(rank, s, u) && any[u] != Integer.MAX_VALUE) {
            any[s] = Math.min(any[s], any[u] + 1);
          }
        }
      }
      for (int s = 0; s < numSwitches; s++) {
        if (s == dstSw) {
          b.setOutPort(s, lid, lastPort(fabric, lid));
          continue;
        }
        if (rank[s] == Integer.MAX_VALUE) {
          continue;
        }
        for (int i = 0; i < fabric.outDegree(s); i++) {
          int channel = fabric.outChannel(s, i);
          int u = fabric.channelHead(channel);
          if (u >= numSwitches) {
            continue;
          }
          boolean downStep =
              down[s] != Integer.MAX_VALUE && isUp(rank, u, s) && down[u] == down[s] - 1;
          boolean upStep =
              down[s] == Integer.MAX_VALUE
                  && isUp(rank, s, u)
                  && any[u] != Integer.MAX_VALUE
                  && any[u] == any[s] - 1;
          if (downStep || upStep) {
            b.setOutPort(s, lid, fabric.portNum(channel));
            break;
          }
        }
      }
    }
    return b.build();
  }

  private static boolean isUp(int[] rank, int from, int to) {
    return rank[to] < rank[from] || rank[to] == rank[from] && to < from;
  }

  /**
   * The {@link TestFabrics#kAryNTree k-ary n-tree} routed d-mod-k: towards the CA h (h-th CA, on
   * leaf {@code h / k}) a switch that is an ancestor of h's leaf goes down, any other switch of
   * level l goes up by port {@code k + 1 + (h / k^l) mod k}, so that the routes to the CAs of one
   * leaf spread over every top switch. With {@code singleUplink} every switch sends all upward
   * traffic through its first up port instead (a congested tree). Switch LIDs are delivered at
   * their switch only. The h-th CA is the one described {@code H<h>}.
   */
  public static Routing dModK(int k, int n, boolean singleUplink) {
    Fabric fabric = TestFabrics.kAryNTree(k, n);
    RoutingBuilder b = Routing.builder(fabric, singleUplink ? "test-single-uplink" : "test-dmodk");
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      // S<level>_<word>, as kAryNTree names them (the fabric orders switches as OpenSM would)
      String description = fabric.description(sw);
      int level = Integer.parseInt(description.substring(1, description.indexOf('_')));
      int word = Integer.parseInt(description.substring(description.indexOf('_') + 1));
      int power = 1;
      for (int i = 0; i < level; i++) {
        power *= k;
      }
      for (int ca = fabric.numSwitches(); ca < fabric.numNodes(); ca++) {
        int h = Integer.parseInt(fabric.description(ca).substring(1));
        int leaf = h / k;
        // an ancestor's upper digits (level .. n-2) are those of the leaf
        boolean ancestor = word / power == leaf / power;
        int port;
        if (!ancestor) {
          port = k + 1 + (singleUplink ? 0 : (h / power) % k);
        } else if (level == 0) {
          port = h % k + 1;
        } else {
          port = (leaf / (power / k)) % k + 1;
        }
        b.setOutPort(sw, fabric.baseLid(fabric.port(ca, 1)), port);
      }
      b.setOutPort(sw, fabric.baseLid(fabric.port(sw, 0)), 0);
    }
    return b.build();
  }

  /**
   * A copy of {@code routing}'s LFTs with about {@code damage} of the entries replaced by a random
   * port (0..numPorts: port 0 for another switch's LID, or an unconnected port, is a black hole) or
   * NO_ROUTE: produces black holes, loops and unreachable pairs. (A port beyond the switch cannot
   * be set: {@link RoutingBuilder#setOutPort} refuses it.)
   */
  public static Routing damaged(Routing routing, Random random, double damage) {
    Fabric fabric = routing.fabric();
    RoutingBuilder b = Routing.builder(fabric, "test-damaged");
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      for (int lid = 1; lid <= fabric.maxLid(); lid++) {
        int port = routing.outPort(sw, lid);
        if (random.nextDouble() < damage) {
          int roll = random.nextInt(fabric.numPorts(sw) + 3);
          port = roll > fabric.numPorts(sw) ? Routing.NO_ROUTE : roll;
        }
        b.setOutPort(sw, lid, port);
      }
    }
    b.setSlTable(routing.slTable());
    return b.build();
  }

  /**
   * The switch a LID's packets are delivered from (its own switch, or the one its CA is cabled to).
   */
  public static int destinationSwitch(Fabric fabric, int lid) {
    int port = fabric.portOfLid(lid);
    if (port < 0) {
      return -1;
    }
    int swPort = fabric.switchPortOf(port);
    return swPort < 0 ? -1 : fabric.nodeOfPort(swPort);
  }

  private static int lastPort(Fabric fabric, int lid) {
    int port = fabric.portOfLid(lid);
    int swPort = fabric.switchPortOf(port);
    return swPort == port ? 0 : fabric.portNum(swPort);
  }
}
