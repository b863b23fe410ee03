package org.ibrouting.engines.robustness;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;

/**
 * Which terminal pairs a damaged fabric can still carry: CAs and routers do not forward, so two
 * end ports can talk only if their switches are joined by switch-to-switch links (or the two ports
 * are cabled to each other). Computed here independently of the route checker and the engines.
 */
final class SwitchComponents {
  private SwitchComponents() {}

  /** The component of every switch over switch-to-switch links (iterative BFS). */
  static int[] of(Fabric fabric) {
    int n = fabric.numSwitches();
    int[] component = new int[n];
    Arrays.fill(component, -1);
    int[] queue = new int[n];
    int count = 0;
    for (int start = 0; start < n; start++) {
      if (component[start] >= 0) {
        continue;
      }
      int head = 0;
      int tail = 0;
      queue[tail++] = start;
      component[start] = count;
      while (head < tail) {
        int sw = queue[head++];
        for (int i = 0; i < fabric.outDegree(sw); i++) {
          int next = fabric.channelHead(fabric.outChannel(sw, i));
          if (fabric.isSwitch(next) && component[next] < 0) {
            component[next] = count;
            queue[tail++] = next;
          }
        }
      }
      count++;
    }
    return component;
  }

  /**
   * The ordered (source LID, destination LID) pairs of distinct CA/router ports, counting every LID
   * of an LMC range, that the fabric connects.
   */
  static long connectedPairs(Fabric fabric) {
    int[] component = of(fabric);
    long[] lidsIn = new long[fabric.numSwitches() + 1];
    long sumOfSquares = 0;
    long direct = 0;
    for (int port = 0; port < fabric.numPortSlots(); port++) {
      int node = fabric.nodeOfPort(port);
      if (fabric.isSwitch(node) || fabric.baseLid(port) == 0) {
        continue;
      }
      long lids = 1L << fabric.lmc(port);
      int swPort = fabric.switchPortOf(port);
      if (swPort >= 0) {
        lidsIn[component[fabric.nodeOfPort(swPort)]] += lids;
        sumOfSquares += lids * lids;
      } else {
        int peer = fabric.peerPort(port);
        if (peer >= 0 && fabric.baseLid(peer) != 0) {
          direct += lids * (1L << fabric.lmc(peer));
        }
      }
    }
    long pairs = direct - sumOfSquares;
    for (long lids : lidsIn) {
      pairs += lids * lids;
    }
    return pairs;
  }
}
