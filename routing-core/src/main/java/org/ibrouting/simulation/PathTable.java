package org.ibrouting.simulation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.Lids;
import org.ibrouting.internal.LftWalker;
import org.ibrouting.routing.Routing;

/**
 * The path of every ordered pair of distinct endpoints under a routing, as channel ids: the
 * injection channel (the endpoint's own port), then one channel per switch crossed, the last of
 * which is the ejection channel into the destination.
 *
 * <p>Built by walking the LFTs once per destination: the routes towards one destination LID form an
 * in-tree, so every switch is classified once per destination (routable with its hop count, or why
 * not: no route, a port leading nowhere, a loop, delivery to another node) by the memoised walk the
 * route checker uses too (internal.LftWalker). Pairs that cannot be routed are counted and
 * described ({@link #numUnroutablePairs()}, {@link #unroutableSamples()}), never dropped silently.
 *
 * <p>Two storage modes. When {@code P^2 x (longest path)} channel ids fit the budget passed to
 * {@link #build(Routing, EndPorts, long)}, every path is stored explicitly in one flat int array.
 * Above it, paths are walked on demand: the per-destination next hop of every switch is the LFT
 * itself (one byte per switch and LID, already in memory), so the table adds only one bit per
 * (destination, switch) for routability and one int per port slot for the channel's head switch;
 * the simulator adds one long per (leaf switch, endpoint) for the first channels of every path,
 * packed, when they fit 64 MiB.
 *
 * <p>Cost: O(P x numSwitches) to build; walking a path costs one LFT lookup per switch crossed.
 */
public final class PathTable {
  /** The default budget of explicitly stored channel ids (64 MiB of ints). */
  public static final long DEFAULT_EXPLICIT_BUDGET = 16L << 20;

  private static final int MAX_SAMPLES = 10;

  private final Routing routing;
  private final Fabric fabric;
  private final EndPorts endPorts;

  /** The deprecated wrapper of {@link #endPorts}, made on the first {@link #endpoints()}. */
  @SuppressWarnings("deprecation")
  private volatile Endpoints endpoints;

  private final int numEndpoints;
  private final int numSwitches;
  private final int[] injectionOf;
  private final int[] leafOf;
  private final int[] lidOf;

  /** The switch a channel enters, or -1 when it enters an endpoint (or nothing). */
  private final int[] headSwitchOf;

  /** Bit (dst * numSwitches + sw) set when sw reaches dst. */
  private final long[] routable;

  private final int maxPathLength;
  private final long numUnroutablePairs;
  private final List<String> samples;

  /**
   * Explicit mode: channels of pair (src, dst) are channels[pathStart[k]..pathStart[k+1]), k = dst
   * * P + src.
   */
  private final int[] pathStart;

  private final int[] channels;

  /** Made by the first {@link #packedPaths()}; guarded by this. */
  private PackedPaths hops;

  private boolean hopsMade;

  private PathTable(Routing routing, EndPorts endPorts, long explicitBudget) {
    this.routing = routing;
    this.fabric = routing.fabric();
    if (endPorts.fabric() != fabric) {
      throw new IllegalArgumentException(
          "the end ports belong to " + endPorts.fabric() + ", the routing to " + fabric);
    }
    this.endPorts = requireTrafficEndPorts(endPorts);
    this.numEndpoints = endPorts.size();
    this.numSwitches = fabric.numSwitches();
    injectionOf = new int[numEndpoints];
    leafOf = new int[numEndpoints];
    lidOf = new int[numEndpoints];
    for (int e = 0; e < numEndpoints; e++) {
      injectionOf[e] = endPorts.port(e);
      leafOf[e] = endPorts.leafSwitch(e);
      lidOf[e] = endPorts.lid(e);
    }
    headSwitchOf = new int[fabric.numPortSlots()];
    for (int c = 0; c < headSwitchOf.length; c++) {
      int peer = fabric.peerPort(c);
      int head = peer < 0 ? -1 : fabric.nodeOfPort(peer);
      headSwitchOf[c] = head >= 0 && fabric.isSwitch(head) ? head : -1;
    }
    routable = new long[(int) (((long) numEndpoints * numSwitches + 63) >>> 6)];
    List<String> sampleList = new ArrayList<>();
    Classified classified = classifyDestinations(sampleList);
    this.maxPathLength = classified.longest();
    this.numUnroutablePairs = classified.unroutable();
    this.samples = Collections.unmodifiableList(sampleList);
    long pairs = (long) numEndpoints * numEndpoints;
    if (pairs * maxPathLength <= explicitBudget && pairs < Integer.MAX_VALUE) {
      pathStart = new int[(int) pairs + 1];
      channels = storePaths(pathStart);
    } else {
      pathStart = null;
      channels = null;
    }
  }

  /** The longest path in channels and the number of unroutable pairs. */
  private record Classified(int longest, long unroutable) {}

  /**
   * Sets the routable bits of every (destination, switch) by one memoised LFT walk per destination
   * and describes the first unroutable pairs into {@code sampleList}.
   */
  private Classified classifyDestinations(List<String> sampleList) {
    LftWalker walker = new LftWalker(routing);
    int longest = 0;
    long unroutable = 0;
    for (int dst = 0; dst < numEndpoints; dst++) {
      walker.reset(lidOf[dst]);
      for (int sw = 0; sw < numSwitches; sw++) {
        if (walker.hops(sw) > 0) {
          long bit = (long) dst * numSwitches + sw;
          routable[(int) (bit >>> 6)] |= 1L << bit;
        }
      }
      for (int src = 0; src < numEndpoints; src++) {
        if (src == dst) {
          continue;
        }
        int hops = walker.hops(leafOf[src]);
        if (hops > 0) {
          longest = Math.max(longest, hops + 1);
        } else {
          unroutable++;
          if (sampleList.size() < MAX_SAMPLES) {
            sampleList.add(describe(src, dst));
          }
        }
      }
    }
    return new Classified(longest, unroutable);
  }

  /** Fills {@code start} (P^2 + 1 offsets, pair k = dst * P + src) and returns every path. */
  private int[] storePaths(int[] start) {
    int total = 0;
    for (int dst = 0; dst < numEndpoints; dst++) {
      for (int src = 0; src < numEndpoints; src++) {
        start[dst * numEndpoints + src] = total;
        if (src != dst && isRoutable(src, dst)) {
          total += 1 + hops(src, dst);
        }
      }
    }
    start[numEndpoints * numEndpoints] = total;
    int[] paths = new int[total];
    for (int dst = 0; dst < numEndpoints; dst++) {
      for (int src = 0; src < numEndpoints; src++) {
        if (src != dst && isRoutable(src, dst)) {
          walk(src, dst, paths, start[dst * numEndpoints + src]);
        }
      }
    }
    return paths;
  }

  /**
   * Checks that every selected end port can send and receive traffic: a CA or router port cabled to
   * a switch (its injection channel); returns them.
   *
   * @throws IllegalArgumentException naming the first port that is not
   */
  static EndPorts requireTrafficEndPorts(EndPorts endPorts) {
    Fabric fabric = endPorts.fabric();
    for (int e = 0; e < endPorts.size(); e++) {
      if (fabric.isSwitch(endPorts.node(e))) {
        throw new IllegalArgumentException(
            endPorts.name(e) + " is a switch port; endpoints are CA or router ports");
      }
      if (endPorts.switchPort(e) < 0) {
        throw new IllegalArgumentException(endPorts.name(e) + " is not cabled to a switch");
      }
    }
    return endPorts;
  }

  /**
   * Builds the table between these end ports (each a CA or router port cabled to a switch; {@link
   * EndPorts#cabledCas} selects every CA) with {@link #DEFAULT_EXPLICIT_BUDGET}.
   *
   * @throws IllegalArgumentException naming a port that is not a CA or router port cabled to a
   *     switch, or when the end ports belong to another fabric
   */
  public static PathTable build(Routing routing, EndPorts endPorts) {
    return new PathTable(routing, endPorts, DEFAULT_EXPLICIT_BUDGET);
  }

  /**
   * Builds the table, storing paths explicitly only if {@code P^2 x longest path <= explicitBudget}
   * channel ids (0 forces the on-demand walk).
   */
  public static PathTable build(Routing routing, EndPorts endPorts, long explicitBudget) {
    return new PathTable(routing, endPorts, explicitBudget);
  }

  /**
   * Builds the table with {@link #DEFAULT_EXPLICIT_BUDGET}.
   *
   * @deprecated use {@link #build(Routing, EndPorts)}
   */
  @Deprecated
  public static PathTable build(Routing routing, Endpoints endpoints) {
    return new PathTable(routing, endpoints.endPorts(), DEFAULT_EXPLICIT_BUDGET);
  }

  /**
   * Builds the table with an explicit-storage budget.
   *
   * @deprecated use {@link #build(Routing, EndPorts, long)}
   */
  @Deprecated
  public static PathTable build(Routing routing, Endpoints endpoints, long explicitBudget) {
    return new PathTable(routing, endpoints.endPorts(), explicitBudget);
  }

  private boolean isRoutable(int src, int dst) {
    long bit = (long) dst * numSwitches + leafOf[src];
    return (routable[(int) (bit >>> 6)] & (1L << bit)) != 0;
  }

  private int hops(int src, int dst) {
    int lid = lidOf[dst];
    int sw = leafOf[src];
    int hops = 0;
    while (sw >= 0) {
      sw = headSwitchOf[fabric.port(sw, routing.outPort(sw, lid))];
      hops++;
    }
    return hops;
  }

  /**
   * Walks a routable pair's path into {@code out} from {@code offset}; returns the number of
   * channels.
   */
  private int walk(int src, int dst, int[] out, int offset) {
    int lid = lidOf[dst];
    int k = offset;
    out[k++] = injectionOf[src];
    int sw = leafOf[src];
    while (sw >= 0) {
      int channel = fabric.port(sw, routing.outPort(sw, lid));
      out[k++] = channel;
      sw = headSwitchOf[channel];
    }
    return k - offset;
  }

  /**
   * Writes the path of {@code src -> dst} into {@code out} from {@code offset} and returns its
   * number of channels, or -1 when the pair is unroutable (nothing is written). {@code out} needs
   * {@link #maxPathLength()} free entries. A pair with {@code src == dst} has the empty path (0).
   */
  public int path(int src, int dst, int[] out, int offset) {
    if (src == dst) {
      return 0;
    }
    if (pathStart != null) {
      int k = dst * numEndpoints + src;
      int from = pathStart[k];
      int length = pathStart[k + 1] - from;
      if (length == 0) {
        return -1;
      }
      System.arraycopy(channels, from, out, offset, length);
      return length;
    }
    if (numUnroutablePairs != 0 && !isRoutable(src, dst)) {
      return -1;
    }
    return walk(src, dst, out, offset);
  }

  /** How many walks {@link #paths} advances in turn. */
  private static final int BATCH = 16;

  /**
   * The paths of {@code count} pairs {@code src[i] -> dst[i]}: pair i's channels go to {@code out}
   * from {@code i * stride} ({@code stride >= maxPathLength()}) and its length (as {@link #path}
   * returns it) to {@code lengths[i]}. Walking on demand, several pairs advance one switch each in
   * turn, so that their table lookups, independent of each other, overlap in the memory system
   * instead of waiting one after another.
   */
  public void paths(int[] src, int[] dst, int count, int[] out, int stride, int[] lengths) {
    if (pathStart != null) {
      for (int i = 0; i < count; i++) {
        lengths[i] = path(src[i], dst[i], out, i * stride);
      }
      return;
    }
    int[] sw = new int[BATCH];
    int[] lid = new int[BATCH];
    int[] at = new int[BATCH];
    for (int first = 0; first < count; first += BATCH) {
      int size = Math.min(BATCH, count - first);
      int walking = 0;
      for (int b = 0; b < size; b++) {
        int i = first + b;
        int s = src[i];
        int d = dst[i];
        sw[b] = -1;
        if (s == d) {
          lengths[i] = 0;
        } else if (numUnroutablePairs != 0 && !isRoutable(s, d)) {
          lengths[i] = -1;
        } else {
          out[i * stride] = injectionOf[s];
          at[b] = i * stride + 1;
          lid[b] = lidOf[d];
          sw[b] = leafOf[s];
          if (sw[b] < 0) {
            lengths[i] = 1;
          } else {
            walking++;
          }
        }
      }
      while (walking > 0) {
        for (int b = 0; b < size; b++) {
          int current = sw[b];
          if (current < 0) {
            continue;
          }
          int channel = fabric.port(current, routing.outPort(current, lid[b]));
          out[at[b]++] = channel;
          int next = headSwitchOf[channel];
          sw[b] = next;
          if (next < 0) {
            lengths[first + b] = at[b] - (first + b) * stride;
            walking--;
          }
        }
      }
    }
  }

  /**
   * The packed first channels of every path, made on the first call and kept; null when the table
   * stores its paths or the packed paths would be too large ({@link PackedPaths#MAX_BYTES}).
   */
  PackedPaths packedPaths() {
    if (pathStart != null) {
      return null;
    }
    synchronized (this) {
      if (!hopsMade) {
        hops = PackedPaths.of(this, injectionOf, leafOf, lidOf, headSwitchOf);
        hopsMade = true;
      }
      return hops;
    }
  }

  /** Whether {@code src -> dst} has a path (true for {@code src == dst}). */
  public boolean routable(int src, int dst) {
    return src == dst || isRoutable(src, dst);
  }

  /** The routing. */
  public Routing routing() {
    return routing;
  }

  /** The fabric. */
  public Fabric fabric() {
    return fabric;
  }

  /** The end ports, endpoint {@code e} being {@code endPorts().port(e)}. */
  public EndPorts endPorts() {
    return endPorts;
  }

  /**
   * The endpoints.
   *
   * @deprecated use {@link #endPorts()}
   */
  @Deprecated
  public Endpoints endpoints() {
    Endpoints wrapped = endpoints;
    if (wrapped == null) {
      wrapped = new Endpoints(endPorts, true);
      endpoints = wrapped;
    }
    return wrapped;
  }

  /** The number of endpoints P. */
  public int numEndpoints() {
    return numEndpoints;
  }

  /** The longest path in channels, injection and ejection included (0 if no pair is routable). */
  public int maxPathLength() {
    return maxPathLength;
  }

  /** Whether every path is stored explicitly (rather than walked on demand). */
  public boolean isExplicit() {
    return pathStart != null;
  }

  /** The number of ordered pairs of distinct endpoints without a path. */
  public long numUnroutablePairs() {
    return numUnroutablePairs;
  }

  /** Up to ten unroutable pairs, each described with the switch, LID and reason. */
  public List<String> unroutableSamples() {
    return samples;
  }

  /** The switch a channel enters, or -1 when it enters an endpoint or nothing. */
  public int headSwitch(int channel) {
    return headSwitchOf[channel];
  }

  /** Why {@code src -> dst} fails (or "routable"), naming switches by GUID and description. */
  public String describe(int src, int dst) {
    int lid = lidOf[dst];
    String pair = endPorts.name(src) + " -> " + endPorts.name(dst) + " (LID " + lid + "): ";
    int sw = leafOf[src];
    boolean[] seen = new boolean[numSwitches];
    while (true) {
      if (seen[sw]) {
        return pair + "loop through " + fabric.nodeName(sw);
      }
      seen[sw] = true;
      int port = routing.outPort(sw, lid);
      if (port == Routing.NO_ROUTE) {
        return pair + "no route at " + fabric.nodeName(sw);
      }
      if (port == 0 || port > fabric.numPorts(sw)) {
        return pair
            + "the LFT of "
            + fabric.nodeName(sw)
            + " sends "
            + Lids.hex(lid)
            + " to port "
            + port
            + ", not a link port";
      }
      int channel = fabric.port(sw, port);
      int peer = fabric.peerPort(channel);
      if (peer < 0) {
        return pair + fabric.portName(channel) + " is not connected (black hole)";
      }
      if (peer == injectionOf[dst]) {
        return pair + "routable";
      }
      int next = headSwitchOf[channel];
      if (next < 0) {
        return pair
            + fabric.portName(channel)
            + " delivers to "
            + fabric.portName(peer)
            + ", not the destination";
      }
      sw = next;
    }
  }
}
