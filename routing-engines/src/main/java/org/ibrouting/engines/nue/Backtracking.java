package org.ibrouting.engines.nue;

import java.util.Arrays;

/**
 * One run's routing tree (distances, used links, the links' weights) and what Nue does at an
 * impasse, the second of {@link NueRouter}'s three parts: OpenSM's local backtracking (a detour
 * into one unreached switch from the stacks of alternatives) and the shortcut check after it. Most
 * runs never backtrack, so the Dijkstra only logs the alternatives it passes; {@link
 * #materializeStacks} files them into the stacks when backtracking starts.
 */
abstract class Backtracking extends LayerColors {
  static final long INF = EscapePaths.INF;

  /**
   * Per link, its weight shifted left by {@link #keyShift} bits and the switch it enters in those
   * bits: the one array {@code NueRouter.scan} reads per edge, and the only copy of the weights
   * (only {@code NueRouter.addWeight} changes them). Weights start at most at 65,535² and grow by
   * at most 255 per switch and LID, so they stay below 2⁴², far from the 2^(63-keyShift) that would
   * overflow.
   */
  final long[] linkKey;

  /** The low bits of a {@link #linkKey} that hold the switch the link enters. */
  final int keyShift;

  final long[] vertexDist;

  final long[] dist;
  final int[] usedLink;

  /**
   * Per switch, the channel whose dependency {@link #usedEdge} last set its {@link #usedLink}, or
   * -1 where something else set it: the tree's edge into the switch, known without a search.
   */
  final int[] usedFrom;

  final int[] usedEdge;

  private final int[] stackLinks;
  final int[] stackSize;
  final int[] stackMark;
  int runMark;
  int[] pushLog = new int[256];

  /**
   * Beside each {@link #pushLog} link, the distance of its channel when it was pushed; beside a
   * {@link #SCAN_RECORD} or a logged word, what that entry says it holds.
   */
  long[] pushDist = new long[256];

  int pushLogSize;

  /**
   * In {@link #pushLog}, where a scan before the first backtracking step starts: its channel's
   * distance in {@link #pushDist}, the channel in the next entry of {@link #pushLog}. The scan's
   * logged edges follow as entries {@code LOGGED_WORD - w} with, in {@link #pushDist}, the class
   * bits of the logged edges of {@link #edgeClass} word {@code w}. Other entries (links, at least
   * 0) are logged one by one.
   */
  static final int SCAN_RECORD = -1;

  private static final int LOGGED_WORD = -2;

  /** {@link #materializeStacks}'s log with every scan record expanded into its links. */
  private int[] expandedLinks = new int[0];

  private long[] expandedDist = new long[0];

  private final int[] depended = new int[256];
  private int[] candidateLink = new int[64];
  private int[] candidateVertex = new int[64];

  /** Backtracking steps taken in the current run. */
  int step;

  Backtracking(NueNetwork net, long initialWeight, boolean plainSearch) {
    super(net, plainSearch);
    keyShift = 32 - Integer.numberOfLeadingZeros(net.numSwitches);
    linkKey = new long[net.numLinks()];
    for (int l = 0; l < linkKey.length; l++) {
      linkKey[l] = initialWeight << keyShift | net.linkTo[l];
    }
    vertexDist = new long[net.numVertices()];
    int n = net.numSwitches;
    dist = new long[n];
    usedLink = new int[n];
    usedFrom = new int[n];
    usedEdge = new int[n];
    stackLinks = new int[net.numLinks()];
    stackSize = new int[n];
    stackMark = new int[net.numLinks()];
  }

  /** The weight of link {@code l}. */
  long weight(int l) {
    return linkKey[l] >>> keyShift;
  }

  /**
   * Appends to the log the used edges of {@link #edgeClass} word {@code w} that a scan logged
   * ({@code logged}, their class bits) at {@code logSize}, unless there are none; returns the new
   * size.
   */
  int logWord(int logSize, int w, long logged) {
    if (logged == 0) {
      return logSize;
    }
    pushLog[logSize] = LOGGED_WORD - w;
    pushDist[logSize] = logged;
    return logSize + 1;
  }

  /** The switch a vertex's channel enters (its own switch for a fake channel). */
  int headOf(int v) {
    int l = net.linkOfVertex[v];
    return l < 0 ? net.tailOfVertex(v) : net.linkTo[l];
  }

  /**
   * Where the edges of vertex {@code v} skip a link of its head (whose links start at {@code
   * firstLink}): edge {@code j} of {@code v} leads to link {@code firstLink + j}, or {@code
   * firstLink + j + 1} from the returned index on (the reverse of {@code v}'s own link, which
   * {@link NueNetwork} leaves out).
   */
  int skipOf(int v, int firstLink) {
    int l = net.linkOfVertex[v];
    return l < 0 ? Integer.MAX_VALUE : net.inverseLink[l] - firstLink;
  }

  /**
   * The link that edge {@code j} (counted from the first) of a vertex leads to, given where its
   * head's links start and its {@link #skipOf}.
   */
  static int linkOfEdge(int firstLink, int j, int skip) {
    return firstLink + j + (j >= skip ? 1 : 0);
  }

  /**
   * Appends {@code link}, whose channel is at distance {@code d}, to the stack of alternatives of
   * the switch it enters unless it is there. Only backtracking reads the stacks, and most runs
   * never backtrack, so the link is only logged here; {@link #materializeStacks} files the log into
   * the stacks in the same order.
   */
  void pushStack(int link, long d) {
    if (pushLogSize == pushLog.length) {
      growPushLog(pushLogSize + 1);
    }
    pushDist[pushLogSize] = d;
    pushLog[pushLogSize++] = link;
  }

  void growPushLog(int capacity) {
    int length = Math.max(2 * pushLog.length, capacity);
    pushLog = Arrays.copyOf(pushLog, length);
    pushDist = Arrays.copyOf(pushDist, length);
  }

  /**
   * Files the logged pushes into the stacks, in order, each link once per run. Before the first
   * backtracking step of a run every switch is scanned at most once, so of the channels pushed then
   * only the one still in the heap for its switch is scanned (read) before backtracking starts:
   * {@code NueRouter.scan} sets that one's distance at once and leaves the others' in the log, set
   * here.
   */
  private void materializeStacks() {
    int count = expandLog();
    int[] links = expandedLinks;
    if (step == 0) {
      for (int i = 0; i < count; i++) {
        vertexDist[net.vertexOf(links[i])] = expandedDist[i];
      }
    }
    for (int i = 0; i < count; i++) {
      int link = links[i];
      if (stackMark[link] != runMark) {
        stackMark[link] = runMark;
        int node = net.linkTo[link];
        stackLinks[net.linkStart[node] + stackSize[node]++] = link;
      }
    }
    pushLogSize = 0;
  }

  /**
   * Writes the log's links and distances, scan records expanded into the links they logged in edge
   * order, to {@link #expandedLinks} and {@link #expandedDist}; returns their number.
   */
  private int expandLog() {
    int count = 0;
    long base = 0;
    int begin = 0;
    int firstLink = 0;
    int skip = 0;
    for (int i = 0; i < pushLogSize; i++) {
      int entry = pushLog[i];
      if (entry >= 0) {
        count = addExpanded(count, entry, pushDist[i]);
      } else if (entry == SCAN_RECORD) {
        base = pushDist[i];
        int curr = pushLog[++i];
        begin = net.edgeStart[curr];
        firstLink = net.linkStart[headOf(curr)];
        skip = skipOf(curr, firstLink);
      } else {
        int first = (LOGGED_WORD - entry) << 5;
        for (long bits = pushDist[i]; bits != 0; bits &= bits - 1) {
          int j = first + (Long.numberOfTrailingZeros(bits) >>> 1) - begin;
          int link = linkOfEdge(firstLink, j, skip);
          count = addExpanded(count, link, base + weight(link));
        }
      }
    }
    return count;
  }

  private int addExpanded(int count, int link, long d) {
    if (count == expandedLinks.length) {
      expandedLinks = Arrays.copyOf(expandedLinks, Math.max(64, 2 * count));
      expandedDist = Arrays.copyOf(expandedDist, expandedLinks.length);
    }
    expandedLinks[count] = link;
    expandedDist[count] = d;
    return count + 1;
  }

  /** OpenSM's local backtracking at an impasse: a detour into one unreached switch, or -1. */
  int backtrack(int source, int color) {
    materializeStacks();
    int n = net.numSwitches;
    int result = -1;
    for (int u = 0; u < n && result < 0; u++) {
      if (dist[u] != INF) {
        continue;
      }
      int numCandidates = collectCandidates(u);
      if (numCandidates == 0) {
        continue;
      }
      sortCandidates(numCandidates);
      for (int k = 0; k < numCandidates; k++) {
        int pre = candidateVertex[k];
        int l1 = candidateLink[k];
        int toU = net.vertexOf(net.inverseLink[l1]);
        if (!detourAllowed(pre, toU, source, color)) {
          continue;
        }
        int uLink = net.linkOfVertex[toU];
        vertexDist[toU] = vertexDist[pre] + weight(uLink);
        if (result < 0) {
          usedLink[u] = uLink;
          usedFrom[u] = -1;
          dist[u] = vertexDist[toU];
          int adj = net.linkTo[l1];
          usedLink[adj] = net.linkOfVertex[pre];
          usedFrom[adj] = -1;
          dist[adj] = vertexDist[pre];
          result = toU;
        } else {
          pushStack(uLink, vertexDist[toU]);
        }
      }
    }
    return result;
  }

  /**
   * The detours into unreached switch {@code u}, as {@link #candidateLink} (the link from a reached
   * neighbour into {@code u}) and {@link #candidateVertex} (a channel on that neighbour's stack of
   * alternatives that every switch relaying through the neighbour can keep depending on); returns
   * their number.
   */
  private int collectCandidates(int u) {
    int numCandidates = 0;
    for (int l1 = net.linkStart[u]; l1 < net.linkStart[u + 1]; l1++) {
      int adj = net.linkTo[l1];
      if (dist[adj] == INF) {
        continue;
      }
      int numDepended = collectDepended(adj);
      int base = net.linkStart[adj];
      for (int k = 0; k < stackSize[adj]; k++) {
        int sl = stackLinks[base + k];
        if (keepsDepended(sl, numDepended)) {
          if (numCandidates == candidateLink.length) {
            candidateLink = Arrays.copyOf(candidateLink, numCandidates * 2);
            candidateVertex = Arrays.copyOf(candidateVertex, numCandidates * 2);
          }
          candidateLink[numCandidates] = l1;
          candidateVertex[numCandidates] = net.vertexOf(sl);
          numCandidates++;
        }
      }
    }
    return numCandidates;
  }

  /**
   * Fills {@link #depended} with the channels out of switch {@code adj} that its neighbours' routes
   * take; returns their number.
   */
  private int collectDepended(int adj) {
    int numDepended = 0;
    for (int l2 = net.linkStart[adj]; l2 < net.linkStart[adj + 1]; l2++) {
      int w = net.linkTo[l2];
      int wl = usedLink[w];
      if (wl >= 0 && net.linkFrom[wl] == adj) {
        depended[numDepended++] = net.vertexOf(wl);
      }
    }
    return numDepended;
  }

  /**
   * Whether the channel of stack link {@code sl} is no U-turn into any of the first {@code
   * numDepended} {@link #depended} channels and has a used dependency into each.
   */
  private boolean keepsDepended(int sl, int numDepended) {
    int c = net.vertexOf(sl);
    for (int m = 0; m < numDepended; m++) {
      int dl = net.linkOfVertex[depended[m]];
      if (net.linkFrom[sl] == net.linkTo[dl] && net.linkTo[sl] == net.linkFrom[dl]) {
        return false;
      }
      int edge = net.edgeBetween(c, depended[m]);
      if (edge < 0 || edgeColor(edge) < ESCAPE) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the route may reach channel {@code toU} from channel {@code pre} (entering the reached
   * neighbour) without a blocked edge or a U-turn, and both the dependency into {@code pre} and the
   * one into {@code toU} close no cycle; a dependency into {@code pre} that was tried for this and
   * was not wet before is reset when the second one fails.
   */
  private boolean detourAllowed(int pre, int toU, int source, int color) {
    int preToU = net.edgeBetween(pre, toU);
    if (preToU < 0 || edgeColor(preToU) == BLOCKED) {
      return false;
    }
    int preLink = net.linkOfVertex[pre];
    int prevSwitch = net.linkFrom[preLink];
    if (prevSwitch == source || usedLink[prevSwitch] < 0) {
      return false;
    }
    int prePreLink = usedLink[prevSwitch];
    if (net.linkFrom[preLink] == net.linkTo[prePreLink]
        && net.linkTo[preLink] == net.linkFrom[prePreLink]) {
      return false;
    }
    int prePre = net.vertexOf(prePreLink);
    int preEdge = net.edgeBetween(prePre, pre);
    if (preEdge < 0 || edgeColor(preEdge) == BLOCKED) {
      return false;
    }
    boolean wasWet = edgeWet[preEdge];
    if (inducesCycle(prePre, preEdge, color)) {
      return false;
    }
    if (inducesCycle(pre, preToU, color)) {
      if (!wasWet) {
        resetEdge(preEdge);
      }
      return false;
    }
    return true;
  }

  /** Stable sort of the candidates by the distance of their channel into the adjacent switch. */
  private void sortCandidates(int count) {
    for (int i = 1; i < count; i++) {
      int link = candidateLink[i];
      int vertex = candidateVertex[i];
      long key = vertexDist[vertex];
      int j = i - 1;
      while (j >= 0 && vertexDist[candidateVertex[j]] > key) {
        candidateLink[j + 1] = candidateLink[j];
        candidateVertex[j + 1] = candidateVertex[j];
        j--;
      }
      candidateLink[j + 1] = link;
      candidateVertex[j + 1] = vertex;
    }
  }

  /**
   * After a backtracking step, whether switch {@code node} may switch to the shorter channel {@code
   * vertex} without a cycle through the switches it already relays to.
   */
  boolean attemptShortcut(int node, int vertex, int color) {
    int oldV = net.vertexOf(usedLink[node]);
    int oldTail = net.linkFrom[usedLink[node]];
    int preOld = usedLink[oldTail] >= 0 ? net.vertexOf(usedLink[oldTail]) : -1;
    int numDependent = 0;
    for (int l = net.linkStart[node]; l < net.linkStart[node + 1]; l++) {
      int w = net.linkTo[l];
      int wl = usedLink[w];
      if (wl >= 0 && net.linkFrom[wl] == node) {
        depended[numDependent++] = net.edgeBetween(vertex, net.vertexOf(wl));
      }
    }
    boolean valid = true;
    int breakPoint = 0;
    boolean[] wasWet = new boolean[numDependent];
    for (int i = 0; i < numDependent; i++) {
      wasWet[i] = depended[i] >= 0 && edgeWet[depended[i]];
    }
    for (int i = 0; i < numDependent; i++) {
      int e = depended[i];
      if (e < 0 || edgeColor(e) == BLOCKED || inducesCycle(vertex, e, color)) {
        valid = false;
        breakPoint = i;
        break;
      }
    }
    if (valid) {
      if (preOld >= 0) {
        resetEdge(net.edgeBetween(preOld, oldV));
      }
      // OpenSM passes the new dependency itself to its reset here (not old -> dependent)
      for (int i = 0; i < numDependent; i++) {
        resetShortcutDependency(depended[i]);
      }
    } else {
      for (int i = 0; i < breakPoint; i++) {
        if (edgeColor(depended[i]) != BLOCKED && !wasWet[i]) {
          resetEdge(depended[i]);
        }
      }
    }
    return valid;
  }
}
