package org.ibrouting.engines.ftree;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.ProgressListener;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingException;

/**
 * OpenSM's fat-tree route assignment on a {@link FatTree}: for each destination LID, climb from its
 * leaf along the least-loaded up ports ("main path", counted in {@code counterDown}), and from
 * every switch reached walk down the other groups setting the switches below to climb back (counted
 * in {@code counterUp}); other up groups get "secondary" routes without counting. Destinations go
 * leaf by leaf in index order, compute nodes first, then dummy destinations that stand in for
 * missing compute nodes (they move counters but own no LID), then non-compute CA ports, then switch
 * LIDs.
 *
 * <p>Per destination only the switches the walk reaches are touched: hops and chosen port live in
 * per-switch arrays stamped with the destination's round, so nothing is cleared between rounds;
 * finished destinations are written to the tables 64 at a time, switch by switch. The recursion
 * follows OpenSM's exactly (its order decides which switch sets a route first); its depth is
 * bounded by the hop count, which is kept below 255 as in OpenSM's 8-bit hop tables. One shortcut:
 * a downward scan that provably sets nothing is skipped (see {@link #upgoing}).
 *
 * <p>The router reorders the tree's group arrays as OpenSM sorts its own: route a tree once.
 *
 * <p>One file over the 500-line limit: the assignment is one recursion over per-switch state whose
 * order of visits is OpenSM's; the tree it walks is built in {@link FatTree} and {@link
 * PortGroups}.
 */
final class FtreeRouter {
  private static final int NO_PATH = 0xFF;

  private final FatTree tree;
  private final int[] rank;
  private final boolean[] isLeaf;
  private final int[] lidOfSwitch;
  private final int[] groupRemote;
  private final int[] groupRemoteLid;
  private final int[] groupCaPort;
  private final int[] groupPortStart;
  private final int[] remotePortNum;
  private final int[] dnStart;
  private final int[] dnCount;
  private final int[] dnGroups;
  private final int[] upStart;
  private final int[] upCount;
  private final int[] upGroups;
  private final int[] sibStart;
  private final int[] sibCount;
  private final int[] sibGroups;
  private final long[] remoteKey;

  private final int[] groupCounterUp;
  private final int[] groupCounterDown;
  private final int[] portCounterUp;
  private final int[] portCounterDown;
  private final boolean[] counterUpChanged;
  private final int[] downIndex;

  /** Per switch: the round of its last hop count, times 256, plus the hop count. */
  private final int[] hopMark;

  /** Per group: far switch (-1 for a CA), far LID, first port, end of ports. */
  private final int[] groupData;

  /** Parallel to {@code dnGroups}: the far switch of each down group, -1 for a CA. */
  private final int[] dnRemote;

  /**
   * Per switch whose down groups all lead to switches (trees without sibling links only): the class
   * of switches with the same set of switches below, else -1. See {@link #upgoing}.
   */
  private final int[] belowClass;

  /** Per class: the round times 256 plus a hop count every switch of the set is known to beat. */
  private final int[] classSettled;

  /** Per switch: how many of its down groups lead to switches. */
  private final int[] switchesBelow;

  private final int[] lftRound;
  private final int[] lftPort;
  private final int[] touched;

  /** Up to {@link #BATCH} finished destinations: their LIDs, and a row of ports per destination. */
  private static final int BATCH = 64;

  private final int[] batchLids = new int[BATCH];
  private final byte[] batch;
  private int batchSize;
  private int numTouched;
  private int round;
  private int target;

  private long unrouted;
  private int firstUnroutedSwitch = -1;
  private int firstUnroutedLid;
  private final ProgressListener progress;
  private long roundsTotal;
  private long roundsDone;

  /**
   * @param shortcuts whether {@link #upgoing} may skip loops it can prove empty; the caller turns
   *     it off where reverse hops are allowed
   */
  FtreeRouter(FatTree tree, boolean shortcuts) {
    this(tree, shortcuts, ProgressListener.SILENT);
  }

  /**
   * Like {@link #FtreeRouter(FatTree, boolean)}, reporting the destinations routed as "ftree:
   * destinations".
   */
  FtreeRouter(FatTree tree, boolean shortcuts, ProgressListener progress) {
    this.progress = progress;
    this.tree = tree;
    this.rank = tree.rank;
    this.isLeaf = tree.isLeaf;
    this.lidOfSwitch = tree.lidOfSwitch;
    this.groupRemote = tree.groupRemote;
    this.groupRemoteLid = tree.groupRemoteLid;
    this.groupCaPort = tree.groupCaPort;
    this.groupPortStart = tree.groupPortStart;
    this.remotePortNum = tree.remotePortNum;
    this.dnStart = tree.dnStart;
    this.dnCount = tree.dnCount;
    this.dnGroups = tree.dnGroups;
    this.upStart = tree.upStart;
    this.upCount = tree.upCount;
    this.upGroups = tree.upGroups;
    this.sibStart = tree.sibStart;
    this.sibCount = tree.sibCount;
    this.sibGroups = tree.sibGroups;
    int groups = tree.numGroups;
    this.remoteKey = new long[groups];
    for (int g = 0; g < groups; g++) {
      remoteKey[g] = tree.remoteKey(g);
    }
    this.groupCounterUp = new int[groups];
    this.groupCounterDown = new int[groups];
    this.portCounterUp = new int[tree.portNum.length];
    this.portCounterDown = new int[tree.portNum.length];
    int n = tree.numSwitches;
    this.counterUpChanged = new boolean[n];
    this.downIndex = new int[n];
    this.hopMark = new int[n];
    this.groupData = new int[4 * groups];
    for (int g = 0; g < groups; g++) {
      groupData[4 * g] = tree.remoteIsSwitch(g) ? groupRemote[g] : -1;
      groupData[4 * g + 1] = groupRemoteLid[g];
      groupData[4 * g + 2] = groupPortStart[g];
      groupData[4 * g + 3] = groupPortStart[g + 1];
    }
    this.dnRemote = new int[dnGroups.length];
    for (int k = 0; k < dnGroups.length; k++) {
      dnRemote[k] = groupData[4 * dnGroups[k]];
    }
    this.switchesBelow = new int[n];
    for (int sw = 0; sw < n; sw++) {
      for (int k = dnStart[sw]; k < dnStart[sw] + dnCount[sw]; k++) {
        if (tree.remoteIsSwitch(dnGroups[k])) {
          switchesBelow[sw]++;
        }
      }
    }
    this.belowClass = new int[n];
    java.util.Arrays.fill(belowClass, -1);
    // the proof needs falling hop counts (no sibling links) and distinct switch LIDs
    boolean safe = shortcuts;
    for (int sw = 0; sw < n; sw++) {
      safe &= sibCount[sw] == 0 && lidOfSwitch[sw] != 0;
    }
    it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap<it.unimi.dsi.fastutil.ints.IntArrayList>
        classes = new it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap<>();
    for (int sw = 0; sw < n && safe; sw++) {
      if (dnCount[sw] > 0 && switchesBelow[sw] == dnCount[sw]) {
        int[] below =
            java.util.Arrays.copyOfRange(dnRemote, dnStart[sw], dnStart[sw] + dnCount[sw]);
        java.util.Arrays.sort(below);
        belowClass[sw] =
            classes.computeIfAbsent(
                it.unimi.dsi.fastutil.ints.IntArrayList.wrap(below), key -> classes.size());
      }
    }
    this.classSettled = new int[classes.size()];
    this.lftRound = new int[n];
    this.lftPort = new int[n];
    this.touched = new int[n];
    this.batch = new byte[BATCH * n];
  }

  /**
   * Routes every CA port and switch LID and returns the tables; refuses when CAs would lack routes
   * unless {@code keepIncomplete} (for comparing with OpenSM, which keeps them).
   */
  Routing route(String engineName, int maxReverseHops, boolean connectRoots, boolean keepIncomplete)
      throws RoutingException {
    Fabric fabric = tree.fabric;
    RoutingBuilder builder = Routing.builder(fabric, engineName);
    roundsTotal = countRounds();
    routeComputeNodes(builder);
    routeOtherCaPorts(builder, maxReverseHops);
    routeSwitches(builder);
    flush(builder);
    if (connectRoots) {
      connectRoots(builder);
    }
    if (unrouted > 0 && !keepIncomplete) {
      throw new RoutingException(
          RoutingException.Reason.DISCONNECTED,
          "ftree: up/down routing would leave "
              + unrouted
              + " (switch, LID) entries that CAs need empty, as OpenSM's ftree does here; e.g. "
              + fabric.nodeName(firstUnroutedSwitch)
              + " has no route to "
              + tree.describeLid(firstUnroutedLid)
              + ": "
              + whyUnrouted());
    }
    return builder.build();
  }

  private String whyUnrouted() {
    for (int sw = 0; sw < tree.numSwitches; sw++) {
      if (sibCount[sw] > 0) {
        int other = groupRemote[sibGroups[sibStart[sw]]];
        return "switches of one rank are linked to each other (e.g. "
            + tree.fabric.nodeName(sw)
            + " and "
            + tree.fabric.nodeName(other)
            + ", rank "
            + rank[sw]
            + "), and fat-tree routing does not climb again from a switch it reached over such a link";
      }
    }
    return "not every switch shares an ancestor with every leaf switch";
  }

  private void routeComputeNodes(RoutingBuilder builder) throws RoutingException {
    for (int leaf : tree.leafSwitches) {
      int routedHere = 0;
      for (int k = dnStart[leaf]; k < dnStart[leaf] + dnCount[leaf]; k++) {
        int g = dnGroups[k];
        int caPort = groupCaPort[g];
        if (caPort < 0 || !tree.isCn[caPort]) {
          continue;
        }
        int lid = groupRemoteLid[g];
        beginRound(lid);
        setRoute(leaf, tree.portNum[groupPortStart[g]], 1);
        downgoing(leaf, -1, true, 0, 1);
        endRound(builder);
        routedHere++;
      }
      for (int j = routedHere; j < tree.maxCnPerLeaf; j++) {
        // a dummy destination: only counters change, its LID 0 entries are dropped
        beginRound(0);
        hopMark[leaf] = round << 8 | 1;
        downgoing(leaf, -1, true, 0, 1);
      }
    }
  }

  private void routeOtherCaPorts(RoutingBuilder builder, int maxReverseHops)
      throws RoutingException {
    Fabric fabric = tree.fabric;
    for (int ca = tree.numSwitches; ca < tree.numSwitches + fabric.numCas(); ca++) {
      for (int p = 1; p <= fabric.numPorts(ca); p++) {
        int port = fabric.port(ca, p);
        int peer = fabric.peerPort(port);
        if (tree.isCn[port] || peer < 0 || !fabric.isSwitch(fabric.nodeOfPort(peer))) {
          continue;
        }
        int sw = fabric.nodeOfPort(peer);
        beginRound(fabric.baseLid(port));
        setRoute(sw, fabric.portNum(peer), 1);
        downgoing(sw, -1, true, tree.isIo[port] ? maxReverseHops : 0, 1);
        endRound(builder);
      }
    }
  }

  private void routeSwitches(RoutingBuilder builder) throws RoutingException {
    for (int sw = 0; sw < tree.numSwitches; sw++) {
      beginRound(lidOfSwitch[sw]);
      setRoute(sw, 0, 0);
      downgoing(sw, -1, false, 0, 0);
      endRound(builder);
    }
  }

  /**
   * The rounds {@link #route} runs: one per destination (dummies included), for the progress
   * report.
   */
  private long countRounds() {
    Fabric fabric = tree.fabric;
    long rounds = tree.numSwitches;
    for (int leaf : tree.leafSwitches) {
      int cns = 0;
      for (int k = dnStart[leaf]; k < dnStart[leaf] + dnCount[leaf]; k++) {
        int caPort = groupCaPort[dnGroups[k]];
        if (caPort >= 0 && tree.isCn[caPort]) {
          cns++;
        }
      }
      rounds += Math.max(cns, tree.maxCnPerLeaf);
    }
    for (int ca = tree.numSwitches; ca < tree.numSwitches + fabric.numCas(); ca++) {
      for (int p = 1; p <= fabric.numPorts(ca); p++) {
        int port = fabric.port(ca, p);
        int peer = fabric.peerPort(port);
        if (!tree.isCn[port] && peer >= 0 && fabric.isSwitch(fabric.nodeOfPort(peer))) {
          rounds++;
        }
      }
    }
    return rounds;
  }

  private void beginRound(int lid) {
    progress.progress("ftree: destinations", ++roundsDone, roundsTotal);
    round++;
    target = lid;
    numTouched = 0;
  }

  private void endRound(RoutingBuilder builder) {
    int n = tree.numSwitches;
    int row = batchSize * n;
    java.util.Arrays.fill(batch, row, row + n, (byte) Routing.NO_ROUTE);
    for (int i = 0; i < numTouched; i++) {
      int sw = touched[i];
      batch[row + sw] = (byte) lftPort[sw];
    }
    batchLids[batchSize++] = target;
    if (batchSize == BATCH) {
      flush(builder);
    }
    if (numTouched < tree.numSwitches) {
      // what CAs need: a CA LID from every switch with CAs (the rest of a path follows entries
      // of falling hop counts), a switch LID from every leaf; OpenSM leaves switch-to-switch
      // routes without common ancestor empty unless connect_roots is on
      boolean caTarget = !tree.fabric.isSwitch(tree.fabric.nodeOfLid(target));
      for (int sw = 0; sw < tree.numSwitches; sw++) {
        if (lftRound[sw] != round && (caTarget ? tree.hasCas[sw] : isLeaf[sw])) {
          if (firstUnroutedSwitch < 0) {
            firstUnroutedSwitch = sw;
            firstUnroutedLid = target;
          }
          unrouted++;
        }
      }
    }
  }

  /**
   * OpenSM's {@code connect_roots}: a switch above the leaves that has no up/down route to a switch
   * LID takes the port towards the last leaf switch, if that leaf reaches the LID.
   */
  private void connectRoots(RoutingBuilder builder) {
    int leaf = tree.leafSwitches[tree.leafSwitches.length - 1];
    int leafLid = lidOfSwitch[leaf];
    for (int sw = 0; sw < tree.numSwitches; sw++) {
      if (rank[sw] >= tree.leafRank) {
        continue;
      }
      for (int other = 0; other < tree.numSwitches; other++) {
        int lid = lidOfSwitch[other];
        if (lid == 0
            || builder.outPort(sw, lid) != Routing.NO_ROUTE
            || builder.outPort(leaf, lid) == Routing.NO_ROUTE) {
          continue;
        }
        builder.setOutPort(sw, lid, builder.outPort(sw, leafLid));
      }
    }
  }

  /**
   * Writes the batched columns into the tables switch by switch: one destination's entries lie a
   * whole LFT apart, so writing them as they come would miss the cache on every entry.
   */
  private void flush(RoutingBuilder builder) {
    int n = tree.numSwitches;
    for (int sw = 0; sw < n; sw++) {
      for (int b = 0; b < batchSize; b++) {
        int port = batch[b * n + sw] & 0xFF;
        if (port != Routing.NO_ROUTE) {
          builder.setOutPort(sw, batchLids[b], port);
        }
      }
    }
    batchSize = 0;
  }

  private int hopsOf(int sw) {
    int mark = hopMark[sw];
    return mark >>> 8 == round ? mark & 0xFF : NO_PATH;
  }

  private boolean hasRoute(int sw) {
    return lftRound[sw] == round;
  }

  private void setRoute(int sw, int port, int hopCount) throws RoutingException {
    if (hopCount >= NO_PATH) {
      throw new RoutingException(
          RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
          "ftree: a route to "
              + tree.describeLid(target)
              + " reaches "
              + tree.fabric.nodeName(sw)
              + " after "
              + hopCount
              + " hops; OpenSM's hop tables stop at 254");
    }
    if (lftRound[sw] != round) {
      lftRound[sw] = round;
      touched[numTouched++] = sw;
    }
    lftPort[sw] = port;
    hopMark[sw] = round << 8 | hopCount;
  }

  /**
   * Sets, below {@code sw}, the routes that climb to {@code sw} (OpenSM's
   * route-upgoing-by-going-down).
   */
  private boolean upgoing(int sw, int prev, int hopCount) throws RoutingException {
    int numDown = dnCount[sw];
    if (numDown == 0) {
      return false;
    }
    int numSiblings = sibCount[sw];
    if (switchesBelow[sw] == 0 && numSiblings == 0) {
      // only CAs below (a leaf): OpenSM's loop finds a CA and changes nothing else
      downIndex[sw] = (downIndex[sw] + 1) % numDown;
      return true;
    }
    int base = dnStart[sw];
    if (counterUpChanged[sw]) {
      sortByCounterUp(dnGroups, base, numDown);
      for (int k = base; k < base + numDown; k++) {
        dnRemote[k] = groupData[4 * dnGroups[k]];
      }
      counterUpChanged[sw] = false;
    }
    int next = hopCount + 1;
    int cls = belowClass[sw];
    if (cls >= 0) {
      // Within a round hop counts only fall (no sibling links). If a switch with the same
      // switches below already finished this loop at a hop count <= ours, each of them is now
      // at most that far, so OpenSM's loop would skip them all: nothing to do, nothing created.
      int settled = classSettled[cls];
      if (settled >>> 8 == round && (settled & 0xFF) <= next) {
        return false;
      }
    }
    if (numSiblings > 0) {
      sortByCounterUp(sibGroups, sibStart[sw], numSiblings);
    }
    boolean created = false;
    int limit = numDown + (target != 0 ? numSiblings : 0);
    int prevLid = prev >= 0 ? lidOfSwitch[prev] : -1;
    for (int k = 0; k < limit; k++) {
      int remote =
          k < numDown ? dnRemote[base + k] : groupData[4 * sibGroups[sibStart[sw] + k - numDown]];
      if (remote < 0) {
        created = true;
        continue;
      }
      // OpenSM skips the group whose far LID is the switch it came up from
      if (lidOfSwitch[remote] == prevLid) {
        continue;
      }
      int mark = hopMark[remote];
      if (mark >>> 8 == round && next >= (mark & 0xFF)) {
        continue;
      }
      int g = k < numDown ? dnGroups[base + k] : sibGroups[sibStart[sw] + k - numDown];
      int minPort = leastLoaded(g, portCounterUp);
      setRoute(remote, remotePortNum[minPort], next);
      boolean routed = upgoing(remote, -1, next);
      created |= routed;
      if (routed) {
        portCounterUp[minPort]++;
        groupCounterUp[g]++;
        counterUpChanged[sw] = true;
      }
    }
    if (cls >= 0) {
      classSettled[cls] = round << 8 | next;
    }
    if (created) {
      downIndex[sw] = (downIndex[sw] + 1) % numDown;
    }
    return created;
  }

  /**
   * Sets, above {@code sw}, the routes that descend to {@code sw} (OpenSM's
   * route-downgoing-by-going-up).
   */
  private boolean downgoing(int sw, int prev, boolean mainPath, int reverseCredit, int hopCount)
      throws RoutingException {
    boolean created = upgoing(sw, prev, hopCount);
    if (rank[sw] == 0) {
      if (reverseCredit > 0) {
        int numDown = dnCount[sw];
        downIndex[sw] = (downIndex[sw] + 1) % numDown;
        int i = downIndex[sw];
        for (int j = 0; j < numDown; j++) {
          int g = dnGroups[dnStart[sw] + i];
          i = (i + 1) % numDown;
          if (groupCaPort[g] < 0) {
            created |= downgoing(groupRemote[g], sw, mainPath, reverseCredit - 1, hopCount + 1);
          }
        }
      }
      return created;
    }
    int numUp = upCount[sw];
    if (numUp == 0) {
      throw new RoutingException(
          RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
          "ftree: "
              + tree.fabric.nodeName(sw)
              + " of rank "
              + rank[sw]
              + " has no link to a switch above it");
    }
    sortByCounterDown(upGroups, upStart[sw], numUp);
    int minGroup = upGroups[upStart[sw]];
    int minPort = leastLoaded(minGroup, portCounterDown);
    if (mainPath) {
      int remote = groupRemote[minGroup];
      groupCounterDown[minGroup]++;
      portCounterDown[minPort]++;
      if (!hasRoute(remote) || hopCount + 1 < hopsOf(remote)) {
        setRoute(remote, remotePortNum[minPort], hopCount + 1);
      }
      created |= downgoing(remote, sw, true, reverseCredit, hopCount + 1);
    }
    for (int i = mainPath ? 1 : 0; i < upCount[sw]; i++) {
      int g = upGroups[upStart[sw] + i];
      int remote = groupRemote[g];
      if (hasRoute(remote) && hopCount + 1 >= hopsOf(remote)) {
        continue;
      }
      minPort = leastLoaded(g, portCounterDown);
      setRoute(remote, remotePortNum[minPort], hopCount + 1);
      created |= downgoing(remote, sw, false, reverseCredit, hopCount + 1);
    }
    int numSiblings = sibCount[sw];
    if (numSiblings > 0) {
      sortByCounterDown(sibGroups, sibStart[sw], numSiblings);
    }
    for (int i = 0; i < numSiblings; i++) {
      int g = sibGroups[sibStart[sw] + i];
      int remote = groupRemote[g];
      if (hasRoute(remote) && hopCount + 1 >= hopsOf(remote)) {
        continue;
      }
      minPort = leastLoaded(g, portCounterDown);
      setRoute(remote, remotePortNum[minPort], hopCount + 1);
      boolean routed = downgoing(remote, sw, false, reverseCredit, hopCount + 1);
      created |= routed;
      if (routed) {
        // OpenSM charges the sibling route to the up group chosen first, on the sibling's port
        groupCounterDown[minGroup]++;
        portCounterDown[minPort]++;
      }
    }
    if (reverseCredit == 0 || isLeaf[sw]) {
      return created;
    }
    for (int i = 0; i < dnCount[sw]; i++) {
      int g = dnGroups[dnStart[sw] + i];
      if (groupCaPort[g] < 0) {
        created |= downgoing(groupRemote[g], sw, true, reverseCredit - 1, hopCount + 1);
      }
    }
    return created;
  }

  /** The first port of the group with the lowest counter. */
  private int leastLoaded(int group, int[] counter) {
    int best = groupData[4 * group + 2];
    int end = groupData[4 * group + 3];
    for (int p = best + 1; p < end; p++) {
      if (counter[p] < counter[best]) {
        best = p;
      }
    }
    return best;
  }

  /** A stable sort by (upward routes, far end's index), as OpenSM's bubble sort leaves them. */
  private void sortByCounterUp(int[] groups, int start, int count) {
    for (int i = start + 1; i < start + count; i++) {
      int g = groups[i];
      int j = i - 1;
      while (j >= start && compare(groupCounterUp, groups[j], g) > 0) {
        groups[j + 1] = groups[j];
        j--;
      }
      groups[j + 1] = g;
    }
  }

  /** A stable sort by (downward routes, far end's index). */
  private void sortByCounterDown(int[] groups, int start, int count) {
    for (int i = start + 1; i < start + count; i++) {
      int g = groups[i];
      int j = i - 1;
      while (j >= start && compare(groupCounterDown, groups[j], g) > 0) {
        groups[j + 1] = groups[j];
        j--;
      }
      groups[j + 1] = g;
    }
  }

  private int compare(int[] counter, int a, int b) {
    if (counter[a] != counter[b]) {
      return counter[a] < counter[b] ? -1 : 1;
    }
    return Long.compareUnsigned(remoteKey[a], remoteKey[b]);
  }
}
