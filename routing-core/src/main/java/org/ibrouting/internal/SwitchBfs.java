package org.ibrouting.internal;

import java.util.Arrays;
import java.util.function.IntPredicate;
import org.ibrouting.fabric.Fabric;

/**
 * Not API. Breadth-first search over the fabric's CSR adjacency, by default over switch-to-switch
 * channels only (CAs and routers do not forward), from one switch or from several at distance 0.
 * One instance serves many searches on one fabric and thread: each search resets only what the
 * previous one reached. Neighbours are visited in channel order, so the search order and the {@link
 * #parentChannel} of a switch (the first channel that reached it) are deterministic.
 *
 * <pre>{@code
 * SwitchBfs bfs = new SwitchBfs(fabric);
 * bfs.from(root);
 * for (int i = 0; i < bfs.numReached(); i++) {
 *   int sw = bfs.reached(i);          // in BFS order, the root first
 *   int hops = bfs.distance(sw);
 * }
 * }</pre>
 *
 * <p>Cost: O(switches + switch links) per search; 3 ints per node searched.
 */
public final class SwitchBfs {
  /** The distance of a node the last search did not reach. */
  public static final int UNREACHED = Integer.MAX_VALUE;

  private final Fabric fabric;
  private final int limit;
  private final int[] distance;
  private final int[] order;
  private final int[] parentChannel;
  private int numReached;

  /** Searches over switch-to-switch channels. */
  public SwitchBfs(Fabric fabric) {
    this(fabric, fabric.numSwitches());
  }

  private SwitchBfs(Fabric fabric, int limit) {
    this.fabric = fabric;
    this.limit = limit;
    this.distance = new int[limit];
    this.order = new int[limit];
    this.parentChannel = new int[limit];
    Arrays.fill(distance, UNREACHED);
  }

  /**
   * Searches over every node's channels, CAs and routers included (a multi-port CA joins the
   * switches it is cabled to): the node graph, not the forwarding graph.
   */
  public static SwitchBfs overAllNodes(Fabric fabric) {
    return new SwitchBfs(fabric, fabric.numNodes());
  }

  /** Distances from {@code root}. */
  public SwitchBfs from(int root) {
    reset();
    start(root);
    return run(null);
  }

  /** Distances from {@code root} over the channels {@code follow} accepts. */
  public SwitchBfs from(int root, IntPredicate follow) {
    reset();
    start(root);
    return run(follow);
  }

  /** Distances from the nearest of {@code roots[0..count)} (duplicates allowed). */
  public SwitchBfs from(int[] roots, int count) {
    return from(roots, count, null);
  }

  /**
   * Distances from the nearest of {@code roots[0..count)} over the channels {@code follow} accepts
   * (null: every channel).
   */
  public SwitchBfs from(int[] roots, int count, IntPredicate follow) {
    reset();
    for (int i = 0; i < count; i++) {
      start(roots[i]);
    }
    return run(follow);
  }

  private void reset() {
    for (int i = 0; i < numReached; i++) {
      distance[order[i]] = UNREACHED;
    }
    numReached = 0;
  }

  private void start(int root) {
    if (distance[root] != 0) {
      distance[root] = 0;
      parentChannel[root] = -1;
      order[numReached++] = root;
    }
  }

  private SwitchBfs run(IntPredicate follow) {
    for (int head = 0; head < numReached; head++) {
      int node = order[head];
      int next = distance[node] + 1;
      for (int i = 0, degree = fabric.outDegree(node); i < degree; i++) {
        int channel = fabric.outChannel(node, i);
        int neighbour = fabric.channelHead(channel);
        if (neighbour < limit
            && distance[neighbour] == UNREACHED
            && (follow == null || follow.test(channel))) {
          distance[neighbour] = next;
          parentChannel[neighbour] = channel;
          order[numReached++] = neighbour;
        }
      }
    }
    return this;
  }

  /** The hops from the nearest root to {@code node}, or {@link #UNREACHED}. */
  public int distance(int node) {
    return distance[node];
  }

  /**
   * The distance of every node, {@link #UNREACHED} where the search did not come; the live array,
   * valid until the next search and not to be written.
   */
  public int[] distances() {
    return distance;
  }

  /** How many nodes the search reached, the roots included. */
  public int numReached() {
    return numReached;
  }

  /** The {@code i}-th node reached, in BFS order (the roots first). */
  public int reached(int i) {
    return order[i];
  }

  /** The channel by which {@code node} was first reached, -1 for a root. */
  public int parentChannel(int node) {
    return parentChannel[node];
  }

  /** The largest distance reached (0 when only the roots were). */
  public int maxDistance() {
    return numReached == 0 ? 0 : distance[order[numReached - 1]];
  }

  /** The sum of the distances of the nodes reached. */
  public long distanceSum() {
    long sum = 0;
    for (int i = 0; i < numReached; i++) {
      sum += distance[order[i]];
    }
    return sum;
  }
}
