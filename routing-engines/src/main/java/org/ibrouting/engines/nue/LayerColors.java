package org.ibrouting.engines.nue;

import java.util.Arrays;
import org.ibrouting.internal.ClimbingOrder;
import org.ibrouting.internal.IncrementalCdg;
import org.ibrouting.routing.RoutingException;

/**
 * One virtual layer's colouring of the complete channel dependency graph (Nue's cCDG), the first of
 * {@link NueRouter}'s three parts: which dependencies the layer uses, blocks or leaves unused, and
 * whether a new one closes a cycle.
 *
 * <p>Colours are OpenSM's, kept in a {@link ColorStore}: every vertex and edge points at a colour
 * object whose real colour is one indirection away. Object 0 = blocked, 1 = unused, 2 = escape
 * paths, 3.. = one per routed destination LID. An edge is <em>used</em> (part of the layer's
 * acyclic dependency graph) when its real colour exceeds 1. Where OpenSM searches the used subgraph
 * depth-first for a path back (a cycle), we ask an {@code IncrementalCdg} kept in step with the
 * used edges, which answers the same question from a topological order (started from {@code
 * ClimbingOrder}). Two bits per edge keep its class (blocked, unused, used) in step with the
 * colours, for the Dijkstra's walks.
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
 */
abstract class LayerColors {
  static final int BLOCKED = 0;
  static final int UNUSED = 1;
  static final int ESCAPE = 2;

  final NueNetwork net;

  final int numVertices;

  /** The colour objects of the holders: vertices 0..V-1, then edges. */
  final ColorStore colors;

  final boolean[] nodeWet;
  final boolean[] edgeWet;

  /**
   * Bit {@code e % 64} of word {@code e / 64}: dependency {@code e} is <em>hidden</em>, used by a
   * routed tree though OpenSM's shortcut took its colour back ({@link #resetShortcutDependency}). A
   * hidden dependency stays in the {@link #order} and in every cycle check, whatever its colour.
   */
  final long[] hidden;

  /** The bits set in {@link #hidden}: while none is (fat trees), no check reads the bits. */
  int numHidden;

  /** The dependencies hidden in the current run, to be kept only if its final tree uses them. */
  int[] hiddenInRun = new int[16];

  int numHiddenInRun;
  final IncrementalCdg order;
  boolean orderValid;
  private final int[] searchStamp;
  private final int[] searchStack;
  private int stampValue;
  final int[] wetNodes;
  int numWetNodes;
  int[] wetEdges;
  int numWetEdges;

  /** Dependencies refused as closing a cycle where OpenSM's colour rule takes them unsearched. */
  long cyclesRefused;

  final boolean plainSearch;

  /** {@link #edgeClass} of a used edge (colour at least {@link #ESCAPE}). */
  private static final int USED_CLASS = 2;

  /** In an {@link #edgeClass} word, the high bit of every edge: set for a used edge. */
  static final long USED_BITS = 0xAAAA_AAAA_AAAA_AAAAL;

  /** In an {@link #edgeClass} word, the low bit of every edge: set alone for an unused edge. */
  static final long UNUSED_BITS = 0x5555_5555_5555_5555L;

  /**
   * Per edge, two bits (edge {@code e} at bit {@code 2 * (e % 32)} of word {@code e / 32}): 0
   * blocked, 1 unused, 2 used; kept in step with the colours while {@link #classesValid}.
   */
  final long[] edgeClass;

  /**
   * False once a colour merge moved holders across "unused" in this layer (never in OpenSM's flow).
   */
  boolean classesValid;

  /** The edges of the vertex being scanned, and the one being visited in the second pass. */
  int scanBegin;

  int scanEnd;
  int scanCurrent = -1;

  /** Set when an edge of the scanned vertex changed class behind the scan's back. */
  boolean scanDirty;

  LayerColors(NueNetwork net, boolean plainSearch) {
    this.net = net;
    this.plainSearch = plainSearch;
    int numVertices = net.numVertices();
    int numEdges = net.edgeTarget.length;
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

  int nodeObj(int v) {
    return colors.objOf(v);
  }

  void setNodeObj(int v, int obj) {
    colors.setObj(v, obj);
  }

  int nodeColor(int v) {
    return colors.colorOf(v);
  }

  int edgeColor(int e) {
    return colors.colorOf(numVertices + e);
  }

  /** Changes an edge's colour object, keeping the topological order in step with the used edges. */
  void setEdgeObj(int e, int obj) {
    setEdgeObj(e, obj, edgeColor(e) > UNUSED, false);
  }

  /**
   * {@link #setEdgeObj(int, int)} for edge {@code e}, used before if {@code wasUsed}, and already
   * added to the topological order by the caller when {@code inOrder}.
   */
  void setEdgeObj(int e, int obj, boolean wasUsed, boolean inOrder) {
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

  boolean isHidden(int e) {
    return numHidden != 0 && (hidden[e >>> 6] & 1L << e) != 0;
  }

  /** The class of edge {@code e} in {@link #edgeClass}. */
  int edgeClass(int e) {
    return (int) (edgeClass[e >>> 5] >>> (e << 1)) & 3;
  }

  /** Redirects colour object {@code obj} to the colour {@code color} (OpenSM's merge). */
  void setRealColor(int obj, int color) {
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

  void colorEscapeEdge(int from, int to) {
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
  boolean inducesCycle(int head, int e, int color) {
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
  boolean inducesCycleUnused(int head, int e, int tail, int color) {
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

  void resetEdge(int e) {
    if (e >= 0 && edgeWet[e]) {
      setEdgeObj(e, UNUSED);
      edgeWet[e] = false;
    }
  }

  /**
   * OpenSM's reset of dependency {@code e} after a shortcut: the dependency of the shortcut's
   * channel into one of the switches it relays to, which the tree goes on using (OpenSM means the
   * old channel's dependency, but passes this one). Its colour goes back to unused, as in OpenSM,
   * so that every later colour test and scan stays OpenSM's; a used dependency that loses its
   * colour this way becomes hidden, so that no dependency added later closes a cycle through it.
   */
  void resetShortcutDependency(int e) {
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
