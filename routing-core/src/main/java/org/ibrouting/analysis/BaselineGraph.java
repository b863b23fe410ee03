package org.ibrouting.analysis;

import java.util.Arrays;

/**
 * One VL's dependencies of a {@link CdgBaseline}, acyclic, in compressed rows over port slots (each
 * row's heads ascending), with a topological position per channel: a set of further dependencies
 * that all climb in position closes no cycle, and only one that does not needs a search.
 *
 * <p>Memory: 1 int per dependency, 2 ints per port slot.
 */
final class BaselineGraph {
  /** The position of a channel the baseline does not know: after every known one. */
  static final int UNKNOWN = Integer.MAX_VALUE;

  final int[] start;
  final int[] target;
  final int[] position;

  /** Per port slot: whether a dependency starts or ends there. */
  final boolean[] isVertex;

  final int numVertices;

  private BaselineGraph(int[] start, int[] target, int[] position) {
    this.start = start;
    this.target = target;
    this.position = position;
    int numSlots = start.length - 1;
    isVertex = new boolean[numSlots];
    for (int c = 0; c < numSlots; c++) {
      isVertex[c] |= start[c + 1] > start[c];
    }
    for (int t : target) {
      isVertex[t] = true;
    }
    int count = 0;
    for (boolean v : isVertex) {
      count += v ? 1 : 0;
    }
    numVertices = count;
  }

  /**
   * The graph of sorted, distinct dependencies {@code (c1 << 32) | c2} over {@code numSlots} port
   * slots, or null when it has a cycle.
   */
  static BaselineGraph of(long[] keys, int numSlots) {
    int[] start = new int[numSlots + 1];
    int[] target = new int[keys.length];
    int[] inDegree = new int[numSlots];
    for (int i = 0; i < keys.length; i++) {
      start[(int) (keys[i] >>> 32) + 1]++;
      target[i] = (int) keys[i];
      inDegree[target[i]]++;
    }
    for (int c = 0; c < numSlots; c++) {
      start[c + 1] += start[c];
    }
    int[] order = new int[numSlots];
    int tail = 0;
    for (int c = 0; c < numSlots; c++) {
      if (inDegree[c] == 0) {
        order[tail++] = c;
      }
    }
    int[] position = new int[numSlots];
    for (int head = 0; head < tail; head++) {
      int c = order[head];
      position[c] = head;
      for (int i = start[c]; i < start[c + 1]; i++) {
        if (--inDegree[target[i]] == 0) {
          order[tail++] = target[i];
        }
      }
    }
    return tail == numSlots ? new BaselineGraph(start, target, position) : null;
  }

  /**
   * This graph over another fabric's port slots: {@code slotOf[c]} is channel {@code c}'s slot
   * there or -1, and a dependency is kept when both its channels have a slot that {@code keep}
   * allows.
   */
  BaselineGraph translated(int[] slotOf, boolean[] keep, int numSlots) {
    int[] newStart = new int[numSlots + 1];
    int[] newPosition = new int[numSlots];
    Arrays.fill(newPosition, UNKNOWN);
    int count = 0;
    for (int c = 0; c + 1 < start.length; c++) {
      int s = slotOf[c];
      if (s < 0 || !keep[s]) {
        continue;
      }
      newPosition[s] = position[c];
      for (int i = start[c]; i < start[c + 1]; i++) {
        int t = slotOf[target[i]];
        if (t >= 0 && keep[t]) {
          newStart[s + 1]++;
          count++;
        }
      }
    }
    for (int s = 0; s < numSlots; s++) {
      newStart[s + 1] += newStart[s];
    }
    int[] fill = Arrays.copyOf(newStart, numSlots);
    int[] newTarget = new int[count];
    for (int c = 0; c + 1 < start.length; c++) {
      int s = slotOf[c];
      if (s < 0 || !keep[s]) {
        continue;
      }
      for (int i = start[c]; i < start[c + 1]; i++) {
        int t = slotOf[target[i]];
        if (t >= 0 && keep[t]) {
          newTarget[fill[s]++] = t;
        }
      }
    }
    for (int s = 0; s < numSlots; s++) {
      Arrays.sort(newTarget, newStart[s], newStart[s + 1]);
    }
    return new BaselineGraph(newStart, newTarget, newPosition);
  }

  /** Whether {@code c1 -> c2} is a dependency of this graph. */
  boolean contains(int c1, int c2) {
    return c1 + 1 < start.length && Arrays.binarySearch(target, start[c1], start[c1 + 1], c2) >= 0;
  }

  /** The number of dependencies. */
  int numEdges() {
    return target.length;
  }

  /**
   * Whether this graph together with {@code extra} (sorted, distinct keys, none of them in this
   * graph) has a cycle. Only a dependency against the positions can close one, so the search starts
   * from those alone.
   */
  boolean cyclicWith(long[] extra) {
    Search search = null;
    for (long key : extra) {
      int c1 = (int) (key >>> 32);
      int c2 = (int) key;
      if (position[c1] >= position[c2]) {
        search = search == null ? new Search(this, extra, rows(extra, start.length - 1)) : search;
        if (search.reachesCycle(c2)) {
          return true;
        }
      }
    }
    return false;
  }

  private static int[] rows(long[] keys, int numSlots) {
    int[] rowStart = new int[numSlots + 1];
    for (long key : keys) {
      rowStart[(int) (key >>> 32) + 1]++;
    }
    for (int c = 0; c < numSlots; c++) {
      rowStart[c + 1] += rowStart[c];
    }
    return rowStart;
  }

  /** An iterative depth-first search over the graph and the extra dependencies. */
  private static final class Search {
    private static final byte ACTIVE = 1;
    private static final byte DONE = 2;

    private final BaselineGraph graph;
    private final long[] extra;
    private final int[] extraStart;
    private final byte[] state;
    private final int[] stack;
    private final int[] cursor;

    Search(BaselineGraph graph, long[] extra, int[] extraStart) {
      this.graph = graph;
      this.extra = extra;
      this.extraStart = extraStart;
      int numSlots = graph.start.length - 1;
      this.state = new byte[numSlots];
      this.stack = new int[numSlots];
      this.cursor = new int[numSlots];
    }

    /**
     * Whether a cycle can be reached from {@code root}; channels searched before are not searched
     * again.
     */
    boolean reachesCycle(int root) {
      if (state[root] != 0) {
        return false;
      }
      int depth = 0;
      stack[depth++] = root;
      state[root] = ACTIVE;
      cursor[root] = 0;
      while (depth > 0) {
        int c = stack[depth - 1];
        int next = next(c);
        if (next < 0) {
          state[c] = DONE;
          depth--;
        } else if (state[next] == ACTIVE) {
          return true;
        } else if (state[next] == 0) {
          state[next] = ACTIVE;
          cursor[next] = 0;
          stack[depth++] = next;
        }
      }
      return false;
    }

    /** The next successor of {@code c} to look at, or -1 when there is none. */
    private int next(int c) {
      int own = graph.start[c + 1] - graph.start[c];
      int k = cursor[c]++;
      if (k < own) {
        return graph.target[graph.start[c] + k];
      }
      k -= own;
      return k < extraStart[c + 1] - extraStart[c] ? (int) extra[extraStart[c] + k] : -1;
    }
  }
}
