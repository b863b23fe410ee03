package org.ibrouting.engines.reroute;

import java.util.Arrays;
import org.ibrouting.engines.updown.UpDownHops;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;

/**
 * Where the current tables take a packet for one destination LID from every switch: the number of
 * switch-to-switch hops to the destination's switch and whether every hop is a last-phase hop of
 * the engine's turn rule, or that the path is broken: the packet is never delivered (no route, a
 * port that leads nowhere or to the wrong end port, a loop), or its path breaks the turn rule
 * (turns from the last phase back to the first). Each switch is walked once per destination
 * (memoized, iteratively).
 *
 * <p>Memory: 3 ints and a byte per switch.
 */
// not LftWalker: each hop's phase of the turn rule is followed along with the hop count
final class TreeWalk {
  /** {@link #hops} of a switch whose packets are never delivered. */
  static final int FAILS = -1;

  private static final int UNKNOWN = -2;
  private static final int ON_PATH = -3;

  private final Fabric fabric;
  private final RoutingBuilder lfts;
  private final UpDownHops.Turns turns;
  private final int[] hops;
  private final boolean[] lastOnly;
  private final int[] nextOf;
  private final int[] path;
  private int lid;
  private int dstPort;
  private int target;
  private boolean stale = true;

  /**
   * A walker over {@code lfts}; {@code turns} decides which hops are last-phase hops (null: every
   * hop is, as for MINHOP).
   */
  TreeWalk(Fabric fabric, RoutingBuilder lfts, UpDownHops.Turns turns) {
    this.fabric = fabric;
    this.lfts = lfts;
    this.turns = turns;
    int n = fabric.numSwitches();
    hops = new int[n];
    lastOnly = new boolean[n];
    nextOf = new int[n];
    path = new int[n];
  }

  /** Forgets the previous destination and starts on {@code newLid}, an end port's LID. */
  void reset(int newLid) {
    lid = newLid;
    dstPort = fabric.portOfLid(newLid);
    int swPort = dstPort < 0 ? -1 : fabric.switchPortOf(dstPort);
    target = swPort < 0 ? -1 : fabric.nodeOfPort(swPort);
    stale = true;
  }

  int lid() {
    return lid;
  }

  /** The end port that owns the LID. */
  int dstPort() {
    return dstPort;
  }

  /** The switch the destination is (or is cabled to), or -1 when it is cabled to no switch. */
  int target() {
    return target;
  }

  /** The output port that delivers the LID at its own switch: 0, or the port cabled to the CA. */
  int deliveryPort() {
    return fabric.isSwitch(fabric.nodeOfPort(dstPort))
        ? 0
        : fabric.portNum(fabric.switchPortOf(dstPort));
  }

  /**
   * Whether {@code a -> b} (two switches joined by a link) is a last-phase hop of the turn rule
   * (every hop is one without a rule).
   */
  boolean lastPhase(int a, int b) {
    return turns == null || turns.last(a, b);
  }

  /** Whether {@code a -> b} may be taken before the turn (never without a rule). */
  boolean firstPhase(int a, int b) {
    return turns != null && turns.first(a, b);
  }

  /**
   * The switch hops from {@code sw} to the destination's switch along the tables, or FAILS when the
   * packet is not delivered or its path breaks the turn rule.
   */
  int hops(int sw) {
    if (stale) {
      // cleared on the first question of a destination: repairs that ask none skip it
      Arrays.fill(hops, UNKNOWN);
      stale = false;
    }
    if (hops[sw] != UNKNOWN) {
      return hops[sw];
    }
    int depth = 0;
    int cur = sw;
    int result;
    boolean last;
    while (true) {
      path[depth++] = cur;
      hops[cur] = ON_PATH;
      int next = step(cur);
      nextOf[cur] = next;
      if (next == cur || next < 0) {
        depth--;
        result = next == cur ? 0 : FAILS;
        hops[cur] = result;
        lastOnly[cur] = next == cur;
        last = next == cur;
        break;
      }
      int h = hops[next];
      if (h == UNKNOWN) {
        cur = next;
        continue;
      }
      // a loop (next is on this path) fails every switch of the path
      result = h == ON_PATH ? FAILS : h;
      last = result != FAILS && lastOnly[next];
      break;
    }
    // path[i] forwards to path[i + 1]; the last one to a switch already resolved as (result, last)
    for (int i = depth - 1; i >= 0; i--) {
      int s = path[i];
      int next = nextOf[s];
      if (result != FAILS) {
        boolean lastHop = lastPhase(s, next);
        if (lastHop && last || firstPhase(s, next)) {
          last &= lastHop;
          result++;
        } else {
          result = FAILS;
        }
      }
      hops[s] = result;
      lastOnly[s] = result != FAILS && last;
    }
    return hops[sw];
  }

  /**
   * The switch after {@code sw} on its path (after {@link #hops} found it delivered): {@code sw}
   * itself at the destination's switch.
   */
  int next(int sw) {
    return nextOf[sw];
  }

  /** Whether the path from {@code sw} (which must be delivered) takes last-phase hops only. */
  boolean lastOnly(int sw) {
    return lastOnly[sw];
  }

  /**
   * The next switch from {@code sw}: {@code sw} itself when it delivers the LID here, -1 when its
   * entry drops the packet (no route, an unconnected or wrong port).
   */
  private int step(int sw) {
    int portNum = lfts.outPort(sw, lid);
    if (portNum == Routing.NO_ROUTE || portNum > fabric.numPorts(sw)) {
      return -1;
    }
    if (sw == target) {
      return portNum == deliveryPort() ? sw : -1;
    }
    if (portNum == 0) {
      return -1;
    }
    int peer = fabric.peerPort(fabric.port(sw, portNum));
    if (peer < 0) {
      return -1;
    }
    int next = fabric.nodeOfPort(peer);
    return fabric.isSwitch(next) && next != sw ? next : -1;
  }
}
