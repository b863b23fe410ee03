package org.ibrouting.engines.nue;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.IncrementalCdg;
import org.ibrouting.routing.RoutingException;

/**
 * The switch network Nue routes on and its complete channel dependency graph (cCDG), in OpenSM's
 * orders. Switches ("network nodes") are sorted by LID in network byte order ({@link #wireOrder});
 * each has its switch-to-switch links in port order (parallel links kept, self-links dropped). cCDG
 * vertices are sorted by channel id (local LID, local port, remote LID, remote port; LIDs again in
 * network byte order), which puts a switch's <em>fake channel</em> (the source vertex of a Dijkstra
 * run, port 0 to itself) first and its links after it, in port order: vertex {@code fake(i) =
 * linkStart[i] + i}, vertex of link {@code l} = {@code l + from(l) + 1}. The fake channel depends
 * on every link of its switch; the channel {@code u -> v} depends on every link of {@code v} except
 * its exact reverse (same cable).
 *
 * <p>Memory: 6 ints and a long per link, 3 ints per cCDG edge (sum over links of the head's
 * degree).
 */
final class NueNetwork {
  final Fabric fabric;
  final int numSwitches;

  /** Fabric switch of network node {@code i} (LID order). */
  final int[] switchOf;

  /** Network node of a fabric switch. */
  final int[] nodeOfSwitch;

  final int[] lid;

  /** Terminal LIDs per switch incl. its own (OpenSM's num_terminals, a byte there). */
  final int[] numTerminals;

  final int[] linkStart;
  final int[] linkFrom;
  final int[] linkTo;
  final int[] linkLocalPort;
  final int[] linkRemotePort;
  final int[] inverseLink;

  /** cCDG: vertex -> link (-1 for a fake channel). */
  final int[] linkOfVertex;

  private final int[] tailOfVertex;
  final int[] edgeStart;
  final int[] edgeTarget;
  final IncrementalCdg.Graph cdgGraph;

  private NueNetwork(
      Fabric fabric,
      int[] switchOf,
      int[] lid,
      int[] numTerminals,
      int[] linkStart,
      int[] linkFrom,
      int[] linkTo,
      int[] linkLocalPort,
      int[] linkRemotePort) {
    this.fabric = fabric;
    this.numSwitches = switchOf.length;
    this.switchOf = switchOf;
    this.lid = lid;
    this.numTerminals = numTerminals;
    this.linkStart = linkStart;
    this.linkFrom = linkFrom;
    this.linkTo = linkTo;
    this.linkLocalPort = linkLocalPort;
    this.linkRemotePort = linkRemotePort;
    this.nodeOfSwitch = new int[fabric.numSwitches()];
    for (int i = 0; i < numSwitches; i++) {
      nodeOfSwitch[switchOf[i]] = i;
    }
    int numLinks = linkFrom.length;
    int[] linkOfPort = new int[fabric.numPortSlots()];
    Arrays.fill(linkOfPort, -1);
    for (int l = 0; l < numLinks; l++) {
      linkOfPort[fabric.port(switchOf[linkFrom[l]], linkLocalPort[l])] = l;
    }
    this.inverseLink = new int[numLinks];
    for (int l = 0; l < numLinks; l++) {
      inverseLink[l] = linkOfPort[fabric.port(switchOf[linkTo[l]], linkRemotePort[l])];
    }
    int numVertices = numLinks + numSwitches;
    this.linkOfVertex = new int[numVertices];
    this.tailOfVertex = new int[numVertices];
    this.edgeStart = new int[numVertices + 1];
    IntArrayList targets = new IntArrayList();
    for (int i = 0; i < numSwitches; i++) {
      int fake = fake(i);
      linkOfVertex[fake] = -1;
      tailOfVertex[fake] = i;
      edgeStart[fake] = targets.size();
      for (int l = linkStart[i]; l < linkStart[i + 1]; l++) {
        targets.add(vertexOf(l));
      }
      for (int l = linkStart[i]; l < linkStart[i + 1]; l++) {
        int v = vertexOf(l);
        linkOfVertex[v] = l;
        tailOfVertex[v] = i;
        edgeStart[v] = targets.size();
        int head = linkTo[l];
        for (int l2 = linkStart[head]; l2 < linkStart[head + 1]; l2++) {
          if (l2 != inverseLink[l]) {
            targets.add(vertexOf(l2));
          }
        }
      }
    }
    edgeStart[numVertices] = targets.size();
    this.edgeTarget = targets.toIntArray();
    this.cdgGraph = new IncrementalCdg.Graph(edgeStart, edgeTarget);
  }

  /** Builds the network of {@code fabric}'s switches; every switch needs a LID. */
  static NueNetwork of(Fabric fabric) throws RoutingException {
    int n = fabric.numSwitches();
    Integer[] byLid = new Integer[n];
    for (int sw = 0; sw < n; sw++) {
      if (fabric.baseLid(fabric.port(sw, 0)) == 0) {
        throw new RoutingException(
            RoutingException.Reason.NOTHING_TO_ROUTE,
            "nue: "
                + fabric.nodeName(sw)
                + " has no LID, and Nue orders"
                + " every switch by its LID; a switch has none when no subnet manager reached it"
                + " (no switch with a LID is cabled to it) or the fabric was built without");
      }
      byLid[sw] = sw;
    }
    Arrays.sort(
        byLid,
        (a, b) ->
            Integer.compare(
                wireOrder(fabric.baseLid(fabric.port(a, 0))),
                wireOrder(fabric.baseLid(fabric.port(b, 0)))));
    int[] switchOf = new int[n];
    int[] lid = new int[n];
    int[] numTerminals = new int[n];
    int[] linkStart = new int[n + 1];
    IntArrayList from = new IntArrayList();
    IntArrayList toSwitch = new IntArrayList();
    IntArrayList localPort = new IntArrayList();
    IntArrayList remotePort = new IntArrayList();
    for (int i = 0; i < n; i++) {
      int sw = byLid[i];
      switchOf[i] = sw;
      lid[i] = fabric.baseLid(fabric.port(sw, 0));
      numTerminals[i] = 1 << fabric.lmc(fabric.port(sw, 0));
      linkStart[i] = from.size();
      for (int k = 0; k < fabric.outDegree(sw); k++) {
        int port = fabric.outChannel(sw, k);
        int peer = fabric.peerPort(port);
        int remote = fabric.nodeOfPort(peer);
        if (remote == sw) {
          continue;
        }
        if (!fabric.isSwitch(remote)) {
          numTerminals[i] += 1 << fabric.lmc(peer);
          continue;
        }
        from.add(i);
        toSwitch.add(remote);
        localPort.add(fabric.portNum(port));
        remotePort.add(fabric.portNum(peer));
      }
    }
    linkStart[n] = from.size();
    int[] nodeOfSwitch = new int[n];
    for (int i = 0; i < n; i++) {
      nodeOfSwitch[switchOf[i]] = i;
    }
    int[] to = toSwitch.toIntArray();
    for (int l = 0; l < to.length; l++) {
      to[l] = nodeOfSwitch[to[l]];
    }
    return new NueNetwork(
        fabric,
        switchOf,
        lid,
        numTerminals,
        linkStart,
        from.toIntArray(),
        to,
        localPort.toIntArray(),
        remotePort.toIntArray());
  }

  /**
   * OpenSM compares LIDs as stored, in network byte order, as native integers: on x86 that is the
   * LID with its two bytes swapped (LID 0x0100 sorts before LID 0x0002).
   */
  static int wireOrder(int lid) {
    return ((lid & 0xFF) << 8) | (lid >>> 8);
  }

  int numLinks() {
    return linkFrom.length;
  }

  int numVertices() {
    return linkOfVertex.length;
  }

  /** The fake channel (Dijkstra source vertex) of network node {@code i}. */
  int fake(int i) {
    return linkStart[i] + i;
  }

  /** The cCDG vertex of link {@code l}. */
  int vertexOf(int l) {
    return l + linkFrom[l] + 1;
  }

  /** The network node a cCDG vertex leaves (its local LID's switch). */
  int tailOfVertex(int v) {
    return tailOfVertex[v];
  }

  /** The edge from vertex {@code a} to vertex {@code b}, or -1 (computed from the fixed layout). */
  int edgeBetween(int a, int b) {
    int lb = linkOfVertex[b];
    if (lb < 0) {
      return -1;
    }
    int la = linkOfVertex[a];
    int at = la < 0 ? tailOfVertex(a) : linkTo[la];
    if (linkFrom[lb] != at) {
      return -1;
    }
    int k = lb - linkStart[at];
    if (la >= 0) {
      int reverse = inverseLink[la];
      if (reverse == lb) {
        return -1;
      }
      if (reverse < lb) {
        k--;
      }
    }
    return edgeStart[a] + k;
  }
}
