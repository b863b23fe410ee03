package org.ibrouting.engines.ssspfamily;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;

/**
 * Test oracle: DFSSSP's deadlock removal (Domke, Hoefler, Nagel, "Deadlock-Free Oblivious Routing
 * for Arbitrary Topologies") written plainly, one (source LID, destination LID) pair at a time,
 * with the choices OpenSM 3.3.23 makes where the paper leaves them open (opensm-facts.md §7.5). It
 * shares nothing with {@link VlAssignment} — no groups of pairs, no parallel first graph, no flat
 * arrays — so the two agreeing, and both agreeing with OpenSM's logged counts, means something.
 *
 * <p>The algorithm: every pair starts on VL 0. A VL's channel dependency graph has a vertex per
 * channel (switch-to-switch hop) its paths use and an edge per two consecutive channels, labelled
 * with the pairs whose paths make that turn. While the graph has a cycle, the cycle's edge with the
 * fewest pairs still on this VL is cut and all its pairs move to the next VL. A VL is done when it
 * is acyclic; the VLs needed are the last VL that had a cycle plus two.
 *
 * <p>OpenSM's choices: pairs are enumerated destination port by destination port, then source port,
 * source LID, destination LID, in the given port order. A vertex's edges keep the order in which
 * they were created. Vertices sit in an unbalanced binary search tree keyed by the channel id
 * (switch LID, port, remote switch LID, remote port); the depth-first search starts at its root
 * and, when a search tree is exhausted, restarts at the first unvisited vertex in the tree's
 * pre-order. The search follows a vertex's first edge to an unvisited vertex, and a cycle is closed
 * by the first edge (before that one) to a vertex on the current search path. The cycle is walked
 * from that vertex along each vertex's first edge to a vertex on the search path, and the first
 * edge with the smallest count is cut; the search then resumes at the vertex that closed the cycle.
 * Paths from a switch's own LID (port 0) have no channels.
 */
final class NaiveVlAssignment {
  private enum Color {
    WHITE,
    GRAY,
    BLACK
  }

  /** A channel: a vertex of one VL's dependency graph, also a node of that graph's search tree. */
  private static final class Channel {
    final long id;
    Channel left;
    Channel right;
    final List<Turn> turns = new ArrayList<>();
    Color color = Color.WHITE;
    Channel parentInSearch;

    Channel(long id) {
      this.id = id;
    }
  }

  /** A dependency: the turn from one channel into the next, with the pairs that ever made it. */
  private static final class Turn {
    final Channel to;
    final LongArrayList pairs = new LongArrayList();
    long removed;

    Turn(Channel to) {
      this.to = to;
    }

    long pairsLeft() {
      return pairs.size() - removed;
    }
  }

  /** One VL's channel dependency graph. */
  private static final class Graph {
    Channel root;
    final Map<Long, Channel> byId = new HashMap<>();

    Channel channel(long id) {
      Channel c = byId.get(id);
      if (c == null) {
        c = new Channel(id);
        byId.put(id, c);
        if (root == null) {
          root = c;
        } else {
          Channel at = root;
          while (true) {
            if (Long.compareUnsigned(id, at.id) < 0) {
              if (at.left == null) {
                at.left = c;
                break;
              }
              at = at.left;
            } else {
              if (at.right == null) {
                at.right = c;
                break;
              }
              at = at.right;
            }
          }
        }
      }
      return c;
    }

    /** The first white vertex in the search tree's pre-order, or null. */
    Channel firstWhite() {
      Deque<Channel> stack = new ArrayDeque<>();
      if (root != null) {
        stack.push(root);
      }
      while (!stack.isEmpty()) {
        Channel c = stack.pop();
        if (c.color == Color.WHITE) {
          return c;
        }
        if (c.right != null) {
          stack.push(c.right);
        }
        if (c.left != null) {
          stack.push(c.left);
        }
      }
      return null;
    }

    /**
     * Continues the depth-first search at {@code start}; returns the gray vertex closing a cycle,
     * or null.
     */
    Channel findCycle(Channel start) {
      Channel current = start;
      while (current != null) {
        current.color = Color.GRAY;
        Channel next = null;
        for (Turn t : current.turns) {
          if (t.to.color == Color.WHITE) {
            next = t.to;
            break;
          }
          if (t.to.color == Color.GRAY) {
            return t.to;
          }
        }
        if (next != null) {
          next.parentInSearch = current;
          current = next;
        } else {
          current.color = Color.BLACK;
          Channel back = current.parentInSearch;
          current.parentInSearch = null;
          current = back != null ? back : firstWhite();
        }
      }
      return null;
    }

    /**
     * Walks the cycle through gray vertex {@code closing}, whitening it; cuts and returns its
     * weakest turn.
     */
    Turn cutWeakestTurn(Channel closing) {
      Turn weakest = null;
      Channel owner = null;
      Channel at = closing;
      do {
        if (at != closing) {
          at.color = Color.WHITE;
        }
        Turn onCycle = null;
        for (Turn t : at.turns) {
          if (t.to.color == Color.GRAY) {
            onCycle = t;
            break;
          }
        }
        if (weakest == null || onCycle.pairsLeft() < weakest.pairsLeft()) {
          weakest = onCycle;
          owner = at;
        }
        at = onCycle.to;
      } while (at != closing);
      closing.color = Color.WHITE;
      owner.turns.remove(weakest);
      return weakest;
    }
  }

  private final Fabric fabric;
  private final Routing routing;
  private final byte[][] vlOfPair;

  private NaiveVlAssignment(Routing routing) {
    this.routing = routing;
    this.fabric = routing.fabric();
    this.vlOfPair = new byte[fabric.maxLid() + 1][fabric.maxLid() + 1];
  }

  /** The VL of the path from slid to dlid. */
  int vl(int slid, int dlid) {
    return vlOfPair[slid][dlid];
  }

  /**
   * Assigns VLs to the paths between every two ports of {@code ports} (CA ports and switch port 0s,
   * in OpenSM's order); returns the VLs needed in {@code vlsNeeded[0]} (maxVls + 1 when they do not
   * suffice) and the pairs per VL in {@code pathsPerVl}.
   */
  static NaiveVlAssignment assign(
      Routing routing, int[] ports, int maxVls, int[] vlsNeeded, long[] pathsPerVl) {
    NaiveVlAssignment a = new NaiveVlAssignment(routing);
    Graph[] graphs = new Graph[maxVls];
    for (int v = 0; v < maxVls; v++) {
      graphs[v] = new Graph();
    }
    for (int dst : ports) {
      for (int src : ports) {
        if (src == dst) {
          continue;
        }
        for (int slid : a.lidsOf(src)) {
          for (int dlid : a.lidsOf(dst)) {
            a.add(graphs[0], slid, dlid);
            pathsPerVl[0]++;
          }
        }
      }
    }
    int needed = 1;
    for (int v = 0; v < maxVls - 1; v++) {
      Graph g = graphs[v];
      Channel start = g.root;
      while (start != null) {
        Channel closing = g.findCycle(start);
        if (closing != null) {
          needed = v + 2;
          Turn cut = g.cutWeakestTurn(closing);
          for (long pair : cut.pairs) {
            int slid = (int) (pair >>> 16);
            int dlid = (int) (pair & 0xFFFF);
            if (a.vlOfPair[slid][dlid] != v) {
              continue;
            }
            a.remove(g, slid, dlid);
            a.add(graphs[v + 1], slid, dlid);
            a.vlOfPair[slid][dlid] = (byte) (v + 1);
            pathsPerVl[v]--;
            pathsPerVl[v + 1]++;
          }
        }
        start = closing;
      }
    }
    Graph last = graphs[maxVls - 1];
    if (last.root != null && last.findCycle(last.root) != null) {
      needed = maxVls + 1;
    }
    vlsNeeded[0] = needed;
    return a;
  }

  private int[] lidsOf(int port) {
    int[] lids = new int[1 << fabric.lmc(port)];
    for (int k = 0; k < lids.length; k++) {
      lids[k] = fabric.baseLid(port) + k;
    }
    return lids;
  }

  /** The channel ids of the path from slid to dlid, switch-to-switch hops only. */
  private List<Long> channels(int slid, int dlid) {
    List<Long> ids = new ArrayList<>();
    int src = fabric.portOfLid(slid);
    if (fabric.isSwitch(fabric.nodeOfPort(src)) || fabric.peerPort(src) < 0) {
      return ids;
    }
    int sw = fabric.nodeOfPort(fabric.peerPort(src));
    while (fabric.isSwitch(sw) && ids.size() <= fabric.numSwitches()) {
      int out = routing.outPort(sw, dlid);
      if (out == Routing.NO_ROUTE || out == 0) {
        break;
      }
      int peer = fabric.peerPort(fabric.port(sw, out));
      if (peer < 0 || !fabric.isSwitch(fabric.nodeOfPort(peer))) {
        break;
      }
      int next = fabric.nodeOfPort(peer);
      ids.add(
          ((long) switchLid(sw) << 48)
              | ((long) out << 32)
              | ((long) switchLid(next) << 16)
              | fabric.portNum(peer));
      sw = next;
    }
    return ids;
  }

  private int switchLid(int sw) {
    return fabric.baseLid(fabric.port(sw, 0));
  }

  private void add(Graph g, int slid, int dlid) {
    long pair = ((long) slid << 16) | dlid;
    Channel previous = null;
    for (long id : channels(slid, dlid)) {
      Channel c = g.channel(id);
      if (previous != null) {
        Turn turn = null;
        for (Turn t : previous.turns) {
          if (t.to == c) {
            turn = t;
            break;
          }
        }
        if (turn == null) {
          turn = new Turn(c);
          previous.turns.add(turn);
        }
        turn.pairs.add(pair);
      }
      previous = c;
    }
  }

  private void remove(Graph g, int slid, int dlid) {
    Channel previous = null;
    for (long id : channels(slid, dlid)) {
      Channel c = g.byId.get(id);
      if (previous != null) {
        for (Turn t : previous.turns) {
          if (t.to == c) {
            t.removed++;
            break;
          }
        }
      }
      previous = c;
    }
  }
}
