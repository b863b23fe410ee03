package org.ibrouting.engines.ssspfamily;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.internal.LidMajorLfts;
import org.ibrouting.internal.QuaternaryHeap;
import org.ibrouting.routing.Routing;

/**
 * Not API. The weighted switch graph of OpenSM's (DF)SSSP ({@code osm_ucast_dfsssp.c}), shared by
 * the P-SSSP family (Hoefler, Schneider, Lumsdaine, "Optimized Routing for Large-Scale InfiniBand
 * Networks"; Domke, Hoefler, "Scheduling-Aware Routing for Supercomputers"): switches in fabric
 * order as vertices, one directed link entry per cable end in port order (parallel cables kept
 * apart), and a pseudo-vertex {@code numSwitches()} whose single link enters the switch of a CA
 * destination. {@link #shortestPathTree} runs Dijkstra from a destination with OpenSM's 4-ary heap
 * tie-breaking and strict relaxations, or grows the same tree hop level by hop level without a heap
 * where the weights prove that it is the same ({@link HopLevelTrees}); {@link #addWeights} raises
 * the links of the tree's paths, and the caller decides by how much (SSSP: every switch's end-port
 * LIDs; SAR: only its job mates).
 *
 * <p>Use: {@code shortestPathTree(port)}, then {@link #outPortNum(int)} per switch for the LFT,
 * then {@code addWeights(...)}; repeat per destination LID. Not thread-safe; one instance per run.
 *
 * <p>Memory: per link entry 4 ints and 2 longs; per switch about 13 ints and longs (distance,
 * predecessors, order, sums, heap, the tie step's) and a boolean. Cost of one tree: O((links +
 * switches) log switches), O(links + switches) when grown by hop levels.
 */
public final class SsspGraph {
  private final Fabric fabric;
  private final int numSwitches;
  private final int[] linkStart;
  private final int[] linkTo;
  private final int[] linkToPort;
  private final long[] weight;

  /** The weight the switch links started with at the last reset, which none goes below. */
  private long minWeight = 1;

  /** The largest weight of a switch link (the pseudo-vertex's link left out). */
  private long maxWeight = 1;

  /** Trees grown level by level instead of by Dijkstra ({@link HopLevelTrees}). */
  private long treesByLevels;

  /** Trees that ended with reached vertices left unscanned ({@link #grow}). */
  private long treesEndedEarly;

  /**
   * Every tree by Dijkstra scanning every reached vertex, as OpenSM does: no level trees, no early
   * end (tests compare).
   */
  private boolean scanEveryVertex;

  /** Trees by hop levels where they are Dijkstra's ({@link HopLevelTrees}); tests turn it off. */
  private boolean levelTrees = true;

  private final int pseudoLink;
  private final long[] endPortLids;
  private final long numEndpointLids;
  private final QuaternaryHeap heap;
  private final long[] dist;
  private final int[] predLink;
  private final int[] predVertex;
  private final int[] order;
  private final long[] subtree;
  private int reached;
  private final HopLevelTrees levels;
  private final int[] keptLink;
  private final int[] keptVertex;

  /** Where each vertex of the level before a tie came out of the heap ({@link #settleTies}). */
  private final int[] rank;

  /** Level trees whose ties Dijkstra settled ({@link #settleTies}). */
  private long treesWithTies;

  /** Builds the graph of {@code fabric}; every link weight starts at 1. */
  public SsspGraph(Fabric fabric) {
    this.fabric = fabric;
    int n = fabric.numSwitches();
    this.numSwitches = n;
    linkStart = new int[n + 2];
    IntArrayList to = new IntArrayList();
    IntArrayList toPort = new IntArrayList();
    IntArrayList peerSlot = new IntArrayList();
    int[] linkOfSlot = new int[fabric.numPortSlots()];
    Arrays.fill(linkOfSlot, -1);
    endPortLids = new long[n];
    for (int sw = 0; sw < n; sw++) {
      linkStart[sw] = to.size();
      endPortLids[sw] = 1L << fabric.lmc(fabric.port(sw, 0));
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        int slot = fabric.outChannel(sw, i);
        int peer = fabric.peerPort(slot);
        int remote = fabric.nodeOfPort(peer);
        if (remote >= n) {
          endPortLids[sw] += 1L << fabric.lmc(peer);
        } else if (remote != sw) {
          linkOfSlot[slot] = to.size();
          to.add(remote);
          toPort.add(fabric.portNum(peer));
          peerSlot.add(peer);
        }
      }
    }
    linkStart[n] = to.size();
    pseudoLink = to.size();
    to.add(-1);
    toPort.add(-1);
    linkStart[n + 1] = to.size();
    linkTo = to.toIntArray();
    linkToPort = toPort.toIntArray();
    weight = new long[linkTo.length];
    Arrays.fill(weight, 1);
    long endpoints = 0;
    for (int node = 0; node < fabric.numNodes(); node++) {
      NodeType type = fabric.nodeType(node);
      if (type == NodeType.SWITCH) {
        endpoints += 1L << fabric.lmc(fabric.port(node, 0));
      } else if (type == NodeType.CA) {
        for (int p = 1; p <= fabric.numPorts(node); p++) {
          endpoints += 1L << fabric.lmc(fabric.port(node, p));
        }
      }
    }
    numEndpointLids = endpoints;
    heap = new QuaternaryHeap(n + 1);
    dist = new long[n + 1];
    predLink = new int[n + 1];
    predVertex = new int[n + 1];
    order = new int[n + 1];
    subtree = new long[n + 1];
    int[] reverseLink = new int[linkTo.length];
    for (int l = 0; l < pseudoLink; l++) {
      reverseLink[l] = linkOfSlot[peerSlot.getInt(l)];
      if (reverseLink[l] < 0) {
        // a fabric's links are full duplex (FabricBuilder checks it)
        throw new IllegalStateException("a switch link without its other direction: " + l);
      }
    }
    reverseLink[pseudoLink] = -1;
    levels =
        new HopLevelTrees(
            n, linkStart, linkTo, weight, dist, predLink, predVertex, order, reverseLink);
    keptLink = new int[n + 1];
    keptVertex = new int[n + 1];
    rank = new int[n + 1];
  }

  /** The fabric. */
  public Fabric fabric() {
    return fabric;
  }

  /**
   * OpenSM's {@code num_hca} of a switch: the LIDs of its own port 0 plus those of every non-switch
   * port cabled to it (CAs and routers).
   */
  public long endPortLids(int sw) {
    return endPortLids[sw];
  }

  /** OpenSM's P: the LIDs of every CA port and every switch port 0 (routers excluded). */
  public long numEndpointLids() {
    return numEndpointLids;
  }

  /**
   * Sets every link to {@code start}: P² ({@link #numEndpointLids()} squared) makes any longer path
   * cost more than any balanced shorter one, as in OpenSM; 1 trades minimality for balance.
   */
  public void resetWeights(long start) {
    Arrays.fill(weight, start);
    levels.weightsChanged();
    minWeight = start;
    maxWeight = start;
  }

  /**
   * Tests: every tree by Dijkstra, scanning every reached vertex as OpenSM does, instead of by hop
   * levels ({@link HopLevelTrees}) where they give the same tree or ending a tree early.
   */
  public void scanEveryVertex(boolean scanAll) {
    scanEveryVertex = scanAll;
  }

  /** Tests: whether trees may be grown by hop levels (by default they are). */
  public void levelTrees(boolean allowed) {
    levelTrees = allowed;
  }

  /** The trees so far grown by levels whose ties Dijkstra settled, on part of them (tests). */
  public long treesWithTies() {
    return treesWithTies;
  }

  /** The trees so far grown level by level, without Dijkstra's heap (tests). */
  public long treesByLevels() {
    return treesByLevels;
  }

  /**
   * The levels of trees grown by levels that were found from the unreached switches' side, fewer
   * links than the level's own (tests).
   */
  public long levelsPulled() {
    return levels.levelsPulled();
  }

  /** The trees so far that ended with reached switches left unscanned (tests). */
  public long treesEndedEarly() {
    return treesEndedEarly;
  }

  /**
   * The shortest-path tree towards the destination end port {@code destPort} (a CA port, or a
   * switch's port 0) over the current weights, Dijkstra's with OpenSM's heap (grown by hop levels
   * where that is provably the same tree); returns the number of switches that reach it.
   */
  public int shortestPathTree(int destPort) {
    int n = numSwitches;
    int destNode = fabric.nodeOfPort(destPort);
    int source;
    if (destNode < n) {
      source = destNode;
    } else {
      int swPort = fabric.peerPort(destPort);
      source = n;
      linkTo[pseudoLink] = fabric.nodeOfPort(swPort);
      linkToPort[pseudoLink] = fabric.portNum(swPort);
      weight[pseudoLink] = 1;
    }
    int numVertices = source == n ? n + 1 : n;
    int count = scanEveryVertex || !levelTrees ? -1 : levels.grow(source, minWeight, maxWeight);
    if (count < 0) {
      start(source, numVertices);
      count = grow(numVertices);
    } else if (levels.dijkstraPrefix() == 0) {
      treesByLevels++;
    } else {
      settleTies(source, numVertices, count);
    }
    reached = count;
    return source == n ? count - 1 : count;
  }

  /**
   * After a level tree with ties ({@link HopLevelTrees#dijkstraPrefix}): Dijkstra, with OpenSM's
   * heap, settles the levels before the deepest tie, relaxing the links of all but the last of them
   * ({@link HopLevelTrees#relaxedPrefix}), which gives the predecessors of every level up to that
   * one; the tied switches of the deepest tied level take theirs from the order in which the heap
   * gave out the last ({@link HopLevelTrees#resolveTies}), the rest keep the scan's. Dijkstra
   * settles the switches by levels, so its first settled vertices are exactly those levels, and it
   * writes them to the start of the order, each level's vertices in its own order.
   */
  private void settleTies(int source, int numVertices, int count) {
    int relaxed = levels.relaxedPrefix();
    int prefix = levels.dijkstraPrefix();
    // the tied level's untied switches keep the scan's predecessors, as the levels after it do
    for (int i = prefix; i < count; i++) {
      int v = order[i];
      keptLink[i] = predLink[v];
      keptVertex[i] = predVertex[v];
    }
    start(source, numVertices);
    settle(relaxed);
    for (int i = relaxed; i < prefix; i++) {
      int u = heap.extractMin();
      order[i] = u;
      rank[u] = i;
    }
    for (int i = prefix; i < count; i++) {
      int v = order[i];
      predLink[v] = keptLink[i];
      predVertex[v] = keptVertex[i];
    }
    levels.resolveTies(rank);
    treesWithTies++;
  }

  /** Dijkstra's loop after {@link #start}, up to the {@code prefix}-th settled vertex. */
  private void settle(int prefix) {
    for (int count = 0; count < prefix; count++) {
      int u = heap.extractMin();
      long du = dist[u];
      order[count] = u;
      for (int l = linkStart[u], end = linkStart[u + 1]; l < end; l++) {
        int v = linkTo[l];
        long candidate = du + weight[l];
        if (candidate < dist[v]) {
          dist[v] = candidate;
          predLink[v] = l;
          predVertex[v] = u;
          heap.decreaseKey(v, candidate);
        }
      }
    }
  }

  /** Every vertex in the heap, as OpenSM does (the heap's shape decides ties), the source first. */
  private void start(int source, int numVertices) {
    heap.fill(numVertices, Long.MAX_VALUE);
    Arrays.fill(dist, 0, numVertices, Long.MAX_VALUE);
    Arrays.fill(predLink, 0, numVertices, -1);
    Arrays.fill(predVertex, 0, numVertices, -1);
    dist[source] = 0;
    heap.decreaseKey(source, 0);
  }

  /**
   * Dijkstra's loop after {@link #start} over {@code numVertices} vertices; returns the vertices it
   * reached, in {@link #order}, each after its predecessor. Kept apart from the start: with both in
   * one method, C2 made slower code for the loop in most fresh JVMs
   * (benchmarks/history/speed-diary-issue-20.md, sixth stretch).
   *
   * <p>It ends early, the heap's vertices appended to the order unscanned, once every vertex is
   * reached and the least key in the heap plus the least link weight reaches the largest key given:
   * a scan then shortens no distance (relaxations are strict), so the tree and its ties stay
   * OpenSM's, and an unscanned vertex is no one's predecessor.
   */
  private int grow(int numVertices) {
    int count = 0;
    int finite = 1;
    long maxKey = 0;
    while (!heap.isEmpty()) {
      if (finite == numVertices && heap.minKey() + minWeight >= maxKey && !scanEveryVertex) {
        count = heap.drainTo(order, count);
        treesEndedEarly++;
        break;
      }
      int u = heap.extractMin();
      long du = dist[u];
      if (du == Long.MAX_VALUE) {
        break;
      }
      order[count++] = u;
      // a vertex already out of the heap is never relaxed again: weights are positive, so its
      // distance is at most du
      for (int l = linkStart[u], end = linkStart[u + 1]; l < end; l++) {
        int v = linkTo[l];
        long candidate = du + weight[l];
        if (candidate < dist[v]) {
          if (dist[v] == Long.MAX_VALUE) {
            finite++;
          }
          maxKey = Math.max(maxKey, candidate);
          dist[v] = candidate;
          predLink[v] = l;
          predVertex[v] = u;
          heap.decreaseKey(v, candidate);
        }
      }
    }
    return count;
  }

  /**
   * After {@link #shortestPathTree}: the port number by which switch {@code sw} forwards towards
   * the destination, or -1 when it has none (unreached, or the destination switch itself).
   */
  public int outPortNum(int sw) {
    int link = predLink[sw];
    return link >= 0 ? linkToPort[link] : -1;
  }

  /**
   * Routes LID {@code lid} of end port {@code dest}: its {@link #shortestPathTree}, each switch's
   * port towards it written as row {@code lid} of {@code rows} (the whole row: {@link
   * Routing#NO_ROUTE} for the destination's own switch and the unreached ones), then {@link
   * #addWeights}.
   */
  public void routeLid(int dest, int lid, LidMajorLfts rows, long[] addOfSwitch) {
    shortestPathTree(dest);
    // switch by switch: the row is written in order, not in the tree's
    byte[] entries = rows.entries();
    int row = lid * numSwitches;
    for (int sw = 0; sw < numSwitches; sw++) {
      int link = predLink[sw];
      entries[row + sw] = (byte) (link >= 0 ? linkToPort[link] : Routing.NO_ROUTE);
    }
    pushWeightsUp(addOfSwitch);
  }

  /**
   * After {@link #shortestPathTree}: adds {@code addOfSwitch[sw]} (never negative: weights only
   * grow, which the early end and the level trees rely on) to every link on the path of each
   * reached switch {@code sw} (OpenSM's {@code update_weights} when it is {@link #endPortLids}).
   * Sums are pushed up the tree once, so this is linear in the switches, not in their path lengths.
   */
  public void addWeights(long[] addOfSwitch) {
    if (addOfSwitch.length < numSwitches) {
      throw new IllegalArgumentException(
          "a share for each of " + numSwitches + " switches expected, not " + addOfSwitch.length);
    }
    pushWeightsUp(addOfSwitch);
  }

  /**
   * Adds to the links of each reached switch's path the shares of the switches in its subtree,
   * leaves first, each switch's {@link #subtree} sum gathered from its children's (and left at 0
   * for the next tree).
   */
  private void pushWeightsUp(long[] addOfSwitch) {
    for (int i = reached - 1; i > 0; i--) {
      int v = order[i]; // a switch: only the source can be the pseudo-vertex
      long sum = subtree[v] + addOfSwitch[v];
      subtree[v] = 0;
      int link = predLink[v];
      if (link >= 0 && sum != 0) {
        long raised = weight[link] + sum;
        weight[link] = raised;
        subtree[predVertex[v]] += sum;
        if (link != pseudoLink) {
          maxWeight = Math.max(maxWeight, raised);
          levels.weightChanged(link);
        }
      }
    }
    if (reached > 0) {
      subtree[order[0]] = 0;
    }
  }

  /** A copy of the switch graph's links, for a copy of the search (the queue benchmark's). */
  public Links links() {
    return new Links(linkStart.clone(), linkTo.clone(), linkToPort.clone());
  }

  /** Compressed rows: switch sw's links go to linkTo[linkStart[sw] .. linkStart[sw + 1] - 1]. */
  public record Links(int[] linkStart, int[] linkTo, int[] linkToPort) {}

  /**
   * The end-port LIDs of every switch, a copy of {@link #endPortLids(int)} for {@link #addWeights}.
   */
  public long[] endPortLids() {
    return endPortLids.clone();
  }

  /**
   * OpenSM's destination order: switches by descending {@link #endPortLids} (stable, fabric order
   * on ties); per switch in that order the CA ports cabled to it in port order: first those in
   * {@code first} (compute nodes, {@code -u}), then a second pass over those in {@code second} (I/O
   * nodes, {@code -G}), then a third over the rest; last every switch's port 0. A null mask is an
   * empty one. Ports without a LID and router ports are left out.
   *
   * @param first port-slot mask of the first group, or null
   * @param second port-slot mask of the second group, or null
   */
  public int[] destinationOrder(boolean[] first, boolean[] second) {
    int n = numSwitches;
    int[] bySize = sortedByEndPortLids();
    boolean[] added = new boolean[fabric.numPortSlots()];
    IntArrayList list = new IntArrayList();
    if (first != null) {
      addCaPorts(bySize, first, true, added, list);
    }
    if (second != null) {
      addCaPorts(bySize, second, true, added, list);
    }
    addCaPorts(bySize, null, false, added, list);
    for (int i = 0; i < n; i++) {
      int port0 = fabric.port(bySize[i], 0);
      if (fabric.baseLid(port0) != 0) {
        list.add(port0);
      }
    }
    return list.toIntArray();
  }

  private void addCaPorts(
      int[] bySize, boolean[] mask, boolean listed, boolean[] added, IntArrayList list) {
    for (int sw : bySize) {
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        int peer = fabric.peerPort(fabric.outChannel(sw, i));
        if (fabric.nodeType(fabric.nodeOfPort(peer)) != NodeType.CA
            || fabric.baseLid(peer) == 0
            || added[peer]
            || (listed && !mask[peer])) {
          continue;
        }
        added[peer] = true;
        list.add(peer);
      }
    }
  }

  private int[] sortedByEndPortLids() {
    int n = numSwitches;
    long[] keys = new long[n];
    int[] sws = new int[n];
    for (int sw = 0; sw < n; sw++) {
      sws[sw] = sw;
      keys[sw] = endPortLids[sw];
    }
    it.unimi.dsi.fastutil.ints.IntArrays.mergeSort(sws, (a, b) -> Long.compare(keys[b], keys[a]));
    return sws;
  }
}
