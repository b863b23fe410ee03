package org.ibrouting.internal;

import java.util.Arrays;

/**
 * Not API. A channel dependency graph kept acyclic while dependencies are added, for engines that
 * build deadlock-free routes incrementally (LASH's layers, Nue's virtual layers).
 *
 * <p>The possible dependencies are fixed up front as a {@link Graph} (compressed rows: the
 * candidate dependencies of channel {@code c} are the edge slots {@code edgeStart[c] ..
 * edgeStart[c+1]-1}); each slot has a use count and is present while it is positive (a {@link
 * #usedOnce} graph keeps only whether it is present). A topological order of the channels ({@link
 * ChannelOrder}) is kept up to date: a new dependency {@code x -> y} with {@code y} before {@code
 * x} starts the two-way ordered search of Haeupler, Kavitha, Mathew, Sen and Tarjan ("Incremental
 * Cycle Detection, Topological Ordering, and Strong Component Maintenance", TALG 2012): its forward
 * and backward searches either meet (the dependency would close a cycle and is refused) or find the
 * few channels to move. Removing a dependency never invalidates the order, so it is O(1).
 *
 * <p>The answers do not depend on the order the graph starts from, only the work does: a search
 * runs only when a dependency goes against the current order. Engines whose dependencies mostly
 * climb from the CAs' switches and then descend (fat trees) start from {@link #climbingOrder}, in
 * which such dependencies already agree, instead of the identity.
 *
 * <p>Memory: 1 int (none for {@link #usedOnce}) and 1 bit per edge slot and 5 ints per channel,
 * plus a {@link Workspace} of 5 ints per channel that several instances over the same graph may
 * share (not concurrently).
 *
 * <p>One file over the 500-line limit with the {@link Graph} it is built over and the {@link
 * Workspace} its searches use: both stay nested, as their users in the engines and the analysis
 * name them, and the searches read their arrays directly.
 */
public final class IncrementalCdg {
  private final Graph graph;
  private final Workspace work;

  /** Each slot's use count; null when each dependency is used at most once ({@link #usedOnce}). */
  private final int[] count;

  /** Bit {@code e % 64} of word {@code e / 64}: whether slot {@code e} is present. */
  private final long[] present;

  private final ChannelOrder order;

  /** {@code order}'s labels, read by the searches. */
  private final long[] label;

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
    this(graph, work, initialOrder, Long.MAX_VALUE);
  }

  /**
   * As {@link #IncrementalCdg(Graph, Workspace, int[])} with labels below {@code labelSpan} instead
   * of {@code Long.MAX_VALUE}: tests pass a small span so that relabelling happens often.
   */
  IncrementalCdg(Graph graph, Workspace work, int[] initialOrder, long labelSpan) {
    this(graph, work, initialOrder, labelSpan, true);
  }

  /**
   * As {@link #IncrementalCdg(Graph, Workspace, int[])} for a user that adds each dependency at
   * most once before removing it (nue: a dependency is in the graph while it is in use): no use
   * counts are kept, only whether each slot is present, which saves 4 bytes per slot and a random
   * write per added or removed dependency. Adding a present slot is an error.
   */
  public static IncrementalCdg usedOnce(Graph graph, Workspace work, int[] initialOrder) {
    return new IncrementalCdg(graph, work, initialOrder, Long.MAX_VALUE, false);
  }

  /** The general constructor; {@code counted} false for a {@link #usedOnce} graph (tests too). */
  IncrementalCdg(Graph graph, Workspace work, int[] initialOrder, long labelSpan, boolean counted) {
    if (work.stamp.length < graph.numChannels()) {
      throw new IllegalArgumentException(
          "workspace for "
              + work.stamp.length
              + " channels is too small for "
              + graph.numChannels());
    }
    this.graph = graph;
    this.work = work;
    this.count = counted ? new int[graph.numEdges()] : null;
    this.present = new long[(graph.numEdges() + 63) >>> 6];
    this.order = new ChannelOrder(graph.numChannels(), initialOrder, labelSpan);
    this.label = order.label;
  }

  /** The order's list and labels, for tests. */
  ChannelOrder channelOrder() {
    return order;
  }

  /** The candidate dependencies this graph is built over. */
  public Graph graph() {
    return graph;
  }

  /** Removes every dependency and resets the order to the initial one. */
  public void clear() {
    if (count != null) {
      Arrays.fill(count, 0);
    }
    Arrays.fill(present, 0);
    order.reset();
  }

  /** Whether edge slot {@code e} is present (its use count is positive). */
  public boolean contains(int e) {
    return (present[e >>> 6] & 1L << e) != 0;
  }

  /** The use count of edge slot {@code e} (0 or 1 in a {@link #usedOnce} graph). */
  public int count(int e) {
    return count != null ? count[e] : contains(e) ? 1 : 0;
  }

  /**
   * Where channel {@code c} stands in the current topological order: a label that is smaller for
   * every channel before it (labels are not consecutive).
   */
  public long order(int c) {
    return label[c];
  }

  /**
   * Adds one use of edge slot {@code e} and returns true, unless the slot is absent and adding it
   * would close a cycle: then returns false and changes nothing.
   *
   * @throws IllegalStateException in a {@link #usedOnce} graph, when the slot is present
   */
  public boolean tryAdd(int e) {
    if (contains(e)) {
      if (count == null) {
        throw new IllegalStateException(
            "dependency slot " + e + " is present; this graph adds each dependency once");
      }
      count[e]++;
      return true;
    }
    if (!insert(graph.edgeSource[e], graph.edgeTarget[e])) {
      return false;
    }
    if (count != null) {
      count[e] = 1;
    }
    flipPresent(e);
    return true;
  }

  /**
   * {@link #tryAdd} for edge slot {@code e}, which the caller knows to be absent and to lead from
   * channel {@code x} to channel {@code y}: neither its use count nor its ends are read, which on a
   * large graph saves as many cache misses.
   */
  public boolean tryAddAbsent(int e, int x, int y) {
    assert !contains(e) && graph.edgeSource[e] == x && graph.edgeTarget[e] == y;
    if (!insert(x, y)) {
      return false;
    }
    if (count != null) {
      count[e] = 1;
    }
    flipPresent(e);
    return true;
  }

  /**
   * Adds one use of each dependency {@code (c1 << 32) | c2} of {@code keys} (all in the graph, see
   * {@link Graph#slotOf}) and returns true, or, when one of them would close a cycle, adds none and
   * returns false. Not for a {@link #usedOnce} graph, where a present or repeated key is refused
   * halfway.
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
    if (!contains(e)) {
      throw new IllegalStateException("dependency slot " + e + " is not present");
    }
    if (count == null || --count[e] == 0) {
      flipPresent(e);
    }
  }

  private void flipPresent(int e) {
    // the backward searches read these bits through Graph.inEdge: they are far fewer than the flips
    present[e >>> 6] ^= 1L << e;
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
    if (label[from] > label[to]) {
      return false;
    }
    int[] stamp = work.stamp;
    int[] stack = work.forward;
    int mark = work.nextStamp();
    long upper = label[to];
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
          if (stamp[w] != mark && label[w] < upper) {
            stamp[w] = mark;
            stack[top++] = w;
          }
        }
      }
    }
    return false;
  }

  /**
   * Inserts {@code x -> y}: false on a cycle (nothing changed), else moves channels so that the
   * order stays topological. A forward search from {@code y} takes the channels it reached in
   * increasing order, a backward search from {@code x} in decreasing order, whichever has looked at
   * fewer candidate dependencies goes next, and both stop where the next forward channel lies after
   * the next backward one (the two-way ordered search of Haeupler, Kavitha, Mathew, Sen and Tarjan,
   * "Incremental Cycle Detection, Topological Ordering, and Strong Component Maintenance", TALG
   * 2012). Every channel scanned forward then lies before every channel scanned backward; a cycle
   * is found where the searches meet, before they can stop. The channels scanned backward, then
   * those scanned forward, each in their old order, move to one place between the two groups: only
   * they move, however far apart {@code y} and {@code x} were.
   */
  private boolean insert(int x, int y) {
    long lower = label[y];
    long upper = label[x];
    if (lower > upper) {
      return true;
    }
    if (x == y) {
      return false;
    }
    int[] stamp = work.stamp;
    int[] forwardHeap = work.forward;
    int[] backwardHeap = work.backward;
    int[] forwardDone = work.forwardDone;
    int[] backwardDone = work.backwardDone;
    int[] edgeStart = graph.edgeStart;
    int[] inStart = graph.inStart;
    long[] labels = label;
    int mark = work.nextStamps();
    forwardHeap[0] = y;
    stamp[y] = mark;
    backwardHeap[0] = x;
    stamp[x] = mark + 1;
    int numForward = 1;
    int numBackward = 1;
    int forwardScanned = 0;
    int backwardScanned = 0;
    long forwardWork = 0;
    long backwardWork = 0;
    while (numForward > 0 && numBackward > 0) {
      int f = forwardHeap[0];
      int b = backwardHeap[0];
      if (labels[f] > labels[b]) {
        break;
      }
      if (forwardWork <= backwardWork) {
        forwardDone[forwardScanned++] = f;
        forwardWork += 1 + edgeStart[f + 1] - edgeStart[f];
        numForward = scan(f, true, popTop(forwardHeap, numForward, labels, 1), upper, mark);
        if (numForward < 0) {
          return false;
        }
      } else {
        backwardDone[backwardScanned++] = b;
        backwardWork += 1 + inStart[b + 1] - inStart[b];
        numBackward = scan(b, false, popTop(backwardHeap, numBackward, labels, -1), lower, mark);
        if (numBackward < 0) {
          return false;
        }
      }
    }
    // the scanned channels move to just after the later of the last channel scanned forward and
    // the first one left unscanned backward (after the last channel before it that stays)
    int after = forwardDone[forwardScanned - 1];
    if (numBackward > 0 && labels[backwardHeap[0]] > labels[after]) {
      after = backwardHeap[0];
    }
    order.move(
        forwardDone,
        forwardScanned,
        backwardDone,
        backwardScanned,
        after,
        work.stamp,
        work.nextStamp());
    return true;
  }

  /**
   * Scans the present dependencies of channel {@code c} for the forward search (out of {@code c},
   * towards channels before {@code bound}, stamped {@code mark}) or the backward one (into {@code
   * c}, from channels after {@code bound}, stamped {@code mark + 1}), putting the channels new to
   * the search on its heap of {@code size} channels; returns the heap's new size, or -1 when the
   * searches meet.
   */
  private int scan(int c, boolean forward, int size, long bound, int mark) {
    int[] heap = forward ? work.forward : work.backward;
    long sign = forward ? 1 : -1;
    int own = forward ? mark : mark + 1;
    int other = forward ? mark + 1 : mark;
    int[] stamp = work.stamp;
    if (!forward) {
      int[] inEdge = graph.inEdge;
      int[] inSource = graph.inSource;
      for (int pos = graph.inStart[c], end = graph.inStart[c + 1]; pos < end; pos++) {
        int e = inEdge[pos];
        if ((present[e >>> 6] & 1L << e) == 0) {
          continue;
        }
        int w = inSource[pos];
        if (stamp[w] == other) {
          return -1;
        }
        if (stamp[w] != own && label[w] > bound) {
          stamp[w] = own;
          size = push(heap, size, w, label, sign);
        }
      }
      return size;
    }
    int start = graph.edgeStart[c];
    int end = graph.edgeStart[c + 1];
    int[] edgeTarget = graph.edgeTarget;
    for (int word = start >>> 6; start < end && word <= (end - 1) >>> 6; word++) {
      for (long bits = bitsIn(present, word, start, end); bits != 0; bits &= bits - 1) {
        int w = edgeTarget[(word << 6) + Long.numberOfTrailingZeros(bits)];
        if (stamp[w] == other) {
          return -1;
        }
        if (stamp[w] != own && label[w] < bound) {
          stamp[w] = own;
          size = push(heap, size, w, label, sign);
        }
      }
    }
    return size;
  }

  /** Pushes {@code c} on a heap of channels by {@code sign * label} (1: earliest on top). */
  private static int push(int[] heap, int size, int c, long[] label, long sign) {
    long key = sign * label[c];
    int i = size;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (sign * label[heap[parent]] <= key) {
        break;
      }
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = c;
    return size + 1;
  }

  /** Removes the top of a heap built by {@link #push} and returns the new size. */
  private static int popTop(int[] heap, int size, long[] label, long sign) {
    int last = heap[--size];
    long key = sign * label[last];
    int i = 0;
    while (true) {
      int child = 2 * i + 1;
      if (child >= size) {
        break;
      }
      if (child + 1 < size && sign * label[heap[child + 1]] < sign * label[heap[child]]) {
        child++;
      }
      if (sign * label[heap[child]] >= key) {
        break;
      }
      heap[i] = heap[child];
      i = child;
    }
    if (size > 0) {
      heap[i] = last;
    }
    return size;
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

    /** The channel each incoming position's slot leaves, and the slot at each position. */
    private final int[] inSource;

    private final int[] inEdge;

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
      this.inEdge = new int[edgeTarget.length];
      int[] fill = Arrays.copyOf(inStart, n);
      for (int e = 0; e < edgeTarget.length; e++) {
        int pos = fill[edgeTarget[e]]++;
        inSource[pos] = edgeSource[e];
        inEdge[pos] = e;
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
    private final int[] forward;
    private final int[] backward;
    private final int[] forwardDone;
    private final int[] backwardDone;
    private int stampValue;

    /** Scratch space for graphs of up to {@code numChannels} channels. */
    public Workspace(int numChannels) {
      stamp = new int[numChannels];
      forward = new int[numChannels];
      backward = new int[numChannels];
      forwardDone = new int[numChannels];
      backwardDone = new int[numChannels];
    }

    /** Two fresh stamps: the returned one and the next. */
    private int nextStamps() {
      if (stampValue >= Integer.MAX_VALUE - 1) {
        Arrays.fill(stamp, 0);
        stampValue = 0;
      }
      stampValue += 2;
      return stampValue - 1;
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
