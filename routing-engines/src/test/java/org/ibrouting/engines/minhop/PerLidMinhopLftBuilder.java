package org.ibrouting.engines.minhop;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.paths.HopTable;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;

/**
 * Reference for tests: {@link MinhopLftBuilder} as it was before it looked up the least-hop ports
 * once per target switch; every LID scans every port of the switch. The choice among the ports it
 * finds is {@link PortTally}'s, as the builder's (the reference checks the ports and their order).
 * OpenSM's unicast LFT builder ({@code ucast_mgr_build_lfts} and {@code osm_switch_recommend_path}
 * in OpenSM 3.3.23), shared by MINHOP, DOR and Up*&#47;Down*, which differ only in the {@link
 * HopTable} they pass and in the {@link MinhopLftBuilder.Mode}.
 *
 * <p>Destinations are ordered as OpenSM orders them: the end ports cabled to switches, switch by
 * switch in decreasing number of such ports (a stable sort of the qmap order), then every remaining
 * end port (switches' port 0, CAs cabled to no switch) in port-GUID qmap order. Every switch then
 * picks, per LID offset and destination, the minimum-hop port with the fewest routes so far, in
 * scan order from port 1 (or from the previous LID's port + 1 for LMC offsets); routes to switches
 * are not counted. With LMC &gt; 0 it prefers ports towards systems and nodes the destination's
 * other LIDs do not use yet.
 *
 * <p>Cost: O(switches x LIDs x ports) time; per worker thread one counter per port plus, with LMC
 * &gt; 0, three ints per (destination, LID offset).
 */
// a copy on purpose: OpenSM's per-LID port scan, the oracle for MinhopLftBuilder's cache
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
    this.lmc = MinhopLftBuilder.maxLmc(fabric, destinations);
  }

  /** Fills every switch's LFT, one switch after the other. */
  Routing build(String engineName) {
    RoutingBuilder builder = Routing.builder(fabric, engineName);
    SwitchWorker worker = new SwitchWorker(builder);
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      worker.run(sw);
    }
    return builder.build();
  }

  /** Routes one switch at a time; holds that switch's counters. */
  private final class SwitchWorker {
    private final RoutingBuilder builder;
    private final PortTally tally;
    private final int[] inScanOrder = new int[256];

    SwitchWorker(RoutingBuilder builder) {
      this.builder = builder;
      this.tally = new PortTally(fabric, mode, lmc, destinations.length);
    }

    void run(int sw) {
      tally.fill(sw, destinations, builder, this::recommend);
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
      // every port of the switch in scan order from start, wrapping around, for every LID
      int numPortsInclZero = fabric.numPorts(sw) + 1;
      int n = 0;
      for (int i = start; i < start + numPortsInclZero; i++) {
        int portNum = i % numPortsInclZero;
        if (portNum != 0
            && hops.viaPort(sw, portNum, target) == least
            && fabric.peerPort(fabric.port(sw, portNum)) >= 0) {
          inScanOrder[n++] = portNum;
        }
      }
      return n == 0 ? Routing.NO_ROUTE : tally.leastRoutedListed(sw, d, inScanOrder, 0, n);
    }
  }
}
