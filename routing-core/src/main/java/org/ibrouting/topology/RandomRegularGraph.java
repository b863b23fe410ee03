package org.ibrouting.topology;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Seeded random connected r-regular simple graphs, for {@link Topologies#jellyfish}.
 *
 * <p>Construction follows the Jellyfish paper (Singla et al., NSDI 2012): join random pairs of
 * non-adjacent nodes that still have free ports; when the only nodes left with free ports are
 * already adjacent, break a random link (x, y) and join both ends to them. A disconnected result is
 * then repaired by degree-preserving swaps: a link (a, b) of the first component and a link (c, d)
 * of another become (a, c) and (b, d), which merges them unless both were bridges; the attempt is
 * kept only when the number of components drops. All randomness comes from one {@link
 * SplittableRandom} seeded with the caller's seed, so a seed always gives the same graph.
 *
 * <p>Cost: expected O(n r (r + log n)) time for the matching, one BFS per repair attempt; n*r ints.
 */
final class RandomRegularGraph {
  private final int n;
  private final int r;
  private final int[][] adj;
  private final int[] degree;
  private final SplittableRandom random;

  private RandomRegularGraph(int n, int r, long seed) {
    this.n = n;
    this.r = r;
    this.adj = new int[n][r];
    this.degree = new int[n];
    this.random = new SplittableRandom(seed);
  }

  /**
   * A connected {@code r}-regular simple graph on {@code n} nodes: adjacency lists sorted
   * ascending.
   *
   * @throws IllegalArgumentException when no such graph exists
   */
  static int[][] connected(int n, int r, long seed) {
    if (n < 2) {
      throw new IllegalArgumentException("jellyfish: " + n + " switches; needs at least 2");
    }
    if (r < 1) {
      throw new IllegalArgumentException(
          "jellyfish: "
              + r
              + " network ports per switch cannot be"
              + " connected; needs at least 1");
    }
    if (r >= n) {
      throw new IllegalArgumentException(
          "jellyfish: "
              + r
              + " network ports per switch need at"
              + " least "
              + (r + 1)
              + " switches without parallel links; got "
              + n);
    }
    if ((long) n * r % 2 != 0) {
      throw new IllegalArgumentException(
          "jellyfish: switches*netPorts = "
              + n
              + "*"
              + r
              + " is odd; no "
              + r
              + "-regular graph on "
              + n
              + " switches exists");
    }
    if (r == 1 && n > 2) {
      throw new IllegalArgumentException(
          "jellyfish: 1 network port per switch pairs the "
              + n
              + " switches up and cannot be connected; needs at least 2");
    }
    RandomRegularGraph g = new RandomRegularGraph(n, r, seed);
    g.match();
    g.makeConnected();
    for (int v = 0; v < n; v++) {
      Arrays.sort(g.adj[v]);
    }
    return g.adj;
  }

  private boolean adjacent(int u, int v) {
    int[] a = adj[u];
    for (int i = 0; i < degree[u]; i++) {
      if (a[i] == v) {
        return true;
      }
    }
    return false;
  }

  private void addEdge(int u, int v) {
    adj[u][degree[u]++] = v;
    adj[v][degree[v]++] = u;
  }

  private void removeEdge(int u, int v) {
    removeHalf(u, v);
    removeHalf(v, u);
  }

  private void removeHalf(int u, int v) {
    int[] a = adj[u];
    for (int i = 0; i < degree[u]; i++) {
      if (a[i] == v) {
        a[i] = a[--degree[u]];
        return;
      }
    }
    throw new IllegalStateException("no edge " + u + "-" + v);
  }

  private void match() {
    int[] open = new int[n];
    int[] positionOf = new int[n];
    for (int v = 0; v < n; v++) {
      open[v] = v;
      positionOf[v] = v;
    }
    int[] numOpen = {n};
    int[] candidates = new int[n];
    long budget = 100L * n * r + 1000;
    while (numOpen[0] > 0) {
      if (--budget < 0) {
        throw new IllegalArgumentException(
            "jellyfish: random matching of "
                + n
                + " switches with "
                + r
                + " ports did not finish; try another seed");
      }
      int u = open[random.nextInt(numOpen[0])];
      int v = -1;
      for (int attempt = 0; attempt < 8 && v < 0; attempt++) {
        int w = open[random.nextInt(numOpen[0])];
        if (w != u && !adjacent(u, w)) {
          v = w;
        }
      }
      if (v < 0) {
        int numCandidates = 0;
        for (int i = 0; i < numOpen[0]; i++) {
          int w = open[i];
          if (w != u && !adjacent(u, w)) {
            candidates[numCandidates++] = w;
          }
        }
        if (numCandidates > 0) {
          v = candidates[random.nextInt(numCandidates)];
        }
      }
      int other;
      if (v >= 0) {
        addEdge(u, v);
        other = v;
      } else {
        other = swapIn(u, open, numOpen[0]);
      }
      close(u, open, positionOf, numOpen);
      if (other >= 0) {
        close(other, open, positionOf, numOpen);
      }
    }
  }

  /** Drops {@code v} from the open list once all its ports are used. */
  private void close(int v, int[] open, int[] positionOf, int[] numOpen) {
    int at = positionOf[v];
    if (degree[v] == r && at >= 0) {
      int last = open[--numOpen[0]];
      open[at] = last;
      positionOf[last] = at;
      positionOf[v] = -1;
    }
  }

  /**
   * Gives {@code u} a link by breaking a random link (x, y) whose ends can take it: both to {@code
   * u} if it has two free ports, else x to {@code u} and y to another open node. Returns that other
   * node, or -1.
   */
  private int swapIn(int u, int[] open, int numOpen) {
    int partner = u;
    if (r - degree[u] < 2) {
      partner = -1;
      for (int i = 0; i < numOpen && partner < 0; i++) {
        if (open[i] != u) {
          partner = open[i];
        }
      }
      if (partner < 0) {
        return -1;
      }
    }
    for (int attempt = 0; attempt < 64 * n; attempt++) {
      int x = random.nextInt(n);
      if (degree[x] == 0) {
        continue;
      }
      int y = adj[x][random.nextInt(degree[x])];
      if (x == u
          || y == u
          || x == partner
          || y == partner
          || adjacent(u, x)
          || adjacent(partner, y)) {
        continue;
      }
      removeEdge(x, y);
      addEdge(u, x);
      addEdge(partner, y);
      return partner;
    }
    return -1;
  }

  private void makeConnected() {
    int[] component = new int[n];
    int[] queue = new int[n];
    int components = label(component, queue);
    int attempts = 0;
    while (components > 1) {
      if (++attempts > 1000 * n) {
        throw new IllegalArgumentException(
            "jellyfish: could not connect "
                + n
                + " switches with "
                + r
                + " ports each; try another seed");
      }
      int a = randomNodeIn(component, 0);
      int c = randomNodeNotIn(component, 0);
      int b = adj[a][random.nextInt(r)];
      int d = adj[c][random.nextInt(r)];
      if (adjacent(a, c) || adjacent(b, d)) {
        continue;
      }
      removeEdge(a, b);
      removeEdge(c, d);
      addEdge(a, c);
      addEdge(b, d);
      int after = label(component, queue);
      if (after < components) {
        components = after;
      } else {
        removeEdge(a, c);
        removeEdge(b, d);
        addEdge(a, b);
        addEdge(c, d);
        components = label(component, queue);
      }
    }
  }

  private int randomNodeIn(int[] component, int label) {
    while (true) {
      int v = random.nextInt(n);
      if (component[v] == label) {
        return v;
      }
    }
  }

  private int randomNodeNotIn(int[] component, int label) {
    while (true) {
      int v = random.nextInt(n);
      if (component[v] != label) {
        return v;
      }
    }
  }

  /** Labels connected components 0, 1, ... by BFS from node 0 upwards; returns their number. */
  private int label(int[] component, int[] queue) {
    Arrays.fill(component, -1);
    int count = 0;
    for (int start = 0; start < n; start++) {
      if (component[start] >= 0) {
        continue;
      }
      int head = 0;
      int tail = 0;
      queue[tail++] = start;
      component[start] = count;
      while (head < tail) {
        int v = queue[head++];
        for (int i = 0; i < degree[v]; i++) {
          int w = adj[v][i];
          if (component[w] < 0) {
            component[w] = count;
            queue[tail++] = w;
          }
        }
      }
      count++;
    }
    return count;
  }
}
