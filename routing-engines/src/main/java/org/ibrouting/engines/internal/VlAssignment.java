package org.ibrouting.engines.internal;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrays;
import java.util.Arrays;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.routing.ProgressListener;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;

/**
 * Not API. OpenSM 3.3.23's deadlock removal ({@code dfsssp_remove_deadlocks}), reproduced so that
 * it needs exactly as many VLs: every (source LID, destination LID) path starts on VL 0; per VL a
 * channel dependency graph whose vertices are kept in an unbalanced binary search tree by channel
 * id and whose edges carry the pairs that induce them; a depth-first search (restarted at the first
 * unvisited vertex in the tree's pre-order) finds a cycle, the edge of the cycle with the fewest
 * remaining pairs is cut and its pairs move to the next VL; repeated until every VL is acyclic.
 *
 * <p>Paths are handled per <em>group</em>: (source switch, destination LID), weighted by its number
 * of (source LID, destination LID) pairs. A group enters the graphs where its first pair would and
 * moves as a whole, which gives OpenSM's choices exactly. VL 0 is built in parallel: each thread
 * walks the groups of a range of destinations through a destination-major copy of the LFTs and
 * records, per channel and per dependency, the first group (in OpenSM's order) that uses it and the
 * summed weight; the graph's vertices and edges are then created in that order, so the result does
 * not depend on the thread count. The groups on each dependency are listed (CSR) only when a VL's
 * first cycle is found: an acyclic VL 0 (fat trees) never needs them.
 *
 * <p>Memory: 1 byte per (source switch, LID) for the VLs; LFT copy 1 byte per (switch, LID); per
 * thread 8 bytes per port slot and 16 bytes per possible dependency (channel x ports of its head
 * switch); per VL graph about 40 bytes per dependency; when cycles exist, 4 bytes per (group, hop).
 */
final class VlAssignment {
  private static final byte UNKNOWN = 0;
  private static final byte GRAY = 1;
  private static final byte BLACK = 2;
  private static final long NEVER = Long.MAX_VALUE;
  private static final int MAX_HOPS = 256;

  /** Destinations per parallel task. */
  private static final int DESTINATIONS_PER_TASK = 16;

  private final Fabric fabric;
  private final int stride;
  private final int numSwitches;
  // source switches (a CA port of `ports` is cabled to them), numbered by first appearance
  private final int[] sourceOfSwitch;
  private final int numSources;
  private final int[] switchOfSource;
  private final long[] lidsOfSource;
  // the VL of every group (source s, destination LID d) at s * stride + d
  private final byte[] vlOf;

  // set up by assign only
  private int[] ports;
  private byte[] lftByLid;
  private int[] headSwitch;
  private int[] edgeBase;
  private int[] firstSlotOfSwitch;
  private int numEdges;
  private int[] firstGroupOfDst;
  private int[] movedSource;
  private int[] movedBefore;
  private boolean[] soleSource;
  private final int[] scratchPath = new int[MAX_HOPS];

  private VlAssignment(Fabric fabric, int[] ports) {
    this.fabric = fabric;
    this.stride = fabric.maxLid() + 1;
    this.numSwitches = fabric.numSwitches();
    this.sourceOfSwitch = new int[numSwitches];
    Arrays.fill(sourceOfSwitch, -1);
    IntArrayList switches = new IntArrayList();
    for (int port : ports) {
      int sw = sourceSwitch(port);
      if (sw >= 0 && sourceOfSwitch[sw] < 0) {
        sourceOfSwitch[sw] = switches.size();
        switches.add(sw);
      }
    }
    this.numSources = switches.size();
    this.switchOfSource = switches.toIntArray();
    this.lidsOfSource = new long[numSources];
    for (int port : ports) {
      int sw = sourceSwitch(port);
      if (sw >= 0) {
        lidsOfSource[sourceOfSwitch[sw]] += 1L << fabric.lmc(port);
      }
    }
    long size = (long) numSources * stride;
    if (size > Integer.MAX_VALUE - 16) {
      throw new SizeLimitExceeded(
          "dfsssp: " + numSources + " source switches x " + stride + " LIDs exceed the VL table");
    }
    this.vlOf = new byte[(int) size];
  }

  /** The switch a CA port is cabled to, or -1 for switch ports and ports without a switch peer. */
  private int sourceSwitch(int port) {
    int peer = fabric.peerPort(port);
    if (fabric.isSwitch(fabric.nodeOfPort(port))
        || peer < 0
        || !fabric.isSwitch(fabric.nodeOfPort(peer))) {
      return -1;
    }
    return fabric.nodeOfPort(peer);
  }

  /** The VL of the path from slid to dlid after {@link #assign}. */
  int vl(int slid, int dlid) {
    if (slid <= 0 || slid >= stride || dlid <= 0 || dlid >= stride) {
      return 0;
    }
    int src = fabric.portOfLid(slid);
    if (src < 0) {
      return 0;
    }
    int sw = sourceSwitch(src);
    if (sw < 0 || sourceOfSwitch[sw] < 0) {
      return 0;
    }
    return vlOf[sourceOfSwitch[sw] * stride + dlid];
  }

  /** The number of source switches (switches with a CA port of {@code ports} cabled to them). */
  int numSourceSwitches() {
    return numSources;
  }

  /** The source-switch index of a switch, or -1 when no source CA port is cabled to it. */
  int sourceIndexOfSwitch(int sw) {
    return sourceOfSwitch[sw];
  }

  /** The VL of every path from the CAs of source switch {@code source} to {@code dlid}. */
  int vlOfSource(int source, int dlid) {
    return vlOf[source * stride + dlid];
  }

  /** As {@link #assign(Routing, int[], int, int, int[], long[])} with the default thread count. */
  static VlAssignment assign(
      Routing routing, int[] ports, int maxVls, int[] vlsNeeded, long[] pathsPerVl) {
    return assign(
        routing, ports, maxVls, RoutingOptions.defaults().threads(), vlsNeeded, pathsPerVl);
  }

  /**
   * Assigns VLs to the paths between every two ports of {@code ports} (OpenSM's order); returns the
   * assignment and the VLs needed in {@code vlsNeeded[0]} (maxVls + 1 when they do not suffice) and
   * the (source LID, destination LID) pairs per VL in {@code pathsPerVl}. The result does not
   * depend on {@code threads}.
   */
  static VlAssignment assign(
      Routing routing, int[] ports, int maxVls, int threads, int[] vlsNeeded, long[] pathsPerVl) {
    return assign(
        routing, ports, maxVls, threads, vlsNeeded, pathsPerVl, ProgressListener.SILENT, "dfsssp");
  }

  /**
   * Like {@link #assign(Routing, int[], int, int, int[], long[])}, reporting as phases "ENGINE:
   * channel dependencies" (destinations whose paths entered VL 0's graph) and "ENGINE: VLs" (VLs
   * whose cycles are broken; the last report comes when no cycle is left).
   */
  static VlAssignment assign(
      Routing routing,
      int[] ports,
      int maxVls,
      int threads,
      int[] vlsNeeded,
      long[] pathsPerVl,
      ProgressListener progress,
      String engine) {
    VlAssignment a = new VlAssignment(routing.fabric(), ports);
    a.prepare(routing, ports, threads);
    long lids = 0;
    long squares = 0;
    for (int port : ports) {
      long l = 1L << a.fabric.lmc(port);
      lids += l;
      squares += l * l;
    }
    pathsPerVl[0] += lids * lids - squares;
    Graph[] cdg = new Graph[maxVls];
    cdg[0] = a.buildFirstGraph(threads, progress, engine + ": channel dependencies");
    int needed = 1;
    int vlSteps = Math.max(1, maxVls - 1);
    for (int v = 0; v < maxVls - 1 && cdg[v] != null; v++) {
      Graph g = cdg[v];
      g.prepareSearch();
      int start = g.root;
      while (start >= 0) {
        int cycle = g.searchCycle(start);
        if (cycle >= 0) {
          needed = v + 2;
          if (g.pairStart == null) {
            a.listGroups(g, v, threads);
          }
          int link = g.cutWeakestLink(cycle);
          if (cdg[v + 1] == null) {
            cdg[v + 1] = a.newGraph();
          }
          for (int i = g.pairStart[link]; i < g.pairStart[link + 1]; i++) {
            int group = g.pairGroups[i];
            if (a.vlOf[group] != v) {
              continue;
            }
            long weight = a.weightOf(group);
            a.removePath(g, group, weight);
            a.addPath(cdg[v + 1], group, weight);
            cdg[v + 1].members.add(group);
            a.vlOf[group] = (byte) (v + 1);
            pathsPerVl[v] -= weight;
            pathsPerVl[v + 1] += weight;
          }
        }
        start = cycle;
      }
      // free what the next VLs no longer need
      cdg[v] = null;
      progress.progress(engine + ": VLs", cdg[v + 1] == null ? vlSteps : v + 1, vlSteps);
    }
    if (maxVls == 1) {
      progress.progress(engine + ": VLs", vlSteps, vlSteps);
    }
    Graph last = cdg[maxVls - 1];
    if (last != null && last.root >= 0) {
      last.prepareSearch();
      if (last.searchCycle(last.root) >= 0) {
        needed = maxVls + 1;
      }
    }
    vlsNeeded[0] = needed;
    a.releaseScratch();
    return a;
  }

  private void releaseScratch() {
    ports = null;
    lftByLid = null;
    headSwitch = null;
    edgeBase = null;
    firstSlotOfSwitch = null;
    firstGroupOfDst = null;
  }

  // ---- groups in OpenSM's order --------------------------------------------------------------

  /**
   * OpenSM loops over destinations, then sources, then destination LIDs; a group is met at the
   * first source CA of its switch. Sources are numbered by that first appearance, so for each
   * destination the groups come in source order, except that a destination which is its switch's
   * first source is skipped as a source: its switch is met at its second source (or never).
   */
  private void prepare(Routing routing, int[] ports, int threads) {
    this.ports = ports;
    int[] firstPos = new int[numSources];
    int[] secondPos = new int[numSources];
    Arrays.fill(firstPos, -1);
    Arrays.fill(secondPos, Integer.MAX_VALUE);
    for (int i = 0; i < ports.length; i++) {
      int sw = sourceSwitch(ports[i]);
      if (sw < 0) {
        continue;
      }
      int s = sourceOfSwitch[sw];
      if (firstPos[s] < 0) {
        firstPos[s] = i;
      } else if (secondPos[s] == Integer.MAX_VALUE) {
        secondPos[s] = i;
      }
    }
    movedSource = new int[ports.length];
    movedBefore = new int[ports.length];
    soleSource = new boolean[ports.length];
    firstGroupOfDst = new int[ports.length + 1];
    long groups = 0;
    for (int i = 0; i < ports.length; i++) {
      movedSource[i] = -1;
      int sw = sourceSwitch(ports[i]);
      int count = numSources;
      if (sw >= 0 && firstPos[sourceOfSwitch[sw]] == i) {
        int s = sourceOfSwitch[sw];
        if (secondPos[s] == Integer.MAX_VALUE) {
          soleSource[i] = true;
          count--;
        } else {
          movedSource[i] = s;
          int before = s + 1;
          while (before < numSources && firstPos[before] < secondPos[s]) {
            before++;
          }
          movedBefore[i] = before;
        }
      }
      firstGroupOfDst[i] = (int) groups;
      groups += (long) count << fabric.lmc(ports[i]);
      if (groups > Integer.MAX_VALUE - 16) {
        throw new SizeLimitExceeded(
            "dfsssp: more than 2^31 (source switch, destination LID)" + " groups");
      }
    }
    firstGroupOfDst[ports.length] = (int) groups;
    lftByLid = destinationMajorLfts(routing, threads);
    int numSlots = fabric.numPortSlots();
    firstSlotOfSwitch = new int[numSwitches];
    for (int sw = 0; sw < numSwitches; sw++) {
      firstSlotOfSwitch[sw] = fabric.port(sw, 0);
    }
    headSwitch = new int[numSlots];
    edgeBase = new int[numSlots];
    Arrays.fill(headSwitch, -1);
    Arrays.fill(edgeBase, -1);
    long edges = 0;
    for (int sw = 0; sw < numSwitches; sw++) {
      for (int p = 1; p <= fabric.numPorts(sw); p++) {
        int slot = fabric.port(sw, p);
        int peer = fabric.peerPort(slot);
        if (peer >= 0 && fabric.isSwitch(fabric.nodeOfPort(peer))) {
          int head = fabric.nodeOfPort(peer);
          headSwitch[slot] = head;
          edgeBase[slot] = (int) edges;
          edges += fabric.numPorts(head) + 1;
        }
      }
    }
    if (edges > Integer.MAX_VALUE - 16) {
      throw new SizeLimitExceeded("dfsssp: too many possible channel dependencies: " + edges);
    }
    numEdges = (int) edges;
  }

  /**
   * Switch order of the groups of destination {@code i} into {@code order}; returns their count.
   */
  private int sourcesFor(int i, int[] order) {
    int n = 0;
    int moved = movedSource[i];
    int skip = soleSource[i] ? sourceOfSwitch[sourceSwitch(ports[i])] : moved;
    for (int s = 0; s < numSources; s++) {
      if (s == movedBefore[i] && moved >= 0) {
        order[n++] = moved;
      }
      if (s != skip) {
        order[n++] = s;
      }
    }
    if (moved >= 0 && movedBefore[i] == numSources) {
      order[n++] = moved;
    }
    return n;
  }

  /**
   * The LFTs as {@code [lid * switches + sw]}: the paths to one LID read one small block. Ports
   * beyond the switch's last port read as NO_ROUTE.
   */
  private byte[] destinationMajorLfts(Routing routing, int threads) {
    long size = (long) stride * numSwitches;
    if (size > Integer.MAX_VALUE - 16) {
      throw new SizeLimitExceeded(
          "dfsssp: " + numSwitches + " switches x " + stride + " LIDs exceed one LFT copy");
    }
    byte[] copy = new byte[(int) size];
    int block = 64;
    int[] numPorts = new int[numSwitches];
    for (int sw = 0; sw < numSwitches; sw++) {
      numPorts[sw] = fabric.numPorts(sw);
    }
    int numTasks = (numSwitches + block - 1) / block;
    Parallel.run(
        numTasks,
        Parallel.threadsFor(numSwitches, threads),
        () ->
            task -> {
              int from = task * block;
              int to = Math.min(numSwitches, from + block);
              for (int lid = 0; lid < stride; lid++) {
                int row = lid * numSwitches;
                for (int sw = from; sw < to; sw++) {
                  int port = routing.outPort(sw, lid);
                  copy[row + sw] = (byte) (port <= numPorts[sw] ? port : Routing.NO_ROUTE);
                }
              }
            });
    return copy;
  }

  /** The (source LID, destination LID) pairs of a group. */
  private long weightOf(int group) {
    int s = group / stride;
    int dlid = group - s * stride;
    long weight = lidsOfSource[s];
    int owner = fabric.portOfLid(dlid);
    if (sourceSwitch(owner) == switchOfSource[s]) {
      weight -= 1L << fabric.lmc(owner);
    }
    return weight;
  }

  /**
   * The channels (port slots) of the path from switch {@code sw} to {@code dlid}; returns their
   * count.
   */
  private int walk(int sw, int dlid, int[] channels) {
    int row = dlid * numSwitches;
    int n = 0;
    while (n < MAX_HOPS) {
      int port = lftByLid[row + sw] & 0xFF;
      if (port == Routing.NO_ROUTE || port == 0) {
        break;
      }
      int slot = fabric.port(sw, port);
      int head = headSwitch[slot];
      if (head < 0) {
        break;
      }
      channels[n++] = slot;
      sw = head;
    }
    return n;
  }

  /** The dependency index of channel {@code from} followed by channel {@code to}. */
  private int edgeIndex(int from, int to) {
    return edgeBase[from] + fabric.portNum(to);
  }

  /**
   * OpenSM's id of a channel: (switch LID, port, remote switch LID, remote port), compared
   * unsigned.
   */
  private long channelId(int slot) {
    int peer = fabric.peerPort(slot);
    int sw = fabric.nodeOfPort(slot);
    int remote = fabric.nodeOfPort(peer);
    return ((long) fabric.baseLid(fabric.port(sw, 0)) << 48)
        | ((long) fabric.portNum(slot) << 32)
        | ((long) fabric.baseLid(fabric.port(remote, 0)) << 16)
        | fabric.portNum(peer);
  }

  // ---- VL 0 -------------------------------------------------------------------------------------

  /**
   * Per thread: the first use (group << 8 | hop) and the summed weight of every dependency, side by
   * side at {@code 2 * edge} and {@code 2 * edge + 1} (one cache line per update), and the first
   * use of channels that form a path alone; other channels' first use follows from their
   * dependencies.
   */
  private final class FirstUse implements Parallel.Worker {
    final long[] channelFirst = new long[fabric.numPortSlots()];
    final long[] edges = new long[2 * numEdges];
    final int[] order = new int[numSources];

    FirstUse() {
      Arrays.fill(channelFirst, NEVER);
      for (int e = 0; e < edges.length; e += 2) {
        edges[e] = NEVER;
      }
    }

    @Override
    public void run(int task) {
      byte[] lft = lftByLid;
      int[] head = headSwitch;
      int[] base = edgeBase;
      int[] firstSlot = firstSlotOfSwitch;
      long[] edge = edges;
      int end = Math.min(ports.length, (task + 1) * DESTINATIONS_PER_TASK);
      for (int i = task * DESTINATIONS_PER_TASK; i < end; i++) {
        int dst = ports[i];
        int numLids = 1 << fabric.lmc(dst);
        int dstSwitch = sourceSwitch(dst);
        int n = sourcesFor(i, order);
        long group = firstGroupOfDst[i];
        for (int j = 0; j < n; j++) {
          int s = order[j];
          long weight = lidsOfSource[s];
          if (dstSwitch == switchOfSource[s]) {
            weight -= numLids;
          }
          for (int k = 0; k < numLids; k++) {
            int row = (fabric.baseLid(dst) + k) * numSwitches;
            long stamp = group << 8;
            int sw = switchOfSource[s];
            int previous = -1;
            int first = -1;
            int h = 0;
            while (h < MAX_HOPS) {
              int port = lft[row + sw] & 0xFF;
              if (port == Routing.NO_ROUTE || port == 0) {
                break;
              }
              int slot = firstSlot[sw] + port;
              int next = head[slot];
              if (next < 0) {
                break;
              }
              if (h == 0) {
                first = slot;
              } else {
                int e = 2 * (base[previous] + port);
                if (stamp + h < edge[e]) {
                  edge[e] = stamp + h;
                }
                edge[e + 1] += weight;
              }
              previous = slot;
              sw = next;
              h++;
            }
            if (h == 1 && stamp < channelFirst[first]) {
              channelFirst[first] = stamp;
            }
            group++;
          }
        }
      }
    }
  }

  /** VL 0's graph with every group, vertices and dependencies created in OpenSM's order. */
  private Graph buildFirstGraph(int threads, ProgressListener progress, String phase) {
    int numTasks = (ports.length + DESTINATIONS_PER_TASK - 1) / DESTINATIONS_PER_TASK;
    List<FirstUse> workers =
        Parallel.run(
            numTasks, Parallel.threadsFor(numSwitches, threads), FirstUse::new, progress, phase);
    FirstUse merged = workers.get(0);
    long[] edgeUse = merged.edges;
    for (int w = 1; w < workers.size(); w++) {
      FirstUse other = workers.get(w);
      for (int c = 0; c < merged.channelFirst.length; c++) {
        merged.channelFirst[c] = Math.min(merged.channelFirst[c], other.channelFirst[c]);
      }
      for (int e = 0; e < edgeUse.length; e += 2) {
        edgeUse[e] = Math.min(edgeUse[e], other.edges[e]);
        edgeUse[e + 1] += other.edges[e + 1];
      }
    }
    workers = null;
    long[] channelFirst = merged.channelFirst;
    int numSlots = fabric.numPortSlots();
    for (int slot = 0; slot < numSlots; slot++) {
      if (edgeBase[slot] < 0) {
        continue;
      }
      int head = headSwitch[slot];
      for (int p = 0; p <= fabric.numPorts(head); p++) {
        long first = edgeUse[2 * (edgeBase[slot] + p)];
        if (first != NEVER) {
          int to = fabric.port(head, p);
          channelFirst[slot] = Math.min(channelFirst[slot], first - 1);
          channelFirst[to] = Math.min(channelFirst[to], first);
        }
      }
    }
    Graph g = newGraph();
    for (long payload : usedInOrder(channelFirst)) {
      g.node((int) payload);
    }
    // dependencies: source channel and port of the next channel, in order of first use
    long[] edgeStamps = new long[16];
    long[] edgePayload = new long[16];
    int numUsed = 0;
    for (int slot = 0; slot < numSlots; slot++) {
      if (edgeBase[slot] < 0) {
        continue;
      }
      int head = headSwitch[slot];
      for (int p = 0; p <= fabric.numPorts(head); p++) {
        int e = edgeBase[slot] + p;
        if (edgeUse[2 * e] != NEVER) {
          if (numUsed == edgeStamps.length) {
            edgeStamps = Arrays.copyOf(edgeStamps, numUsed * 2);
            edgePayload = Arrays.copyOf(edgePayload, numUsed * 2);
          }
          edgeStamps[numUsed] = edgeUse[2 * e];
          edgePayload[numUsed] = ((long) slot << 32) | fabric.port(head, p);
          numUsed++;
        }
      }
    }
    edgeStamps = Arrays.copyOf(edgeStamps, numUsed);
    edgePayload = Arrays.copyOf(edgePayload, numUsed);
    LongArrays.radixSort(edgeStamps, edgePayload);
    for (int i = 0; i < numUsed; i++) {
      int from = (int) (edgePayload[i] >>> 32);
      int to = (int) edgePayload[i];
      int link = g.link(g.nodeOfChannel[from], g.nodeOfChannel[to], edgeIndex(from, to));
      g.linkWeight[link] = edgeUse[2 * edgeIndex(from, to) + 1];
    }
    g.members = null;
    return g;
  }

  /** The indices with a first use, sorted by it. */
  private static long[] usedInOrder(long[] first) {
    int used = 0;
    for (long f : first) {
      if (f != NEVER) {
        used++;
      }
    }
    long[] stamps = new long[used];
    long[] payload = new long[used];
    int n = 0;
    for (int i = 0; i < first.length; i++) {
      if (first[i] != NEVER) {
        stamps[n] = first[i];
        payload[n++] = i;
      }
    }
    LongArrays.radixSort(stamps, payload);
    return payload;
  }

  // ---- groups per dependency
  // ---------------------------------------------------------------------

  /** Lists, per link of {@code g} (VL {@code v}), the groups that entered it, in their order. */
  private void listGroups(Graph g, int v, int threads) {
    int numLinks = g.numLinks;
    int[] start = new int[numLinks + 1];
    int[] groups;
    if (v == 0) {
      // every group, by contiguous destination ranges so that each range's entries stay in order
      int parts = Math.max(1, Math.min(Parallel.threadsFor(numSwitches, threads), ports.length));
      int[][] count = new int[parts][numLinks];
      Parallel.run(
          parts,
          parts,
          () ->
              new Parallel.Worker() {
                final int[] order = new int[numSources];
                final int[] path = new int[MAX_HOPS];

                @Override
                public void run(int part) {
                  forGroupsOfPart(
                      part, parts, order, path, g, (link, group) -> count[part][link]++);
                }
              });
      long total = 0;
      int[][] next = new int[parts][];
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
      groups = new int[(int) total];
      for (int part = 0; part < parts; part++) {
        next[part] = count[part];
      }
      int[] filled = groups;
      Parallel.run(
          parts,
          parts,
          () ->
              new Parallel.Worker() {
                final int[] order = new int[numSources];
                final int[] path = new int[MAX_HOPS];

                @Override
                public void run(int part) {
                  int[] at = next[part];
                  forGroupsOfPart(
                      part, parts, order, path, g, (link, group) -> filled[at[link]++] = group);
                }
              });
    } else {
      int[] path = new int[MAX_HOPS];
      IntArrayList members = g.members;
      for (int m = 0; m < members.size(); m++) {
        int group = members.getInt(m);
        int s = group / stride;
        int hops = walk(switchOfSource[s], group - s * stride, path);
        for (int h = 1; h < hops; h++) {
          start[g.linkOfEdge[edgeIndex(path[h - 1], path[h])] + 1]++;
        }
      }
      for (int link = 0; link < numLinks; link++) {
        start[link + 1] += start[link];
      }
      groups = new int[start[numLinks]];
      int[] at = Arrays.copyOf(start, numLinks);
      for (int m = 0; m < members.size(); m++) {
        int group = members.getInt(m);
        int s = group / stride;
        int hops = walk(switchOfSource[s], group - s * stride, path);
        for (int h = 1; h < hops; h++) {
          int link = g.linkOfEdge[edgeIndex(path[h - 1], path[h])];
          groups[at[link]++] = group;
        }
      }
    }
    g.pairStart = start;
    g.pairGroups = groups;
  }

  /** Receives (link, group) for every dependency a group induces. */
  private interface LinkVisitor {
    void visit(int link, int group);
  }

  /**
   * Visits the groups of destinations {@code part}/{@code parts} in order, with their links in g.
   */
  private void forGroupsOfPart(
      int part, int parts, int[] order, int[] path, Graph g, LinkVisitor visitor) {
    int from = (int) ((long) ports.length * part / parts);
    int to = (int) ((long) ports.length * (part + 1) / parts);
    for (int i = from; i < to; i++) {
      int dst = ports[i];
      int n = sourcesFor(i, order);
      for (int j = 0; j < n; j++) {
        int s = order[j];
        for (int k = 0; k < 1 << fabric.lmc(dst); k++) {
          int dlid = fabric.baseLid(dst) + k;
          int group = s * stride + dlid;
          int hops = walk(switchOfSource[s], dlid, path);
          for (int h = 1; h < hops; h++) {
            visitor.visit(g.linkOfEdge[edgeIndex(path[h - 1], path[h])], group);
          }
        }
      }
    }
  }

  // ---- moving groups
  // -----------------------------------------------------------------------------

  private Graph newGraph() {
    return new Graph(fabric.numPortSlots(), numEdges);
  }

  private void addPath(Graph g, int group, long weight) {
    int[] path = scratchPath;
    int s = group / stride;
    int hops = walk(switchOfSource[s], group - s * stride, path);
    int previous = -1;
    for (int h = 0; h < hops; h++) {
      int node = g.nodeOfChannel[path[h]];
      if (node < 0) {
        node = g.node(path[h]);
      }
      if (h > 0) {
        int e = edgeIndex(path[h - 1], path[h]);
        int link = g.linkOfEdge[e];
        if (link < 0) {
          link = g.link(previous, node, e);
        }
        g.linkWeight[link] += weight;
      }
      previous = node;
    }
  }

  private void removePath(Graph g, int group, long weight) {
    int[] path = scratchPath;
    int s = group / stride;
    int hops = walk(switchOfSource[s], group - s * stride, path);
    for (int h = 1; h < hops; h++) {
      int link = g.linkOfEdge[edgeIndex(path[h - 1], path[h])];
      if (link >= 0 && !g.linkCut[link]) {
        g.linkRemoved[link] += weight;
      }
    }
  }

  // ---- one VL's channel dependency graph
  // ---------------------------------------------------------

  /**
   * One VL's channel dependency graph: vertices are channels (port slots), links are dependencies.
   */
  private final class Graph {
    final int[] nodeOfChannel;
    final int[] linkOfEdge;
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

    Graph(int numSlots, int numEdges) {
      nodeOfChannel = new int[numSlots];
      Arrays.fill(nodeOfChannel, -1);
      linkOfEdge = new int[numEdges];
      Arrays.fill(linkOfEdge, -1);
    }

    /** Creates the vertex of a channel and inserts it into the search tree. */
    int node(int slot) {
      long id = channelId(slot);
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
  }
}
