package org.ibrouting.engines.dmodc;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.topology.Connectivity;

/**
 * The fat tree Dmodc sees in a fabric: switch levels counted from the leaves (the switches with CA
 * or router ports) up, and per switch its <em>port groups</em> (all links to one neighbour switch)
 * split into down groups (to the level below) and up groups (to the level above), plus the end
 * ports cabled to each leaf. Building it refuses what is not a fat tree: no switch with an end
 * port, or a link between two switches of one level.
 *
 * <p>Levels are hop distances from the nearest leaf, so in a fat tree every link joins adjacent
 * levels, and cutting links never puts two ends of a remaining link on one level (a fat tree is
 * bipartite, its leaves on one side). A switch in a part of the fabric without leaves has level -1:
 * no CA reaches it, and only its own LIDs are routed.
 *
 * <p>Groups are global ints; group {@code g}'s ports are {@code groupPorts[groupPortStart[g] ..
 * groupPortStart[g + 1] - 1]} (port numbers of its switch, ascending). Switch {@code s} lists its
 * down groups in {@code down[downStart[s] .. downStart[s + 1] - 1]} (by port order) and its up
 * groups in {@code up[upStart[s] .. upStart[s + 1] - 1]}, which {@link Roles} sorts into the
 * canonical order.
 *
 * <p>Memory: about 4 ints per switch port and 6 ints per switch.
 */
final class Tree {
  /** Levels stay below this, so a turn level fits a byte with {@link Costs#UNREACHABLE} above. */
  static final int MAX_LEVELS = 120;

  final Fabric fabric;
  final int numSwitches;
  final int[] level;
  final int maxLevel;
  final int[] component;

  /** Per switch, unsigned node GUID order (a name that does not depend on the file). */
  final int[] guidRank;

  final int[] groupRemote;
  final int[] groupPortStart;
  final int[] groupPorts;
  final int[] downStart;
  final int[] down;
  final int[] upStart;
  final int[] up;

  /** End ports (CA and router port slots) per leaf, in the leaf's port order. */
  final int[] endStart;

  final int[] endPorts;

  /** Switches by level: {@code byLevel[levelStart[l] .. levelStart[l + 1] - 1]}. */
  final int[] levelStart;

  final int[] byLevel;

  private Tree(
      Fabric fabric, int[] level, int maxLevel, Groups groups, int[] endStart, int[] ends) {
    this.fabric = fabric;
    this.numSwitches = fabric.numSwitches();
    this.level = level;
    this.maxLevel = maxLevel;
    this.component = Connectivity.switchComponents(fabric);
    this.guidRank = guidRanks(fabric);
    this.groupRemote = groups.remote.toIntArray();
    this.groupPortStart = groups.portStart.toIntArray();
    this.groupPorts = groups.ports.toIntArray();
    this.downStart = groups.downStart;
    this.down = groups.down.toIntArray();
    this.upStart = groups.upStart;
    this.up = groups.up.toIntArray();
    this.endStart = endStart;
    this.endPorts = ends;
    this.levelStart = new int[maxLevel + 2];
    this.byLevel = new int[numSwitches];
    for (int sw = 0; sw < numSwitches; sw++) {
      if (level[sw] >= 0) {
        levelStart[level[sw] + 1]++;
      }
    }
    for (int l = 0; l <= maxLevel; l++) {
      levelStart[l + 1] += levelStart[l];
    }
    int[] next = Arrays.copyOf(levelStart, maxLevel + 1);
    for (int sw = 0; sw < numSwitches; sw++) {
      if (level[sw] >= 0) {
        byLevel[next[level[sw]]++] = sw;
      }
    }
  }

  /**
   * The tree of {@code fabric}, or a refusal naming what is not a fat tree.
   *
   * @throws RoutingException when no switch has an end port, a link joins two switches of one
   *     level, or the tree has more than {@link #MAX_LEVELS} levels
   */
  static Tree build(Fabric fabric) throws RoutingException {
    int n = fabric.numSwitches();
    int[] endStart = new int[n + 1];
    IntArrayList ends = new IntArrayList();
    for (int sw = 0; sw < n; sw++) {
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        int channel = fabric.outChannel(sw, i);
        if (!fabric.isSwitch(fabric.channelHead(channel))) {
          ends.add(fabric.peerPort(channel));
        }
      }
      endStart[sw + 1] = ends.size();
    }
    if (ends.isEmpty()) {
      throw new RoutingException(
          RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
          "dmodc: no CA or router is cabled to a switch, so no switch is a leaf of a fat tree");
    }
    int[] level = levels(fabric, endStart);
    int maxLevel = 0;
    for (int sw = 0; sw < n; sw++) {
      maxLevel = Math.max(maxLevel, level[sw]);
    }
    if (maxLevel >= MAX_LEVELS) {
      throw new RoutingException(
          RoutingException.Reason.TOO_LARGE,
          "dmodc: "
              + fabric.nodeName(farthest(level, maxLevel))
              + " lies "
              + maxLevel
              + " switch hops above the nearest leaf switch; Dmodc handles trees of at most "
              + MAX_LEVELS
              + " levels");
    }
    Groups groups = new Groups(n);
    for (int sw = 0; sw < n; sw++) {
      groups.add(fabric, sw, level);
    }
    return new Tree(fabric, level, maxLevel, groups, endStart, ends.toIntArray());
  }

  private static int farthest(int[] level, int maxLevel) {
    int sw = 0;
    while (level[sw] != maxLevel) {
      sw++;
    }
    return sw;
  }

  /** Hop distances over switch links from the nearest switch with an end port; -1 if none. */
  private static int[] levels(Fabric fabric, int[] endStart) {
    int n = fabric.numSwitches();
    int[] level = new int[n];
    Arrays.fill(level, -1);
    int[] queue = new int[n];
    int tail = 0;
    for (int sw = 0; sw < n; sw++) {
      if (endStart[sw + 1] > endStart[sw]) {
        level[sw] = 0;
        queue[tail++] = sw;
      }
    }
    for (int head = 0; head < tail; head++) {
      int sw = queue[head];
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        int next = fabric.channelHead(fabric.outChannel(sw, i));
        if (next < n && level[next] < 0) {
          level[next] = level[sw] + 1;
          queue[tail++] = next;
        }
      }
    }
    return level;
  }

  /** Per switch its rank by unsigned node GUID (a sort of longs: a fresh JVM runs it compiled). */
  private static int[] guidRanks(Fabric fabric) {
    int n = fabric.numSwitches();
    long[] sorted = new long[n];
    for (int sw = 0; sw < n; sw++) {
      sorted[sw] = fabric.nodeGuid(sw) ^ Long.MIN_VALUE;
    }
    Arrays.sort(sorted);
    int[] rank = new int[n];
    for (int sw = 0; sw < n; sw++) {
      rank[sw] = Arrays.binarySearch(sorted, fabric.nodeGuid(sw) ^ Long.MIN_VALUE);
    }
    return rank;
  }

  int numEndPorts(int sw) {
    return endStart[sw + 1] - endStart[sw];
  }

  int groupSize(int group) {
    return groupPortStart[group + 1] - groupPortStart[group];
  }

  /** The port groups of every switch, collected switch by switch. */
  private static final class Groups {
    final IntArrayList remote = new IntArrayList();
    final IntArrayList portStart = IntArrayList.wrap(new int[] {0}, 1);
    final IntArrayList ports = new IntArrayList();
    final int[] downStart;
    final IntArrayList down = new IntArrayList();
    final int[] upStart;
    final IntArrayList up = new IntArrayList();
    private final int[] groupOfRemote;
    private final int[] stamp;

    Groups(int n) {
      downStart = new int[n + 1];
      upStart = new int[n + 1];
      groupOfRemote = new int[n];
      stamp = new int[n];
    }

    /** Adds the groups of {@code sw}: all its links to each neighbour switch, in port order. */
    void add(Fabric fabric, int sw, int[] level) throws RoutingException {
      if (level[sw] >= 0) {
        int first = remote.size();
        IntArrayList counts = new IntArrayList();
        for (int i = 0; i < fabric.outDegree(sw); i++) {
          int channel = fabric.outChannel(sw, i);
          int next = fabric.channelHead(channel);
          if (next >= level.length || next == sw) {
            continue;
          }
          if (level[next] == level[sw]) {
            throw withinLevel(fabric, channel, level[sw]);
          }
          if (stamp[next] != sw + 1) {
            stamp[next] = sw + 1;
            groupOfRemote[next] = remote.size();
            remote.add(next);
            counts.add(0);
            (level[next] < level[sw] ? down : up).add(remote.size() - 1);
          }
          int local = groupOfRemote[next] - first;
          counts.set(local, counts.getInt(local) + 1);
        }
        int[] cursor = new int[counts.size()];
        int at = ports.size();
        for (int j = 0; j < counts.size(); j++) {
          cursor[j] = at;
          at += counts.getInt(j);
          portStart.add(at);
        }
        while (ports.size() < at) {
          ports.add(0);
        }
        for (int i = 0; i < fabric.outDegree(sw); i++) {
          int channel = fabric.outChannel(sw, i);
          int next = fabric.channelHead(channel);
          if (next < level.length && next != sw) {
            ports.set(cursor[groupOfRemote[next] - first]++, fabric.portNum(channel));
          }
        }
      }
      downStart[sw + 1] = down.size();
      upStart[sw + 1] = up.size();
    }

    private static RoutingException withinLevel(Fabric fabric, int channel, int level) {
      int a = fabric.channelTail(channel);
      int b = fabric.channelHead(channel);
      String why =
          level == 0
              ? "both have CAs or routers: a CA is cabled to a switch above the leaf level, or two"
                  + " leaf switches are cabled to each other"
              : "a link within a level (rings, tori, meshes and random graphs are no fat trees)";
      return new RoutingException(
          RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
          "dmodc: not a fat tree: "
              + fabric.portName(channel)
              + " is cabled to "
              + fabric.portName(fabric.peerPort(channel))
              + ", and both switches lie "
              + level
              + " hop(s) above the nearest leaf switch ("
              + fabric.nodeName(a)
              + ", "
              + fabric.nodeName(b)
              + "): "
              + why);
    }
  }
}
