package org.ibrouting.bench;

import java.util.Arrays;
import org.ibrouting.engines.ssspfamily.SsspGraph;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.topology.Topologies;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * How much of sssp's time its priority queue takes, and so how fast sssp could be with a free one.
 * One invocation is P-SSSP's loop over a generated k-ary 3-tree (LMC 0, so one LID per end port):
 * per destination, in sssp's order, one Dijkstra over the switch graph from links weighted P² on,
 * then every link of the tree's paths raised by the end-port LIDs behind it; the LFTs are not
 * written. Three variants:
 *
 * <ul>
 *   <li>{@code engine}: {@link SsspGraph}, the code sssp, dfsssp and sar run: most trees grown hop
 *       level by hop level without a heap, Dijkstra only where the heap's order among equal keys
 *       decides ({@code HopLevelTrees}), and Dijkstra's trees ended once no scan left can shorten a
 *       distance;
 *   <li>{@code heap}: the same {@link SsspGraph} with {@link SsspGraph#scanEveryVertex}: every tree
 *       by Dijkstra with OpenSM's 4-ary heap filled with every switch, every reached switch scanned
 *       as OpenSM does; its run time against the engine's shows what the level trees and the early
 *       end save;
 *   <li>{@code fifo}: this class's Dijkstra loop with no priority queue at all: switches settled in
 *       the order they are first reached, each once, every link of each relaxed once. Its trees
 *       break ties in another order than OpenSM's (on a fat tree they are still shortest-path
 *       trees), so it is a floor for the rest of the loop, not a routing.
 * </ul>
 *
 * <p>{@code fifo}'s time is what would remain of {@code heap}'s with a queue that cost nothing.
 * Run: {@code java -jar benchmarks/target/benchmarks.jar SsspQueueBenchmark -p k=32}.
 */
public class SsspQueueBenchmark extends SingleShotBenchmark {
  /** The tree's arity: a k-ary 3-tree has k^3 CAs and 3k^2 switches. */
  @Param({"16"})
  public int k;

  /** {@code engine}, {@code heap} or {@code fifo} (see the class comment). */
  @Param({"engine", "heap", "fifo"})
  public String variant;

  /**
   * Tests: {@link #routeAllLids} returns a checksum of every switch's port towards every LID
   * instead of the number of switches settled (left out of the timed runs: it costs as much as a
   * small share of the loop).
   */
  boolean checksum;

  private Fabric fabric;
  private int[] destinations;
  private int numSwitches;
  private int[] linkStart;
  private int[] linkTo;
  private int[] linkToPort;
  private long[] weight;
  private long[] endPortLids;
  private long startWeight;
  private long[] dist;
  private int[] predLink;
  private int[] predVertex;
  private int[] order;
  private long[] subtree;
  private boolean[] settled;
  private int[] fifo;

  /** Generates the fabric and the copy's switch graph. */
  @Setup(Level.Trial)
  public void setUp() {
    fabric = Topologies.kAryNTree(k, 3);
    SsspGraph graph = new SsspGraph(fabric);
    destinations = graph.destinationOrder(null, null);
    startWeight = graph.numEndpointLids() * graph.numEndpointLids();
    endPortLids = graph.endPortLids();
    int n = fabric.numSwitches();
    numSwitches = n;
    SsspGraph.Links links = graph.links();
    linkStart = links.linkStart();
    linkTo = links.linkTo();
    linkToPort = links.linkToPort();
    weight = new long[linkTo.length];
    dist = new long[n + 1];
    predLink = new int[n + 1];
    predVertex = new int[n + 1];
    order = new int[n + 1];
    subtree = new long[n + 1];
    settled = new boolean[n + 1];
    fifo = new int[linkTo.length + 1];
  }

  /**
   * Every destination LID of the fabric once; returns the number of switches settled, or with
   * {@link #checksum} a checksum of every switch's port towards every LID, the same for {@code
   * engine} and {@code heap} when their trees are.
   */
  @Benchmark
  public long routeAllLids() {
    if (!variant.equals("fifo")) {
      return engine(variant.equals("heap"));
    }
    Arrays.fill(weight, startWeight);
    int n = numSwitches;
    int pseudoLink = linkStart[n];
    long result = 0;
    for (int dest : destinations) {
      int source = fabric.nodeOfPort(dest);
      if (source >= n) {
        source = n;
        int switchPort = fabric.peerPort(dest);
        linkTo[pseudoLink] = fabric.nodeOfPort(switchPort);
        linkToPort[pseudoLink] = fabric.portNum(switchPort);
        weight[pseudoLink] = 1;
      }
      int numVertices = source == n ? n + 1 : n;
      Arrays.fill(dist, 0, numVertices, Long.MAX_VALUE);
      Arrays.fill(predLink, 0, numVertices, -1);
      Arrays.fill(predVertex, 0, numVertices, -1);
      dist[source] = 0;
      Arrays.fill(settled, 0, numVertices, false);
      fifo[0] = source;
      int reached = fifoLoop();
      if (checksum) {
        for (int sw = 0; sw < n; sw++) {
          result = 31 * result + (predLink[sw] >= 0 ? linkToPort[predLink[sw]] : -1);
        }
      } else {
        result += source == n ? reached - 1 : reached;
      }
      addWeights(reached);
    }
    return result;
  }

  private long engine(boolean scanEveryVertex) {
    SsspGraph graph = new SsspGraph(fabric);
    graph.scanEveryVertex(scanEveryVertex);
    graph.resetWeights(startWeight);
    long result = 0;
    for (int dest : destinations) {
      int reached = graph.shortestPathTree(dest);
      if (checksum) {
        for (int sw = 0; sw < numSwitches; sw++) {
          result = 31 * result + graph.outPortNum(sw);
        }
      } else {
        result += reached;
      }
      graph.addWeights(endPortLids);
    }
    return result;
  }

  /**
   * Dijkstra's loop as {@code SsspGraph.grow} runs it, but with switches taken in the order they
   * were first reached, from {@link #fifo}, instead of from a heap.
   */
  private int fifoLoop() {
    int head = 0;
    int tail = 1;
    int count = 0;
    while (head < tail) {
      int u = fifo[head++];
      if (settled[u]) {
        continue;
      }
      settled[u] = true;
      long du = dist[u];
      order[count++] = u;
      for (int l = linkStart[u], end = linkStart[u + 1]; l < end; l++) {
        int v = linkTo[l];
        long candidate = du + weight[l];
        if (candidate < dist[v] && !settled[v]) {
          dist[v] = candidate;
          predLink[v] = l;
          predVertex[v] = u;
          fifo[tail++] = v;
        }
      }
    }
    return count;
  }

  private void addWeights(int reached) {
    int n = numSwitches;
    for (int i = 0; i < reached; i++) {
      int v = order[i];
      subtree[v] = v < n ? endPortLids[v] : 0;
    }
    for (int i = reached - 1; i > 0; i--) {
      int v = order[i];
      long sum = subtree[v];
      if (sum != 0 && predLink[v] >= 0) {
        weight[predLink[v]] += sum;
        subtree[predVertex[v]] += sum;
      }
    }
  }
}
