package org.ibrouting.engines.sssp;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.paths.QuaternaryHeap;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * P-SSSP: one shortest-path tree per destination LID, with link weights raised by the routes
 * already placed, so that load is balanced over the whole fabric (Hoefler, Schneider, Lumsdaine,
 * "Optimized Routing for Large-Scale InfiniBand Networks"). OpenSM counterpart: {@code -R sssp}
 * (osm_ucast_dfsssp.c without the VL step), reproduced table for table: switches in OpenSM's order
 * as vertices, one directed link entry per cable end in port order, destinations ordered by the
 * number of end-port LIDs on their switch (CA ports first, then the switches' own LIDs), Dijkstra
 * from the destination with OpenSM's 4-ary heap tie-breaking, and after each destination every
 * reached switch adds its number of end-port LIDs to each link of its path.
 *
 * <p>Differences: weights are 64-bit, so there is no overflow where OpenSM's start weight P² under
 * an infinity of 2³¹−1 fails (P ≥ 46,341 endpoints); results are identical wherever OpenSM's do not
 * overflow. With {@code minimal = false} links start at weight 1 instead of P², trading minimal
 * paths for balance. Routers are not destinations (as in OpenSM).
 *
 * <p>Cost: O(LIDs x (links + switches) log switches), sequential by nature (each destination's
 * tree depends on the weights all earlier ones left); per link entry 2 ints and a long, and a
 * destination-major copy of the LFTs (1 byte per (switch, LID)) so that one tree writes one row.
 */
public final class SsspEngine implements RoutingEngine {
  private final boolean minimal;

  /** OpenSM-compatible: minimal paths enforced. */
  public SsspEngine() {
    this(true);
  }

  /** {@code minimal}: start weights at P² so a longer path never wins (OpenSM's behaviour). */
  public SsspEngine(boolean minimal) {
    this.minimal = minimal;
  }

  @Override
  public String name() {
    return "sssp";
  }

  @Override
  public Routing route(Fabric fabric, RoutingOptions options) throws RoutingException {
    int n = fabric.numSwitches();
    if (n == 0) {
      throw new RoutingException("sssp: the fabric has no switch to route");
    }
    // link entries: vertex v = switch v (the pseudo-vertex of a CA destination is n)
    int[] linkStart = new int[n + 2];
    IntArrayList to = new IntArrayList();
    IntArrayList toPort = new IntArrayList();
    long[] numHca = new long[n];
    for (int sw = 0; sw < n; sw++) {
      linkStart[sw] = to.size();
      numHca[sw] = 1L << fabric.lmc(fabric.port(sw, 0));
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        int channel = fabric.outChannel(sw, i);
        int peer = fabric.peerPort(channel);
        int remote = fabric.nodeOfPort(peer);
        if (remote >= n) {
          numHca[sw] += 1L << fabric.lmc(peer);
        } else if (remote != sw) {
          to.add(remote);
          toPort.add(fabric.portNum(peer));
        }
      }
    }
    linkStart[n] = to.size();
    int pseudoLink = to.size();
    to.add(-1);
    toPort.add(-1);
    linkStart[n + 1] = to.size();
    int[] linkTo = to.toIntArray();
    int[] linkToPort = toPort.toIntArray();
    long endpoints = 0;
    for (int node = 0; node < fabric.numNodes(); node++) {
      NodeType type = fabric.nodeType(node);
      if (type == NodeType.SWITCH) {
        endpoints += 1L << fabric.lmc(fabric.port(node, 0));
      } else if (type == NodeType.CA) {
        for (int p = 1; p <= fabric.numPorts(node); p++) {
          endpoints += 1L << fabric.lmc(fabric.port(node, p));
        }
      }
    }
    long[] weight = new long[linkTo.length];
    Arrays.fill(weight, minimal ? endpoints * endpoints : 1);

    RoutingBuilder builder = Routing.builder(fabric, name()).setOwnLidsToPortZero();
    int[] destinations = destinationOrder(fabric, numHca);
    int stride = fabric.maxLid() + 1;
    long size = (long) stride * n;
    if (size > Integer.MAX_VALUE - 16) {
      throw new RoutingException("sssp: " + n + " switches x " + stride + " LIDs exceed one LFT copy");
    }
    // the tables by destination (one Dijkstra fills one row), copied into the LFTs at the end
    byte[] byLid = new byte[(int) size];
    Arrays.fill(byLid, (byte) Routing.NO_ROUTE);
    QuaternaryHeap heap = new QuaternaryHeap(n + 1);
    long[] dist = new long[n + 1];
    int[] predLink = new int[n + 1];
    int[] predVertex = new int[n + 1];
    int[] order = new int[n + 1];
    long[] below = new long[n + 1];
    long total = 0;
    for (int dest : destinations) {
      total += 1L << fabric.lmc(dest);
    }
    long finished = 0;
    for (int dest : destinations) {
      int destNode = fabric.nodeOfPort(dest);
      int source;
      if (fabric.isSwitch(destNode)) {
        source = destNode;
      } else {
        int swPort = fabric.peerPort(dest);
        source = n;
        linkTo[pseudoLink] = fabric.nodeOfPort(swPort);
        linkToPort[pseudoLink] = fabric.portNum(swPort);
        weight[pseudoLink] = 1;
      }
      for (int k = 0; k < 1 << fabric.lmc(dest); k++) {
        int lid = fabric.baseLid(dest) + k;
        int reached = dijkstra(source, n, linkStart, linkTo, weight, heap, dist, predLink, predVertex, order);
        int row = lid * n;
        for (int i = 0; i < reached; i++) {
          int v = order[i];
          if (v < n && predLink[v] >= 0) {
            byLid[row + v] = (byte) linkToPort[predLink[v]];
          }
        }
        // every reached switch adds its end-port LIDs to each link of its path: in reverse order of
        // reach, a vertex's subtree is complete when it is met, so each tree link is raised once
        for (int i = 0; i < reached; i++) {
          int v = order[i];
          below[v] = v < n ? numHca[v] : 0;
        }
        for (int i = reached - 1; i >= 0; i--) {
          int v = order[i];
          if (predLink[v] >= 0) {
            weight[predLink[v]] += below[v];
            below[predVertex[v]] += below[v];
          }
        }
        finished++;
        options.progress().progress("sssp: destinations", finished, total);
      }
    }
    copyIntoLfts(byLid, n, stride, builder);
    return builder.build();
  }

  /** Copies the destination-major tables into the builder in cache-sized blocks; skips NO_ROUTE. */
  private static void copyIntoLfts(byte[] byLid, int n, int stride, RoutingBuilder builder) {
    int block = 64;
    for (int lidFrom = 0; lidFrom < stride; lidFrom += block) {
      int lidTo = Math.min(stride, lidFrom + block);
      for (int sw = 0; sw < n; sw++) {
        for (int lid = lidFrom; lid < lidTo; lid++) {
          int port = byLid[lid * n + sw] & 0xFF;
          if (port != Routing.NO_ROUTE) {
            builder.setOutPort(sw, lid, port);
          }
        }
      }
    }
  }

  /**
   * Runs Dijkstra from {@code source} with every vertex in the heap from the start, as OpenSM
   * does (the heap's shape decides ties); returns how many vertices were reached, listed in
   * {@code order}. A vertex already taken out of the heap is never relaxed again, because weights
   * are positive: its distance is at most the current one.
   */
  private static int dijkstra(int source, int n, int[] linkStart, int[] linkTo, long[] weight,
      QuaternaryHeap heap, long[] dist, int[] predLink, int[] predVertex, int[] order) {
    int numVertices = source == n ? n + 1 : n;
    heap.fill(numVertices, Long.MAX_VALUE);
    Arrays.fill(dist, 0, numVertices, Long.MAX_VALUE);
    Arrays.fill(predLink, 0, numVertices, -1);
    Arrays.fill(predVertex, 0, numVertices, -1);
    dist[source] = 0;
    heap.decreaseKey(source, 0);
    int reached = 0;
    while (!heap.isEmpty()) {
      int u = heap.extractMin();
      long du = dist[u];
      if (du == Long.MAX_VALUE) {
        break;
      }
      order[reached++] = u;
      for (int l = linkStart[u], end = linkStart[u + 1]; l < end; l++) {
        int v = linkTo[l];
        long candidate = du + weight[l];
        if (candidate < dist[v]) {
          dist[v] = candidate;
          predLink[v] = l;
          predVertex[v] = u;
          heap.decreaseKey(v, candidate);
        }
      }
    }
    return reached;
  }

  /** The end ports in OpenSM's (DF)SSSP destination order (the order its VL assignment uses too). */
  public static int[] destinationOrderOf(Fabric fabric) {
    int n = fabric.numSwitches();
    long[] numHca = new long[n];
    for (int sw = 0; sw < n; sw++) {
      numHca[sw] = 1L << fabric.lmc(fabric.port(sw, 0));
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        int peer = fabric.peerPort(fabric.outChannel(sw, i));
        if (!fabric.isSwitch(fabric.nodeOfPort(peer))) {
          numHca[sw] += 1L << fabric.lmc(peer);
        }
      }
    }
    return destinationOrder(fabric, numHca);
  }

  /** OpenSM's destination order: per switch by descending end-port LIDs (stable), CA ports then switch port 0s. */
  static int[] destinationOrder(Fabric fabric, long[] numHca) {
    int n = fabric.numSwitches();
    Integer[] byHca = new Integer[n];
    for (int sw = 0; sw < n; sw++) {
      byHca[sw] = sw;
    }
    Arrays.sort(byHca, (a, b) -> Long.compare(numHca[b], numHca[a]));
    IntArrayList order = new IntArrayList();
    for (int sw : byHca) {
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        int peer = fabric.peerPort(fabric.outChannel(sw, i));
        if (fabric.nodeType(fabric.nodeOfPort(peer)) == NodeType.CA && fabric.baseLid(peer) != 0) {
          order.add(peer);
        }
      }
    }
    for (int sw : byHca) {
      if (fabric.baseLid(fabric.port(sw, 0)) != 0) {
        order.add(fabric.port(sw, 0));
      }
    }
    return order.toIntArray();
  }
}
