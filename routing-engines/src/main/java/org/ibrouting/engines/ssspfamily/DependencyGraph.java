package org.ibrouting.engines.ssspfamily;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import org.ibrouting.internal.Parallel;

/**
 * Not API. One VL's channel dependency graph as OpenSM's {@code dfsssp_remove_deadlocks} keeps it:
 * vertices are channels (port slots) in an unbalanced binary search tree by channel id, links are
 * dependencies in order of creation, each weighted by the (source LID, destination LID) pairs that
 * induce it (VL 0's weights are summed when its first cycle is found); {@link #searchCycle} is
 * OpenSM's depth-first search and {@link #cutWeakestLink} its choice of the link to cut. The groups
 * on each link are listed (CSR) only when the VL's first cycle is found ({@link #listGroups}).
 *
 * <p>Memory: about 40 bytes per dependency, 4 bytes and 1 bit per port slot and per possible
 * dependency; when listed, 4 bytes per (group, hop).
 */
// not IncrementalCdg: OpenSM's tree order and search decide which dependency dfsssp cuts
final class DependencyGraph {
  private static final byte UNKNOWN = 0;
  private static final byte GRAY = 1;
  private static final byte BLACK = 2;

  private final ChannelPaths paths;
  private final GroupVls groups;
  private final int[] scratchPath = new int[ChannelPaths.MAX_HOPS];

  final int[] nodeOfChannel;
  final int[] linkOfEdge;
  // a bit per channel and per possible dependency: whether it has a vertex / link yet, so that the
  // builder walking the paths asks 1 bit where it would read 4 bytes (the possible dependencies
  // of a 32-ary 3-tree take 42 MB as ints, more than the L3 cache, 1.3 MB as bits)
  private final long[] hasNodeBits;
  private final long[] hasLinkBits;
  int root = -1;
  int numNodes;
  long[] channelId = new long[64];
  int[] left = new int[64];
  int[] right = new int[64];
  int[] firstLink = new int[64];
  int[] lastLink = new int[64];
  int[] pre = new int[64];
  byte[] status = new byte[64];
  int numLinks;
  int[] linkTarget = new int[64];
  int[] linkNext = new int[64];
  long[] linkRemoved = new long[64];
  long[] linkWeight = new long[64];
  boolean[] linkCut = new boolean[64];
  IntArrayList members = new IntArrayList();
  int[] pairStart;
  int[] pairGroups;
  int[] preorder;
  int[] preIndex;
  int cursor;

  DependencyGraph(ChannelPaths paths, GroupVls groups) {
    this.paths = paths;
    this.groups = groups;
    nodeOfChannel = new int[paths.fabric.numPortSlots()];
    Arrays.fill(nodeOfChannel, -1);
    linkOfEdge = new int[paths.numEdges];
    Arrays.fill(linkOfEdge, -1);
    hasNodeBits = new long[(paths.fabric.numPortSlots() + 63) >>> 6];
    hasLinkBits = new long[(paths.numEdges + 63) >>> 6];
  }

  /** Whether channel {@code slot} has a vertex ({@code nodeOfChannel[slot] >= 0}). */
  boolean hasNode(int slot) {
    return (hasNodeBits[slot >>> 6] & (1L << slot)) != 0;
  }

  /** Whether dependency {@code edge} has a link ({@code linkOfEdge[edge] >= 0}). */
  boolean hasLink(int edge) {
    return (hasLinkBits[edge >>> 6] & (1L << edge)) != 0;
  }

  /** Creates the vertex of a channel and inserts it into the search tree. */
  int node(int slot) {
    long id = paths.channelId(slot);
    if (numNodes == channelId.length) {
      int size = numNodes * 2;
      channelId = Arrays.copyOf(channelId, size);
      left = Arrays.copyOf(left, size);
      right = Arrays.copyOf(right, size);
      firstLink = Arrays.copyOf(firstLink, size);
      lastLink = Arrays.copyOf(lastLink, size);
      pre = Arrays.copyOf(pre, size);
      status = Arrays.copyOf(status, size);
    }
    int node = numNodes++;
    channelId[node] = id;
    left[node] = -1;
    right[node] = -1;
    firstLink[node] = -1;
    lastLink[node] = -1;
    pre[node] = -1;
    status[node] = UNKNOWN;
    nodeOfChannel[slot] = node;
    hasNodeBits[slot >>> 6] |= 1L << slot;
    if (root < 0) {
      root = node;
      return node;
    }
    int current = root;
    while (true) {
      if (Long.compareUnsigned(id, channelId[current]) < 0) {
        if (left[current] < 0) {
          left[current] = node;
          return node;
        }
        current = left[current];
      } else {
        if (right[current] < 0) {
          right[current] = node;
          return node;
        }
        current = right[current];
      }
    }
  }

  /** Appends the link from a to b for dependency {@code edge}. */
  int link(int a, int b, int edge) {
    if (numLinks == linkTarget.length) {
      int size = numLinks * 2;
      linkTarget = Arrays.copyOf(linkTarget, size);
      linkNext = Arrays.copyOf(linkNext, size);
      linkRemoved = Arrays.copyOf(linkRemoved, size);
      linkWeight = Arrays.copyOf(linkWeight, size);
      linkCut = Arrays.copyOf(linkCut, size);
    }
    int l = numLinks++;
    linkTarget[l] = b;
    linkNext[l] = -1;
    if (lastLink[a] < 0) {
      firstLink[a] = l;
    } else {
      linkNext[lastLink[a]] = l;
    }
    lastLink[a] = l;
    linkOfEdge[edge] = l;
    hasLinkBits[edge >>> 6] |= 1L << edge;
    return l;
  }

  void unlink(int a, int link) {
    linkCut[link] = true;
    int previous = -1;
    for (int l = firstLink[a]; l >= 0; previous = l, l = linkNext[l]) {
      if (l == link) {
        if (previous < 0) {
          firstLink[a] = linkNext[l];
        } else {
          linkNext[previous] = linkNext[l];
        }
        if (lastLink[a] == l) {
          lastLink[a] = previous;
        }
        return;
      }
    }
  }

  /**
   * The tree's pre-order, fixed for the search: no vertex is added to a VL while it is searched.
   */
  void prepareSearch() {
    preorder = new int[numNodes];
    preIndex = new int[numNodes];
    int[] stack = new int[Math.max(1, numNodes)];
    int top = 0;
    int n = 0;
    if (root >= 0) {
      stack[top++] = root;
    }
    while (top > 0) {
      int node = stack[--top];
      preIndex[node] = n;
      preorder[n++] = node;
      if (right[node] >= 0) {
        stack[top++] = right[node];
      }
      if (left[node] >= 0) {
        stack[top++] = left[node];
      }
    }
    cursor = 0;
  }

  /** The first UNKNOWN vertex in pre-order, or -1; vertices before the cursor are known. */
  int nextUnknown() {
    while (cursor < numNodes && status[preorder[cursor]] != UNKNOWN) {
      cursor++;
    }
    return cursor < numNodes ? preorder[cursor] : -1;
  }

  /** OpenSM's cycle search from {@code start}; returns the GRAY vertex closing a cycle, or -1. */
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
        // a BLACK vertex is never GRAY again, so its links are never weighed: OpenSM frees their
        // pair lists here, which changes nothing else
        status[current] = BLACK;
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
      setUnknown(current);
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
        setUnknown(current);
        break;
      }
    }
    unlink(weakestOwner, weakest);
    return weakest;
  }

  private void setUnknown(int node) {
    status[node] = UNKNOWN;
    cursor = Math.min(cursor, preIndex[node]);
  }

  // ---- moving groups ---------------------------------------------------------------------------

  /** Adds the path of {@code group} with its weight, creating its vertices and links as needed. */
  void addPath(int group, long weight) {
    int[] path = scratchPath;
    int s = group / groups.stride;
    int hops = paths.walk(groups.switchOfSource(s), group - s * groups.stride, path);
    int previous = -1;
    for (int h = 0; h < hops; h++) {
      int node = nodeOfChannel[path[h]];
      if (node < 0) {
        node = node(path[h]);
      }
      if (h > 0) {
        int e = paths.edgeIndex(path[h - 1], path[h]);
        int link = linkOfEdge[e];
        if (link < 0) {
          link = link(previous, node, e);
        }
        linkWeight[link] += weight;
      }
      previous = node;
    }
  }

  /** Takes the weight of {@code group} off the links of its path that are not cut. */
  void removePath(int group, long weight) {
    int[] path = scratchPath;
    int s = group / groups.stride;
    int hops = paths.walk(groups.switchOfSource(s), group - s * groups.stride, path);
    for (int h = 1; h < hops; h++) {
      int link = linkOfEdge[paths.edgeIndex(path[h - 1], path[h])];
      if (link >= 0 && !linkCut[link]) {
        linkRemoved[link] += weight;
      }
    }
  }

  // ---- groups per dependency -------------------------------------------------------------------

  /**
   * Lists, per link, the groups that entered it, in their order: the {@link #members} of a later
   * VL, or for VL 0 (no members kept) every group in {@code order}, by contiguous destination
   * ranges in parallel so that each range's entries stay in order; VL 0's links also get their
   * weights (the pairs of their groups) here, before any path left them.
   */
  void listGroups(GroupOrder order, int threads) {
    int[] start = new int[numLinks + 1];
    pairGroups = members == null ? listAll(order, threads, start) : listMembers(start);
    pairStart = start;
  }

  private int[] listAll(GroupOrder order, int threads, int[] start) {
    int parts =
        Math.max(1, Math.min(Parallel.threadsFor(paths.numSwitches, threads), order.ports.length));
    int[][] count = new int[parts][numLinks];
    // VL 0's links get their weights here, where every group is walked anyway
    long[][] weight = new long[parts][];
    Parallel.run(
        parts,
        parts,
        () ->
            new Parallel.Worker() {
              final int[] sources = new int[groups.numSources];
              final int[] path = new int[ChannelPaths.MAX_HOPS];

              @Override
              public void run(int part) {
                int[] c = count[part];
                long[] w = new long[numLinks];
                weight[part] = w;
                forGroupsOfPart(
                    order,
                    part,
                    parts,
                    sources,
                    path,
                    (link, group, pairs) -> {
                      c[link]++;
                      w[link] += pairs;
                    });
              }
            });
    for (int part = 0; part < parts; part++) {
      for (int link = 0; link < numLinks; link++) {
        linkWeight[link] += weight[part][link];
      }
      weight[part] = null;
    }
    long total = 0;
    for (int link = 0; link < numLinks; link++) {
      start[link] = (int) total;
      for (int part = 0; part < parts; part++) {
        int c = count[part][link];
        count[part][link] = (int) total;
        total += c;
      }
      if (total > Integer.MAX_VALUE - 16) {
        throw new SizeLimitExceeded("dfsssp: more than 2^31 (group, dependency) entries");
      }
    }
    start[numLinks] = (int) total;
    int[] filled = new int[(int) total];
    Parallel.run(
        parts,
        parts,
        () ->
            new Parallel.Worker() {
              final int[] sources = new int[groups.numSources];
              final int[] path = new int[ChannelPaths.MAX_HOPS];

              @Override
              public void run(int part) {
                int[] at = count[part];
                forGroupsOfPart(
                    order,
                    part,
                    parts,
                    sources,
                    path,
                    (link, group, pairs) -> filled[at[link]++] = group);
              }
            });
    return filled;
  }

  private int[] listMembers(int[] start) {
    int[] path = new int[ChannelPaths.MAX_HOPS];
    int stride = groups.stride;
    for (int m = 0; m < members.size(); m++) {
      int group = members.getInt(m);
      int s = group / stride;
      int hops = paths.walk(groups.switchOfSource(s), group - s * stride, path);
      for (int h = 1; h < hops; h++) {
        start[linkOfEdge[paths.edgeIndex(path[h - 1], path[h])] + 1]++;
      }
    }
    for (int link = 0; link < numLinks; link++) {
      start[link + 1] += start[link];
    }
    int[] listed = new int[start[numLinks]];
    int[] at = Arrays.copyOf(start, numLinks);
    for (int m = 0; m < members.size(); m++) {
      int group = members.getInt(m);
      int s = group / stride;
      int hops = paths.walk(groups.switchOfSource(s), group - s * stride, path);
      for (int h = 1; h < hops; h++) {
        int link = linkOfEdge[paths.edgeIndex(path[h - 1], path[h])];
        listed[at[link]++] = group;
      }
    }
    return listed;
  }

  /** Receives (link, group, the group's pairs) for every dependency a group induces. */
  private interface LinkVisitor {
    void visit(int link, int group, long pairs);
  }

  /** Visits the groups of destinations {@code part}/{@code parts} in order, with their links. */
  private void forGroupsOfPart(
      GroupOrder order, int part, int parts, int[] sources, int[] path, LinkVisitor visitor) {
    int[] ports = order.ports;
    int stride = groups.stride;
    int from = (int) ((long) ports.length * part / parts);
    int to = (int) ((long) ports.length * (part + 1) / parts);
    for (int i = from; i < to; i++) {
      int dst = ports[i];
      int numLids = 1 << groups.fabric.lmc(dst);
      int n = order.sourcesFor(i, sources);
      for (int j = 0; j < n; j++) {
        int s = sources[j];
        int srcSwitch = groups.switchOfSource(s);
        long pairs = groups.pairs(s, dst);
        for (int k = 0; k < numLids; k++) {
          int dlid = groups.fabric.baseLid(dst) + k;
          int group = s * stride + dlid;
          int hops = paths.walk(srcSwitch, dlid, path);
          for (int h = 1; h < hops; h++) {
            visitor.visit(linkOfEdge[paths.edgeIndex(path[h - 1], path[h])], group, pairs);
          }
        }
      }
    }
  }
}
