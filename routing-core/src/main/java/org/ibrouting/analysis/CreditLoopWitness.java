package org.ibrouting.analysis;

import java.util.ArrayList;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.LftWalker;
import org.ibrouting.routing.PortSl2Vl;
import org.ibrouting.routing.Routing;

/**
 * The witness of a cycle {@link CreditLoopVerifier} found: every dependency of the cycle matched
 * with the lowest (destination LID, source LID) route that induces it, found by walking the LFTs
 * again from every source towards the destinations whose entries use the dependency's channels.
 */
final class CreditLoopWitness {
  private CreditLoopWitness() {}

  /**
   * Finds, for each dependency of the cycle, the lowest (destination, source) route inducing it.
   */
  static CreditLoop witness(
      Routing routing,
      RoutingMix mix,
      EndPortIndex endpoints,
      boolean vlLess,
      int vl,
      int[] cycle) {
    Fabric fabric = routing.fabric();
    int n = cycle.length;
    int[] srcLids = new int[n];
    int[] dstLids = new int[n];
    List<String> names = new ArrayList<>(n);
    Search search = new Search(routing, endpoints, null);
    MixWalker mixWalker = mix == null ? null : new MixWalker(mix);
    for (int i = 0; i < n; i++) {
      int c1 = cycle[i];
      int c2 = cycle[(i + 1) % n];
      names.add(channelName(fabric, c1));
      long found =
          mix == null
              ? search.route(
                  c1,
                  c2,
                  (s, src, dst) ->
                      (vlLess ? 0 : routing.slTable().vl(src, dst)) == vl
                          && search.crosses(s, 0, c1, c2),
                  channelName(fabric, c1) + " => " + channelName(fabric, c2) + " on VL " + vl)
              : mixWalker.findInducingRoute(endpoints, vlLess, vl, c1, c2);
      srcLids[i] = (int) (found & 0xFFFF);
      dstLids[i] = (int) (found >>> 16);
    }
    return new CreditLoop(vl, cycle, srcLids, dstLids, names);
  }

  /**
   * The loop's channels and their VLs, each dependency matched with the lowest route inducing it.
   */
  static CreditLoop portWitness(
      Routing routing, EndPortIndex endpoints, PortSl2Vl portVls, int vl, int[] cycle) {
    Fabric fabric = routing.fabric();
    int n = cycle.length;
    int[] channels = new int[n];
    int[] srcLids = new int[n];
    int[] dstLids = new int[n];
    List<String> names = new ArrayList<>(n);
    Search search = new Search(routing, endpoints, portVls);
    for (int i = 0; i < n; i++) {
      int v1 = cycle[i];
      int v2 = cycle[(i + 1) % n];
      channels[i] = v1 / CreditLoopVerifier.MAX_VLS;
      names.add(vertexName(fabric, v1));
      long found =
          search.route(
              channels[i],
              v2 / CreditLoopVerifier.MAX_VLS,
              (s, src, dst) -> search.crosses(s, routing.slTable().sl(src, dst), v1, v2),
              vertexName(fabric, v1) + " => " + vertexName(fabric, v2));
      srcLids[i] = (int) (found & 0xFFFF);
      dstLids[i] = (int) (found >>> 16);
    }
    return new CreditLoop(vl, channels, srcLids, dstLids, names);
  }

  /**
   * Whether the route from end port {@code s}, source LID {@code src}, to the walker's LID induces
   * a dependency.
   */
  private interface Induces {
    boolean test(int s, int src, int dst);
  }

  /** The routes of one routing between indexed end ports, walked again to find a dependency. */
  private static final class Search {
    private final Routing routing;
    private final Fabric fabric;
    private final EndPortIndex endpoints;
    private final LftWalker walker;

    /** Per-port SL-to-VL maps (vertices are channel and VL), or null (vertices are channels). */
    private final PortSl2Vl portVls;

    Search(Routing routing, EndPortIndex endpoints, PortSl2Vl portVls) {
      this.routing = routing;
      this.fabric = routing.fabric();
      this.endpoints = endpoints;
      this.walker = new LftWalker(routing);
      this.portVls = portVls;
    }

    /**
     * The lowest (destination LID, source LID) route, packed {@code dst << 16 | src}, whose LFT
     * entries at the dependency's switches use channels {@code c1} and {@code c2} and that {@code
     * induces} confirms.
     */
    long route(int c1, int c2, Induces induces, String what) {
      int sw1 = fabric.channelTail(c1);
      int sw2 = fabric.channelTail(c2);
      for (int e = 0; e < endpoints.ports.length; e++) {
        int base = fabric.baseLid(endpoints.ports[e]);
        for (int dst = base; dst < base + endpoints.numLidsOf[e]; dst++) {
          if (fabric.isSwitch(sw1) && routing.outPort(sw1, dst) != fabric.portNum(c1)
              || routing.outPort(sw2, dst) != fabric.portNum(c2)) {
            continue;
          }
          walker.reset(dst);
          for (int s = 0; s < endpoints.ports.length; s++) {
            if (s == e || endpoints.switchOf[s] < 0) {
              continue;
            }
            int srcBase = fabric.baseLid(endpoints.ports[s]);
            for (int src = srcBase; src < srcBase + endpoints.numLidsOf[s]; src++) {
              if (induces.test(s, src, dst)) {
                return ((long) dst << 16) | src;
              }
            }
          }
        }
      }
      throw new IllegalStateException("no route induces the dependency " + what);
    }

    /**
     * Whether the route from end port {@code s} on SL {@code sl} to the walker's LID holds vertex
     * v1 and then v2.
     */
    boolean crosses(int s, int sl, int v1, int v2) {
      int caPort = endpoints.ports[s];
      int prev = endpoints.linkHops[s] == 1 ? vertex(caPort, caPort, sl) : -1;
      int in = SourceGroups.entryPort(endpoints, s);
      int sw = endpoints.switchOf[s];
      for (int step = 0; step <= fabric.numSwitches(); step++) {
        int out = walker.outChannel(sw, true);
        if (out < 0) {
          return false;
        }
        int v = vertex(in, out, sl);
        if (prev == v1 && v == v2) {
          return true;
        }
        int next = fabric.channelHead(out);
        if (!fabric.isSwitch(next)) {
          return false;
        }
        prev = v;
        in = fabric.peerPort(out);
        sw = next;
      }
      return false;
    }

    private int vertex(int in, int out, int sl) {
      return portVls == null ? out : out * CreditLoopVerifier.MAX_VLS + portVls.vl(in, out, sl);
    }
  }

  private static String vertexName(Fabric fabric, int vertex) {
    return channelName(fabric, vertex / CreditLoopVerifier.MAX_VLS)
        + " (VL "
        + vertex % CreditLoopVerifier.MAX_VLS
        + ")";
  }

  static String channelName(Fabric fabric, int channel) {
    int peer = fabric.peerPort(channel);
    return fabric.nodeName(fabric.nodeOfPort(channel))
        + " port "
        + fabric.portNum(channel)
        + " -> "
        + fabric.nodeName(fabric.nodeOfPort(peer))
        + " port "
        + fabric.portNum(peer);
  }
}
