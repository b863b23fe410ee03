package org.ibrouting.engines.updown;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.paths.HopTable;
import org.ibrouting.routing.ProgressListener;

/**
 * Not API. The hop table OpenSM's Up*&#47;Down* family fills with its breadth-first search per
 * destination switch ({@code updn_bfs_by_node} in {@code osm_ucast_updn.c}, {@code
 * dnup_bfs_by_node} in {@code osm_ucast_dnup.c}, 3.3.23), reproduced step for step rather than as
 * the set of legal paths ({@link UpDownHops}).
 *
 * <p>The search starts at the destination D with a given direction and a FIFO queue. Popping a
 * switch u with direction {@code cur} relaxes, port by port, each neighbouring switch r: the hop
 * u&rarr;r has a direction fixed by the ranks; the one forbidden turn ({@code cur} followed by that
 * direction) is skipped; otherwise r's port towards u gets {@code least(u) + 1} if that is lower
 * than the port's value, and r is queued with the hop's direction unless it already waits in the
 * queue. A switch may be queued again after it was popped, with a new direction. The rule is local
 * (only two consecutive hops are checked) and a switch's direction is the one it was queued with,
 * so OpenSM finds paths that a two-phase rule forbids, e.g. over links between switches of equal
 * rank, where its {@code EQUAL} direction lifts the restriction for the next hop.
 *
 * <p>Instead of a value per (switch, destination, port), a port's value is derived from the switch
 * behind it: it is 1 + the least hops that switch had when it was popped with a direction allowing
 * the hop, so two bytes per (switch, destination) hold every port's value: the lowest hops at a pop
 * with the forbidden-first direction and at a pop with any other.
 *
 * <p>Memory: 3 bytes per (switch, destination switch), 5 bytes per port slot.
 */
// not SwitchBfs: OpenSM's re-queueing search decides the Up*/Down* tables' ties, so it stays apart
public final class BfsByNodeHops implements HopTable {
  /** OpenSM's directions of a hop, seen from the search (from the destination outwards). */
  public static final byte UP = 0;

  /** See {@link #UP}. */
  public static final byte DOWN = 1;

  /** See {@link #UP}; OpenSM's dnup gives it to hops between switches of equal rank. */
  public static final byte EQUAL = 2;

  /** The direction OpenSM gives the search's hop from switch u (reached) to its neighbour r. */
  @FunctionalInterface
  public interface Directions {
    /** {@link #UP}, {@link #DOWN} or {@link #EQUAL}. */
    byte of(int u, int r);
  }

  private static final int INF = NO_PATH;

  private final Fabric fabric;
  private final int n;
  private final byte forbiddenNext;
  private final byte[] dirOfPort;
  private final int[] switchBehindPort;
  private final byte[] least;
  // per (destination, switch): the lowest least-hops of the switch at a pop with the direction
  // after which forbiddenNext is illegal, and at a pop with any other direction
  private final byte[] popForbidding;
  private final byte[] popFree;

  private BfsByNodeHops(
      Fabric fabric,
      byte forbiddenNext,
      byte[] dirOfPort,
      int[] switchBehindPort,
      byte[] least,
      byte[] popForbidding,
      byte[] popFree) {
    this.fabric = fabric;
    this.n = fabric.numSwitches();
    this.forbiddenNext = forbiddenNext;
    this.dirOfPort = dirOfPort;
    this.switchBehindPort = switchBehindPort;
    this.least = least;
    this.popForbidding = popForbidding;
    this.popFree = popFree;
  }

  /**
   * Runs the search from every switch.
   *
   * @param directions the direction of each switch-to-switch hop
   * @param startDir the destination's direction ({@link #DOWN} for dnup, {@link #UP} for updn)
   * @param forbiddenCur with {@code forbiddenNext}: the one illegal turn, a switch queued with
   *     {@code forbiddenCur} does not relax hops of direction {@code forbiddenNext}
   * @param threads worker threads (the result does not depend on them)
   * @param progress receives the searches done, as phase {@code phase}
   */
  public static BfsByNodeHops compute(
      Fabric fabric,
      Directions directions,
      byte startDir,
      byte forbiddenCur,
      byte forbiddenNext,
      int threads,
      ProgressListener progress,
      String phase) {
    int n = fabric.numSwitches();
    long size = (long) n * n;
    if (size > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException("hop table of " + n + " switches exceeds 2^31 bytes");
    }
    byte[] least = new byte[(int) size];
    byte[] popForbidding = new byte[(int) size];
    byte[] popFree = new byte[(int) size];
    Arrays.fill(least, (byte) INF);
    Arrays.fill(popForbidding, (byte) INF);
    Arrays.fill(popFree, (byte) INF);
    byte[] dirOfPort = new byte[fabric.numPortSlots()];
    int[] switchBehindPort = UpDownHops.switchBehindPort(fabric);
    for (int u = 0; u < n; u++) {
      for (int i = 0; i < fabric.outDegree(u); i++) {
        int channel = fabric.outChannel(u, i);
        int r = switchBehindPort[channel];
        if (r >= 0) {
          dirOfPort[channel] = directions.of(u, r);
        }
      }
    }
    BfsByNodeHops table =
        new BfsByNodeHops(
            fabric, forbiddenNext, dirOfPort, switchBehindPort, least, popForbidding, popFree);
    Parallel.run(n, threads, () -> table.new Search(startDir, forbiddenCur), progress, phase);
    return table;
  }

  /** One thread's searches, one destination switch at a time. */
  private final class Search implements Parallel.Worker {
    private final byte startDir;
    private final byte forbiddenCur;
    private final int[] ring = new int[n + 1];
    private final byte[] dir = new byte[n];
    private final boolean[] queued = new boolean[n];

    Search(byte startDir, byte forbiddenCur) {
      this.startDir = startDir;
      this.forbiddenCur = forbiddenCur;
    }

    @Override
    public void run(int dest) {
      int base = dest * n;
      least[base + dest] = 0;
      int head = 0;
      int tail = 0;
      dir[dest] = startDir;
      ring[tail++] = dest;
      while (head != tail) {
        int u = ring[head];
        head = head == n ? 0 : head + 1;
        queued[u] = false;
        byte cur = dir[u];
        int hops = least[base + u] & 0xFF;
        boolean forbidding = cur == forbiddenCur;
        for (int i = 0; i < fabric.outDegree(u); i++) {
          int channel = fabric.outChannel(u, i);
          int r = switchBehindPort[channel];
          if (r < 0) {
            continue;
          }
          byte next = dirOfPort[channel];
          if (forbidding && next == forbiddenNext) {
            continue;
          }
          if (hops + 1 < portValue(base + u, next)) {
            if (hops + 1 < (least[base + r] & 0xFF)) {
              least[base + r] = (byte) (hops + 1);
            }
            if (!queued[r]) {
              queued[r] = true;
              dir[r] = next;
              ring[tail] = r;
              tail = tail == n ? 0 : tail + 1;
            }
          }
        }
        byte[] pops = forbidding ? popForbidding : popFree;
        if (hops < (pops[base + u] & 0xFF)) {
          pops[base + u] = (byte) hops;
        }
      }
    }
  }

  /**
   * The value of a port whose neighbour is the switch at {@code index} (destination-major) for a
   * hop of direction {@code hopDir} from that neighbour towards the port's switch.
   */
  private int portValue(int index, byte hopDir) {
    int best = popFree[index] & 0xFF;
    if (hopDir != forbiddenNext) {
      best = Math.min(best, popForbidding[index] & 0xFF);
    }
    return best >= INF - 1 ? INF : best + 1;
  }

  @Override
  public int least(int sw, int target) {
    return least[target * n + sw] & 0xFF;
  }

  @Override
  public int viaPort(int sw, int portNum, int target) {
    int port = fabric.port(sw, portNum);
    int u = switchBehindPort[port];
    if (u < 0) {
      return NO_PATH;
    }
    return portValue(target * n + u, dirOfPort[fabric.peerPort(port)]);
  }
}
