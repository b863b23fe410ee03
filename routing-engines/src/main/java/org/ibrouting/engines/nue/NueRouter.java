package org.ibrouting.engines.nue;

import java.util.Arrays;
import org.ibrouting.internal.QuaternaryHeap;

/**
 * One virtual layer's routing: the modified Dijkstra on the layer's cCDG ({@link LayerColors}), its
 * escape-path fallback and the final colouring of each run; backtracking and shortcuts at an
 * impasse are in {@link Backtracking}.
 *
 * <p>OpenSM's Dijkstra walks every edge of a settled vertex twice (used ones, then unused ones),
 * resolving its colour each time; here each walk visits only the edges of its class, found from the
 * class bits kept with the colours ({@link #scan}), the channel an edge leads to is computed from
 * the network's layout, and the stacks of alternatives that only backtracking reads are filled
 * lazily. Where an edge of the scanned vertex changes class behind the walk, the one-by-one walk
 * takes over at the same step.
 *
 * <p>Longer than most files: the Dijkstra, the escape-path fallback and the final colouring share
 * one run's state and keep the edge classes in step with the colours.
 */
final class NueRouter extends Backtracking {

  /** The weight every link starts with, which none goes below. */
  private final long minWeight;

  /** The largest key put into the heap in this run. */
  private long maxHeapKey;

  /** Runs that ended at step 0 without scanning the channels still in the heap (tests). */
  long runsEndedEarly;

  /** Channels left unscanned because none of their dependencies could shorten a route (tests). */
  long scansSkipped;

  private final QuaternaryHeap heap;
  private final int[] foundAfterStep;
  private final int[] treeBelow;
  private final int[] treeChildren;
  private final int[] treeReady;

  final int[] escapeLink;

  /**
   * Counters over all runs: backtracking steps that found a detour, escape-path fallbacks,
   * shortcuts taken.
   */
  long backtrackSteps;

  long escapeFallbacks;
  long shortcuts;

  /**
   * Tree dependencies between switch-to-switch channels that were neither used nor hidden at the
   * end of their run (counted with {@link #checkTrees}; none unless the bookkeeping is broken).
   */
  long unrecordedDependencies;

  /** Tests: count {@link #unrecordedDependencies} after every run. */
  boolean checkTrees;

  /**
   * Tests: hand over to {@link #scanFrom} after about a third of the edges, as if they changed
   * class.
   */
  boolean resumeOften;

  /** Switches reached in the current run. */
  private int found;

  /**
   * @param plainSearch check cycles by depth-first search and walk every vertex's edges one by one,
   *     reading each colour in turn, as OpenSM does, without the topological order and the edge
   *     classes (slower; for tests that compare the two)
   */
  NueRouter(NueNetwork net, long initialWeight, boolean plainSearch) {
    super(net, initialWeight, plainSearch);
    minWeight = initialWeight;
    heap = new QuaternaryHeap(net.numVertices());
    int n = net.numSwitches;
    foundAfterStep = new int[n];
    treeBelow = new int[n];
    treeChildren = new int[n];
    treeReady = new int[n];
    escapeLink = new int[n];
  }

  /**
   * @param plainSearch check cycles by depth-first search and walk every vertex's edges one by one,
   *     reading each colour in turn, as OpenSM does, without the topological order and the edge
   *     classes (slower; for tests that compare the two)
   */

  /** Adds {@code add} to the weight of link {@code l}. */
  void addWeight(int l, long add) {
    linkKey[l] += add << keyShift;
  }

  /**
   * The least link weight for {@link EscapePaths#spanningTree}, or -1 with {@link #plainSearch}:
   * OpenSM's way scans every switch.
   */
  long treeMinWeight() {
    return plainSearch ? -1 : minWeight;
  }

  /** A copy of every link's weight (tests). */
  long[] weights() {
    long[] weights = new long[linkKey.length];
    for (int l = 0; l < weights.length; l++) {
      weights[l] = weight(l);
    }
    return weights;
  }

  /**
   * Adds to each link of the tree {@link #usedLink} towards switch {@code destNode} the terminal
   * counts (a byte each, as in OpenSM) of the switches whose paths cross it: what adding each
   * switch's count along its own path adds, summed up the tree from its leaves in one pass.
   *
   * @return -1, or a switch where the links do not lead to {@code destNode} (a cycle or a path that
   *     ends elsewhere)
   */
  int addPathWeights(int destNode) {
    int n = net.numSwitches;
    int[] used = usedLink;
    int[] below = treeBelow;
    int[] children = treeChildren;
    int[] ready = treeReady;
    int members = 0;
    for (int i = 0; i < n; i++) {
      below[i] = net.numTerminals[i] & 0xFF;
      children[i] = 0;
    }
    for (int i = 0; i < n; i++) {
      if (i != destNode && used[i] >= 0) {
        members++;
        children[net.linkFrom[used[i]]]++;
      }
    }
    int numReady = 0;
    for (int i = 0; i < n; i++) {
      if (i != destNode && used[i] >= 0 && children[i] == 0) {
        ready[numReady++] = i;
      }
    }
    int done = 0;
    while (numReady > 0) {
      int i = ready[--numReady];
      int l = used[i];
      if (l < 0) {
        return i;
      }
      done++;
      addWeight(l, below[i]);
      int parent = net.linkFrom[l];
      below[parent] += below[i];
      if (--children[parent] == 0 && parent != destNode) {
        ready[numReady++] = parent;
      }
    }
    if (done == members) {
      return -1;
    }
    for (int i = 0; i < n; i++) {
      if (i != destNode && used[i] >= 0 && children[i] > 0) {
        return i;
      }
    }
    return destNode;
  }

  // ---- escape paths ---------------------------------------------------------------------------

  /** Colours the escape paths of the tree {@link #escapeLink} rooted at {@code central}. */
  void markEscapePaths(int central, EscapePaths trees) {
    int n = net.numSwitches;
    int centralLinks = net.linkStart[central + 1] - net.linkStart[central];
    int[] intoCentral = new int[centralLinks];
    int numInto = 0;
    for (int a = 0; a < n; a++) {
      int cur = escapeLink[a];
      while (cur >= 0) {
        int parent = net.linkFrom[cur];
        int curV = net.vertexOf(cur);
        setNodeObj(curV, ESCAPE);
        int next = escapeLink[parent];
        if (next < 0) {
          boolean known = false;
          for (int k = 0; k < numInto; k++) {
            if (intoCentral[k] == cur) {
              known = true;
              break;
            }
          }
          if (!known && numInto < centralLinks) {
            intoCentral[numInto++] = cur;
          }
          break;
        }
        int nextV = net.vertexOf(next);
        setNodeObj(nextV, ESCAPE);
        colorEscapeEdge(nextV, curV);
        if (trees.hasAdjDestinations(a)) {
          int revCur = net.vertexOf(net.inverseLink[cur]);
          int revNext = net.vertexOf(net.inverseLink[next]);
          setNodeObj(revCur, ESCAPE);
          setNodeObj(revNext, ESCAPE);
          colorEscapeEdge(revCur, revNext);
          for (int l = net.linkStart[parent]; l < net.linkStart[parent + 1]; l++) {
            int adj = escapeLink[net.linkTo[l]];
            if (adj >= 0 && net.linkFrom[adj] == parent && net.linkTo[adj] != net.linkTo[cur]) {
              colorEscapeEdge(revCur, net.vertexOf(adj));
            }
          }
        }
        cur = next;
      }
    }
    for (int i = 0; i < numInto; i++) {
      for (int j = 0; j < numInto; j++) {
        if (i == j) {
          continue;
        }
        int curV = net.vertexOf(intoCentral[i]);
        int revNext = net.vertexOf(net.inverseLink[intoCentral[j]]);
        setNodeObj(curV, ESCAPE);
        setNodeObj(revNext, ESCAPE);
        colorEscapeEdge(revNext, curV);
      }
    }
  }

  // ---- modified Dijkstra ----------------------------------------------------------------------

  /**
   * Routes every switch towards switch {@code source} (the destination's switch) for the
   * destination LID of colour {@code color}; afterwards {@link #usedLink}{@code [i]} is the link
   * from switch {@code i}'s next hop to {@code i} (-1 at {@code source}).
   */
  void route(int source, int color) {
    int n = net.numSwitches;
    for (int i = 0; i < n; i++) {
      dist[i] = INF;
      usedLink[i] = -1;
      usedFrom[i] = -1;
      stackSize[i] = 0;
      foundAfterStep[i] = -1;
    }
    if (++runMark == Integer.MAX_VALUE) {
      Arrays.fill(stackMark, 0);
      runMark = 1;
    }
    pushLogSize = 0;
    dist[source] = 0;
    int fake = net.fake(source);
    if (nodeColor(fake) > UNUSED) {
      setRealColor(nodeObj(fake), color);
    } else {
      setNodeObj(fake, color);
    }
    vertexDist[fake] = 0;
    step = 0;
    found = 1;
    maxHeapKey = 0;
    int curr = fake;
    heap.clear();
    do {
      scan(curr, color);
      if (nothingLeftToImprove()) {
        heap.clear();
        runsEndedEarly++;
      }
      curr = heap.isEmpty() ? -1 : heap.extractMin();
      if (curr < 0 && found != n) {
        curr = backtrack(source, color);
        if (curr >= 0) {
          found++;
          step++;
          backtrackSteps++;
        } else {
          useEscapePaths(source);
          escapeFallbacks++;
          step = 0;
        }
      }
    } while (curr >= 0);
    fixColors(source, fake);
    if (checkTrees) {
      countUnrecorded(source);
    }
  }

  /**
   * Whether the channels still in the heap can be left unscanned: before the first backtracking
   * step, with every switch reached, a scan only shortens a route to a switch whose channel waits
   * in the heap, and its dependencies are at least the least key plus the least weight away, so
   * none does when that reaches the largest key. What such a scan would still do is log its used
   * dependencies for backtracking, which a run that reached every switch does not take. OpenSM
   * scans them all, and so does {@link #plainSearch}.
   */
  private boolean nothingLeftToImprove() {
    return !plainSearch
        && step == 0
        && found == net.numSwitches
        && !heap.isEmpty()
        && heap.minKey() + minWeight >= maxHeapKey;
  }

  /**
   * Relaxes the dependencies of vertex {@code curr} as OpenSM does: first those in use (colour at
   * least {@link #ESCAPE}), then the unused ones, each in edge order, each judged by its colour
   * when its turn comes. Each of the two walks visits only the edges of its class, found from the
   * set bits of {@link #edgeClass} (no branch on a class per edge): the same walks, as an edge of
   * the other class does nothing in a walk. Should an edge of {@code curr} change class during the
   * scan (only a reset through a parallel link or a colour merge across "unused" can do that),
   * {@link #scanFrom} takes over at the same position, so every edge is judged exactly as the
   * one-by-one walk would. Once every switch is reached before the first backtracking step, a
   * channel none of whose dependencies can shorten a route is not walked at all ({@link
   * #mayShorten}).
   */
  private void scan(int curr, int color) {
    int begin = net.edgeStart[curr];
    int end = net.edgeStart[curr + 1];
    if (!classesValid) {
      scanFrom(curr, color, 0);
      return;
    }
    int degree = end - begin;
    int head = headOf(curr);
    if (cannotAct(curr, head)) {
      scansSkipped++;
      return;
    }
    int firstLink = net.linkStart[head];
    int skip = skipOf(curr, firstLink);
    if (pushLogSize + degree + (degree >>> 5) + 4 > pushLog.length) {
      growPushLog(pushLogSize + degree + (degree >>> 5) + 4);
    }
    scanBegin = begin;
    scanEnd = end;
    scanCurrent = -1;
    scanDirty = false;
    long base = vertexDist[curr];
    if (scanUsed(curr, color, head, firstLink, skip, base)) {
      scanUnused(curr, color, head, firstLink, skip, base);
    }
  }

  /**
   * The first walk of {@link #scan}: the used edges of {@code curr} (entering {@code head}, whose
   * links start at {@code firstLink}, at distance {@code base}) in edge order, each relaxed if it
   * shortens the route to its switch, else logged as an alternative for backtracking. Returns false
   * when an edge changed class and {@link #scanFrom} finished the scan.
   */
  private boolean scanUsed(int curr, int color, int head, int firstLink, int skip, long base) {
    int begin = scanBegin;
    int end = scanEnd;
    int degree = end - begin;
    long[] keys = linkKey;
    int shift = keyShift;
    long mask = (1L << shift) - 1;
    long[] distances = dist;
    long[] channelDist = vertexDist;
    int[] log = pushLog;
    long[] logDist = pushDist;
    long[] classes = edgeClass;
    boolean pushAll = step == 0;
    boolean resume = resumeOften;
    int logSize = pushLogSize;
    if (pushAll) {
      log[logSize] = SCAN_RECORD;
      logDist[logSize++] = base;
      log[logSize++] = curr;
    }
    int lastWord = degree == 0 ? -1 : (end - 1) >>> 5;
    for (int w = begin >>> 5; w <= lastWord; w++) {
      int first = w << 5;
      long used = classes[w] & USED_BITS & windowMask(first, begin, end);
      long logged = 0;
      while (used != 0) {
        long bit = used & -used;
        int e = first + (Long.numberOfTrailingZeros(used) >>> 1);
        used ^= bit;
        int j = e - begin;
        int link = linkOfEdge(firstLink, j, skip);
        long key = keys[link];
        int reached = (int) (key & mask);
        long d = base + (key >>> shift);
        if (d < distances[reached]) {
          pushLogSize = logSize;
          improve(curr, e, link + head + 1, link, reached, d, color);
          logSize = pushLogSize;
        } else if (pushAll) {
          if (usedLink[reached] == link) {
            // the channel is the one in the heap for its switch: its scan reads this distance
            channelDist[link + head + 1] = d;
          }
          logged |= bit;
        } else if (usedLink[reached] < 0) {
          channelDist[link + head + 1] = d;
          logDist[logSize] = d;
          log[logSize++] = link;
        }
        if (scanDirty || resume && (e ^ curr) % 3 == 0) {
          logSize = logWord(logSize, w, logged);
          pushLogSize = logSize;
          scanBegin = scanEnd = 0;
          scanFrom(curr, color, j + 1);
          return false;
        }
      }
      logSize = logWord(logSize, w, logged);
    }
    pushLogSize = logSize;
    return true;
  }

  /**
   * Whether a scan of channel {@code curr}, which enters switch {@code head}, can be left out:
   * every switch is reached before the first backtracking step and no dependency of the channel can
   * shorten a route ({@link #mayShorten}). Never in OpenSM's way ({@link #plainSearch}).
   */
  private boolean cannotAct(int curr, int head) {
    return !plainSearch
        && step == 0
        && found == net.numSwitches
        && !mayShorten(vertexDist[curr], head);
  }

  /**
   * Whether some link of switch {@code head}, taken after a channel that enters it at distance
   * {@code base}, leads to a switch farther than that: the only way a scan of the channel can act
   * once every switch is reached before the first backtracking step. Then the run never backtracks,
   * so what a scan logs for backtracking is never read, and a dependency that shortens no route is
   * neither relaxed nor checked for a cycle; a scan without such a link does nothing that counts.
   * Most channels scanned after the last switch is reached are such (99% on fat trees with several
   * layers), and this loop reads half of what their scans would.
   */
  private boolean mayShorten(long base, int head) {
    long[] keys = linkKey;
    int shift = keyShift;
    long mask = (1L << shift) - 1;
    long[] distances = dist;
    for (int l = net.linkStart[head]; l < net.linkStart[head + 1]; l++) {
      long key = keys[l];
      if (base + (key >>> shift) < distances[(int) (key & mask)]) {
        return true;
      }
    }
    return false;
  }

  /**
   * The second walk of {@link #scan}: the unused edges of {@code curr} (entering {@code head},
   * whose links start at {@code firstLink}, at distance {@code base}) in edge order, each relaxed
   * if it shortens the route to its switch and closes no cycle.
   */
  private void scanUnused(int curr, int color, int head, int firstLink, int skip, long base) {
    int begin = scanBegin;
    int end = scanEnd;
    int degree = end - begin;
    long[] keys = linkKey;
    int shift = keyShift;
    long mask = (1L << shift) - 1;
    long[] distances = dist;
    long[] classes = edgeClass;
    boolean resume = resumeOften;
    int lastWord = degree == 0 ? -1 : (end - 1) >>> 5;
    for (int w = begin >>> 5; w <= lastWord; w++) {
      int first = w << 5;
      long unused = classes[w] & ~(classes[w] >>> 1) & UNUSED_BITS & windowMask(first, begin, end);
      while (unused != 0) {
        int e = first + (Long.numberOfTrailingZeros(unused) >>> 1);
        unused &= unused - 1;
        int j = e - begin;
        int link = linkOfEdge(firstLink, j, skip);
        long key = keys[link];
        int reached = (int) (key & mask);
        long d = base + (key >>> shift);
        if (d < distances[reached]) {
          scanCurrent = e;
          if (!inducesCycleUnused(curr, e, link + head + 1, color)) {
            improve(curr, e, link + head + 1, link, reached, d, color);
          }
        }
        if (scanDirty || resume && (e ^ curr) % 3 == 0) {
          scanBegin = scanEnd = 0;
          scanFrom(curr, color, degree + j + 1);
          return;
        }
      }
    }
    scanBegin = scanEnd = 0;
    scanCurrent = -1;
  }

  /**
   * The bits of the {@link #edgeClass} word that starts at edge {@code first} that hold edges
   * {@code begin..end-1}.
   */
  private static long windowMask(int first, int begin, int end) {
    long m = begin > first ? -1L << ((begin - first) << 1) : -1L;
    return end - first < 32 ? m & ((1L << ((end - first) << 1)) - 1) : m;
  }

  /**
   * OpenSM's walk over the edges of {@code curr}, used edges in a first pass and unused ones in a
   * second, from position {@code from} of the {@code 2 x degree} steps on, each edge's colour read
   * when its turn comes.
   */
  private void scanFrom(int curr, int color, int from) {
    int begin = net.edgeStart[curr];
    int degree = net.edgeStart[curr + 1] - begin;
    int head = headOf(curr);
    int firstLink = net.linkStart[head];
    int skip = skipOf(curr, firstLink);
    for (int j = from; j < 2 * degree; j++) {
      boolean overUsed = j < degree;
      int k = overUsed ? j : j - degree;
      int e = begin + k;
      int col = edgeColor(e);
      if (overUsed ? col < ESCAPE : col != UNUSED) {
        continue;
      }
      visit(curr, e, linkOfEdge(firstLink, k, skip), head, col, color);
    }
  }

  /**
   * One edge of OpenSM's walk: relaxes the channel {@code edgeTarget[e]} (the vertex of {@code
   * link}, which leaves switch {@code head}) over dependency {@code e} of {@code curr}, whose
   * colour {@code col} is at least {@link #ESCAPE} (first pass) or {@link #UNUSED} (second pass);
   * only its class matters.
   */
  private void visit(int curr, int e, int link, int head, int col, int color) {
    int next = link + head + 1;
    long d = vertexDist[curr] + weight(link);
    int reached = net.linkTo[link];
    if (d < dist[reached]) {
      // a used edge closes no cycle (OpenSM's check returns at once), so only unused ones are asked
      if (col > UNUSED || !inducesCycle(curr, e, color)) {
        improve(curr, e, next, link, reached, d, color);
      }
    } else if (col > UNUSED) {
      if (step != 0 && usedLink[reached] >= 0) {
        return;
      }
      vertexDist[next] = d;
      pushStack(link, d);
    }
  }

  /**
   * A shorter distance to switch {@code reached} through channel {@code next}, over dependency
   * {@code e} of channel {@code curr}.
   */
  private void improve(int curr, int e, int next, int link, int reached, long d, int color) {
    if (step != 0 && usedLink[reached] >= 0 && step != foundAfterStep[reached]) {
      if (!attemptShortcut(reached, next, color)) {
        return;
      }
      shortcuts++;
    } else {
      if (usedLink[reached] >= 0) {
        int old = net.vertexOf(usedLink[reached]);
        if (heap.contains(old)) {
          int removed = heap.delete(old);
          int tail = net.tailOfVertex(removed);
          if (usedLink[tail] >= 0) {
            resetEdge(treeEdge(reached, net.vertexOf(usedLink[tail]), removed));
          }
        }
      } else {
        found++;
        foundAfterStep[reached] = step;
      }
      vertexDist[next] = d;
      heap.insert(next, d);
      maxHeapKey = Math.max(maxHeapKey, d);
    }
    dist[reached] = d;
    usedLink[reached] = link;
    usedFrom[reached] = curr;
    usedEdge[reached] = e;
  }

  /**
   * The dependency from channel {@code pre} to channel {@code v}, the channel of switch {@code i}'s
   * {@link #usedLink}: the one recorded when that link was set, if it was set from {@code pre}.
   */
  private int treeEdge(int i, int pre, int v) {
    return usedFrom[i] == pre ? usedEdge[i] : net.edgeBetween(pre, v);
  }

  /**
   * Keeps the dependencies hidden in this run that its final tree towards {@code source} uses and
   * drops the others from the hidden ones (and from the order, now that they are unused).
   */
  private void keepHiddenTreeEdges(int source, int fake) {
    for (int k = 0; k < numHiddenInRun; k++) {
      int e = hiddenInRun[k];
      if (!isTreeEdge(e, source, fake)) {
        hidden[e >>> 6] &= ~(1L << e);
        numHidden--;
        if (orderValid && edgeColor(e) <= UNUSED) {
          order.remove(e);
        }
      }
    }
    numHiddenInRun = 0;
  }

  /**
   * Counts into {@link #unrecordedDependencies} the dependencies between two switch-to-switch
   * channels of the tree towards {@code source} that are neither used nor hidden: none, unless the
   * layer's acyclic graph misses a dependency a route takes.
   */
  private void countUnrecorded(int source) {
    for (int i = 0; i < net.numSwitches; i++) {
      int l = usedLink[i];
      int from = l < 0 ? source : net.linkFrom[l];
      if (from == source || usedLink[from] < 0) {
        continue;
      }
      int e = net.edgeBetween(net.vertexOf(usedLink[from]), net.vertexOf(l));
      if (e < 0 || edgeColor(e) <= UNUSED && !isHidden(e)) {
        unrecordedDependencies++;
      }
    }
  }

  /** The impasse could not be solved: route along the escape tree, reversed towards the source. */
  private void useEscapePaths(int source) {
    int n = net.numSwitches;
    System.arraycopy(escapeLink, 0, usedLink, 0, n);
    Arrays.fill(usedFrom, 0, n, -1);
    int node = source;
    int cur = usedLink[node];
    if (cur < 0) {
      return;
    }
    usedLink[node] = -1;
    while (cur >= 0) {
      int parent = net.linkFrom[cur];
      int reverse = net.inverseLink[cur];
      cur = usedLink[parent];
      usedLink[parent] = reverse;
      node = parent;
    }
  }

  /** Dries the colours on the final tree, resets everything else painted in this run, flattens. */
  private void fixColors(int source, int fake) {
    // the wet holders of the final tree dry; the rest of what this run painted goes back to unused
    for (int k = 0; k < numWetNodes; k++) {
      int v = wetNodes[k];
      if (nodeWet[v]) {
        if (!isTreeChannel(v)) {
          setNodeObj(v, UNUSED);
        }
        nodeWet[v] = false;
      }
    }
    numWetNodes = 0;
    for (int k = 0; k < numWetEdges; k++) {
      int e = wetEdges[k];
      if (edgeWet[e]) {
        if (!isTreeEdge(e, source, fake)) {
          setEdgeObj(e, UNUSED);
        }
        edgeWet[e] = false;
      }
    }
    numWetEdges = 0;
    keepHiddenTreeEdges(source, fake);
    colors.flatten();
  }

  /** Whether channel {@code v} is the {@link #usedLink} of the switch it enters. */
  private boolean isTreeChannel(int v) {
    int l = net.linkOfVertex[v];
    return l >= 0 && usedLink[net.linkTo[l]] == l;
  }

  /**
   * Whether dependency {@code e} joins two channels of the final tree towards {@code source} (whose
   * fake channel is {@code fake}): the channel of a switch's {@link #usedLink} and the one of the
   * switch it leaves, or the fake channel at the source.
   */
  private boolean isTreeEdge(int e, int source, int fake) {
    int v = net.edgeTarget[e];
    if (!isTreeChannel(v)) {
      return false;
    }
    int l = net.linkOfVertex[v];
    int from = net.linkFrom[l];
    int pre = from == source ? fake : (usedLink[from] >= 0 ? net.vertexOf(usedLink[from]) : -1);
    return pre >= 0 && treeEdge(net.linkTo[l], pre, v) == e;
  }
}
