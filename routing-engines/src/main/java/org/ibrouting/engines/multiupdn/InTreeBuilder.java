package org.ibrouting.engines.multiupdn;

import java.util.function.Supplier;
import org.ibrouting.engines.internal.UpDownHops;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.paths.HopTable;

/**
 * Builds the in-tree of one destination LID over all Up*&#47;Down* trees at once (see {@link
 * MultiUpdnEngine} for the rule). One builder per thread; its arrays are the result of the last
 * {@link #build} and are overwritten by the next.
 *
 * <p>With random choice, the LIDs of a destination switch after the first replay the first one's
 * candidate edges (the channels its greedy looked at past finalized switches) instead of scanning
 * every channel again; the in-trees are the same (see {@link #build}).
 *
 * <p>Memory: 11 ints, a long and a boolean per switch, 3 ints per channel for the recorded
 * candidate edges, plus the shared {@link Adjacency}.
 */
final class InTreeBuilder {
  private final Fabric fabric;
  private final int n;
  private final int allTrees;
  private final Adjacency adjacency;
  private final int[] componentSize;
  private final Supplier<UpDownHops> fallback;

  /** The switches of the in-tree, destination first, in order of non-decreasing hop count. */
  final int[] order;

  /** How many switches {@link #order} holds. */
  int count;

  /** Per switch: the channel it forwards on towards the destination (-1 at the destination). */
  final int[] via;

  /** Per switch: the trees in which its route to the destination is up*-then-down*. */
  final int[] legal;

  /** Per switch: the trees in which its route to the destination takes down hops only. */
  final int[] allDown;

  /** Per switch: hops to the destination switch. */
  final int[] dist;

  private final int[] finalizedIn;
  private final int[] markedIn;
  private final int[] candidates;
  private final int[] ties;
  private final long[] subtree;
  private final int[] protectedIn;
  private final boolean[] protectDown;
  private int protectEpoch;

  /**
   * The adjacency entries that {@link #greedy} looked at past finalized switches when it last built
   * the in-tree towards {@link #recordedSw}, in order (entries {@code candidateEnd[i-1] ..
   * candidateEnd[i]-1} from {@code order[i]}), each as its channel, far-end switch and up-tree
   * mask: later LIDs of that switch replay them.
   */
  private final int[] candidateChannel;

  private final int[] candidateHead;
  private final int[] candidateUp;
  private final int[] candidateEnd;

  /** The recorded in-tree's {@link #order}, and where each of its layers ends in it. */
  private final int[] recordedOrder;

  private final int[] recordedLayerEnd;
  private int recordedSw = -1;

  /**
   * In-trees replayed, and replays given up for the greedy (its layers differed), so far: for the
   * tests.
   */
  int replays;

  int replaysAbandoned;

  private boolean recording;
  private int epoch;
  private int layerEpoch;
  private long rng;

  /**
   * The switch-to-switch channels the in-trees grow over, read once per destination LID: for each
   * switch u, in u's port order, every neighbouring switch s (not u itself), the channel from s
   * back to u and the trees in which that channel goes up. Shared by the builders of all threads.
   * Memory: 3 ints per channel.
   */
  static final class Adjacency {
    final int[] start;
    final int[] neighbour;
    final int[] channel;
    final int[] up;

    /**
     * @param upTrees per port slot of a switch-to-switch channel: bit t set when the channel goes
     *     up in tree t
     */
    Adjacency(Fabric fabric, int[] upTrees) {
      int n = fabric.numSwitches();
      start = new int[n + 1];
      int count = 0;
      for (int u = 0; u < n; u++) {
        for (int k = 0; k < fabric.outDegree(u); k++) {
          int s = fabric.channelHead(fabric.outChannel(u, k));
          count += s < n && s != u ? 1 : 0;
        }
      }
      neighbour = new int[count];
      channel = new int[count];
      up = new int[count];
      int i = 0;
      for (int u = 0; u < n; u++) {
        start[u] = i;
        for (int k = 0; k < fabric.outDegree(u); k++) {
          int back = fabric.outChannel(u, k);
          int s = fabric.channelHead(back);
          if (s < n && s != u) {
            neighbour[i] = s;
            channel[i] = fabric.peerPort(back);
            up[i] = upTrees[channel[i]];
            i++;
          }
        }
      }
      start[n] = i;
    }
  }

  /**
   * @param adjacency the channels, with the trees in which each goes up
   * @param componentSize per switch: how many switches (itself included) its component holds
   * @param fallback tree 0's legal hop table, computed on first use
   */
  InTreeBuilder(
      Fabric fabric,
      int numTrees,
      Adjacency adjacency,
      int[] componentSize,
      Supplier<UpDownHops> fallback) {
    this.fabric = fabric;
    this.n = fabric.numSwitches();
    this.allTrees = (1 << numTrees) - 1;
    this.adjacency = adjacency;
    this.componentSize = componentSize;
    this.fallback = fallback;
    order = new int[n];
    via = new int[n];
    legal = new int[n];
    allDown = new int[n];
    dist = new int[n];
    finalizedIn = new int[n];
    markedIn = new int[n];
    candidates = new int[n];
    ties = new int[n];
    subtree = new long[n];
    protectedIn = new int[n];
    protectDown = new boolean[n];
    candidateChannel = new int[adjacency.neighbour.length];
    candidateHead = new int[adjacency.neighbour.length];
    candidateUp = new int[adjacency.neighbour.length];
    candidateEnd = new int[n];
    recordedOrder = new int[n];
    recordedLayerEnd = new int[n + 1];
  }

  /** Restarts the random stream (splitmix64) at {@code seed}. */
  void seed(long seed) {
    rng = seed;
  }

  /** A uniform int in {@code [0, bound)}. */
  int nextInt(int bound) {
    rng += 0x9E3779B97F4A7C15L;
    if (bound == 1) {
      // (z >>> 33) < 2^31, so the product below shifts to 0 whatever z is
      return 0;
    }
    long z = rng;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    z ^= z >>> 31;
    return (int) (((z >>> 33) * bound) >>> 31);
  }

  /**
   * Builds the in-tree towards switch {@code destSw}: greedily, layer by layer, every switch takes
   * the shortest next hop that keeps its route legal in at least one tree; ties are broken at
   * random, or by least {@code load} when it is not null. When switches of the component find no
   * such hop, their tree-0 Up*&#47;Down* routes are protected and the greedy runs again (see {@link
   * MultiUpdnEngine}). With random choice, a first greedy that reached the whole component is
   * recorded, and the next build towards the same switch tries {@link #replay} first.
   */
  void build(int destSw, long[] load) {
    protectEpoch++;
    if (load == null && recordedSw == destSw) {
      long seed = rng;
      if (replay(destSw)) {
        replays++;
        return;
      }
      replaysAbandoned++;
      rng = seed;
    }
    recording = load == null;
    greedy(destSw, load);
    recording = false;
    recordedSw = -1;
    if (load == null && count == componentSize[destSw]) {
      recordedSw = destSw;
      System.arraycopy(order, 0, recordedOrder, 0, count);
    }
    while (count < componentSize[destSw]) {
      UpDownHops hops = fallback.get();
      boolean more = false;
      for (int s = 0; s < n; s++) {
        if (finalizedIn[s] != epoch && hops.least(s, destSw) != HopTable.NO_PATH) {
          more |= protectChain(hops, s, destSw);
        }
      }
      if (!more) {
        // the rest lie beyond tree 0's 254-hop limit, as for updn
        break;
      }
      greedy(destSw, load);
    }
  }

  /**
   * Protects s and the switches of its tree-0 Up*&#47;Down* route (first minimal port in port
   * order) until one already protected: each must keep tree 0 open, all-down where tree 0's route
   * is. A protected switch then always finds a hop, since its next switch on that route is
   * protected too. Returns whether any switch was newly protected.
   */
  private boolean protectChain(UpDownHops hops, int s, int destSw) {
    boolean protectedAny = false;
    while (s != destSw && protectedIn[s] != protectEpoch) {
      protectedAny = true;
      protectedIn[s] = protectEpoch;
      protectDown[s] = hops.lastPhaseOnly(s, destSw);
      int least = hops.least(s, destSw);
      int next = -1;
      for (int k = 0; k < fabric.outDegree(s) && next < 0; k++) {
        int c = fabric.outChannel(s, k);
        if (hops.viaPort(s, fabric.portNum(c), destSw) == least) {
          next = fabric.channelHead(c);
        }
      }
      s = next;
    }
    return protectedAny;
  }

  private void start(int destSw) {
    epoch++;
    finalizedIn[destSw] = epoch;
    dist[destSw] = 0;
    legal[destSw] = allTrees;
    allDown[destSw] = allTrees;
    via[destSw] = -1;
    order[0] = destSw;
    count = 1;
  }

  /**
   * Grows the in-tree layer by layer. Every channel from a switch of the last layer is looked at
   * once, from its far end s: while s is not finalized, {@code via[s]}, {@code legal[s]} and {@code
   * allDown[s]} hold its best hop so far in this layer (reservoir sampling over the legal hops for
   * random ties; the least loaded, first found on ties, for load).
   */
  private void greedy(int destSw, long[] load) {
    start(destSw);
    int recorded = 0;
    int layerStart = 0;
    while (layerStart < count) {
      int layerEnd = count;
      int d = dist[order[layerStart]];
      layerEpoch++;
      int numCandidates = 0;
      int[] adjStart = adjacency.start;
      int[] adjNeighbour = adjacency.neighbour;
      int[] adjChannel = adjacency.channel;
      int[] adjUp = adjacency.up;
      for (int i = layerStart; i < layerEnd; i++) {
        int u = order[i];
        int legalU = legal[u];
        int allDownU = allDown[u];
        for (int a = adjStart[u], end = adjStart[u + 1]; a < end; a++) {
          int s = adjNeighbour[a];
          if (finalizedIn[s] == epoch) {
            continue;
          }
          if (recording) {
            candidateChannel[recorded] = adjChannel[a];
            candidateHead[recorded] = s;
            candidateUp[recorded++] = adjUp[a];
          }
          numCandidates = candidate(s, numCandidates);
          int c = adjChannel[a];
          int up = adjUp[a];
          int l = ((up & legalU) | (~up & allDownU)) & allTrees;
          int dn = ~up & allDownU & allTrees;
          if (l == 0) {
            continue;
          }
          if (protectedIn[s] == protectEpoch && ((protectDown[s] ? dn : l) & 1) == 0) {
            continue;
          }
          boolean take =
              load == null ? nextInt(++ties[s]) == 0 : via[s] < 0 || load[c] < load[via[s]];
          if (take) {
            via[s] = c;
            legal[s] = l;
            allDown[s] = dn;
          }
        }
        candidateEnd[i] = recorded;
      }
      join(numCandidates, d + 1);
      if (recording) {
        recordedLayerEnd[d] = count;
      }
      layerStart = layerEnd;
    }
  }

  /**
   * Lists s as a candidate of the current layer, with no hop yet, unless it already is; returns the
   * number of candidates.
   */
  private int candidate(int s, int numCandidates) {
    if (markedIn[s] == layerEpoch) {
      return numCandidates;
    }
    markedIn[s] = layerEpoch;
    candidates[numCandidates] = s;
    via[s] = -1;
    ties[s] = 0;
    return numCandidates + 1;
  }

  /** Finalizes the candidates of a layer that found a hop, at distance {@code d}. */
  private void join(int numCandidates, int d) {
    for (int j = 0; j < numCandidates; j++) {
      int s = candidates[j];
      if (via[s] >= 0) {
        finalizedIn[s] = epoch;
        dist[s] = d;
        order[count++] = s;
      }
    }
  }

  /**
   * The random greedy of a destination switch whose last in-tree was recorded: the same candidate
   * edges in the same order, so the same draws and choices, without looking at the channels back to
   * finalized switches. The layers are those of the recording as long as each layer's candidates
   * that find a hop are the recorded layer's; returns false (the arrays and random stream then
   * being undefined) as soon as they are not, as {@link #greedy} would then build other layers.
   */
  private boolean replay(int destSw) {
    start(destSw);
    int e = 0;
    // layer k of the in-tree is k hops from the destination switch
    for (int layer = 1, layerStart = 0; layerStart < count; layer++) {
      int layerEnd = count;
      int numCandidates = 0;
      layerEpoch++;
      for (int i = layerStart; i < layerEnd; i++) {
        int u = order[i];
        int legalU = legal[u];
        int allDownU = allDown[u];
        for (int end = candidateEnd[i]; e < end; e++) {
          int s = candidateHead[e];
          numCandidates = candidate(s, numCandidates);
          int up = candidateUp[e];
          int l = ((up & legalU) | (~up & allDownU)) & allTrees;
          if (l != 0 && nextInt(++ties[s]) == 0) {
            via[s] = candidateChannel[e];
            legal[s] = l;
            allDown[s] = ~up & allDownU & allTrees;
          }
        }
      }
      join(numCandidates, layer);
      if (count != recordedLayerEnd[layer - 1]) {
        return false;
      }
      for (int i = layerEnd; i < count; i++) {
        if (order[i] != recordedOrder[i]) {
          return false;
        }
      }
      layerStart = layerEnd;
    }
    return true;
  }

  /**
   * Adds to {@code load[c]} the weight of every switch whose route uses channel c, for the in-tree
   * of the last {@link #build}.
   */
  void addLoad(long[] load, long[] weightOfSwitch) {
    for (int i = 0; i < count; i++) {
      subtree[order[i]] = weightOfSwitch[order[i]];
    }
    for (int i = count - 1; i > 0; i--) {
      int s = order[i];
      int c = via[s];
      load[c] += subtree[s];
      subtree[fabric.channelHead(c)] += subtree[s];
    }
  }
}
