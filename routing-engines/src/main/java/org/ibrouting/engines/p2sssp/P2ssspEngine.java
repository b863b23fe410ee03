package org.ibrouting.engines.p2sssp;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import org.ibrouting.engines.ssspfamily.SsspGraph;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.QuaternaryHeap;
import org.ibrouting.routing.AbstractRoutingEngine;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * P²-SSSP: one shortest-path computation per (source, destination) pair, with the weights updated
 * after every pair (Hoefler, Schneider, Lumsdaine, "Optimized Routing for Large-Scale InfiniBand
 * Networks", §2 of the project's digest). Routes stay destination-based: once a switch has a port
 * for a destination LID, later paths to that LID that reach the switch follow it. As in the paper's
 * worked example, a cable's weight counts the routes over it in both directions; weights start at
 * P² (P = end-port LIDs) so that a longer path never wins. Pairs are taken source by source, in
 * OpenSM's destination order of {@link org.ibrouting.engines.sssp.SsspEngine}. No OpenSM
 * counterpart.
 *
 * <p>Cost: O(P² x links x log switches) time — meant for the paper's comparisons, not for large
 * fabrics; 1 long per link.
 */
public final class P2ssspEngine extends AbstractRoutingEngine {
  private final boolean reuseFixedPaths;
  private final boolean stopWhenSourceFinal;

  /** The engine. */
  public P2ssspEngine() {
    this(true);
  }

  /**
   * With {@code reuseFixedPaths} false every pair runs its own search, even where the source switch
   * already forwards the LID (tests compare both).
   */
  P2ssspEngine(boolean reuseFixedPaths) {
    this(reuseFixedPaths, true);
  }

  /**
   * As above; with {@code stopWhenSourceFinal} false a search runs until the source switch is
   * settled, instead of ending once no scan left can shorten its path (tests compare both).
   */
  P2ssspEngine(boolean reuseFixedPaths, boolean stopWhenSourceFinal) {
    super("p2sssp");
    this.reuseFixedPaths = reuseFixedPaths;
    this.stopWhenSourceFinal = stopWhenSourceFinal;
  }

  @Override
  protected Routing routeChecked(Fabric fabric, RoutingOptions options) throws RoutingException {
    int[] ports = new SsspGraph(fabric).destinationOrder(null, null);
    long lids = 0;
    for (int port : ports) {
      lids += 1L << fabric.lmc(port);
    }
    RoutingBuilder builder = Routing.builder(fabric, name()).setOwnLidsToPortZero();
    PairRouter router = new PairRouter(fabric, builder, lids * lids);
    // CA-to-CA pairs first (the paper's routes), then the pairs with a switch's own LID
    for (int phase = 0; phase < 2; phase++) {
      String progressPhase = phase == 0 ? "p2sssp: CA pairs" : "p2sssp: switch pairs";
      long[] pairsOfSource = new long[ports.length];
      long totalPairs = countPairs(fabric, ports, phase == 1, pairsOfSource);
      long pairsDone = 0;
      for (int s = 0; s < ports.length; s++) {
        int src = ports[s];
        int srcSw = switchOf(fabric, src);
        if (srcSw < 0) {
          continue;
        }
        for (int dst : ports) {
          int dstSw = switchOf(fabric, dst);
          boolean switchPair =
              fabric.isSwitch(fabric.nodeOfPort(src)) || fabric.isSwitch(fabric.nodeOfPort(dst));
          if (dst == src || dstSw < 0 || switchPair != (phase == 1)) {
            continue;
          }
          for (int k = 0; k < 1 << fabric.lmc(dst); k++) {
            int lid = fabric.baseLid(dst) + k;
            if (!fabric.isSwitch(fabric.nodeOfPort(dst))) {
              // a switch delivers its own LID on port 0, set by the builder
              router.deliver(dstSw, lid, fabric.portNum(fabric.peerPort(dst)));
            }
            if (srcSw != dstSw) {
              router.route(srcSw, dstSw, lid);
            }
          }
        }
        if (pairsOfSource[s] > 0) {
          pairsDone += pairsOfSource[s];
          options.progress().progress(progressPhase, pairsDone, totalPairs);
        }
      }
    }
    return builder.build();
  }

  /**
   * Routes one (source switch, destination LID) pair at a time over the switch graph, raising the
   * weight of every cable a path crosses; owns the weights and the search's arrays.
   */
  private final class PairRouter {
    private final Fabric fabric;
    private final RoutingBuilder builder;
    private final int[] linkStart;
    private final int[] linkTo;
    private final int[] linkCable;
    // the port by which the far end of each link sends back over it
    private final int[] linkBackPort;
    private final long[] cableWeight;

    /** The weight every cable starts with, which none goes below. */
    private final long minWeight;

    private final QuaternaryHeap heap;
    private final long[] dist;
    private final int[] next;
    private final int[] nextLink;
    private final int[] doneStamp;
    private int doneMark;

    /**
     * The ports set so far, LID-major (byte lid * numSwitches + sw): a search reads the entries of
     * one LID at every switch it relaxes, one row here instead of a line of every switch's LFT.
     */
    private final byte[] portByLid;

    PairRouter(Fabric fabric, RoutingBuilder builder, long initialWeight) {
      this.fabric = fabric;
      this.builder = builder;
      int n = fabric.numSwitches();
      linkStart = new int[n + 1];
      IntArrayList to = new IntArrayList();
      IntArrayList cable = new IntArrayList();
      IntArrayList backPort = new IntArrayList();
      for (int sw = 0; sw < n; sw++) {
        linkStart[sw] = to.size();
        for (int i = 0; i < fabric.outDegree(sw); i++) {
          int channel = fabric.outChannel(sw, i);
          int remote = fabric.channelHead(channel);
          if (remote < n && remote != sw) {
            to.add(remote);
            cable.add(Math.min(channel, fabric.peerPort(channel)));
            backPort.add(fabric.portNum(fabric.peerPort(channel)));
          }
        }
      }
      linkStart[n] = to.size();
      linkTo = to.toIntArray();
      linkCable = cable.toIntArray();
      linkBackPort = backPort.toIntArray();
      cableWeight = new long[fabric.numPortSlots()];
      Arrays.fill(cableWeight, initialWeight);
      minWeight = initialWeight;
      heap = new QuaternaryHeap(n);
      dist = new long[n];
      next = new int[n];
      nextLink = new int[n];
      doneStamp = new int[n];
      portByLid = new byte[Math.multiplyExact(fabric.maxLid() + 1, n)];
      for (int lid = 0; lid <= fabric.maxLid(); lid++) {
        for (int sw = 0; sw < n; sw++) {
          portByLid[lid * n + sw] = (byte) builder.outPort(sw, lid);
        }
      }
    }

    /** Sets the port by which the destination switch delivers {@code lid}. */
    void deliver(int dstSw, int lid, int port) {
      builder.setOutPort(dstSw, lid, port);
      portByLid[lid * dist.length + dstSw] = (byte) port;
    }

    private int fixedPort(int sw, int lid) {
      return portByLid[lid * dist.length + sw] & 0xFF;
    }

    /** Routes LID {@code lid} (delivered at {@code dstSw}) from switch {@code srcSw}. */
    void route(int srcSw, int dstSw, int lid) {
      if (reuseFixedPaths && fixedPort(srcSw, lid) != Routing.NO_ROUTE) {
        // an earlier path to this LID crossed the source switch, and the ports of every switch
        // after it are fixed too: a search could only find that path again
        for (int v = srcSw; v != dstSw; ) {
          int channel = fabric.port(v, fixedPort(v, lid));
          int peer = fabric.peerPort(channel);
          cableWeight[Math.min(channel, peer)]++;
          v = fabric.nodeOfPort(peer);
        }
        return;
      }
      if (search(srcSw, dstSw, lid)) {
        for (int v = srcSw; v != dstSw; v = next[v]) {
          int l = nextLink[v];
          builder.setOutPort(v, lid, linkBackPort[l]);
          portByLid[lid * dist.length + v] = (byte) linkBackPort[l];
          cableWeight[linkCable[l]]++;
        }
      }
    }

    /**
     * Dijkstra from the destination switch over the source side of each hop, until the source
     * switch is settled; a switch already routed to this LID may only be reached over its own next
     * hop. Returns whether the source switch was reached ({@code next} then holds its path).
     *
     * <p>It ends earlier once the source is reached and the least key in the heap plus the least
     * cable weight is at least the source's distance: relaxations are strict, so no scan left can
     * shorten the source's path, and every switch on it is settled.
     */
    private boolean search(int srcSw, int dstSw, int lid) {
      int n = dist.length;
      heap.fill(n, Long.MAX_VALUE);
      Arrays.fill(dist, Long.MAX_VALUE);
      Arrays.fill(next, -1);
      if (++doneMark == Integer.MAX_VALUE) {
        Arrays.fill(doneStamp, 0);
        doneMark = 1;
      }
      dist[dstSw] = 0;
      heap.decreaseKey(dstSw, 0);
      while (!heap.isEmpty()) {
        if (stopWhenSourceFinal && next[srcSw] >= 0 && heap.minKey() >= dist[srcSw] - minWeight) {
          break;
        }
        int u = heap.extractMin();
        if (dist[u] == Long.MAX_VALUE) {
          break;
        }
        doneStamp[u] = doneMark;
        if (u == srcSw) {
          break;
        }
        for (int l = linkStart[u]; l < linkStart[u + 1]; l++) {
          int v = linkTo[l];
          if (doneStamp[v] == doneMark) {
            continue;
          }
          int fixed = fixedPort(v, lid);
          if (fixed != Routing.NO_ROUTE && fixed != linkBackPort[l]) {
            continue;
          }
          long d = dist[u] + cableWeight[linkCable[l]];
          if (d < dist[v]) {
            dist[v] = d;
            next[v] = u;
            nextLink[v] = l;
            heap.decreaseKey(v, d);
          }
        }
      }
      return next[srcSw] >= 0;
    }
  }

  /**
   * The (source port, destination LID) pairs of one pass, per source port into {@code
   * pairsOfSource}, and their sum: the units of the progress report.
   */
  private static long countPairs(
      Fabric fabric, int[] ports, boolean switchPairs, long[] pairsOfSource) {
    long lidsOfCas = 0;
    long lidsOfSwitches = 0;
    for (int port : ports) {
      if (switchOf(fabric, port) < 0) {
        continue;
      }
      if (fabric.isSwitch(fabric.nodeOfPort(port))) {
        lidsOfSwitches += 1L << fabric.lmc(port);
      } else {
        lidsOfCas += 1L << fabric.lmc(port);
      }
    }
    long total = 0;
    for (int s = 0; s < ports.length; s++) {
      int src = ports[s];
      if (switchOf(fabric, src) < 0) {
        continue;
      }
      long own = 1L << fabric.lmc(src);
      boolean srcIsSwitch = fabric.isSwitch(fabric.nodeOfPort(src));
      // pairs with a switch on either end belong to the second pass
      long pairs =
          switchPairs
              ? (srcIsSwitch ? lidsOfCas + lidsOfSwitches - own : lidsOfSwitches)
              : (srcIsSwitch ? 0 : lidsOfCas - own);
      pairsOfSource[s] = pairs;
      total += pairs;
    }
    return total;
  }

  private static int switchOf(Fabric fabric, int port) {
    int swPort = fabric.switchPortOf(port);
    return swPort < 0 ? -1 : fabric.nodeOfPort(swPort);
  }
}
