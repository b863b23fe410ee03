package org.ibrouting.analysis;

import java.util.List;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.LftWalker;
import org.ibrouting.internal.Parallel;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;

/**
 * Channel loads of a routing and its edge forwarding index: the number of routes (over every pair
 * of end ports in an {@link EndpointScope}) that cross each directed channel, and the maximum and
 * mean of those loads over switch-to-switch channels (Heydemann et al.'s forwarding index, as used
 * in Hoefler, Schneider, Lumsdaine, "Optimized Routing for Large-Scale InfiniBand Networks").
 *
 * <p>Only delivered routes count. Endpoint links (CA-switch channels) get loads too, but are left
 * out of {@link #max()} and {@link #mean()}, whose denominator is every switch-to-switch channel,
 * used or not.
 *
 * <p>Per destination LID the routes form an in-tree; the load a switch sends on is the number of
 * source LIDs in its subtree, so loads are accumulated leaves-first (switches in decreasing
 * distance to the destination) in O(#switches) per LID, never per pair. Memory: 1 long per port
 * slot per thread.
 */
public final class ForwardingIndex {
  private final Fabric fabric;
  private final long[] loads;
  private final int numSwitchChannels;
  private final long max;
  private final int maxChannel;
  private final double mean;

  private ForwardingIndex(Fabric fabric, long[] loads) {
    this.fabric = fabric;
    this.loads = loads;
    int count = 0;
    long best = 0;
    int bestChannel = -1;
    long sum = 0;
    for (int channel = 0; channel < loads.length; channel++) {
      if (isSwitchChannel(fabric, channel)) {
        count++;
        sum += loads[channel];
        if (bestChannel < 0 || loads[channel] > best) {
          best = loads[channel];
          bestChannel = channel;
        }
      }
    }
    this.numSwitchChannels = count;
    this.max = best;
    this.maxChannel = bestChannel;
    this.mean = count == 0 ? 0 : (double) sum / count;
  }

  /** Computes the loads of every pair of CA and router ports, on all available processors. */
  public static ForwardingIndex of(Routing routing) {
    return compute(routing, EndpointScope.TERMINALS, RoutingOptions.defaultThreads());
  }

  /** Computes the loads of every pair in {@code scope} with {@code threads} workers. */
  public static ForwardingIndex compute(Routing routing, EndpointScope scope, int threads) {
    return compute(routing, scope.select(routing.fabric()), threads);
  }

  /**
   * Computes the loads of every pair of the selected end ports (say, a job's) with {@code threads}
   * workers.
   *
   * @throws IllegalArgumentException when the end ports belong to another fabric than the routing
   */
  public static ForwardingIndex compute(Routing routing, EndPorts endPorts, int threads) {
    EndPortIndex endpoints = EndPortIndex.of(routing, endPorts);
    List<Worker> workers =
        Parallel.run(endpoints.numGroups(), threads, () -> new Worker(routing, endpoints));
    for (Worker worker : workers) {
      worker.settleInjection();
    }
    long[] total = workers.get(0).loads;
    for (int w = 1; w < workers.size(); w++) {
      long[] part = workers.get(w).loads;
      for (int c = 0; c < total.length; c++) {
        total[c] += part[c];
      }
    }
    return new ForwardingIndex(routing.fabric(), total);
  }

  static boolean isSwitchChannel(Fabric fabric, int channel) {
    int peer = fabric.peerPort(channel);
    return peer >= 0
        && fabric.isSwitch(fabric.nodeOfPort(channel))
        && fabric.isSwitch(fabric.nodeOfPort(peer));
  }

  /** The edge forwarding index: the largest load of a switch-to-switch channel. */
  public long max() {
    return max;
  }

  /** A switch-to-switch channel with the largest load (the lowest slot), or -1 if none. */
  public int maxChannel() {
    return maxChannel;
  }

  /** The mean load over all switch-to-switch channels. */
  public double mean() {
    return mean;
  }

  /** The number of switch-to-switch directed channels (twice the inter-switch links). */
  public int numSwitchChannels() {
    return numSwitchChannels;
  }

  /** The load of the channel leaving port slot {@code channel} (0 for unconnected slots). */
  public long load(int channel) {
    return loads[channel];
  }

  /**
   * The loads of all channels, indexed by port slot.
   *
   * @throws ArithmeticException when a load exceeds an int (use {@link #load(int)})
   */
  public int[] loads() {
    int[] copy = new int[loads.length];
    for (int c = 0; c < loads.length; c++) {
      if (loads[c] > Integer.MAX_VALUE) {
        throw new ArithmeticException(
            "load "
                + loads[c]
                + " of channel "
                + fabric.portName(c)
                + " exceeds an int; read it with load(channel)");
      }
      copy[c] = (int) loads[c];
    }
    return copy;
  }

  @Override
  public String toString() {
    return "ForwardingIndex[max "
        + max
        + ", mean "
        + mean
        + " over "
        + numSwitchChannels
        + " switch channels"
        + (maxChannel < 0 ? "" : ", max on " + fabric.portName(maxChannel))
        + "]";
  }

  private static final class Worker implements Parallel.Worker {
    private final Fabric fabric;
    private final EndPortIndex endpoints;
    private final LftWalker walker;
    private final long[] weight;
    private final int[] hops;
    private final int[] bucketStart;
    private final int[] order;
    final long[] loads;

    /** Per switch: destination LIDs delivered from it (for the CA injection channels). */
    private final long[] deliveredFrom;

    /** Per end port: its own LIDs that its switch delivers (not routes of the port itself). */
    private final long[] ownDelivered;

    Worker(Routing routing, EndPortIndex endpoints) {
      this.fabric = routing.fabric();
      this.endpoints = endpoints;
      this.walker = new LftWalker(routing);
      int numSwitches = fabric.numSwitches();
      this.weight = new long[numSwitches];
      this.hops = new int[numSwitches];
      this.bucketStart = new int[numSwitches + 3];
      this.order = new int[numSwitches];
      this.loads = new long[fabric.numPortSlots()];
      this.deliveredFrom = new long[numSwitches];
      this.ownDelivered = new long[endpoints.ports.length];
    }

    @Override
    public void run(int group) {
      for (int i = endpoints.groupStart[group]; i < endpoints.groupStart[group + 1]; i++) {
        loadDestination(endpoints.groupLids[i]);
      }
    }

    private void loadDestination(int lid) {
      walker.reset(lid);
      int dstEndpoint = endpoints.endpointOfLid[lid];
      int numSwitches = fabric.numSwitches();
      java.util.Arrays.fill(bucketStart, 0);
      for (int sw = 0; sw < numSwitches; sw++) {
        int h = walker.hops(sw);
        hops[sw] = h;
        if (h < 0) {
          weight[sw] = 0;
          continue;
        }
        deliveredFrom[sw]++;
        weight[sw] =
            endpoints.sourceLidsAt(sw, dstEndpoint, true)
                + endpoints.sourceLidsAt(sw, dstEndpoint, false);
        bucketStart[h + 1]++;
      }
      int owner = endpoints.switchOf[dstEndpoint];
      if (owner >= 0 && hops[owner] >= 0) {
        ownDelivered[dstEndpoint]++;
      }
      for (int h = 1; h < bucketStart.length; h++) {
        bucketStart[h] += bucketStart[h - 1];
      }
      for (int sw = 0; sw < numSwitches; sw++) {
        if (hops[sw] >= 0) {
          order[bucketStart[hops[sw]]++] = sw;
        }
      }
      // bucketStart[h] now ends bucket h: walk the order backwards, farthest switches first
      for (int k = bucketStart[bucketStart.length - 1] - 1; k >= 0; k--) {
        int sw = order[k];
        long w = weight[sw];
        if (w == 0) {
          continue;
        }
        int channel = walker.outChannel(sw, true);
        if (channel < 0) {
          continue;
        }
        loads[channel] += w;
        int next = fabric.channelHead(channel);
        if (fabric.isSwitch(next)) {
          weight[next] += w;
        }
      }
      for (int orphan : endpoints.orphans) {
        if (orphan != dstEndpoint
            && fabric.peerPort(endpoints.ports[orphan]) == endpoints.ports[dstEndpoint]) {
          loads[endpoints.ports[orphan]] += endpoints.numLidsOf[orphan];
        }
      }
    }

    /** Adds the loads of the CA and router injection channels; call once, after all tasks. */
    void settleInjection() {
      for (int e = 0; e < endpoints.ports.length; e++) {
        int sw = endpoints.switchOf[e];
        if (sw >= 0 && endpoints.linkHops[e] == 1) {
          loads[endpoints.ports[e]] +=
              endpoints.numLidsOf[e] * (deliveredFrom[sw] - ownDelivered[e]);
        }
      }
    }
  }
}
