package org.ibrouting.analysis;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;

/**
 * Per-destination memo of where the LFTs take a packet from every switch: the number of links to
 * delivery, or why it is never delivered. Each switch is walked once per destination; the walk is
 * iterative and finds forwarding loops by marking the switches of the path being walked.
 *
 * <p>One instance per thread. Memory: 2 ints per switch.
 */
final class LftWalker {
  /** The LFT entry is {@link Routing#NO_ROUTE}. */
  static final int NO_ROUTE = -1;
  /** The LFT leads to an unconnected or nonexistent port, a wrong end port, or a foreign port 0. */
  static final int BLACKHOLE = -2;
  /** The LFTs lead around a loop (or into one). */
  static final int LOOP = -3;
  private static final int UNKNOWN = -4;
  private static final int ON_PATH = -5;

  private final Routing routing;
  private final Fabric fabric;
  private final int[] hops;
  private final int[] path;
  private int lid;
  private int dstPort;

  LftWalker(Routing routing) {
    this.routing = routing;
    this.fabric = routing.fabric();
    this.hops = new int[fabric.numSwitches()];
    this.path = new int[fabric.numSwitches()];
  }

  /** Forgets the previous destination and starts on {@code newLid}. */
  void reset(int newLid) {
    lid = newLid;
    dstPort = fabric.portOfLid(newLid);
    Arrays.fill(hops, UNKNOWN);
  }

  int lid() {
    return lid;
  }

  /**
   * The number of links a packet for the current LID crosses from switch {@code sw} until it is
   * delivered (the last link into a CA counts; delivery to the switch's own port 0 adds none), or
   * {@link #NO_ROUTE}, {@link #BLACKHOLE}, {@link #LOOP}.
   */
  int hops(int sw) {
    int known = hops[sw];
    if (known != UNKNOWN) {
      return known;
    }
    int depth = 0;
    int cur = sw;
    int result;
    while (true) {
      path[depth++] = cur;
      hops[cur] = ON_PATH;
      int next = nextSwitch(cur);
      if (next >= 0) {
        int h = hops[next];
        if (h == UNKNOWN) {
          cur = next;
          continue;
        }
        result = h == ON_PATH ? LOOP : h >= 0 ? h + 1 : h;
      } else {
        result = next == DELIVERED_HERE ? 0 : next == DELIVERED_NEXT ? 1 : next;
      }
      break;
    }
    for (int i = depth - 1; i >= 0; i--) {
      hops[path[i]] = result;
      if (result >= 0) {
        result++;
      }
    }
    return hops[sw];
  }

  private static final int DELIVERED_HERE = -10;
  private static final int DELIVERED_NEXT = -11;

  /**
   * The switch the LFT of {@code sw} forwards the current LID to, or a negative code:
   * DELIVERED_HERE, DELIVERED_NEXT (over the port's link to the LID's end port), NO_ROUTE,
   * BLACKHOLE.
   */
  private int nextSwitch(int sw) {
    int portNum = routing.outPort(sw, lid);
    if (portNum == Routing.NO_ROUTE) {
      return NO_ROUTE;
    }
    if (portNum == 0) {
      return dstPort == fabric.port(sw, 0) ? DELIVERED_HERE : BLACKHOLE;
    }
    if (portNum > fabric.numPorts(sw)) {
      return BLACKHOLE;
    }
    int peer = fabric.peerPort(fabric.port(sw, portNum));
    if (peer < 0) {
      return BLACKHOLE;
    }
    int next = fabric.nodeOfPort(peer);
    if (fabric.isSwitch(next)) {
      return next;
    }
    return peer == dstPort ? DELIVERED_NEXT : BLACKHOLE;
  }

  /**
   * The channel the LFT of {@code sw} sends the current LID out on when it leads to another switch,
   * or the channel into the LID's end port when it delivers over a link (only when
   * {@code withEjection}), else -1.
   */
  int outChannel(int sw, boolean withEjection) {
    int portNum = routing.outPort(sw, lid);
    if (portNum == Routing.NO_ROUTE || portNum == 0 || portNum > fabric.numPorts(sw)) {
      return -1;
    }
    int channel = fabric.port(sw, portNum);
    int peer = fabric.peerPort(channel);
    if (peer < 0) {
      return -1;
    }
    if (fabric.isSwitch(fabric.nodeOfPort(peer))) {
      return channel;
    }
    return withEjection && peer == dstPort ? channel : -1;
  }
}
