package org.ibrouting.engines.dfsssp;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;

/**
 * OpenSM 3.3.23's deadlock removal ({@code dfsssp_remove_deadlocks}), reproduced so that it needs
 * exactly as many VLs: every (source LID, destination LID) path starts on VL 0; per VL a channel
 * dependency graph whose vertices are kept in an unbalanced binary search tree by channel id and
 * whose edges carry the pairs that induce them; a depth-first search (restarted at the first
 * unvisited vertex in the tree's pre-order) finds a cycle, the edge of the cycle with the fewest
 * remaining pairs is cut and its pairs move to the next VL; repeated until every VL is acyclic.
 *
 * <p>Memory: one byte per (LID, LID) for the VL of each path, plus the pairs on every dependency
 * (about P² x average hops ints), as in OpenSM; meant for fabrics of up to a few thousand
 * endpoints.
 */
final class VlAssignment {
  private static final byte UNKNOWN = 0;
  private static final byte GRAY = 1;
  private static final byte BLACK = 2;

  /** One VL's channel dependency graph. */
  private static final class Cdg {
    int root = -1;
    int numNodes;
    long[] channelId = new long[64];
    int[] left = new int[64];
    int[] right = new int[64];
    int[] firstLink = new int[64];
    int[] pre = new int[64];
    byte[] status = new byte[64];
    final Long2IntOpenHashMap nodeOf = new Long2IntOpenHashMap();
    int numLinks;
    int[] linkTarget = new int[64];
    int[] linkNext = new int[64];
    int[] linkRemoved = new int[64];
    IntArrayList[] linkPairs = new IntArrayList[64];

    Cdg() {
      nodeOf.defaultReturnValue(-1);
    }

    int node(long id) {
      int node = nodeOf.get(id);
      if (node >= 0) {
        return node;
      }
      if (numNodes == channelId.length) {
        int size = numNodes * 2;
        channelId = java.util.Arrays.copyOf(channelId, size);
        left = java.util.Arrays.copyOf(left, size);
        right = java.util.Arrays.copyOf(right, size);
        firstLink = java.util.Arrays.copyOf(firstLink, size);
        pre = java.util.Arrays.copyOf(pre, size);
        status = java.util.Arrays.copyOf(status, size);
      }
      node = numNodes++;
      channelId[node] = id;
      left[node] = -1;
      right[node] = -1;
      firstLink[node] = -1;
      pre[node] = -1;
      status[node] = UNKNOWN;
      nodeOf.put(id, node);
      if (root < 0) {
        root = node;
      } else {
        int current = root;
        while (true) {
          if (Long.compareUnsigned(id, channelId[current]) < 0) {
            if (left[current] < 0) {
              left[current] = node;
              break;
            }
            current = left[current];
          } else {
            if (right[current] < 0) {
              right[current] = node;
              break;
            }
            current = right[current];
          }
        }
      }
      return node;
    }

    /** The link from a to b, appended when missing. */
    int link(int a, int b) {
      int last = -1;
      for (int l = firstLink[a]; l >= 0; l = linkNext[l]) {
        if (linkTarget[l] == b) {
          return l;
        }
        last = l;
      }
      if (numLinks == linkTarget.length) {
        int size = numLinks * 2;
        linkTarget = java.util.Arrays.copyOf(linkTarget, size);
        linkNext = java.util.Arrays.copyOf(linkNext, size);
        linkRemoved = java.util.Arrays.copyOf(linkRemoved, size);
        linkPairs = java.util.Arrays.copyOf(linkPairs, size);
      }
      int l = numLinks++;
      linkTarget[l] = b;
      linkNext[l] = -1;
      linkRemoved[l] = 0;
      linkPairs[l] = new IntArrayList(2);
      if (last < 0) {
        firstLink[a] = l;
      } else {
        linkNext[last] = l;
      }
      return l;
    }

    int findLink(int a, int b) {
      for (int l = firstLink[a]; l >= 0; l = linkNext[l]) {
        if (linkTarget[l] == b) {
          return l;
        }
      }
      return -1;
    }

    void unlink(int a, int link) {
      if (firstLink[a] == link) {
        firstLink[a] = linkNext[link];
        return;
      }
      for (int l = firstLink[a]; l >= 0; l = linkNext[l]) {
        if (linkNext[l] == link) {
          linkNext[l] = linkNext[link];
          return;
        }
      }
    }

    /** The first UNKNOWN node in pre-order, or -1. */
    int nextUnknown() {
      IntArrayList stack = new IntArrayList();
      if (root >= 0) {
        stack.add(root);
      }
      while (!stack.isEmpty()) {
        int node = stack.popInt();
        if (status[node] == UNKNOWN) {
          return node;
        }
        if (right[node] >= 0) {
          stack.add(right[node]);
        }
        if (left[node] >= 0) {
          stack.add(left[node]);
        }
      }
      return -1;
    }

    /** OpenSM's cycle search from {@code start}; returns the GRAY node closing a cycle, or -1. */
    int searchCycle(int start) {
      int current = start;
      while (current >= 0) {
        status[current] = GRAY;
        int next = -1;
        for (int l = firstLink[current]; l >= 0; l = linkNext[l]) {
          int target = linkTarget[l];
          if (status[target] == UNKNOWN) {
            next = target;
            break;
          }
          if (status[target] == GRAY) {
            return target;
          }
        }
        if (next >= 0) {
          pre[next] = current;
          current = next;
        } else {
          status[current] = BLACK;
          for (int l = firstLink[current]; l >= 0; l = linkNext[l]) {
            linkPairs[l] = new IntArrayList(0);
            linkRemoved[l] = 0;
          }
          if (pre[current] >= 0) {
            int tmp = current;
            current = pre[current];
            pre[tmp] = -1;
          } else {
            current = nextUnknown();
          }
        }
      }
      return -1;
    }

    /** Cuts the weakest link of the cycle through {@code cycle}; returns it (already unlinked). */
    int cutWeakestLink(int cycle) {
      int current = cycle;
      int weakest = -1;
      int weakestOwner = -1;
      for (int l = firstLink[current]; l >= 0; l = linkNext[l]) {
        if (status[linkTarget[l]] == GRAY) {
          weakest = l;
          weakestOwner = current;
          current = linkTarget[l];
          break;
        }
      }
      while (true) {
        status[current] = UNKNOWN;
        for (int l = firstLink[current]; l >= 0; l = linkNext[l]) {
          if (status[linkTarget[l]] == GRAY) {
            if (linkPairs[l].size() - linkRemoved[l] < linkPairs[weakest].size() - linkRemoved[weakest]) {
              weakest = l;
              weakestOwner = current;
            }
            current = linkTarget[l];
            break;
          }
        }
        if (current == cycle) {
          status[current] = UNKNOWN;
          break;
        }
      }
      unlink(weakestOwner, weakest);
      return weakest;
    }
  }

  private final Fabric fabric;
  private final Routing routing;
  private final byte[] vlOfPair;
  private final int stride;

  private VlAssignment(Routing routing) {
    this.fabric = routing.fabric();
    this.routing = routing;
    this.stride = fabric.maxLid() + 1;
    this.vlOfPair = new byte[stride * stride];
  }

  /** The VL of the path from slid to dlid after {@link #assign}. */
  int vl(int slid, int dlid) {
    return vlOfPair[slid * stride + dlid];
  }

  /**
   * Assigns VLs to the paths between every two ports of {@code ports} (OpenSM's order); returns
   * the assignment and the VLs needed in {@code vlsNeeded[0]} (maxVls + 1 when they do not suffice).
   */
  static VlAssignment assign(Routing routing, int[] ports, int maxVls, int[] vlsNeeded, long[] pathsPerVl) {
    VlAssignment a = new VlAssignment(routing);
    Cdg[] cdg = new Cdg[maxVls];
    for (int v = 0; v < maxVls; v++) {
      cdg[v] = new Cdg();
    }
    for (int dst : ports) {
      for (int src : ports) {
        if (src == dst) {
          continue;
        }
        for (int slid = a.fabric.baseLid(src); slid < a.fabric.baseLid(src) + (1 << a.fabric.lmc(src)); slid++) {
          for (int dlid = a.fabric.baseLid(dst); dlid < a.fabric.baseLid(dst) + (1 << a.fabric.lmc(dst)); dlid++) {
            a.addPath(cdg[0], src, slid, dlid);
            pathsPerVl[0]++;
          }
        }
      }
    }
    int needed = 1;
    for (int v = 0; v < maxVls - 1; v++) {
      int start = cdg[v].root;
      while (start >= 0) {
        int cycle = cdg[v].searchCycle(start);
        if (cycle >= 0) {
          needed = v + 2;
          int link = cdg[v].cutWeakestLink(cycle);
          IntArrayList pairs = cdg[v].linkPairs[link];
          for (int i = 0; i < pairs.size(); i++) {
            int pair = pairs.getInt(i);
            int slid = pair >>> 16;
            int dlid = pair & 0xFFFF;
            if (a.vl(slid, dlid) != v) {
              continue;
            }
            int src = a.fabric.portOfLid(slid);
            a.removePath(cdg[v], src, dlid);
            a.addPath(cdg[v + 1], src, slid, dlid);
            a.vlOfPair[slid * a.stride + dlid] = (byte) (v + 1);
            pathsPerVl[v]--;
            pathsPerVl[v + 1]++;
          }
        }
        start = cycle;
      }
    }
    Cdg last = cdg[maxVls - 1];
    if (last.root >= 0 && last.searchCycle(last.root) >= 0) {
      needed = maxVls + 1;
    }
    vlsNeeded[0] = needed;
    return a;
  }

  /** The channels of the path from port src to dlid, as OpenSM numbers them, walked through the LFTs. */
  private IntArrayList channels(Cdg cdg, int src, int dlid, boolean create) {
    IntArrayList nodes = new IntArrayList();
    int peer = fabric.peerPort(src);
    if (fabric.isSwitch(fabric.nodeOfPort(src)) || peer < 0 || !fabric.isSwitch(fabric.nodeOfPort(peer))) {
      return nodes;
    }
    int sw = fabric.nodeOfPort(peer);
    for (int hops = 0; hops < 256; hops++) {
      int port = routing.outPort(sw, dlid);
      if (port == Routing.NO_ROUTE || port == 0) {
        break;
      }
      int next = fabric.peerPort(fabric.port(sw, port));
      if (next < 0 || !fabric.isSwitch(fabric.nodeOfPort(next))) {
        break;
      }
      int remote = fabric.nodeOfPort(next);
      long id = ((long) fabric.baseLid(fabric.port(sw, 0)) << 48) | ((long) port << 32)
          | ((long) fabric.baseLid(fabric.port(remote, 0)) << 16) | fabric.portNum(next);
      int node = create ? cdg.node(id) : cdg.nodeOf.get(id);
      nodes.add(node);
      sw = remote;
    }
    return nodes;
  }

  private void addPath(Cdg cdg, int src, int slid, int dlid) {
    IntArrayList nodes = channels(cdg, src, dlid, true);
    int pair = (slid << 16) | dlid;
    for (int i = 1; i < nodes.size(); i++) {
      int link = cdg.link(nodes.getInt(i - 1), nodes.getInt(i));
      cdg.linkPairs[link].add(pair);
    }
  }

  private void removePath(Cdg cdg, int src, int dlid) {
    IntArrayList nodes = channels(cdg, src, dlid, false);
    for (int i = 1; i < nodes.size(); i++) {
      int a = nodes.getInt(i - 1);
      int b = nodes.getInt(i);
      if (a < 0 || b < 0) {
        continue;
      }
      int l = cdg.findLink(a, b);
      if (l >= 0) {
        cdg.linkRemoved[l]++;
      }
    }
  }
}
