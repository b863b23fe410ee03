package org.ibrouting.engines.multiupdn;

import java.util.function.Supplier;
import org.ibrouting.engines.updown.UpDownHops;
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
 * <p>Memory: 15 ints, a long and a boolean per switch, 6 ints per channel for the recorded
 * candidate edges (3 of them grouping each layer's by far-end switch), plus the shared {@link
 * Adjacency}.
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

  /** Per recorded candidate edge: the index in {@link #recordedOrder} of the switch it leaves. */
  private final int[] candidateFrom;

  /**
   * The recorded candidate edges of each layer grouped by their far-end switch (groups in order of
   * first appearance, edges in edge order within a group): group g holds {@code
   * groupEdges[groupEnd[g-1] .. groupEnd[g]-1]}, and the groups of layer k end at {@code
   * layerGroupEnd[k-1]}.
   */
  private final int[] groupEdges;

  private final int[] groupEnd;
  private final int[] layerGroupEnd;
  private final int[] groupOf;

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

  /** Replayed layers whose draws were taken backwards, and one by one: for the tests. */
  int layersBackwards;

  int layersForwards;

  private boolean recording;
  private int epoch;
  private int layerEpoch;
  private final SplitMix64 random = new SplitMix64();

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
    candidateFrom = new int[adjacency.neighbour.length];
    groupEdges = new int[adjacency.neighbour.length];
    groupEnd = new int[adjacency.neighbour.length];
    layerGroupEnd = new int[n + 1];
    groupOf = new int[n];
    recordedOrder = new int[n];
    recordedLayerEnd = new int[n + 1];
  }

  /** Restarts the random stream (splitmix64) at {@code seed}. */
  void seed(long seed) {
    random.counter = seed;
  }

  /** A uniform int in {@code [0, bound)}. */
  int nextInt(int bound) {
    return random.nextInt(bound);
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
      long seed = random.counter;
      if (replay(destSw)) {
        replays++;
        return;
      }
      replaysAbandoned++;
      random.counter = seed;
    }
    recording = load == null;
    greedy(destSw, load);
    recording = false;
    recordedSw = -1;
    if (load == null && count == componentSize[destSw]) {
      recordedSw = destSw;
      System.arraycopy(order, 0, recordedOrder, 0, count);
      groupRecordedEdges();
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
            candidateFrom[recorded] = i;
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
    int group = 0;
    // layer k of the in-tree is k hops from the destination switch
    for (int layer = 1, layerStart = 0; layerStart < count; layer++) {
      int layerEnd = count;
      layerEpoch++;
      int first = e;
      int allLegal = 1;
      for (int i = layerStart; i < layerEnd; i++) {
        int u = order[i];
        int legalU = legal[u];
        int allDownU = allDown[u];
        for (int end = candidateEnd[i]; e < end; e++) {
          int up = candidateUp[e];
          allLegal &= -(((up & legalU) | (~up & allDownU)) & allTrees) >>> 31;
        }
      }
      int numCandidates;
      if (allLegal != 0) {
        numCandidates = drawBackwards(first, e, group, layerGroupEnd[layer - 1]);
        layersBackwards++;
      } else {
        numCandidates = drawForwards(layerStart, layerEnd, first);
        layersForwards++;
      }
      group = layerGroupEnd[layer - 1];
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
   * The draws of a layer whose recorded candidate edges {@code first .. end-1} are all legal: the
   * k-th of them draws at the k-th counter step after the layer's start, from a range as large as
   * its rank among its switch's edges, so each switch's choice, its last edge that draws 0, is
   * found by drawing from its last edge backwards until one does (the first always does). That is
   * half the draws on average, and one mispredicted branch per switch instead of one every few
   * edges.
   */
  private int drawBackwards(int first, int end, int group, int groupsEnd) {
    long base = random.counter;
    int numCandidates = 0;
    for (; group < groupsEnd; group++) {
      int from = group == 0 ? 0 : groupEnd[group - 1];
      int idx = groupEnd[group] - 1;
      while (idx > from
          && SplitMix64.drawAt(
                  base + (groupEdges[idx] - first + 1) * SplitMix64.GAMMA, idx - from + 1)
              != 0) {
        idx--;
      }
      int e = groupEdges[idx];
      int s = candidateHead[e];
      numCandidates = candidate(s, numCandidates);
      int u = order[candidateFrom[e]];
      int up = candidateUp[e];
      via[s] = candidateChannel[e];
      legal[s] = ((up & legal[u]) | (~up & allDown[u])) & allTrees;
      allDown[s] = ~up & allDown[u] & allTrees;
    }
    random.counter = base + (end - first) * SplitMix64.GAMMA;
    return numCandidates;
  }

  /** The draws of a layer with an illegal candidate edge, one by one in edge order. */
  private int drawForwards(int layerStart, int layerEnd, int first) {
    int e = first;
    int numCandidates = 0;
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
    return numCandidates;
  }

  /** Fills {@link #groupEdges} and its bounds from the recording just made. */
  private void groupRecordedEdges() {
    int group = 0;
    for (int layer = 1, layerStart = 0, layerEnd = 1, a = 0;
        layerStart < count;
        layerStart = layerEnd, layerEnd = recordedLayerEnd[layer - 1], layer++) {
      int b = candidateEnd[layerEnd - 1];
      for (int e = a; e < b; e++) {
        groupOf[candidateHead[e]] = -1;
      }
      int firstGroup = group;
      for (int e = a; e < b; e++) {
        int s = candidateHead[e];
        if (groupOf[s] < 0) {
          groupOf[s] = group;
          groupEnd[group++] = 0;
        }
        groupEnd[groupOf[s]]++;
      }
      for (int g = firstGroup, sum = a; g < group; g++) {
        sum += groupEnd[g];
        groupEnd[g] = sum;
      }
      for (int e = b - 1; e >= a; e--) {
        groupEdges[--groupEnd[groupOf[candidateHead[e]]]] = e;
      }
      for (int g = firstGroup; g < group; g++) {
        groupEnd[g] = g + 1 < group ? groupEnd[g + 1] : b;
      }
      layerGroupEnd[layer - 1] = group;
      a = b;
    }
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
