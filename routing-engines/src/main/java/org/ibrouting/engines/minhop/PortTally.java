package org.ibrouting.engines.minhop;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;

/**
 * One switch's counts while {@link MinhopLftBuilder} fills its LFT, and OpenSM's choice among the
 * least-hop ports from them ({@code osm_switch_recommend_path}): the routes each port carries (to
 * CAs; routes to switches are not counted) and, with LMC &gt; 0, per destination the next-hop nodes
 * and systems its LIDs already go through and how often.
 *
 * <p>Candidates come as {@code ports[(first + k) % n]} for {@code k = 0 .. n - 1}: the scan order,
 * which starts at {@code first} and wraps around.
 */
final class PortTally {
  private final Fabric fabric;
  private final MinhopLftBuilder.Mode mode;
  private final int lmc;
  private final int lidsPerPort;
  private final int[] routesOfPort = new int[256];
  // LMC > 0: per destination, the next-hop nodes used so far and how often
  private final int[] usedCount;
  private final int[] usedNode;
  private final int[] usedPort;
  private final int[] forwarded;

  /** Counters for {@code numDestinations} end ports with up to 2^{@code lmc} LIDs each. */
  PortTally(Fabric fabric, MinhopLftBuilder.Mode mode, int lmc, int numDestinations) {
    this.fabric = fabric;
    this.mode = mode;
    this.lmc = lmc;
    this.lidsPerPort = 1 << lmc;
    int slots = lmc > 0 ? numDestinations * lidsPerPort : 0;
    usedCount = new int[lmc > 0 ? numDestinations : 0];
    usedNode = new int[slots];
    usedPort = new int[slots];
    forwarded = new int[slots];
  }

  /** How the port of one LID at a switch is found (the builder's scan, or a reference's). */
  interface LidChoice {
    /**
     * The port of switch {@code sw} for {@code lid}, LID offset {@code offset} of destination
     * {@code d} (end port {@code destPort}), or {@link Routing#NO_ROUTE}.
     */
    int port(int sw, int d, int destPort, int lid, int offset);
  }

  /**
   * Fills switch {@code sw}'s entries in {@code builder} in OpenSM's order, LID offset by LID
   * offset and {@code destinations} in order, counting each route before the next is chosen.
   */
  void fill(int sw, int[] destinations, RoutingBuilder builder, LidChoice choice) {
    Arrays.fill(routesOfPort, 0);
    Arrays.fill(usedCount, 0);
    for (int offset = 0; offset < lidsPerPort; offset++) {
      for (int d = 0; d < destinations.length; d++) {
        int destPort = destinations[d];
        if (offset >= 1 << fabric.lmc(destPort)) {
          continue;
        }
        int lid = fabric.baseLid(destPort) + offset;
        int port = choice.port(sw, d, destPort, lid, offset);
        builder.setOutPort(sw, lid, port);
        count(sw, d, destPort, port);
      }
    }
  }

  /** Counts the route of switch {@code sw} to destination {@code d} (end port {@code destPort}). */
  private void count(int sw, int d, int destPort, int port) {
    if (port == Routing.NO_ROUTE || fabric.isSwitch(fabric.nodeOfPort(destPort))) {
      return;
    }
    routesOfPort[port]++;
    if (port > 0 && lmc > 0) {
      addForwarded(sw, d, port);
    }
  }

  /** Without LMC or DOR: the first candidate in scan order with the fewest routes. */
  int leastRouted(int[] ports, int first, int n) {
    long leastPaths = Long.MAX_VALUE;
    int best = -1;
    for (int k = 0; k < n; k++) {
      int portNum = ports[first + k < n ? first + k : first + k - n];
      long count = routesOfPort[portNum];
      if (count < leastPaths) {
        best = portNum;
        leastPaths = count;
      }
    }
    return best < 0 ? Routing.NO_ROUTE : best;
  }

  /**
   * With LMC or in DOR: the candidate with the fewest routes, ties broken by the routes already
   * forwarded to the same remote node; with LMC (not in DOR) a port to a system, else to a node,
   * that no other LID of destination {@code d} goes through yet comes first. DOR keeps to the
   * candidates that reach the first one's remote node.
   */
  int leastRoutedListed(int sw, int d, int[] ports, int first, int n) {
    boolean lmcRouting = lmc > 0;
    long leastPaths = Long.MAX_VALUE;
    long leastOtherSys = Long.MAX_VALUE;
    long leastOtherNode = Long.MAX_VALUE;
    long leastForwarded = Long.MAX_VALUE;
    int best = -1;
    int bestOtherSys = 0;
    int bestOtherNode = 0;
    int firstRemote = -1;
    for (int k = 0; k < n; k++) {
      int portNum = ports[first + k < n ? first + k : first + k - n];
      int peer = fabric.peerPort(fabric.port(sw, portNum));
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
      } else if (listedForwarded >= 0 && count == leastPaths && listedForwarded < leastForwarded) {
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
