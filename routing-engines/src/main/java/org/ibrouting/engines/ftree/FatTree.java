package org.ibrouting.engines.ftree;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.Lids;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.internal.SwitchBfs;
import org.ibrouting.routing.RoutingException;

/**
 * The fat tree OpenSM's ftree engine sees in a fabric: switch ranks, the index tuples of its BFS
 * numbering, and per switch its down, sibling and up <em>port groups</em> (all links to one
 * neighbour, OpenSM merges them by the neighbour's LID), in OpenSM's order. Building it checks what
 * OpenSM checks ({@code construct_fabric} in osm_ucast_ftree.c) and refuses with the switch at
 * fault; refusals OpenSM logs as ERR AB0x/AB2x carry that code.
 *
 * <p>Groups are global ints; a group's ports are {@code groupPortStart[g] .. groupPortStart[g + 1]
 * - 1} in the flat port arrays. Per switch, {@code dnGroups}, {@code upGroups} and {@code
 * sibGroups} hold its groups from {@code dnStart[sw]} on (and so on); the router reorders them in
 * place, as OpenSM sorts its arrays.
 *
 * <p>Memory: about 6 ints per switch port and 4 ints per switch.
 *
 * <p>One file over the 500-line limit: ranking, port groups, leaves, indexing and the final checks
 * are the steps of OpenSM's {@code construct_fabric}, each reading and refining the same per-switch
 * state in its order; the port groups themselves are built in {@link PortGroups}.
 */
final class FatTree {
  /** The sort key of an unassigned tuple (all bytes 0xFF). */
  static final long NO_TUPLE = -1L;

  static final int MAX_TREE_RANK = 8;
  static final int MIN_TREE_RANK = 2;

  final Fabric fabric;
  final int numSwitches;
  final int[] rank;
  final long[] tuple;
  final boolean[] isLeaf;
  final int[] lidOfSwitch;

  /** Whether a switch has a CA cabled to it. */
  final boolean[] hasCas;

  /** Per CA port slot: whether it is a compute node, an I/O node. */
  final boolean[] isCn;

  final boolean[] isIo;
  final boolean rootsGiven;

  int leafRank;
  int maxCnPerLeaf;
  int[] leafSwitches;

  // groups
  int numGroups;
  int[] groupOwner;
  int[] groupRemote;
  int[] groupRemoteLid;

  /** For a group towards a CA: the CA's port slot; else -1. */
  int[] groupCaPort;

  int[] groupPortStart;
  int[] portNum;
  int[] remotePortNum;

  int[] dnStart;
  int[] dnCount;
  int[] dnGroups;
  int[] upStart;
  int[] upCount;
  int[] upGroups;
  int[] sibStart;
  int[] sibCount;
  int[] sibGroups;

  private FatTree(Fabric fabric, boolean rootsGiven) {
    this.fabric = fabric;
    this.numSwitches = fabric.numSwitches();
    this.rank = new int[numSwitches];
    this.tuple = new long[numSwitches];
    this.isLeaf = new boolean[numSwitches];
    this.lidOfSwitch = new int[numSwitches];
    this.hasCas = new boolean[numSwitches];
    this.isCn = new boolean[fabric.numPortSlots()];
    this.isIo = new boolean[fabric.numPortSlots()];
    this.rootsGiven = rootsGiven;
    for (int sw = 0; sw < numSwitches; sw++) {
      lidOfSwitch[sw] = fabric.baseLid(fabric.port(sw, 0));
    }
  }

  /**
   * Builds the tree, or refuses.
   *
   * @param roots root switches (OpenSM's -a), or null to rank from the CAs
   * @param cnPorts compute-node CA ports (OpenSM's -u), or null: every CA port is one
   * @param ioPorts I/O-node CA ports (OpenSM's -G), or null
   */
  static FatTree build(Fabric fabric, int[] roots, int[] cnPorts, int[] ioPorts)
      throws RoutingException {
    checkFabric(fabric);
    FatTree tree = new FatTree(fabric, roots != null);
    tree.markComputeNodes(cnPorts, ioPorts);
    if (roots != null) {
      tree.rankFrom(roots);
    } else {
      tree.rankFromCas();
    }
    tree.checkRanked();
    tree.buildGroups();
    tree.setLeafRank();
    tree.markLeaves();
    tree.index();
    tree.buildLeafArray();
    if (roots == null) {
      tree.validate();
    }
    return tree;
  }

  private static void checkFabric(Fabric fabric) throws RoutingException {
    for (int node = 0; node < fabric.numNodes(); node++) {
      for (int p = fabric.isSwitch(node) ? 0 : 1; p <= fabric.numPorts(node); p++) {
        int port = fabric.port(node, p);
        if (fabric.lmc(port) > 0) {
          throw new RoutingException(
              RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
              "ftree: "
                  + fabric.portName(port)
                  + " has LMC "
                  + fabric.lmc(port)
                  + "; OpenSM's fat-tree routing supports LMC 0 only");
        }
      }
      if (fabric.nodeType(node) == NodeType.ROUTER && fabric.outDegree(node) > 0) {
        throw new RoutingException(
            RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
            "ftree: "
                + fabric.nodeName(node)
                + " is a router; OpenSM's fat-tree routing leaves router LIDs unrouted");
      }
    }
    if (fabric.numSwitches() < 2) {
      throw new RoutingException(
          RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
          "ftree: the fabric has "
              + fabric.numSwitches()
              + " switch(es); a fat tree needs at least 2");
    }
    if (fabric.numCas() < 2) {
      throw new RoutingException(
          RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
          "ftree: the fabric has " + fabric.numCas() + " CA(s); a fat tree needs at least 2");
    }
  }

  private void markComputeNodes(int[] cnPorts, int[] ioPorts) throws RoutingException {
    boolean[] inCnFile = new boolean[isCn.length];
    boolean[] inIoFile = new boolean[isCn.length];
    if (cnPorts != null) {
      for (int port : cnPorts) {
        inCnFile[port] = true;
      }
    }
    if (ioPorts != null) {
      for (int port : ioPorts) {
        inIoFile[port] = true;
      }
    }
    int cns = 0;
    int firstCa = numSwitches;
    for (int ca = firstCa; ca < firstCa + fabric.numCas(); ca++) {
      for (int p = 1; p <= fabric.numPorts(ca); p++) {
        int port = fabric.port(ca, p);
        int peer = fabric.peerPort(port);
        if (peer < 0) {
          continue;
        }
        int remote = fabric.nodeOfPort(peer);
        if (fabric.nodeType(remote) == NodeType.CA) {
          throw new RoutingException(
              RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
              "ftree: not a fat tree: "
                  + fabric.portName(port)
                  + " is cabled to "
                  + fabric.nodeName(remote)
                  + " (OpenSM ERR AB0F)");
        }
        if (!fabric.isSwitch(remote)) {
          continue;
        }
        hasCas[remote] = true;
        boolean cn = cnPorts == null || inCnFile[port];
        if (!inCnFile[port] && inIoFile[port]) {
          isIo[port] = true;
          cn = false;
        }
        isCn[port] = cn;
        if (cn) {
          cns++;
        }
      }
    }
    if (cns == 0) {
      throw new RoutingException(
          RoutingException.Reason.SETTINGS_MISMATCH,
          "ftree: the fabric has no compute node port"
              + (cnPorts != null
                  ? " cabled to a switch among those of the compute-node GUID file"
                  : ""));
    }
  }

  // ---- ranking --------------------------------------------------------------------------------

  private int maxSwitchRank;

  private void rankFromCas() {
    int[] roots = new int[numSwitches];
    int count = 0;
    boolean[] hasCa = new boolean[numSwitches];
    for (int ca = numSwitches; ca < numSwitches + fabric.numCas(); ca++) {
      for (int p = 1; p <= fabric.numPorts(ca); p++) {
        int peer = fabric.peerPort(fabric.port(ca, p));
        if (peer >= 0
            && fabric.isSwitch(fabric.nodeOfPort(peer))
            && !hasCa[fabric.nodeOfPort(peer)]) {
          hasCa[fabric.nodeOfPort(peer)] = true;
          roots[count++] = fabric.nodeOfPort(peer);
        }
      }
    }
    SwitchBfs bfs = new SwitchBfs(fabric).from(roots, count);
    int max = bfs.maxDistance();
    // OpenSM then ranks again from the switches farthest from the CAs
    count = 0;
    for (int sw = 0; sw < numSwitches; sw++) {
      if (bfs.distance(sw) == max && bfs.distance(sw) != SwitchBfs.UNREACHED) {
        roots[count++] = sw;
      }
    }
    rankBy(bfs.from(roots, count));
  }

  private void rankFrom(int[] roots) {
    rankBy(new SwitchBfs(fabric).from(roots, roots.length));
  }

  /** Ranks the switches by the search's distances (-1 where it did not reach); the largest rank. */
  private void rankBy(SwitchBfs bfs) {
    for (int sw = 0; sw < numSwitches; sw++) {
      rank[sw] = bfs.distance(sw) == SwitchBfs.UNREACHED ? -1 : bfs.distance(sw);
    }
    maxSwitchRank = bfs.maxDistance();
  }

  private void checkRanked() throws RoutingException {
    for (int sw = 0; sw < numSwitches; sw++) {
      if (rank[sw] < 0) {
        throw new RoutingException(
            RoutingException.Reason.DISCONNECTED,
            "ftree: "
                + fabric.nodeName(sw)
                + " is not connected to "
                + (rootsGiven ? "the root switches" : "any switch with CAs")
                + "; OpenSM would drop it and leave its LID unrouted");
      }
    }
    if (maxSwitchRank == 0) {
      int second = -1;
      for (int sw = 1; sw < numSwitches && second < 0; sw++) {
        if (rank[sw] == 0) {
          second = sw;
        }
      }
      throw new RoutingException(
          RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
          "ftree: not a fat tree: every switch is a root, e.g. "
              + fabric.nodeName(0)
              + " and "
              + fabric.nodeName(second)
              + " (no switch is farther from the CAs than the others; OpenSM ERR AB2B)");
    }
  }

  // ---- port groups --------------------------------------------------------------------------

  /** The port groups of every switch, numbered switch by switch: down, sibling, then up. */
  private void buildGroups() {
    PortGroups groups = new PortGroups(fabric, rank, lidOfSwitch);
    numGroups = groups.numGroups;
    groupOwner = groups.owner;
    groupRemote = groups.remote;
    groupRemoteLid = groups.remoteLid;
    groupCaPort = groups.caPort;
    groupPortStart = groups.portStart;
    portNum = groups.portNum;
    remotePortNum = groups.remotePortNum;
    dnGroups = groups.lists[PortGroups.DOWN];
    dnStart = groups.starts[PortGroups.DOWN];
    dnCount = groups.counts[PortGroups.DOWN];
    sibGroups = groups.lists[PortGroups.SIBLING];
    sibStart = groups.starts[PortGroups.SIBLING];
    sibCount = groups.counts[PortGroups.SIBLING];
    upGroups = groups.lists[PortGroups.UP];
    upStart = groups.starts[PortGroups.UP];
    upCount = groups.counts[PortGroups.UP];
  }

  boolean remoteIsSwitch(int group) {
    return groupCaPort[group] < 0;
  }

  // ---- leaves and indexing ------------------------------------------------------------------

  /** The switch of the first compute-node port, in CA order. */
  private int firstCnSwitch() {
    for (int ca = numSwitches; ca < numSwitches + fabric.numCas(); ca++) {
      for (int p = 1; p <= fabric.numPorts(ca); p++) {
        int port = fabric.port(ca, p);
        if (isCn[port]) {
          return fabric.nodeOfPort(fabric.peerPort(port));
        }
      }
    }
    throw new AssertionError("checked: there is a compute node");
  }

  private void setLeafRank() throws RoutingException {
    leafRank = rootsGiven ? rank[firstCnSwitch()] : maxSwitchRank;
    int treeRank = leafRank + 1;
    if (treeRank < MIN_TREE_RANK || treeRank > MAX_TREE_RANK) {
      int root = 0;
      while (rank[root] != 0) {
        root++;
      }
      throw new RoutingException(
          RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
          "ftree: the tree has "
              + treeRank
              + " switch levels, from "
              + fabric.nodeName(root)
              + " down to "
              + fabric.nodeName(firstCnSwitch())
              + "; OpenSM's fat-tree routing handles "
              + MIN_TREE_RANK
              + " to "
              + MAX_TREE_RANK);
    }
  }

  private void markLeaves() throws RoutingException {
    for (int ca = numSwitches; ca < numSwitches + fabric.numCas(); ca++) {
      for (int p = 1; p <= fabric.numPorts(ca); p++) {
        int port = fabric.port(ca, p);
        if (!isCn[port]) {
          continue;
        }
        int sw = fabric.nodeOfPort(fabric.peerPort(port));
        if (isLeaf[sw]) {
          continue;
        }
        isLeaf[sw] = true;
        if (rank[sw] != leafRank) {
          throw new RoutingException(
              RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
              "ftree: not a fat tree: compute node "
                  + fabric.portName(port)
                  + " is cabled to "
                  + fabric.nodeName(sw)
                  + " of rank "
                  + rank[sw]
                  + ", but the leaf switches have rank "
                  + leafRank
                  + " (CAs must all hang at the bottom level; OpenSM ERR AB26)");
        }
      }
    }
  }

  private static long withByte(long tuple, int index, int value) {
    int shift = 56 - 8 * index;
    return tuple & ~(0xFFL << shift) | (long) value << shift;
  }

  private static int byteOf(long tuple, int index) {
    return (int) (tuple >>> (56 - 8 * index)) & 0xFF;
  }

  /** OpenSM's BFS indexing from the first leaf switch (not the quasi-fat-tree variant). */
  private void index() throws RoutingException {
    Arrays.fill(tuple, NO_TUPLE);
    LongOpenHashSet used = new LongOpenHashSet();
    int first = 0;
    while (!isLeaf[first]) {
      first++;
    }
    long t = withByte(NO_TUPLE, 0, rank[first]);
    for (int i = 1; i <= leafRank; i++) {
      t = withByte(t, i, 0);
    }
    tuple[first] = t;
    used.add(t);
    int[] queue = new int[numSwitches];
    int tail = 0;
    queue[tail++] = first;
    for (int head = 0; head < tail; head++) {
      int sw = queue[head];
      if (rank[sw] < leafRank) {
        for (int k = dnStart[sw]; k < dnStart[sw] + dnCount[sw]; k++) {
          int g = dnGroups[k];
          int remote = groupRemote[g];
          if (remoteIsSwitch(g) && tuple[remote] == NO_TUPLE) {
            tuple[remote] = newTuple(used, tuple[sw], true, remote);
            queue[tail++] = remote;
          }
        }
        sortByRemoteTuple(dnGroups, dnStart[sw], dnCount[sw]);
      }
      if (rank[sw] != 0) {
        for (int k = upStart[sw]; k < upStart[sw] + upCount[sw]; k++) {
          int remote = groupRemote[upGroups[k]];
          if (tuple[remote] == NO_TUPLE) {
            tuple[remote] = newTuple(used, tuple[sw], false, remote);
            queue[tail++] = remote;
          }
        }
        sortByRemoteTuple(upGroups, upStart[sw], upCount[sw]);
      }
    }
  }

  private long newTuple(LongOpenHashSet used, long from, boolean down, int sw)
      throws RoutingException {
    int fromRank = byteOf(from, 0);
    long t = withByte(from, 0, down ? fromRank + 1 : fromRank - 1);
    int varIndex = down ? fromRank + 1 : fromRank;
    for (int i = 0; i < 0xFF; i++) {
      long candidate = withByte(t, varIndex, i);
      if (used.add(candidate)) {
        return candidate;
      }
    }
    throw new RoutingException(
        RoutingException.Reason.TOO_LARGE,
        "ftree: cannot index "
            + fabric.nodeName(sw)
            + ": more than 255 switches below one index prefix");
  }

  /**
   * The sort key of a group's far end: its tuple; CAs after every switch, in port order. (OpenSM
   * reads a CA record as if it were a switch record here and so sorts CA groups by bytes of heap
   * pointers; that only happens on leaves that route over sibling links, and cannot be reproduced.)
   */
  long remoteKey(int group) {
    return remoteIsSwitch(group) ? tuple[groupRemote[group]] : NO_TUPLE;
  }

  /** A stable sort of {@code count} groups by their far end's tuple. */
  private void sortByRemoteTuple(int[] groups, int start, int count) {
    for (int i = start + 1; i < start + count; i++) {
      int g = groups[i];
      long key = remoteKey(g);
      int j = i - 1;
      while (j >= start && Long.compareUnsigned(remoteKey(groups[j]), key) > 0) {
        groups[j + 1] = groups[j];
        j--;
      }
      groups[j + 1] = g;
    }
  }

  private void buildLeafArray() throws RoutingException {
    IntArrayList atLeafRank = new IntArrayList();
    for (int sw = 0; sw < numSwitches; sw++) {
      if (rank[sw] == leafRank) {
        atLeafRank.add(sw);
      }
    }
    int[] sorted = atLeafRank.toIntArray();
    it.unimi.dsi.fastutil.ints.IntArrays.mergeSort(
        sorted, (a, b) -> Long.compareUnsigned(tuple[a], tuple[b]));
    int firstLeaf = sorted.length;
    int lastLeaf = 0;
    for (int i = 0; i < sorted.length; i++) {
      if (isLeaf[sorted[i]]) {
        firstLeaf = Math.min(firstLeaf, i);
        lastLeaf = i;
      }
    }
    if (firstLeaf >= lastLeaf) {
      throw new RoutingException(
          RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
          "ftree: not a fat tree: only one leaf switch ("
              + fabric.nodeName(sorted[firstLeaf])
              + ") has compute nodes; OpenSM's fat-tree routing"
              + " needs at least two");
    }
    leafSwitches = Arrays.copyOfRange(sorted, firstLeaf, lastLeaf + 1);
    for (int leaf : leafSwitches) {
      int cns = 0;
      for (int k = dnStart[leaf]; k < dnStart[leaf] + dnCount[leaf]; k++) {
        int caPort = groupCaPort[dnGroups[k]];
        if (caPort >= 0 && isCn[caPort]) {
          cns++;
        }
      }
      maxCnPerLeaf = Math.max(maxCnPerLeaf, cns);
    }
  }

  /** OpenSM's check that the tree is pure: per rank, the same group counts and group sizes. */
  private void validate() throws RoutingException {
    int[] reference = new int[leafRank + 1];
    Arrays.fill(reference, -1);
    for (int sw = 0; sw < numSwitches; sw++) {
      int ref = reference[rank[sw]];
      if (ref < 0) {
        reference[rank[sw]] = sw;
        continue;
      }
      if (upCount[ref] != upCount[sw]) {
        throw notPure(
            ref,
            sw,
            "upward port groups (links to distinct switches above)",
            upCount[ref],
            upCount[sw],
            "AB09");
      }
      if (rank[sw] != leafRank && dnCount[ref] != dnCount[sw]) {
        throw notPure(
            ref,
            sw,
            "downward port groups (links to distinct nodes below)",
            dnCount[ref],
            dnCount[sw],
            "AB0A");
      }
      if (upCount[ref] != 0) {
        int refSize = groupSize(upGroups[upStart[ref]]);
        for (int k = upStart[sw]; k < upStart[sw] + upCount[sw]; k++) {
          if (groupSize(upGroups[k]) != refSize) {
            throw notPure(
                ref, sw, "ports to one switch above", refSize, groupSize(upGroups[k]), "AB0B");
          }
        }
      }
      // OpenSM compares only each switch's first downward group with the reference's first
      if (dnCount[ref] != 0 && rank[sw] != leafRank && dnCount[sw] != 0) {
        int refSize = groupSize(dnGroups[dnStart[ref]]);
        int size = groupSize(dnGroups[dnStart[sw]]);
        if (size != refSize) {
          throw notPure(ref, sw, "ports to one node below", refSize, size, "AB0C");
        }
      }
    }
  }

  int groupSize(int group) {
    return groupPortStart[group + 1] - groupPortStart[group];
  }

  private RoutingException notPure(
      int ref, int sw, String what, int refValue, int value, String code) {
    return new RoutingException(
        RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
        "ftree: not a fat tree: "
            + fabric.nodeName(sw)
            + " (rank "
            + rank[sw]
            + ", LID "
            + lidOfSwitch[sw]
            + ") has "
            + value
            + " "
            + what
            + ", but "
            + fabric.nodeName(ref)
            + " of the same rank has "
            + refValue
            + " (OpenSM ERR "
            + code
            + ")");
  }

  /** The tuple as OpenSM prints it ({@code 2.0.1.3}), or {@code INDEX.NOT.ASSIGNED}. */
  String tupleString(int sw) {
    long t = tuple[sw];
    if (byteOf(t, 0) == 0xFF) {
      return "INDEX.NOT.ASSIGNED";
    }
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 8 && byteOf(t, i) != 0xFF; i++) {
      text.append(i == 0 ? "" : ".").append(byteOf(t, i));
    }
    return text.toString();
  }

  String describeLid(int lid) {
    int node = fabric.nodeOfLid(lid);
    return "LID "
        + lid
        + " ("
        + Lids.hex(lid)
        + (node >= 0 ? ", " + fabric.nodeName(node) : "")
        + ")";
  }
}
