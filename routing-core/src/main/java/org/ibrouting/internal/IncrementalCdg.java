package org.ibrouting.internal;

import java.util.Arrays;

/**
 * Not API. A channel dependency graph kept acyclic while dependencies are added, for engines that
 * build deadlock-free routes incrementally (LASH's layers, Nue's virtual layers).
 *
 * <p>The possible dependencies are fixed up front as a {@link Graph} (compressed rows: the
 * candidate dependencies of channel {@code c} are the edge slots {@code edgeStart[c] ..
 * edgeStart[c+1]-1}); each slot has a use count and is present while it is positive. A topological
 * order of the channels is maintained with the dynamic topological sort of Pearce and Kelly ("A
 * Dynamic Topological Sort Algorithm for Directed Acyclic Graphs", JEA 2006): a new dependency
 * {@code x -> y} with {@code ord[y] < ord[x]} starts a forward search from {@code y} bounded by
 * {@code ord[x]} that either meets {@code x} (the dependency would close a cycle and is refused) or
 * marks the region to reorder. Removing a dependency never invalidates the order, so it is O(1).
 *
 * <p>The answers do not depend on the order the graph starts from, only the work does: a search
 * runs only when a dependency goes against the current order. Engines whose dependencies mostly
 * climb from the CAs' switches and then descend (fat trees) start from {@link #climbingOrder}, in
 * which such dependencies already agree, instead of the identity.
 *
 * <p>Memory: 1 int and 2 bits per edge slot and 3 ints per channel, plus a {@link Workspace} of 5
 * ints per channel that several instances over the same graph may share (not concurrently).
 *
 * <p>Some 520 lines with the {@link Graph} it is built over and the {@link Workspace} its searches
 * use: both stay nested, as their users in the engines and the analysis name them, and the searches
 * read their arrays directly.
 */
public final class IncrementalCdg {
  private final Graph graph;
  private final Workspace work;
  private final int[] count;

  /** Bit {@code e % 64} of word {@code e / 64}: whether slot {@code e} is present. */
  private final long[] present;

  /** The same bits by incoming position ({@link Graph#inPos}), for the backward searches. */
  private final long[] inPresent;

  private final int[] ord;
  private final int[] atOrd;
  private final int[] initialOrd;

  /** An empty dependency graph over {@code graph} with a workspace of its own. */
  public IncrementalCdg(Graph graph) {
    this(graph, new Workspace(graph.numChannels()));
  }

  /** An empty dependency graph over {@code graph} using a shared {@code work} space. */
  public IncrementalCdg(Graph graph, Workspace work) {
    this(graph, work, null);
  }

  /**
   * An empty dependency graph over {@code graph} using a shared {@code work} space, whose order
   * starts (and restarts on {@link #clear()}) as {@code initialOrder}: the position of each
   * channel, a permutation of {@code 0..numChannels-1} (null: the identity). The array is copied.
   */
  public IncrementalCdg(Graph graph, Workspace work, int[] initialOrder) {
    if (work.stamp.length < graph.numChannels()) {
      throw new IllegalArgumentException(
          "workspace for "
              + work.stamp.length
              + " channels is too small for "
              + graph.numChannels());
    }
    this.graph = graph;
    this.work = work;
    this.count = new int[graph.numEdges()];
    this.present = new long[(graph.numEdges() + 63) >>> 6];
    this.inPresent = new long[present.length];
    int n = graph.numChannels();
    this.ord = new int[n];
    this.atOrd = new int[n];
    this.initialOrd = new int[n];
    if (initialOrder == null) {
      for (int c = 0; c < n; c++) {
        initialOrd[c] = c;
      }
    } else {
      if (initialOrder.length != n) {
        throw new IllegalArgumentException(
            "initial order of " + initialOrder.length + " positions for " + n + " channels");
      }
      boolean[] taken = new boolean[n];
      for (int c = 0; c < n; c++) {
        int position = initialOrder[c];
        if (position < 0 || position >= n || taken[position]) {
          throw new IllegalArgumentException(
              "initial order is not a permutation: channel " + c + " at position " + position);
        }
        taken[position] = true;
        initialOrd[c] = position;
      }
    }
    resetOrder();
  }

  private void resetOrder() {
    for (int c = 0; c < ord.length; c++) {
      ord[c] = initialOrd[c];
      atOrd[initialOrd[c]] = c;
    }
  }

  /** The candidate dependencies this graph is built over. */
  public Graph graph() {
    return graph;
  }

  /** Removes every dependency and resets the order to the initial one. */
  public void clear() {
    Arrays.fill(count, 0);
    Arrays.fill(present, 0);
    Arrays.fill(inPresent, 0);
    resetOrder();
  }

  /** Whether edge slot {@code e} is present (its use count is positive). */
  public boolean contains(int e) {
    return count[e] > 0;
  }

  /** The use count of edge slot {@code e}. */
  public int count(int e) {
    return count[e];
  }

  /** The position of channel {@code c} in the current topological order. */
  public int order(int c) {
    return ord[c];
  }

  /**
   * Adds one use of edge slot {@code e} and returns true, unless the slot is absent and adding it
   * would close a cycle: then returns false and changes nothing.
   */
  public boolean tryAdd(int e) {
    if (count[e] > 0) {
      count[e]++;
      return true;
    }
    if (!insert(graph.edgeSource[e], graph.edgeTarget[e])) {
      return false;
    }
    count[e] = 1;
    flipPresent(e);
    return true;
  }

  /**
   * Adds one use of each dependency {@code (c1 << 32) | c2} of {@code keys} (all in the graph, see
   * {@link Graph#slotOf}) and returns true, or, when one of them would close a cycle, adds none and
   * returns false.
   */
  public boolean tryAddAll(long[] keys) {
    for (int i = 0; i < keys.length; i++) {
      if (!tryAdd(graph.slotOf(keys[i]))) {
        for (int j = i - 1; j >= 0; j--) {
          remove(graph.slotOf(keys[j]));
        }
        return false;
      }
    }
    return true;
  }

  /** Removes one use of edge slot {@code e}, which must be present. */
  public void remove(int e) {
    if (count[e] <= 0) {
      throw new IllegalStateException("dependency slot " + e + " is not present");
    }
    if (--count[e] == 0) {
      flipPresent(e);
    }
  }

  private void flipPresent(int e) {
    present[e >>> 6] ^= 1L << e;
    int pos = graph.inPos[e];
    inPresent[pos >>> 6] ^= 1L << pos;
  }

  /**
   * The bits of {@code bitset}'s {@code word} that are set, restricted to {@code start .. end-1}.
   */
  private static long bitsIn(long[] bitset, int word, int start, int end) {
    long bits = bitset[word];
    if (word == start >>> 6) {
      bits &= -1L << start;
    }
    if (word == (end - 1) >>> 6) {
      bits &= -1L >>> (63 - ((end - 1) & 63));
    }
    return bits;
  }

  /** Whether channel {@code to} can be reached from {@code from} over present dependencies. */
  public boolean reaches(int from, int to) {
    if (from == to) {
      return true;
    }
    if (ord[from] > ord[to]) {
      return false;
    }
    int[] stamp = work.stamp;
    int[] stack = work.stack;
    int mark = work.nextStamp();
    int upper = ord[to];
    int top = 0;
    stack[top++] = from;
    stamp[from] = mark;
    int[] edgeStart = graph.edgeStart;
    int[] edgeTarget = graph.edgeTarget;
    while (top > 0) {
      int c = stack[--top];
      int start = edgeStart[c];
      int end = edgeStart[c + 1];
      for (int word = start >>> 6; start < end && word <= (end - 1) >>> 6; word++) {
        for (long bits = bitsIn(present, word, start, end); bits != 0; bits &= bits - 1) {
          int w = edgeTarget[(word << 6) + Long.numberOfTrailingZeros(bits)];
          if (w == to) {
            return true;
          }
          if (stamp[w] != mark && ord[w] < upper) {
            stamp[w] = mark;
            stack[top++] = w;
          }
        }
      }
    }
    return false;
  }

  /**
   * Pearce-Kelly insertion of {@code x -> y}: false on a cycle (nothing changed), else reorders.
   * The forward search from {@code y} (channels before {@code x} in the order) and the backward
   * search from {@code x} (channels after {@code y}) advance a level at a time, the smaller
   * frontier first, and a cycle is found where they meet: far fewer channels than a forward search
   * alone visits when the graph fans out. Without a cycle both run to the end, as the reordering
   * needs.
   */
  private boolean insert(int x, int y) {
    int lower = ord[y];
    int upper = ord[x];
    if (lower > upper) {
      return true;
    }
    if (x == y) {
      return false;
    }
    int[] stamp = work.stamp;
    int[] forward = work.forward;
    int[] backward = work.backward;
    int[] edgeStart = graph.edgeStart;
    int[] edgeTarget = graph.edgeTarget;
    int[] inStart = graph.inStart;
    int[] inSource = graph.inSource;
    int forwardMark = work.nextStamp();
    int backwardMark = work.nextStamp();
    int numForward = 0;
    int numBackward = 0;
    forward[numForward++] = y;
    stamp[y] = forwardMark;
    backward[numBackward++] = x;
    stamp[x] = backwardMark;
    int forwardNext = 0;
    int backwardNext = 0;
    while (forwardNext < numForward || backwardNext < numBackward) {
      int forwardFrontier = numForward - forwardNext;
      int backwardFrontier = numBackward - backwardNext;
      if (backwardFrontier == 0 || forwardFrontier != 0 && forwardFrontier <= backwardFrontier) {
        for (int levelEnd = numForward; forwardNext < levelEnd; forwardNext++) {
          int c = forward[forwardNext];
          int start = edgeStart[c];
          int end = edgeStart[c + 1];
          for (int word = start >>> 6; start < end && word <= (end - 1) >>> 6; word++) {
            for (long bits = bitsIn(present, word, start, end); bits != 0; bits &= bits - 1) {
              int w = edgeTarget[(word << 6) + Long.numberOfTrailingZeros(bits)];
              if (stamp[w] == backwardMark) {
                return false;
              }
              if (stamp[w] != forwardMark && ord[w] < upper) {
                stamp[w] = forwardMark;
                forward[numForward++] = w;
              }
            }
          }
        }
      } else {
        for (int levelEnd = numBackward; backwardNext < levelEnd; backwardNext++) {
          int c = backward[backwardNext];
          int start = inStart[c];
          int end = inStart[c + 1];
          for (int word = start >>> 6; start < end && word <= (end - 1) >>> 6; word++) {
            for (long bits = bitsIn(inPresent, word, start, end); bits != 0; bits &= bits - 1) {
              int p = inSource[(word << 6) + Long.numberOfTrailingZeros(bits)];
              if (stamp[p] == forwardMark) {
                return false;
              }
              if (stamp[p] != backwardMark && ord[p] > lower) {
                stamp[p] = backwardMark;
                backward[numBackward++] = p;
              }
            }
          }
        }
      }
    }
    reorder(numBackward, numForward, lower, upper, backwardMark, forwardMark);
    return true;
  }

  /**
   * Gives the backward set, then the forward set, each in its old relative order, the pooled slots.
   * Both lie in positions {@code lower .. upper} and carry their marks; where that range is short
   * against the sets, one pass over it lists them in order, else they are sorted.
   */
  private void reorder(
      int numBackward, int numForward, int lower, int upper, int backwardMark, int forwardMark) {
    int[] forward = work.forward;
    int[] backward = work.backward;
    int[] stack = work.stack;
    int[] pooled = work.ordScratch;
    int total = numBackward + numForward;
    if (upper - lower < 8L * total) {
      int[] stamp = work.stamp;
      numBackward = 0;
      numForward = 0;
      for (int position = lower; position <= upper; position++) {
        int mark = stamp[atOrd[position]];
        if (mark == backwardMark) {
          backward[numBackward++] = position;
        } else if (mark == forwardMark) {
          forward[numForward++] = position;
        }
      }
    } else {
      for (int i = 0; i < numBackward; i++) {
        backward[i] = ord[backward[i]];
      }
      for (int i = 0; i < numForward; i++) {
        forward[i] = ord[forward[i]];
      }
      Arrays.sort(backward, 0, numBackward);
      Arrays.sort(forward, 0, numForward);
    }
    for (int i = 0; i < numBackward; i++) {
      stack[i] = atOrd[backward[i]];
    }
    for (int i = 0; i < numForward; i++) {
      stack[numBackward + i] = atOrd[forward[i]];
    }
    int b = 0;
    int f = 0;
    for (int i = 0; i < total; i++) {
      if (f >= numForward || (b < numBackward && backward[b] < forward[f])) {
        pooled[i] = backward[b++];
      } else {
        pooled[i] = forward[f++];
      }
    }
    for (int i = 0; i < total; i++) {
      ord[stack[i]] = pooled[i];
      atOrd[pooled[i]] = stack[i];
    }
  }

  /**
   * The candidate dependencies: channels {@code 0..numChannels-1}, edge slots in compressed rows by
   * source channel, with the incoming slots of every channel indexed too. Immutable; 4 ints per
   * edge slot plus 2 per channel.
   */
  public static final class Graph {
    private final int[] edgeStart;
    private final int[] edgeTarget;
    private final int[] edgeSource;
    private final int[] inStart;

    /** The channel each incoming position's slot leaves, and each slot's incoming position. */
    private final int[] inSource;

    private final int[] inPos;

    /**
     * The graph whose channel {@code c} has the candidate dependencies (edge slots) {@code
     * edgeStart[c] .. edgeStart[c+1]-1} towards the channels {@code edgeTarget[e]}. The arrays are
     * copied.
     */
    public Graph(int[] edgeStart, int[] edgeTarget) {
      int n = edgeStart.length - 1;
      if (n < 0 || edgeStart[n] != edgeTarget.length) {
        throw new IllegalArgumentException(
            "edgeStart must have numChannels + 1 entries ending at "
                + edgeTarget.length
                + " edge slots");
      }
      this.edgeStart = edgeStart.clone();
      this.edgeTarget = edgeTarget.clone();
      this.edgeSource = new int[edgeTarget.length];
      this.inStart = new int[n + 1];
      for (int c = 0; c < n; c++) {
        for (int e = edgeStart[c]; e < edgeStart[c + 1]; e++) {
          int t = edgeTarget[e];
          if (t < 0 || t >= n) {
            throw new IllegalArgumentException(
                "edge slot " + e + " targets channel " + t + " outside 0.." + (n - 1));
          }
          edgeSource[e] = c;
          inStart[t + 1]++;
        }
      }
      for (int c = 0; c < n; c++) {
        inStart[c + 1] += inStart[c];
      }
      this.inSource = new int[edgeTarget.length];
      this.inPos = new int[edgeTarget.length];
      int[] fill = Arrays.copyOf(inStart, n);
      for (int e = 0; e < edgeTarget.length; e++) {
        int pos = fill[edgeTarget[e]]++;
        inSource[pos] = edgeSource[e];
        inPos[e] = pos;
      }
    }

    /**
     * The graph over channels {@code 0..numChannels-1} whose edge slots are the dependencies {@code
     * (c1 << 32) | c2} of {@code keys} (distinct; sorted here, in place).
     */
    public static Graph of(long[] keys, int numChannels) {
      Arrays.sort(keys);
      int[] edgeStart = new int[numChannels + 1];
      int[] edgeTarget = new int[keys.length];
      for (int i = 0; i < keys.length; i++) {
        edgeStart[(int) (keys[i] >>> 32) + 1]++;
        edgeTarget[i] = (int) keys[i];
      }
      for (int c = 0; c < numChannels; c++) {
        edgeStart[c + 1] += edgeStart[c];
      }
      return new Graph(edgeStart, edgeTarget);
    }

    /**
     * The edge slot of dependency {@code (c1 << 32) | c2} in a graph built by {@link #of} (rows
     * sorted by target), found by binary search.
     *
     * @throws IllegalArgumentException when the graph has no such dependency
     */
    public int slotOf(long key) {
      int c1 = (int) (key >>> 32);
      int c2 = (int) key;
      int lo = edgeStart[c1];
      int hi = edgeStart[c1 + 1] - 1;
      while (lo <= hi) {
        int mid = (lo + hi) >>> 1;
        int t = edgeTarget[mid];
        if (t < c2) {
          lo = mid + 1;
        } else if (t > c2) {
          hi = mid - 1;
        } else {
          return mid;
        }
      }
      throw new IllegalArgumentException("dependency " + c1 + " -> " + c2 + " is not in the graph");
    }

    /** The number of channels (vertices). */
    public int numChannels() {
      return edgeStart.length - 1;
    }

    /** The number of edge slots. */
    public int numEdges() {
      return edgeTarget.length;
    }

    /** The first edge slot of channel {@code c}. */
    public int edgeStart(int c) {
      return edgeStart[c];
    }

    /** The channel edge slot {@code e} leads to. */
    public int edgeTarget(int e) {
      return edgeTarget[e];
    }

    /** The channel edge slot {@code e} leaves. */
    public int edgeSource(int e) {
      return edgeSource[e];
    }
  }

  /** Scratch space for the searches: 5 ints per channel, reusable by instances over one graph. */
  public static final class Workspace {
    private final int[] stamp;
    private final int[] stack;
    private final int[] forward;
    private final int[] backward;
    private final int[] ordScratch;
    private int stampValue;

    /** Scratch space for graphs of up to {@code numChannels} channels. */
    public Workspace(int numChannels) {
      stamp = new int[numChannels];
      stack = new int[numChannels];
      forward = new int[numChannels];
      backward = new int[numChannels];
      ordScratch = new int[numChannels];
    }

    private int nextStamp() {
      if (stampValue == Integer.MAX_VALUE) {
        Arrays.fill(stamp, 0);
        stampValue = 0;
      }
      return ++stampValue;
    }
  }
}
