package org.ibrouting.internal;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;

/**
 * Not API. The one walk of the LFTs towards a destination LID, memoised per destination: from every
 * switch, the number of links to delivery, or why the packet is never delivered (a {@link Failure}
 * code). Each switch is walked once per destination; the walk is iterative and finds forwarding
 * loops by marking the switches of the path being walked. The route checker, the forwarding index
 * and the credit-loop verifier walk with it.
 *
 * <pre>{@code
 * LftWalker walker = new LftWalker(routing);
 * walker.reset(dstLid);
 * int hops = walker.hops(sw);          // >= 0: links to delivery
 * if (hops < 0) {
 *   LftWalker.Failure why = LftWalker.Failure.of(hops);
 * }
 * }</pre>
 *
 * <p>One instance per thread. Memory: 2 ints per switch.
 */
public final class LftWalker {
  /** Why a walk does not deliver; each has a negative code that {@link #hops} returns. */
  public enum Failure {
    /** An LFT entry is {@link Routing#NO_ROUTE}. */
    NO_ROUTE(-1),
    /**
     * An entry names a port beyond the switch's ports, or port 0 of a switch that does not own the
     * LID.
     */
    BAD_PORT(-2),
    /** An entry names an unconnected port. */
    NOT_CONNECTED(-3),
    /** An entry leads to an end port other than the destination's. */
    MISDELIVERED(-4),
    /** The entries lead around a loop (or into one). */
    LOOP(-5);

    /** The code {@link #hops} returns. */
    public final int code;

    Failure(int code) {
      this.code = code;
    }

    private static final Failure[] OF_CODE = values();

    /** The failure of a negative code. */
    public static Failure of(int code) {
      return OF_CODE[-code - 1];
    }

    /**
     * Whether the packet is sent somewhere it is dropped (a bad port, an unconnected one, a wrong
     * end port).
     */
    public boolean isBlackHole() {
      return this == BAD_PORT || this == NOT_CONNECTED || this == MISDELIVERED;
    }
  }

  /** {@link Failure#NO_ROUTE}'s code. */
  public static final int NO_ROUTE = -1;

  /** {@link Failure#LOOP}'s code. */
  public static final int LOOP = -5;

  private static final int UNKNOWN = -10;
  private static final int ON_PATH = -11;
  private static final int DELIVERED_HERE = -12;
  private static final int DELIVERED_NEXT = -13;

  private final Routing routing;
  private final Fabric fabric;
  private final int[] hops;
  private final int[] path;
  private int lid;
  private int dstPort;

  /** A walker of {@code routing}'s LFTs. */
  public LftWalker(Routing routing) {
    this.routing = routing;
    this.fabric = routing.fabric();
    this.hops = new int[fabric.numSwitches()];
    this.path = new int[fabric.numSwitches()];
  }

  /** Forgets the previous destination and starts on {@code newLid}. */
  public void reset(int newLid) {
    lid = newLid;
    dstPort = fabric.portOfLid(newLid);
    Arrays.fill(hops, UNKNOWN);
  }

  /** The current destination LID. */
  public int lid() {
    return lid;
  }

  /** Whether a code of {@link #hops} is a black hole ({@link Failure#isBlackHole}). */
  public static boolean isBlackHole(int code) {
    return code <= Failure.BAD_PORT.code && code >= Failure.MISDELIVERED.code;
  }

  /**
   * The number of links a packet for the current LID crosses from switch {@code sw} until it is
   * delivered (the last link into a CA counts; delivery to the switch's own port 0 adds none), or
   * the negative code of a {@link Failure}.
   */
  public int hops(int sw) {
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

  /**
   * The switch the LFT of {@code sw} forwards the current LID to, or a negative code:
   * DELIVERED_HERE, DELIVERED_NEXT (over the port's link to the LID's end port), or a failure's.
   */
  private int nextSwitch(int sw) {
    int portNum = routing.outPort(sw, lid);
    if (portNum == Routing.NO_ROUTE) {
      return NO_ROUTE;
    }
    if (portNum == 0) {
      return dstPort == fabric.port(sw, 0) ? DELIVERED_HERE : Failure.BAD_PORT.code;
    }
    if (portNum > fabric.numPorts(sw)) {
      return Failure.BAD_PORT.code;
    }
    int peer = fabric.peerPort(fabric.port(sw, portNum));
    if (peer < 0) {
      return Failure.NOT_CONNECTED.code;
    }
    int next = fabric.nodeOfPort(peer);
    if (fabric.isSwitch(next)) {
      return next;
    }
    return peer == dstPort ? DELIVERED_NEXT : Failure.MISDELIVERED.code;
  }

  /**
   * The channel the LFT of {@code sw} sends the current LID out on when it leads to another switch,
   * or the channel into the LID's end port when it delivers over a link (only when {@code
   * withEjection}), else -1.
   */
  public int outChannel(int sw, boolean withEjection) {
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
