package org.ibrouting.engines.minhop;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.paths.HopTable;
import org.ibrouting.routing.ProgressListener;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;

/**
 * Reference for tests: {@link MinhopLftBuilder} as it was before it looked up the least-hop ports
 * once per target switch; every LID scans every port of the switch. OpenSM's unicast LFT builder
 * ({@code ucast_mgr_build_lfts} and {@code osm_switch_recommend_path} in OpenSM 3.3.23), shared by
 * MINHOP, DOR and Up*&#47;Down*, which differ only in the {@link HopTable} they pass and in the
 * {@link MinhopLftBuilder.Mode}.
 *
 * <p>Destinations are ordered as OpenSM orders them: the end ports cabled to switches, switch by
 * switch in decreasing number of such ports (a stable sort of the qmap order), then every remaining
 * end port (switches' port 0, CAs cabled to no switch) in port-GUID qmap order. Every switch then
 * picks, per LID offset and destination, the minimum-hop port with the fewest routes so far, in
 * scan order from port 1 (or from the previous LID's port + 1 for LMC offsets); routes to switches
 * are not counted. With LMC &gt; 0 it prefers ports towards systems and nodes the destination's
 * other LIDs do not use yet. Switches are independent, so they are processed in parallel.
 *
 * <p>Cost: O(switches x LIDs x ports) time; per worker thread one counter per port plus, with LMC
 * &gt; 0, three ints per (destination, LID offset).
 */
// a copy on purpose: OpenSM's tie-breaking the per-LID way, the oracle for MinhopLftBuilder's cache
final class PerLidMinhopLftBuilder {
  private final Fabric fabric;
  private final HopTable hops;
  private final MinhopLftBuilder.Mode mode;
  private final int[] destinations;
  private final int lmc;

  /** A builder for {@code fabric}, choosing among the ports {@code hops} calls minimal. */
  PerLidMinhopLftBuilder(Fabric fabric, HopTable hops, MinhopLftBuilder.Mode mode) {
    this.fabric = fabric;
    this.hops = hops;
    this.mode = mode;
    this.destinations = MinhopLftBuilder.destinationOrder(fabric);
    int maxLmc = 0;
    for (int port : destinations) {
      maxLmc = Math.max(maxLmc, fabric.lmc(port));
    }
    this.lmc = maxLmc;
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
    private final int[] routesOfPort = new int[256];
    private final int lidsPerPort = 1 << lmc;
    // LMC > 0: per destination, the next-hop nodes used so far and how often
    private final int[] usedCount;
    private final int[] usedNode;
    private final int[] usedPort;
    private final int[] forwarded;

    SwitchWorker(RoutingBuilder builder) {
      this.builder = builder;
      boolean lmcRouting = lmc > 0;
      int slots = lmcRouting ? destinations.length * lidsPerPort : 0;
      usedCount = new int[lmcRouting ? destinations.length : 0];
      usedNode = new int[slots];
      usedPort = new int[slots];
      forwarded = new int[slots];
    }

    @Override
    public void run(int sw) {
      Arrays.fill(routesOfPort, 0);
      Arrays.fill(usedCount, 0);
      for (int offset = 0; offset < lidsPerPort; offset++) {
        for (int d = 0; d < destinations.length; d++) {
          int destPort = destinations[d];
          int base = fabric.baseLid(destPort);
          if (offset >= 1 << fabric.lmc(destPort)) {
            continue;
          }
          int lid = base + offset;
          int port = recommend(sw, d, destPort, lid, offset);
          builder.setOutPort(sw, lid, port);
          if (port != Routing.NO_ROUTE && !fabric.isSwitch(fabric.nodeOfPort(destPort))) {
            routesOfPort[port]++;
            if (port > 0 && lmc > 0) {
              addForwarded(sw, d, port);
            }
          }
        }
      }
    }

    private int recommend(int sw, int d, int destPort, int lid, int offset) {
      int destNode = fabric.nodeOfPort(destPort);
      int target;
      if (fabric.isSwitch(destNode)) {
        if (destNode == sw) {
          return 0;
        }
        target = destNode;
      } else {
        int peer = fabric.peerPort(destPort);
        if (peer < 0 || !fabric.isSwitch(fabric.nodeOfPort(peer))) {
          return Routing.NO_ROUTE;
        }
        if (fabric.nodeOfPort(peer) == sw) {
          return fabric.portNum(peer);
        }
        target = fabric.nodeOfPort(peer);
      }
      int least = hops.least(sw, target);
      if (least == HopTable.NO_PATH) {
        return Routing.NO_ROUTE;
      }
      int start = 1;
      if (offset > 0 && mode != MinhopLftBuilder.Mode.DOR) {
        start = builder.outPort(sw, lid - 1) + 1;
      }
      return choose(sw, d, target, least, start);
    }

    /**
     * The port for destination {@code d} among those on a least-hop path to {@code target}, in scan
     * order from port {@code start}, wrapping around.
     */
    private int choose(int sw, int d, int target, int least, int start) {
      int numPortsInclZero = fabric.numPorts(sw) + 1;
      boolean lmcRouting = lmc > 0;
      long leastPaths = Long.MAX_VALUE;
      long leastOtherSys = Long.MAX_VALUE;
      long leastOtherNode = Long.MAX_VALUE;
      long leastForwarded = Long.MAX_VALUE;
      int best = -1;
      int bestOtherSys = 0;
      int bestOtherNode = 0;
      int firstRemote = -1;
      for (int i = start; i < start + numPortsInclZero; i++) {
        int portNum = i % numPortsInclZero;
        if (portNum == 0 || hops.viaPort(sw, portNum, target) != least) {
          continue;
        }
        int peer = fabric.peerPort(fabric.port(sw, portNum));
        if (peer < 0) {
          continue;
        }
        int remoteNode = fabric.nodeOfPort(peer);
        long count = routesOfPort[portNum];
        int listedForwarded = -1;
        if (mode == MinhopLftBuilder.Mode.DOR) {
          if (firstRemote < 0) {
            firstRemote = remoteNode;
          } else if (remoteNode != firstRemote) {
            continue;
          }
          if (lmcRouting) {
            int j = findUsed(d, remoteNode, fabric.portNum(peer), true);
            listedForwarded = j < 0 ? 0 : forwarded[j];
          }
        } else if (lmcRouting) {
          int sysEntry = findUsedSystem(d, fabric.systemGuid(remoteNode));
          if (sysEntry < 0) {
            if (count < leastOtherSys) {
              leastOtherSys = count;
              bestOtherSys = portNum;
              leastForwarded = 0;
            }
          } else {
            int nodeEntry = findUsed(d, remoteNode, 0, false);
            if (nodeEntry < 0 && count < leastOtherNode) {
              leastOtherNode = count;
              bestOtherNode = portNum;
              leastForwarded = 0;
            }
            listedForwarded = nodeEntry < 0 ? -1 : forwarded[nodeEntry];
          }
        }
        if (count < leastPaths) {
          best = portNum;
          leastPaths = count;
          if (listedForwarded >= 0 && listedForwarded < leastForwarded) {
            leastForwarded = listedForwarded;
          }
        } else if (listedForwarded >= 0
            && count == leastPaths
            && listedForwarded < leastForwarded) {
          leastForwarded = listedForwarded;
          best = portNum;
        }
      }
      if (best < 0) {
        return Routing.NO_ROUTE;
      }
      if (lmcRouting && mode != MinhopLftBuilder.Mode.DOR) {
        if (bestOtherSys != 0) {
          return bestOtherSys;
        }
        if (bestOtherNode != 0) {
          return bestOtherNode;
        }
      }
      return best;
    }

    private int findUsedSystem(int d, long systemGuid) {
      int base = d * lidsPerPort;
      for (int j = base; j < base + usedCount[d]; j++) {
        if (fabric.systemGuid(usedNode[j]) == systemGuid) {
          return j;
        }
      }
      return -1;
    }

    private int findUsed(int d, int node, int remotePortNum, boolean matchPort) {
      int base = d * lidsPerPort;
      for (int j = base; j < base + usedCount[d]; j++) {
        if (usedNode[j] == node && (!matchPort || usedPort[j] == remotePortNum)) {
          return j;
        }
      }
      return -1;
    }

    private void addForwarded(int sw, int d, int portNum) {
      int peer = fabric.peerPort(fabric.port(sw, portNum));
      int node = fabric.nodeOfPort(peer);
      int j = findUsed(d, node, fabric.portNum(peer), mode == MinhopLftBuilder.Mode.DOR);
      if (j < 0) {
        if (usedCount[d] == lidsPerPort) {
          return;
        }
        j = d * lidsPerPort + usedCount[d]++;
        usedNode[j] = node;
        usedPort[j] = fabric.portNum(peer);
        forwarded[j] = 0;
      }
      forwarded[j]++;
    }
  }
}
