package org.ibrouting.engines.minhop;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.paths.HopTable;
import org.ibrouting.routing.ProgressListener;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;

/**
 * OpenSM's unicast LFT builder ({@code ucast_mgr_build_lfts} and {@code osm_switch_recommend_path}
 * in OpenSM 3.3.23), shared by MINHOP, DOR and Up*&#47;Down*, which differ only in the {@link
 * HopTable} they pass and in the {@link Mode}. Public for those engines' packages; not a stable API
 * (not in the API baseline, it may change in any release).
 *
 * <p>Destinations are ordered as OpenSM orders them: the end ports cabled to switches, switch by
 * switch in decreasing number of such ports (a stable sort of the qmap order), then every remaining
 * end port (switches' port 0, CAs cabled to no switch) in port-GUID qmap order. Every switch then
 * picks, per LID offset and destination, the minimum-hop port with the fewest routes so far, in
 * scan order from port 1 (or from the previous LID's port + 1 for LMC offsets); routes to switches
 * are not counted. With LMC &gt; 0 it prefers ports towards systems and nodes the destination's
 * other LIDs do not use yet. Switches are independent, so they are processed in parallel. The
 * least-hop ports are looked up once per (switch, target switch), not per LID.
 *
 * <p>Cost: O(switches x LIDs x ports) time; per worker thread one counter per port plus, with LMC
 * &gt; 0, three ints per (destination, LID offset).
 */
public final class MinhopLftBuilder {
  /** How candidate ports are chosen. */
  public enum Mode {
    /** Least routes among all minimum-hop ports. */
    MINHOP,
    /** Only ports to the same neighbour as the first minimum-hop port in port order (DOR). */
    DOR
  }

  private final Fabric fabric;
  private final HopTable hops;
  private final Mode mode;
  private final int[] destinations;
  private final int lmc;

  /** A builder for {@code fabric}, choosing among the ports {@code hops} calls minimal. */
  public MinhopLftBuilder(Fabric fabric, HopTable hops, Mode mode) {
    this.fabric = fabric;
    this.hops = hops;
    this.mode = mode;
    this.destinations = destinationOrder(fabric);
    this.lmc = maxLmc(fabric, destinations);
  }

  /** The largest LMC among {@code ports}. */
  static int maxLmc(Fabric fabric, int[] ports) {
    int maxLmc = 0;
    for (int port : ports) {
      maxLmc = Math.max(maxLmc, fabric.lmc(port));
    }
    return maxLmc;
  }

  /** The end ports in the order OpenSM routes them. */
  public static int[] destinationOrder(Fabric fabric) {
    int numSwitches = fabric.numSwitches();
    int[] endPortLinks = new int[numSwitches];
    Integer[] byLoad = new Integer[numSwitches];
    for (int sw = 0; sw < numSwitches; sw++) {
      byLoad[sw] = sw;
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        if (!fabric.isSwitch(fabric.channelHead(fabric.outChannel(sw, i)))) {
          endPortLinks[sw]++;
        }
      }
    }
    Arrays.sort(byLoad, (a, b) -> Integer.compare(endPortLinks[b], endPortLinks[a]));
    boolean[] listed = new boolean[fabric.numPortSlots()];
    IntArrayList order = new IntArrayList(fabric.numEndPorts());
    for (int sw : byLoad) {
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        int remote = fabric.peerPort(fabric.outChannel(sw, i));
        if (!fabric.isSwitch(fabric.nodeOfPort(remote)) && !listed[remote]) {
          listed[remote] = true;
          if (fabric.baseLid(remote) != 0) {
            order.add(remote);
          }
        }
      }
    }
    IntArrayList rest = new IntArrayList();
    for (int node = 0; node < fabric.numNodes(); node++) {
      int first = fabric.isSwitch(node) ? 0 : 1;
      int last = fabric.isSwitch(node) ? 0 : fabric.numPorts(node);
      for (int p = first; p <= last; p++) {
        int port = fabric.port(node, p);
        if (!listed[port] && fabric.baseLid(port) != 0) {
          rest.add(port);
        }
      }
    }
    int[] remaining = rest.toIntArray();
    Integer[] boxed = new Integer[remaining.length];
    for (int i = 0; i < remaining.length; i++) {
      boxed[i] = remaining[i];
    }
    Arrays.sort(
        boxed,
        (a, b) ->
            Long.compareUnsigned(
                Long.reverseBytes(fabric.portGuid(a)), Long.reverseBytes(fabric.portGuid(b))));
    for (Integer port : boxed) {
      order.add(port.intValue());
    }
    return order.toIntArray();
  }

  /** Fills every switch's LFT. */
  public Routing build(String engineName, int threads) {
    return build(engineName, threads, ProgressListener.SILENT);
  }

  /** Like {@link #build(String, int)}, reporting the switches done as "ENGINE: lfts". */
  public Routing build(String engineName, int threads, ProgressListener progress) {
    RoutingBuilder builder = Routing.builder(fabric, engineName);
    Parallel.run(
        fabric.numSwitches(),
        threads,
        () -> new SwitchWorker(builder),
        progress,
        engineName + ": lfts");
    return builder.build();
  }

  /** Routes one switch at a time; holds that switch's counters. */
  private final class SwitchWorker implements Parallel.Worker {
    private final RoutingBuilder builder;
    private final PortTally tally;
    // the least-hop ports of the current switch towards cachedTarget
    private final int[] candidates = new int[256];
    private int numCandidates;
    private int cachedTarget = -1;

    SwitchWorker(RoutingBuilder builder) {
      this.builder = builder;
      this.tally = new PortTally(fabric, mode, lmc, destinations.length);
    }

    @Override
    public void run(int sw) {
      cachedTarget = -1;
      tally.fill(sw, destinations, builder, this::recommend);
    }

    private int recommend(int sw, int d, int destPort, int lid, int offset) {
      int target = targetSwitch(destPort);
      if (target < 0) {
        return Routing.NO_ROUTE;
      }
      if (target == sw) {
        return fabric.isSwitch(fabric.nodeOfPort(destPort))
            ? 0
            : fabric.portNum(fabric.peerPort(destPort));
      }
      if (target != cachedTarget) {
        findCandidates(sw, target);
      }
      if (numCandidates == 0) {
        return Routing.NO_ROUTE;
      }
      int first = firstCandidateFrom(scanStart(sw, lid, offset));
      if (mode != Mode.DOR && lmc == 0) {
        return tally.leastRouted(candidates, first, numCandidates);
      }
      return tally.leastRoutedListed(sw, d, candidates, first, numCandidates);
    }

    /** The switch that is or that cables end port {@code destPort}, or -1 (a CA cabled to none). */
    private int targetSwitch(int destPort) {
      int destNode = fabric.nodeOfPort(destPort);
      if (fabric.isSwitch(destNode)) {
        return destNode;
      }
      int peer = fabric.peerPort(destPort);
      if (peer < 0 || !fabric.isSwitch(fabric.nodeOfPort(peer))) {
        return -1;
      }
      return fabric.nodeOfPort(peer);
    }

    /**
     * The port OpenSM's scan starts from: 1, or for the further LIDs of a port (not in DOR) the one
     * after the previous LID's, wrapping around past the last port to 0.
     */
    private int scanStart(int sw, int lid, int offset) {
      int start = 1;
      if (offset > 0 && mode != Mode.DOR) {
        start = builder.outPort(sw, lid - 1) + 1;
      }
      return start % (fabric.numPorts(sw) + 1);
    }

    /**
     * The index of the first candidate at or after {@code startPort}: OpenSM scans the ports from
     * there on, wrapping around, so the candidates from there on come first, then those before it.
     */
    private int firstCandidateFrom(int startPort) {
      int first = 0;
      while (first < numCandidates && candidates[first] < startPort) {
        first++;
      }
      return first;
    }

    /**
     * The ports of {@code sw} on a least-hop path to switch {@code target}, cabled, in port order
     * (none when there is no path). Destinations come grouped by switch, so this runs once per
     * target switch rather than per LID.
     */
    private void findCandidates(int sw, int target) {
      cachedTarget = target;
      numCandidates = 0;
      int least = hops.least(sw, target);
      if (least == HopTable.NO_PATH) {
        return;
      }
      for (int portNum = 1; portNum <= fabric.numPorts(sw); portNum++) {
        if (hops.viaPort(sw, portNum, target) == least
            && fabric.peerPort(fabric.port(sw, portNum)) >= 0) {
          candidates[numCandidates++] = portNum;
        }
      }
    }
  }
}
