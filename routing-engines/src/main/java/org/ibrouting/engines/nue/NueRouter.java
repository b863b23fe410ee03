package org.ibrouting.engines.nue;

import java.util.Arrays;
import org.ibrouting.internal.ClimbingOrder;
import org.ibrouting.internal.IncrementalCdg;
import org.ibrouting.internal.QuaternaryHeap;
import org.ibrouting.routing.RoutingException;

/**
 * One virtual layer's routing state: the cCDG colouring and the modified Dijkstra on it.
 *
 * <p>Colours are OpenSM's, kept in a {@link ColorStore}: every vertex and edge points at a colour
 * object whose real colour is one indirection away. Object 0 = blocked, 1 = unused, 2 = escape
 * paths, 3.. = one per routed destination LID. An edge is <em>used</em> (part of the layer's
 * acyclic dependency graph) when its real colour exceeds 1. Where OpenSM searches the used subgraph
 * depth-first for a path back (a cycle), we ask an {@code IncrementalCdg} kept in step with the
 * used edges, which answers the same question from a topological order (started from {@code
 * ClimbingOrder}).
 *
 * <p>One departure keeps every layer acyclic, as Nue promises and OpenSM 3.3.23 does not always
 * deliver: after a shortcut, OpenSM resets the dependencies the shortcut's channel now has into the
 * switches it relays to (it means the old channel's, but passes these), so its tree routes over
 * dependencies the layer's graph no longer holds, and a later destination can close a cycle through
 * them: a credit loop (a 10x10 torus with 3 CAs per switch and 7 VLs, OpenSM's own split, is one).
 * Here such a dependency loses its colour as in OpenSM, so that every scan and colour test stays
 * OpenSM's, but stays <em>hidden</em> in the order and in every cycle check while a tree uses it
 * ({@link #resetShortcutDependency}); and an edge that closes a cycle is refused also where
 * OpenSM's colour rule (two subgraphs of different colours) takes it without a search. The tables
 * differ from OpenSM's only where OpenSM takes a dependency that closes a cycle.
 *
 * <p>OpenSM's Dijkstra walks every edge of a settled vertex twice (used ones, then unused ones),
 * resolving its colour each time; here two bits per edge keep its class (blocked, unused, used) in
 * step with the colours, each walk visits only the edges of its class, found from those bits
 * ({@link #scan}), the channel an edge leads to is computed from the network's layout, and the
 * stacks of alternatives that only backtracking reads are filled lazily. Where an edge of the
 * scanned vertex changes class behind the walk, the one-by-one walk takes over at the same step.
 *
 * <p>Longer than most files: the Dijkstra, its backtracking and shortcuts, the escape-path fallback
 * and the final colouring share one run's state (distances, used links, stacks of alternatives, the
 * wet vertices and edges) and keep the edge classes in step with the colours; the colours
 * themselves live in {@link ColorStore}.
 */
final class NueRouter {
  static final int BLOCKED = 0;
  static final int UNUSED = 1;
  static final int ESCAPE = 2;
  private static final long INF = EscapePaths.INF;

  private final NueNetwork net;

  /**
   * Per link, its weight shifted left by {@link #keyShift} bits and the switch it enters in those
   * bits: the one array {@link #scan} reads per edge, and the only copy of the weights (only {@link
   * #addWeight} changes them). Weights start at most at 65,535² and grow by at most 255 per switch
   * and LID, so they stay below 2⁴², far from the 2^(63-keyShift) that would overflow.
   */
  final long[] linkKey;

  /** The low bits of a {@link #linkKey} that hold the switch the link enters. */
  final int keyShift;

  /** The weight every link starts with, which none goes below. */
  private final long minWeight;

  /** The largest key put into the heap in this run. */
  private long maxHeapKey;

  /** Runs that ended at step 0 without scanning the channels still in the heap (tests). */
  long runsEndedEarly;

  /** Channels left unscanned because none of their dependencies could shorten a route (tests). */
  long scansSkipped;

  private final int numVertices;

  /** The colour objects of the holders: vertices 0..V-1, then edges. */
  private final ColorStore colors;

  private final boolean[] nodeWet;
  private final boolean[] edgeWet;

  /**
   * Bit {@code e % 64} of word {@code e / 64}: dependency {@code e} is <em>hidden</em>, used by a
   * routed tree though OpenSM's shortcut took its colour back ({@link #resetShortcutDependency}). A
   * hidden dependency stays in the {@link #order} and in every cycle check, whatever its colour.
   */
  private final long[] hidden;

  /** The bits set in {@link #hidden}: while none is (fat trees), no check reads the bits. */
  private int numHidden;

  /** The dependencies hidden in the current run, to be kept only if its final tree uses them. */
  private int[] hiddenInRun = new int[16];

  private int numHiddenInRun;
  private final IncrementalCdg order;
  private boolean orderValid;
  private final int[] searchStamp;
  private final int[] searchStack;
  private int stampValue;
  private final int[] wetNodes;
  private int numWetNodes;
  private int[] wetEdges;
  private int numWetEdges;

  // per-run Dijkstra state
  private final long[] vertexDist;
  private final QuaternaryHeap heap;
  final long[] dist;
  final int[] usedLink;

  /**
   * Per switch, the channel whose dependency {@link #usedEdge} last set its {@link #usedLink}, or
   * -1 where something else set it: the tree's edge into the switch, known without a search.
   */
  private final int[] usedFrom;

  private final int[] usedEdge;
  private final int[] foundAfterStep;
  private final int[] treeBelow;
  private final int[] treeChildren;
  private final int[] treeReady;
  private final int[] stackLinks;
  private final int[] stackSize;
  private final int[] stackMark;
  private int runMark;
  private int[] pushLog = new int[256];

  /**
   * Beside each {@link #pushLog} link, the distance of its channel when it was pushed; beside a
   * {@link #SCAN_RECORD} or a logged word, what that entry says it holds.
   */
  private long[] pushDist = new long[256];

  private int pushLogSize;

  /**
   * In {@link #pushLog}, where a scan before the first backtracking step starts: its channel's
   * distance in {@link #pushDist}, the channel in the next entry of {@link #pushLog}. The scan's
   * logged edges follow as entries {@code LOGGED_WORD - w} with, in {@link #pushDist}, the class
   * bits of the logged edges of {@link #edgeClass} word {@code w}. Other entries (links, at least
   * 0) are logged one by one.
   */
  private static final int SCAN_RECORD = -1;

  private static final int LOGGED_WORD = -2;

  /** {@link #materializeStacks}'s log with every scan record expanded into its links. */
  private int[] expandedLinks = new int[0];

  private long[] expandedDist = new long[0];

  final int[] escapeLink;
  private final int[] depended = new int[256];
  private int[] candidateLink = new int[64];
  private int[] candidateVertex = new int[64];

  /**
   * Counters over all runs: backtracking steps that found a detour, escape-path fallbacks,
   * shortcuts taken.
   */
  long backtrackSteps;

  long escapeFallbacks;
  long shortcuts;

  /** Dependencies refused as closing a cycle where OpenSM's colour rule takes them unsearched. */
  long cyclesRefused;

  /**
   * Tree dependencies between switch-to-switch channels that were neither used nor hidden at the
   * end of their run (counted with {@link #checkTrees}; none unless the bookkeeping is broken).
   */
  long unrecordedDependencies;

  /** Tests: count {@link #unrecordedDependencies} after every run. */
  boolean checkTrees;

  private final boolean plainSearch;

  /** {@link #edgeClass} of a used edge (colour at least {@link #ESCAPE}). */
  private static final int USED_CLASS = 2;

  /** In an {@link #edgeClass} word, the high bit of every edge: set for a used edge. */
  private static final long USED_BITS = 0xAAAA_AAAA_AAAA_AAAAL;

  /** In an {@link #edgeClass} word, the low bit of every edge: set alone for an unused edge. */
  private static final long UNUSED_BITS = 0x5555_5555_5555_5555L;

  /**
   * Per edge, two bits (edge {@code e} at bit {@code 2 * (e % 32)} of word {@code e / 32}): 0
   * blocked, 1 unused, 2 used; kept in step with the colours while {@link #classesValid}.
   */
  private final long[] edgeClass;

  /**
   * False once a colour merge moved holders across "unused" in this layer (never in OpenSM's flow).
   */
  private boolean classesValid;

  /** The edges of the vertex being scanned, and the one being visited in the second pass. */
  private int scanBegin;

  private int scanEnd;
  private int scanCurrent = -1;

  /** Set when an edge of the scanned vertex changed class behind the scan's back. */
  private boolean scanDirty;

  /**
   * Tests: hand over to {@link #scanFrom} after about a third of the edges, as if they changed
   * class.
   */
  boolean resumeOften;

  /** State of the current run: backtracking steps taken, switches reached. */
  private int step;

  private int found;

  /**
   * @param plainSearch check cycles by depth-first search and walk every vertex's edges one by one,
   *     reading each colour in turn, as OpenSM does, without the topological order and the edge
   *     classes (slower; for tests that compare the two)
   */
  NueRouter(NueNetwork net, long initialWeight, boolean plainSearch) {
    this.net = net;
    this.plainSearch = plainSearch;
    int numVertices = net.numVertices();
    int numEdges = net.edgeTarget.length;
    keyShift = 32 - Integer.numberOfLeadingZeros(net.numSwitches);
    minWeight = initialWeight;
    linkKey = new long[net.numLinks()];
    for (int l = 0; l < linkKey.length; l++) {
      linkKey[l] = initialWeight << keyShift | net.linkTo[l];
    }
    this.numVertices = numVertices;
    colors = new ColorStore(numVertices + numEdges);
    nodeWet = new boolean[numVertices];
    edgeWet = new boolean[numEdges];
    hidden = new long[(numEdges + 63) >>> 6];
    edgeClass = new long[(numEdges + 31) >>> 5];
    int[] tailSwitch = new int[numVertices];
    int[] headSwitch = new int[numVertices];
    for (int v = 0; v < numVertices; v++) {
      int l = net.linkOfVertex[v];
      tailSwitch[v] = l < 0 ? -1 : net.switchOf[net.linkFrom[l]];
      headSwitch[v] = net.switchOf[l < 0 ? net.tailOfVertex(v) : net.linkTo[l]];
    }
    // a dependency is in the order while it is used, never twice: no use counts
    order =
        IncrementalCdg.usedOnce(
            net.cdgGraph,
            new IncrementalCdg.Workspace(numVertices),
            ClimbingOrder.positions(net.fabric, tailSwitch, headSwitch));
    searchStamp = new int[numVertices];
    searchStack = new int[numVertices];
    wetNodes = new int[numVertices];
    wetEdges = new int[Math.max(16, numVertices)];
    vertexDist = new long[numVertices];
    heap = new QuaternaryHeap(numVertices);
    int n = net.numSwitches;
    dist = new long[n];
    usedLink = new int[n];
    usedFrom = new int[n];
    usedEdge = new int[n];
    foundAfterStep = new int[n];
    treeBelow = new int[n];
    treeChildren = new int[n];
    treeReady = new int[n];
    stackLinks = new int[net.numLinks()];
    stackSize = new int[n];
    stackMark = new int[net.numLinks()];
    escapeLink = new int[n];
  }

  /** Adds {@code add} to the weight of link {@code l}. */
  void addWeight(int l, long add) {
    linkKey[l] += add << keyShift;
  }

  /** The weight of link {@code l}. */
  long weight(int l) {
    return linkKey[l] >>> keyShift;
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

  /** Starts a layer: every vertex and edge unused, {@code numColors} colour objects. */
  void resetColors(int numColors) {
    colors.reset(numColors, UNUSED);
    Arrays.fill(nodeWet, false);
    Arrays.fill(edgeWet, false);
    Arrays.fill(hidden, 0);
    numHidden = 0;
    numHiddenInRun = 0;
    Arrays.fill(edgeClass, 0x5555_5555_5555_5555L);
    classesValid = !plainSearch;
    order.clear();
    orderValid = !plainSearch;
    numWetNodes = 0;
    numWetEdges = 0;
  }

  private int nodeObj(int v) {
    return colors.objOf(v);
  }

  private void setNodeObj(int v, int obj) {
    colors.setObj(v, obj);
  }

  private int nodeColor(int v) {
    return colors.colorOf(v);
  }

  private int edgeColor(int e) {
    return colors.colorOf(numVertices + e);
  }

  /** Changes an edge's colour object, keeping the topological order in step with the used edges. */
  private void setEdgeObj(int e, int obj) {
    setEdgeObj(e, obj, edgeColor(e) > UNUSED, false);
  }

  /**
   * {@link #setEdgeObj(int, int)} for edge {@code e}, used before if {@code wasUsed}, and already
   * added to the topological order by the caller when {@code inOrder}.
   */
  private void setEdgeObj(int e, int obj, boolean wasUsed, boolean inOrder) {
    int color = colors.realColor(obj);
    boolean nowUsed = color > UNUSED;
    colors.setObj(numVertices + e, obj);
    int cls = Math.min(color, USED_CLASS);
    int old = edgeClass(e);
    if (old != cls) {
      edgeClass[e >>> 5] ^= (long) (old ^ cls) << (e << 1);
      if (e >= scanBegin && e < scanEnd && e != scanCurrent) {
        scanDirty = true;
      }
    }
    if (orderValid && wasUsed != nowUsed && !isHidden(e)) {
      if (nowUsed) {
        if (!inOrder && !order.tryAdd(e)) {
          orderValid = false;
        }
      } else {
        order.remove(e);
      }
    }
  }

  private boolean isHidden(int e) {
    return numHidden != 0 && (hidden[e >>> 6] & 1L << e) != 0;
  }

  /** The class of edge {@code e} in {@link #edgeClass}. */
  private int edgeClass(int e) {
    return (int) (edgeClass[e >>> 5] >>> (e << 1)) & 3;
  }

  /** Redirects colour object {@code obj} to the colour {@code color} (OpenSM's merge). */
  private void setRealColor(int obj, int color) {
    // the used edges change only if an object moves across "unused" (never in OpenSM's flow);
    // should it happen, the order no longer mirrors the used edges and plain searches take over
    int old = colors.realColor(obj);
    if ((old > UNUSED) != (color > UNUSED)) {
      orderValid = false;
    }
    if (Math.min(old, USED_CLASS) != Math.min(color, USED_CLASS)) {
      classesValid = false;
      scanDirty = true;
    }
    colors.redirect(obj, color);
  }

  private void markWetEdge(int e) {
    if (!edgeWet[e]) {
      edgeWet[e] = true;
      if (numWetEdges == wetEdges.length) {
        wetEdges = Arrays.copyOf(wetEdges, numWetEdges * 2);
      }
      wetEdges[numWetEdges++] = e;
    }
  }

  private void markWetNode(int v) {
    if (!nodeWet[v]) {
      nodeWet[v] = true;
      wetNodes[numWetNodes++] = v;
    }
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

  private void colorEscapeEdge(int from, int to) {
    int e = net.edgeBetween(from, to);
    if (e >= 0) {
      setEdgeObj(e, ESCAPE);
    }
  }

  // ---- cycle check ----------------------------------------------------------------------------

  /** Whether {@code target} is reachable from {@code source} over used or hidden edges. */
  private boolean usedPathExists(int source, int target) {
    if (orderValid) {
      return order.reaches(source, target);
    }
    int mark = ++stampValue;
    if (mark == Integer.MAX_VALUE) {
      Arrays.fill(searchStamp, 0);
      stampValue = 1;
      mark = 1;
    }
    int top = 0;
    searchStack[top++] = source;
    searchStamp[source] = mark;
    while (top > 0) {
      int c = searchStack[--top];
      for (int e = net.edgeStart[c]; e < net.edgeStart[c + 1]; e++) {
        if (edgeColor(e) > UNUSED || isHidden(e)) {
          int w = net.edgeTarget[e];
          if (w == target) {
            return true;
          }
          if (searchStamp[w] != mark) {
            searchStamp[w] = mark;
            searchStack[top++] = w;
          }
        }
      }
    }
    return false;
  }

  /**
   * OpenSM's test of dependency {@code head -> edgeTarget[e]} for the run of colour {@code color}:
   * true (and the edge blocked) if it would close a cycle; otherwise the edge is used from now on,
   * colouring or merging the tail's subgraph.
   */
  private boolean inducesCycle(int head, int e, int color) {
    if (edgeColor(e) > UNUSED) {
      return false;
    }
    return inducesCycleUnused(head, e, net.edgeTarget[e], color);
  }

  /**
   * {@link #inducesCycle} for an edge known not to be used (colour at most {@link #UNUSED}: its
   * class bits say so, or the caller read its colour), leading to vertex {@code tail}: what the
   * edge's colour and ends would tell is known, so only the colours of its ends and the order are
   * read. A hidden edge is in use already and closes no cycle.
   */
  private boolean inducesCycleUnused(int head, int e, int tail, int color) {
    boolean isHidden = isHidden(e);
    if (color == nodeColor(tail)) {
      int obj = nodeObj(head);
      // while the order mirrors the used edges, inserting the edge into it is the cycle check
      boolean byOrder = orderValid && colors.realColor(obj) > UNUSED;
      boolean inOrder = byOrder && (isHidden || order.tryAddAbsent(e, head, tail));
      if (byOrder ? !inOrder : !isHidden && usedPathExists(tail, head)) {
        setEdgeObj(e, BLOCKED, false, false);
        return true;
      }
      setEdgeObj(e, obj, false, inOrder);
      markWetEdge(e);
      return false;
    }
    // OpenSM joins two subgraphs of different colours without a search; a hidden dependency (or a
    // subgraph left with two colours by merges) can link them, so the edge is refused where it
    // would close a cycle (OpenSM would take it)
    boolean inOrder = false;
    if (!isHidden) {
      inOrder = orderValid && order.tryAddAbsent(e, head, tail);
      if (orderValid ? !inOrder : usedPathExists(tail, head)) {
        setEdgeObj(e, BLOCKED, false, false);
        cyclesRefused++;
        return true;
      }
    }
    if (nodeColor(tail) == UNUSED) {
      setNodeObj(tail, nodeObj(head));
      markWetNode(tail);
    } else {
      setRealColor(nodeObj(tail), nodeObj(head));
    }
    // OpenSM looks up the first edge from head to tail here: e itself, as targets are distinct
    int obj = nodeObj(head);
    if (inOrder && colors.realColor(obj) <= UNUSED) {
      order.remove(e);
      inOrder = false;
    }
    setEdgeObj(e, obj, false, inOrder);
    markWetEdge(e);
    return false;
  }

  private void resetEdge(int e) {
    if (e >= 0 && edgeWet[e]) {
      setEdgeObj(e, UNUSED);
      edgeWet[e] = false;
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
          return;
        }
      }
      logSize = logWord(logSize, w, logged);
    }
    pushLogSize = logSize;
    scanUnused(curr, color, head, firstLink, skip, base);
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
   * Appends to the log the used edges of {@link #edgeClass} word {@code w} that a scan logged
   * ({@code logged}, their class bits) at {@code logSize}, unless there are none; returns the new
   * size.
   */
  private int logWord(int logSize, int w, long logged) {
    if (logged == 0) {
      return logSize;
    }
    pushLog[logSize] = LOGGED_WORD - w;
    pushDist[logSize] = logged;
    return logSize + 1;
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

  /** The switch a vertex's channel enters (its own switch for a fake channel). */
  private int headOf(int v) {
    int l = net.linkOfVertex[v];
    return l < 0 ? net.tailOfVertex(v) : net.linkTo[l];
  }

  /**
   * Where the edges of vertex {@code v} skip a link of its head (whose links start at {@code
   * firstLink}): edge {@code j} of {@code v} leads to link {@code firstLink + j}, or {@code
   * firstLink + j + 1} from the returned index on (the reverse of {@code v}'s own link, which
   * {@link NueNetwork} leaves out).
   */
  private int skipOf(int v, int firstLink) {
    int l = net.linkOfVertex[v];
    return l < 0 ? Integer.MAX_VALUE : net.inverseLink[l] - firstLink;
  }

  /**
   * The link that edge {@code j} (counted from the first) of a vertex leads to, given where its
   * head's links start and its {@link #skipOf}.
   */
  private static int linkOfEdge(int firstLink, int j, int skip) {
    return firstLink + j + (j >= skip ? 1 : 0);
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
   * Appends {@code link}, whose channel is at distance {@code d}, to the stack of alternatives of
   * the switch it enters unless it is there. Only backtracking reads the stacks, and most runs
   * never backtrack, so the link is only logged here; {@link #materializeStacks} files the log into
   * the stacks in the same order.
   */
  private void pushStack(int link, long d) {
    if (pushLogSize == pushLog.length) {
      growPushLog(pushLogSize + 1);
    }
    pushDist[pushLogSize] = d;
    pushLog[pushLogSize++] = link;
  }

  private void growPushLog(int capacity) {
    int length = Math.max(2 * pushLog.length, capacity);
    pushLog = Arrays.copyOf(pushLog, length);
    pushDist = Arrays.copyOf(pushDist, length);
  }

  /**
   * Files the logged pushes into the stacks, in order, each link once per run. Before the first
   * backtracking step of a run every switch is scanned at most once, so of the channels pushed then
   * only the one still in the heap for its switch is scanned (read) before backtracking starts:
   * {@link #scan} sets that one's distance at once and leaves the others' in the log, set here.
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
  private int backtrack(int source, int color) {
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
  private boolean attemptShortcut(int node, int vertex, int color) {
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

  /**
   * OpenSM's reset of dependency {@code e} after a shortcut: the dependency of the shortcut's
   * channel into one of the switches it relays to, which the tree goes on using (OpenSM means the
   * old channel's dependency, but passes this one). Its colour goes back to unused, as in OpenSM,
   * so that every later colour test and scan stays OpenSM's; a used dependency that loses its
   * colour this way becomes hidden, so that no dependency added later closes a cycle through it.
   */
  private void resetShortcutDependency(int e) {
    if (e < 0 || !edgeWet[e]) {
      return;
    }
    if (edgeColor(e) > UNUSED && !isHidden(e)) {
      hidden[e >>> 6] |= 1L << e;
      numHidden++;
      if (numHiddenInRun == hiddenInRun.length) {
        hiddenInRun = Arrays.copyOf(hiddenInRun, 2 * numHiddenInRun);
      }
      hiddenInRun[numHiddenInRun++] = e;
    }
    resetEdge(e);
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

  /**
   * Throws when the edge classes or the topological order no longer mirror the colours (a
   * self-check for tests).
   */
  void checkConsistency() throws RoutingException {
    for (int e = 0; classesValid && e < edgeWet.length; e++) {
      if (edgeClass(e) != Math.min(edgeColor(e), USED_CLASS)) {
        throw new RoutingException("nue: internal edge class out of step at edge " + e);
      }
    }
    if (!orderValid) {
      return;
    }
    for (int e = 0; e < edgeWet.length; e++) {
      if ((edgeColor(e) > UNUSED || isHidden(e)) != order.contains(e)) {
        throw new RoutingException("nue: internal dependency order out of step at edge " + e);
      }
    }
  }

  boolean orderValid() {
    return orderValid;
  }

  /** The dependencies of this layer hidden so far (tests). */
  int hiddenDependencies() {
    return numHidden;
  }
}
