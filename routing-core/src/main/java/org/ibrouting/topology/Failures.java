package org.ibrouting.topology;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Random;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;

/**
 * Damaged copies of a fabric, as a fabric looks to OpenSM's next sweep after cables or switches
 * failed: failed switch-to-switch links are gone, a failed switch is gone together with the CAs
 * cabled to nothing else, and every remaining port keeps its GUID and LIDs (OpenSM keeps LIDs
 * across sweeps). CA links never fail here. The same seed gives the same damage.
 *
 * <p>Cost: one {@link FabricBuilder} copy of the fabric per call (plus one connectivity test per
 * candidate with {@code keepConnected}).
 */
public final class Failures {
  private Failures() {}

  /** The number of switch-to-switch links (parallel cables counted one by one). */
  public static int switchLinks(Fabric fabric) {
    int links = 0;
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        int channel = fabric.outChannel(sw, i);
        int peer = fabric.peerPort(channel);
        if (fabric.isSwitch(fabric.nodeOfPort(peer)) && channel < peer) {
          links++;
        }
      }
    }
    return links;
  }

  /**
   * Removes {@code failures} random switch-to-switch links (fewer when there are fewer). With
   * {@code keepConnected} a link is removed only if the fabric stays connected, so fewer links
   * (possibly none, e.g. in a tree) may fail; without it the result may fall apart.
   */
  public static Fabric failLinks(Fabric fabric, int failures, boolean keepConnected, long seed) {
    Random random = new Random(seed);
    IntArrayList candidates = new IntArrayList();
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        int channel = fabric.outChannel(sw, i);
        int peer = fabric.peerPort(channel);
        if (fabric.isSwitch(fabric.nodeOfPort(peer)) && channel < peer) {
          candidates.add(channel);
        }
      }
    }
    FabricBuilder b = FabricBuilder.from(fabric);
    int removed = 0;
    while (removed < failures && !candidates.isEmpty()) {
      int channel = candidates.removeInt(random.nextInt(candidates.size()));
      int peer = fabric.peerPort(channel);
      int a = fabric.nodeOfPort(channel);
      int pa = fabric.portNum(channel);
      b.disconnect(a, pa);
      if (keepConnected && !connected(b, fabric.numNodes())) {
        b.connect(a, pa, fabric.nodeOfPort(peer), fabric.portNum(peer), fabric.linkRate(channel));
      } else {
        removed++;
      }
    }
    return b.build();
  }

  /**
   * Removes {@code percent} % of the switch-to-switch links (rounded, at least one when {@code
   * percent > 0}); the fabric may fall apart.
   */
  public static Fabric failLinkShare(Fabric fabric, double percent, long seed) {
    return failLinks(fabric, countOf(switchLinks(fabric), percent), false, seed);
  }

  /**
   * Removes one random switch with the CAs cabled to nothing else. With {@code keepConnected} only
   * a switch whose loss leaves the rest connected is chosen, and a fabric where no such switch
   * exists (a single switch, a chain's middle, ...) is returned intact; without it the remainder
   * may fall apart.
   */
  public static Fabric failSwitch(Fabric fabric, boolean keepConnected, long seed) {
    if (fabric.numSwitches() < 2) {
      return fabric;
    }
    Random random = new Random(seed);
    int[] order = permutation(fabric.numSwitches(), random);
    for (int sw : order) {
      boolean[] removed = new boolean[fabric.numNodes()];
      removed[sw] = true;
      Fabric rest = without(fabric, removed);
      if (!keepConnected || Connectivity.isConnected(rest)) {
        return rest;
      }
    }
    return fabric;
  }

  /**
   * Removes {@code percent} % of the switches (rounded, at least one when {@code percent > 0}, and
   * never all), chosen at random, with the CAs cabled to nothing else; the rest may fall apart.
   */
  public static Fabric failSwitchShare(Fabric fabric, double percent, long seed) {
    int count = Math.min(fabric.numSwitches() - 1, countOf(fabric.numSwitches(), percent));
    if (count <= 0) {
      return fabric;
    }
    int[] order = permutation(fabric.numSwitches(), new Random(seed));
    boolean[] removed = new boolean[fabric.numNodes()];
    for (int i = 0; i < count; i++) {
      removed[order[i]] = true;
    }
    return without(fabric, removed);
  }

  private static int countOf(int total, double percent) {
    if (percent <= 0) {
      return 0;
    }
    return Math.max(1, (int) Math.round(total * percent / 100.0));
  }

  /**
   * The fabric as a discovery from {@code fromNode} sees it after the cables at {@code ports} (port
   * slots; either end of a cable will do) failed: those links are gone, and so is every node they
   * cut off from {@code fromNode}'s component (a switch whose every cable failed, the CAs behind
   * it). LIDs and GUIDs stay.
   */
  public static Fabric withoutLinks(Fabric fabric, int[] ports, int fromNode) {
    FabricBuilder b = FabricBuilder.from(fabric);
    boolean[] cut = new boolean[fabric.numPortSlots()];
    for (int port : ports) {
      int peer = fabric.peerPort(port);
      if (peer >= 0 && !cut[port]) {
        cut[port] = true;
        cut[peer] = true;
        b.disconnect(fabric.nodeOfPort(port), fabric.portNum(port));
      }
    }
    boolean[] reached = new boolean[fabric.numNodes()];
    int[] queue = new int[fabric.numNodes()];
    int tail = 0;
    queue[tail++] = fromNode;
    reached[fromNode] = true;
    for (int head = 0; head < tail; head++) {
      int node = queue[head];
      for (int p = 1; p <= fabric.numPorts(node); p++) {
        int port = fabric.port(node, p);
        int peer = fabric.peerPort(port);
        if (peer >= 0 && !cut[port] && !reached[fabric.nodeOfPort(peer)]) {
          reached[fabric.nodeOfPort(peer)] = true;
          queue[tail++] = fabric.nodeOfPort(peer);
        }
      }
    }
    if (tail == fabric.numNodes()) {
      return b.build();
    }
    boolean[] removed = new boolean[fabric.numNodes()];
    for (int node = 0; node < fabric.numNodes(); node++) {
      removed[node] = !reached[node];
    }
    return without(b.build(), removed);
  }

  /** The fabric without the switches marked in {@code removed} and the CAs cabled only to them. */
  private static Fabric without(Fabric fabric, boolean[] removed) {
    for (int node = fabric.numSwitches(); node < fabric.numNodes(); node++) {
      boolean elsewhere = false;
      for (int i = 0; i < fabric.outDegree(node); i++) {
        elsewhere |= !removed[fabric.channelHead(fabric.outChannel(node, i))];
      }
      removed[node] = !elsewhere;
    }
    FabricBuilder b = Fabric.builder();
    int[] idOf = new int[fabric.numNodes()];
    for (int node = 0; node < fabric.numNodes(); node++) {
      if (removed[node]) {
        idOf[node] = -1;
        continue;
      }
      idOf[node] = b.addNodeLike(fabric, node);
    }
    for (int port = 0; port < fabric.numPortSlots(); port++) {
      int peer = fabric.peerPort(port);
      int a = idOf[fabric.nodeOfPort(port)];
      if (peer > port && a >= 0 && idOf[fabric.nodeOfPort(peer)] >= 0) {
        b.connect(
            a,
            fabric.portNum(port),
            idOf[fabric.nodeOfPort(peer)],
            fabric.portNum(peer),
            fabric.linkRate(port));
      }
    }
    return b.build();
  }

  /** Whether the builder's nodes 0..n-1 form one component (iterative BFS over builder links). */
  private static boolean connected(FabricBuilder b, int n) {
    if (n == 0) {
      return true;
    }
    boolean[] seen = new boolean[n];
    int[] queue = new int[n];
    int head = 0;
    int tail = 0;
    queue[tail++] = 0;
    seen[0] = true;
    while (head < tail) {
      int node = queue[head++];
      for (int p = 1; p <= b.numPorts(node); p++) {
        int peer = b.peerNode(node, p);
        if (peer >= 0 && !seen[peer]) {
          seen[peer] = true;
          queue[tail++] = peer;
        }
      }
    }
    return tail == n;
  }

  /** A random permutation of {@code 0..n-1} (Fisher-Yates), the order failures are drawn in. */
  public static int[] permutation(int n, Random random) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }
}
