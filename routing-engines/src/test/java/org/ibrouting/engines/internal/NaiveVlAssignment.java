package org.ibrouting.engines.internal;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;

/**
 * Test oracle: the first, straightforward transcription of OpenSM 3.3.23's deadlock removal
 * ({@code dfsssp_remove_deadlocks}), one sequential loop over (destination, source) pairs and
 * linked lists per vertex, against which {@link VlAssignment} is compared VL for VL. It needs
 * exactly as many VLs as OpenSM: every (source LID, destination LID) path starts on VL 0; per VL a channel
 * dependency graph whose vertices are kept in an unbalanced binary search tree by channel id and
 * whose edges carry the pairs that induce them; a depth-first search (restarted at the first
 * unvisited vertex in the tree's pre-order) finds a cycle, the edge of the cycle with the fewest
 * remaining pairs is cut and its pairs move to the next VL; repeated until every VL is acyclic.
 *
 * <p>Paths are handled per (source switch, destination LID), weighted by their number of
 * (source LID, destination LID) pairs, which gives OpenSM's choices exactly. Memory: one int per
 * (switch, LID), plus the groups on every dependency (about switches x LIDs x hops ints).
 */
final class NaiveVlAssignment {
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
    long[] linkRemoved = new long[64];
    long[] linkWeight = new long[64];
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
        linkWeight = java.util.Arrays.copyOf(linkWeight, size);
        linkPairs = java.util.Arrays.copyOf(linkPairs, size);
      }
      int l = numLinks++;
      linkTarget[l] = b;
      linkNext[l] = -1;
      linkRemoved[l] = 0;
      linkWeight[l] = 0;
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
            linkWeight[l] = 0;
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
            if (linkWeight[l] - linkRemoved[l] < linkWeight[weakest] - linkRemoved[weakest]) {
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
  private final int stride;
  // paths from the CAs of one switch to one LID share their channels: one group per (switch, LID)
  private final int[] groupOf;
  private final IntArrayList groupSwitch = new IntArrayList();
  private final IntArrayList groupDlid = new IntArrayList();
  private final it.unimi.dsi.fastutil.longs.LongArrayList groupWeight =
      new it.unimi.dsi.fastutil.longs.LongArrayList();
  private final it.unimi.dsi.fastutil.bytes.ByteArrayList groupVl =
      new it.unimi.dsi.fastutil.bytes.ByteArrayList();

  private NaiveVlAssignment(Routing routing) {
    this.fabric = routing.fabric();
    this.routing = routing;
    this.stride = fabric.maxLid() + 1;
    long size = (long) fabric.numSwitches() * stride;
    if (size > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException("dfsssp: " + fabric.numSwitches() + " switches x " + stride
          + " LIDs exceed the VL table");
    }
    this.groupOf = new int[(int) size];
    java.util.Arrays.fill(groupOf, -1);
  }

  /** The VL of the path from slid to dlid after {@link #assign}. */
  int vl(int slid, int dlid) {
    int src = fabric.portOfLid(slid);
    int peer = fabric.peerPort(src);
    if (fabric.isSwitch(fabric.nodeOfPort(src)) || peer < 0) {
      return 0;
    }
    int group = groupOf[fabric.nodeOfPort(peer) * stride + dlid];
    return group < 0 ? 0 : groupVl.getByte(group);
  }

  /**
   * Assigns VLs to the paths between every two ports of {@code ports} (OpenSM's order); returns
   * the assignment and the VLs needed in {@code vlsNeeded[0]} (maxVls + 1 when they do not suffice).
   * The (source LID, destination LID) pairs of OpenSM are kept as groups of pairs with the same
   * path, weighted by their number of pairs: a group enters the graphs where its first pair would
   * and moves as a whole, so every choice and count is OpenSM's.
   */
  static NaiveVlAssignment assign(Routing routing, int[] ports, int maxVls, int[] vlsNeeded, long[] pathsPerVl) {
    NaiveVlAssignment a = new NaiveVlAssignment(routing);
    Fabric fabric = a.fabric;
    Cdg[] cdg = new Cdg[maxVls];
    for (int v = 0; v < maxVls; v++) {
      cdg[v] = new Cdg();
    }
    long[] sourceLidsOfSwitch = new long[fabric.numSwitches()];
    for (int src : ports) {
      int peer = fabric.peerPort(src);
      if (!fabric.isSwitch(fabric.nodeOfPort(src)) && peer >= 0 && fabric.isSwitch(fabric.nodeOfPort(peer))) {
        sourceLidsOfSwitch[fabric.nodeOfPort(peer)] += 1L << fabric.lmc(src);
      }
    }
    for (int dst : ports) {
      for (int src : ports) {
        if (src == dst) {
          continue;
        }
        long pairs = (1L << fabric.lmc(src)) * (1L << fabric.lmc(dst));
        pathsPerVl[0] += pairs;
        int peer = fabric.peerPort(src);
        if (fabric.isSwitch(fabric.nodeOfPort(src)) || peer < 0 || !fabric.isSwitch(fabric.nodeOfPort(peer))) {
          continue;
        }
        int sw = fabric.nodeOfPort(peer);
        for (int dlid = fabric.baseLid(dst); dlid < fabric.baseLid(dst) + (1 << fabric.lmc(dst)); dlid++) {
          if (a.groupOf[sw * a.stride + dlid] >= 0) {
            continue;
          }
          // this switch's CA LIDs to dlid; a CA cabled to this switch and owning dlid is no pair
          long weight = sourceLidsOfSwitch[sw];
          int owner = fabric.portOfLid(dlid);
          int ownerPeer = fabric.peerPort(owner);
          if (!fabric.isSwitch(fabric.nodeOfPort(owner)) && ownerPeer >= 0 && fabric.nodeOfPort(ownerPeer) == sw) {
            weight -= 1L << fabric.lmc(owner);
          }
          int group = a.groupSwitch.size();
          a.groupOf[sw * a.stride + dlid] = group;
          a.groupSwitch.add(sw);
          a.groupDlid.add(dlid);
          a.groupWeight.add(weight);
          a.groupVl.add((byte) 0);
          a.addPath(cdg[0], group);
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
          IntArrayList groups = cdg[v].linkPairs[link];
          for (int i = 0; i < groups.size(); i++) {
            int group = groups.getInt(i);
            if (a.groupVl.getByte(group) != v) {
              continue;
            }
            a.removePath(cdg[v], group);
            a.addPath(cdg[v + 1], group);
            a.groupVl.set(group, (byte) (v + 1));
            pathsPerVl[v] -= a.groupWeight.getLong(group);
            pathsPerVl[v + 1] += a.groupWeight.getLong(group);
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

  /** The channels of a group's path, as OpenSM numbers them, walked through the LFTs. */
  private IntArrayList channels(Cdg cdg, int group, boolean create) {
    IntArrayList nodes = new IntArrayList();
    int sw = groupSwitch.getInt(group);
    int dlid = groupDlid.getInt(group);
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

  private void addPath(Cdg cdg, int group) {
    IntArrayList nodes = channels(cdg, group, true);
    long weight = groupWeight.getLong(group);
    for (int i = 1; i < nodes.size(); i++) {
      int link = cdg.link(nodes.getInt(i - 1), nodes.getInt(i));
      cdg.linkPairs[link].add(group);
      cdg.linkWeight[link] += weight;
    }
  }

  private void removePath(Cdg cdg, int group) {
    IntArrayList nodes = channels(cdg, group, false);
    long weight = groupWeight.getLong(group);
    for (int i = 1; i < nodes.size(); i++) {
      int a = nodes.getInt(i - 1);
      int b = nodes.getInt(i);
      if (a < 0 || b < 0) {
        continue;
      }
      int l = cdg.findLink(a, b);
      if (l >= 0) {
        cdg.linkRemoved[l] += weight;
      }
    }
  }
}
