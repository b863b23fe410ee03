package org.ibrouting.analysis;

import java.util.Arrays;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;

/**
 * The sources and destinations of routes, a selection of {@link EndPorts}, indexed for
 * per-destination analysis: end ports in ascending base-LID order, the switch each one's routes
 * start and end at, per-switch source LID counts, and the destination LIDs grouped by their switch.
 *
 * <p>A <em>pair</em> is an ordered (source LID, destination LID) of selected end ports whose ports
 * differ; every LID of an LMC range counts. An end port is an <em>orphan</em> when it is not cabled
 * to a switch (a CA cabled straight to another CA, or not cabled at all).
 *
 * <p>Memory: 4 ints per end port, 2 ints per switch, 2 ints per LID.
 */
final class EndPortIndex {
  final Fabric fabric;

  /** End port slots selected, ascending base LID. */
  final int[] ports;

  /** Per end port: the switch its routes start from and end at, or -1 for an orphan. */
  final int[] switchOf;

  /** Per end port: 1 when it reaches its switch over a link (CA, router), 0 for a switch port 0. */
  final int[] linkHops;

  /** Per end port: its number of LIDs (2^LMC). */
  final int[] numLidsOf;

  /** Per switch: source LIDs of CA/router ports cabled to it. */
  final long[] terminalLidsAt;

  /** Per switch: source LIDs of its own port 0 (0 unless switches are selected). */
  final long[] ownLidsAt;

  /** Indices into {@link #ports} of orphan end ports. */
  final int[] orphans;

  /** Destination LIDs grouped by switch: group g (a switch, or numSwitches for orphans). */
  final int[] groupStart;

  final int[] groupLids;

  /** Per LID: the index into {@link #ports} of its end port, or -1 when not selected. */
  final int[] endpointOfLid;

  final long numLids;

  /**
   * The index of end ports selected for checking a routing.
   *
   * @throws IllegalArgumentException when they belong to another fabric than the routing
   */
  static EndPortIndex of(Routing routing, EndPorts endPorts) {
    if (endPorts.fabric() != routing.fabric()) {
      throw new IllegalArgumentException(
          "the end ports belong to " + endPorts.fabric() + ", the routing to " + routing.fabric());
    }
    return new EndPortIndex(endPorts);
  }

  EndPortIndex(EndPorts selection) {
    this.fabric = selection.fabric();
    int numSwitches = fabric.numSwitches();
    endpointOfLid = new int[fabric.maxLid() + 1];
    Arrays.fill(endpointOfLid, -1);
    ports = byBaseLid(selection);
    int count = ports.length;
    switchOf = new int[count];
    linkHops = new int[count];
    numLidsOf = new int[count];
    terminalLidsAt = new long[numSwitches];
    ownLidsAt = new long[numSwitches];
    int numOrphans = 0;
    int[] groupSize = new int[numSwitches + 2];
    long lids = 0;
    for (int e = 0; e < count; e++) {
      int port = ports[e];
      int node = fabric.nodeOfPort(port);
      int swPort = fabric.switchPortOf(port);
      int sw = swPort < 0 ? -1 : fabric.nodeOfPort(swPort);
      switchOf[e] = sw;
      linkHops[e] = fabric.isSwitch(node) ? 0 : 1;
      numLidsOf[e] = 1 << fabric.lmc(port);
      lids += numLidsOf[e];
      for (int k = 0; k < numLidsOf[e]; k++) {
        endpointOfLid[fabric.baseLid(port) + k] = e;
      }
      if (sw < 0) {
        numOrphans++;
        groupSize[numSwitches + 1] += numLidsOf[e];
      } else {
        groupSize[sw + 1] += numLidsOf[e];
        if (linkHops[e] == 0) {
          ownLidsAt[sw] += numLidsOf[e];
        } else {
          terminalLidsAt[sw] += numLidsOf[e];
        }
      }
    }
    numLids = lids;
    orphans = new int[numOrphans];
    groupStart = new int[numSwitches + 2];
    for (int g = 0; g <= numSwitches; g++) {
      groupStart[g + 1] = groupStart[g] + groupSize[g + 1];
    }
    groupLids = new int[groupStart[numSwitches + 1]];
    int[] fill = Arrays.copyOf(groupStart, numSwitches + 1);
    int o = 0;
    for (int e = 0; e < count; e++) {
      int g = switchOf[e] < 0 ? numSwitches : switchOf[e];
      if (switchOf[e] < 0) {
        orphans[o++] = e;
      }
      for (int k = 0; k < numLidsOf[e]; k++) {
        groupLids[fill[g]++] = fabric.baseLid(ports[e]) + k;
      }
    }
    // ports are in ascending base LID, but LMC ranges interleave only within a port: sort groups
    for (int g = 0; g <= numSwitches; g++) {
      Arrays.sort(groupLids, groupStart[g], groupStart[g + 1]);
    }
  }

  /** The selected port slots by ascending base LID (the scopes' selections are already). */
  private static int[] byBaseLid(EndPorts selection) {
    int count = selection.size();
    boolean ascending = true;
    for (int i = 1; i < count && ascending; i++) {
      ascending = selection.lid(i - 1) < selection.lid(i);
    }
    if (ascending) {
      return selection.ports();
    }
    long[] lidAndPort = new long[count];
    for (int i = 0; i < count; i++) {
      lidAndPort[i] = (long) selection.lid(i) << 32 | selection.port(i);
    }
    Arrays.sort(lidAndPort);
    int[] sorted = new int[count];
    for (int i = 0; i < count; i++) {
      sorted[i] = (int) lidAndPort[i];
    }
    return sorted;
  }

  /** The number of destination groups: one per switch, plus the orphans' group. */
  int numGroups() {
    return fabric.numSwitches() + 1;
  }

  /** The total number of ordered pairs. */
  long numPairs() {
    long pairs = 0;
    for (int e = 0; e < ports.length; e++) {
      pairs += numLidsOf[e] * (numLids - numLidsOf[e]);
    }
    return pairs;
  }

  /** Source LIDs that start at switch {@code sw} for a route to {@code dstEndpoint}. */
  long sourceLidsAt(int sw, int dstEndpoint, boolean viaLink) {
    long lids = viaLink ? terminalLidsAt[sw] : ownLidsAt[sw];
    if (switchOf[dstEndpoint] == sw && (linkHops[dstEndpoint] == 1) == viaLink) {
      lids -= numLidsOf[dstEndpoint];
    }
    return lids;
  }
}
