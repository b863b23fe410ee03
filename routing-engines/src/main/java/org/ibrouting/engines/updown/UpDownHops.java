package org.ibrouting.engines.updown;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.paths.HopTable;
import org.ibrouting.routing.ProgressListener;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.topology.Connectivity;

/**
 * Not API. Up*&#47;Down* hop counts that are legal for destination-based tables. A hop from x to y
 * goes up when y is closer to a root (lower rank), or, between switches of equal rank, has the
 * lower GUID (OpenSM's rule). For each destination switch D:
 *
 * <ul>
 *   <li>{@code down[u]}: hops from u to D over down hops only;
 *   <li>{@code legal[u]}: {@code down[u]} when u can reach D going only down, else 1 + the least
 *       {@code legal} of a neighbour reached by an up hop.
 * </ul>
 *
 * A switch that can reach D going down only always does, so every packet that has taken a down hop
 * keeps going down: no route turns from down to up, and the union of all routes has no credit loop.
 * OpenSM's {@code updn_bfs_by_node} instead fixes a switch's direction when it is first queued and
 * may later lower its hops over a path of the other direction; where that happens (observed on a
 * random graph with one root) its tables turn down and then up and close a credit loop. On fat
 * trees the two agree.
 *
 * <p>Memory: two bytes per (switch, destination switch), 5 bytes per port slot.
 */
public final class UpDownHops implements HopTable {
  /** Which hops a route may take in its first phase (towards the turn) and in its last phase. */
  public interface Turns {
    /** Whether a route may take the hop x -> y before its turn. */
    boolean first(int x, int y);

    /** Whether a route may take the hop x -> y after its turn (until the destination). */
    boolean last(int x, int y);
  }

  private static final int INF = NO_PATH;

  /**
   * Bit of {@link #turnOfPort(Fabric, Turns, int[])}: the hop out of the port may be taken before
   * the turn.
   */
  public static final byte FIRST = 1;

  /** Bit of {@link #turnOfPort(Fabric, Turns, int[])}: the hop may be taken after the turn. */
  public static final byte LAST = 2;

  private final Fabric fabric;
  private final int n;
  private final byte[] turnOfPort;
  private final int[] switchBehindPort;
  private final byte[] down;
  private final byte[] legal;

  private UpDownHops(
      Fabric fabric, byte[] turnOfPort, int[] switchBehindPort, byte[] down, byte[] legal) {
    this.fabric = fabric;
    this.n = fabric.numSwitches();
    this.turnOfPort = turnOfPort;
    this.switchBehindPort = switchBehindPort;
    this.down = down;
    this.legal = legal;
  }

  /** Up*&#47;Down* from switch ranks (0 = root): up hops first, then down hops. */
  public static UpDownHops compute(
      Fabric fabric, int[] rank, int threads, ProgressListener progress, String phase) {
    return compute(fabric, upDown(fabric, rank), threads, progress, phase);
  }

  /** The Up*&#47;Down* turn rule of switch ranks (0 = root): up hops first, then down hops. */
  public static Turns upDown(Fabric fabric, int[] rank) {
    return new Turns() {
      @Override
      public boolean first(int x, int y) {
        return isUp(fabric, rank, x, y);
      }

      @Override
      public boolean last(int x, int y) {
        return !isUp(fabric, rank, x, y);
      }
    };
  }

  /**
   * The Down*&#47;Up* turn rule of ranks (0 = switches with CAs): down or level hops first, then up
   * or level hops.
   */
  public static Turns downUp(int[] rank) {
    return new Turns() {
      @Override
      public boolean first(int x, int y) {
        return rank[y] >= rank[x];
      }

      @Override
      public boolean last(int x, int y) {
        return rank[y] <= rank[x];
      }
    };
  }

  /** The legal hop counts for any two-phase turn rule. */
  public static UpDownHops compute(Fabric fabric, Turns turns, int threads) {
    return compute(fabric, turns, threads, ProgressListener.SILENT, null);
  }

  /**
   * Like {@link #compute(Fabric, Turns, int)}, reporting the destinations done as {@code phase}.
   */
  public static UpDownHops compute(
      Fabric fabric, Turns turns, int threads, ProgressListener progress, String phase) {
    int n = fabric.numSwitches();
    long size = (long) n * n;
    if (size > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException(
          "updn: hop table of " + n + " switches exceeds 2^31 bytes");
    }
    byte[] down = new byte[(int) size];
    byte[] legal = new byte[(int) size];
    Arrays.fill(down, (byte) INF);
    Arrays.fill(legal, (byte) INF);
    int[] switchBehindPort = switchBehindPort(fabric);
    byte[] turnOfPort = turnOfPort(fabric, turns, switchBehindPort);
    UpDownHops table = new UpDownHops(fabric, turnOfPort, switchBehindPort, down, legal);
    Parallel.run(n, threads, () -> table.new DestinationWorker(), progress, phase);
    return table;
  }

  /**
   * Per port slot of a switch-to-switch channel, the turn rule evaluated once: {@link #FIRST} when
   * its hop may be taken before the turn, {@link #LAST} after it (0 for other slots).
   *
   * @param switchBehindPort as {@link #switchBehindPort} gives it
   */
  public static byte[] turnOfPort(Fabric fabric, Turns turns, int[] switchBehindPort) {
    byte[] turnOfPort = new byte[fabric.numPortSlots()];
    for (int x = 0; x < fabric.numSwitches(); x++) {
      for (int i = 0; i < fabric.outDegree(x); i++) {
        int channel = fabric.outChannel(x, i);
        int y = switchBehindPort[channel];
        if (y >= 0) {
          turnOfPort[channel] =
              (byte) ((turns.first(x, y) ? FIRST : 0) | (turns.last(x, y) ? LAST : 0));
        }
      }
    }
    return turnOfPort;
  }

  /** Fills the {@code down} and {@code legal} rows of one destination switch at a time. */
  private final class DestinationWorker implements Parallel.Worker {
    private final int[] queue = new int[n];
    private final int[][] buckets = new int[INF][];
    private final int[] bucketSize = new int[INF];

    @Override
    public void run(int dest) {
      int base = dest * n;
      int reached = downDistances(dest, base);
      legalDistances(base, reached);
    }

    /**
     * Down-only distances: a BFS from the destination backwards over hops u -> r that go down, into
     * this byte row (not SwitchBfs: it walks against the channels, through switchBehindPort, once
     * per LID). Returns how many switches it reached; they are the first entries of {@code queue}.
     */
    private int downDistances(int dest, int base) {
      int tail = 0;
      down[base + dest] = 0;
      queue[tail++] = dest;
      for (int head = 0; head < tail; head++) {
        int r = queue[head];
        int dr = down[base + r] & 0xFF;
        if (dr + 1 >= INF) {
          continue;
        }
        for (int i = 0; i < fabric.outDegree(r); i++) {
          int channel = fabric.outChannel(r, i);
          int u = switchBehindPort[channel];
          int back = fabric.peerPort(channel);
          if (u >= 0 && (down[base + u] & 0xFF) == INF && (turnOfPort[back] & LAST) != 0) {
            down[base + u] = (byte) (dr + 1);
            queue[tail++] = u;
          }
        }
      }
      return tail;
    }

    /**
     * Legal distances: the {@code reached} down-reachable switches keep their down distance; the
     * others climb, bucket by bucket of distance.
     */
    private void legalDistances(int base, int reached) {
      Arrays.fill(bucketSize, 0);
      for (int i = 0; i < reached; i++) {
        int u = queue[i];
        legal[base + u] = down[base + u];
        push(down[base + u] & 0xFF, u);
      }
      for (int d = 0; d < INF - 1; d++) {
        for (int k = 0; k < bucketSize[d]; k++) {
          int r = buckets[d][k];
          if ((legal[base + r] & 0xFF) != d) {
            continue;
          }
          for (int i = 0; i < fabric.outDegree(r); i++) {
            int channel = fabric.outChannel(r, i);
            int u = switchBehindPort[channel];
            int back = fabric.peerPort(channel);
            if (u >= 0
                && (down[base + u] & 0xFF) == INF
                && (turnOfPort[back] & FIRST) != 0
                && (legal[base + u] & 0xFF) > d + 1) {
              legal[base + u] = (byte) (d + 1);
              push(d + 1, u);
            }
          }
        }
      }
    }

    private void push(int d, int sw) {
      if (buckets[d] == null || buckets[d].length == bucketSize[d]) {
        buckets[d] =
            Arrays.copyOf(
                buckets[d] == null ? new int[0] : buckets[d], Math.max(8, bucketSize[d] * 2));
      }
      buckets[d][bucketSize[d]++] = sw;
    }
  }

  /**
   * Per port slot, the other switch its link leads to, or -1 (no link, a CA, or a link from a
   * switch to itself, which routing ignores as OpenSM does).
   */
  public static int[] switchBehindPort(Fabric fabric) {
    int n = fabric.numSwitches();
    int[] switchBehindPort = new int[fabric.numPortSlots()];
    Arrays.fill(switchBehindPort, -1);
    for (int x = 0; x < n; x++) {
      for (int i = 0; i < fabric.outDegree(x); i++) {
        int channel = fabric.outChannel(x, i);
        int y = fabric.channelHead(channel);
        if (y < n && y != x) {
          switchBehindPort[channel] = y;
        }
      }
    }
    return switchBehindPort;
  }

  /**
   * Refuses when two switches with CAs or routers that links join have no legal path between them:
   * on a damaged fabric every path between two such switches may need a forbidden turn, and the
   * tables would then silently drop every pair of their CAs. (Switches without CAs need not reach
   * each other: in a fat tree two middle switches under different roots never do, in OpenSM too.)
   *
   * @param engine the engine name, which starts the message
   * @param rule the turn rule's name for the message, e.g. {@code Up*&#47;Down*}
   * @param advice what the user can do instead, ending the message
   */
  public void requireConnectedSwitchesRouted(String engine, String rule, String advice)
      throws RoutingException {
    requireConnectedSwitchesRouted(fabric, this, engine, rule, advice);
  }

  /** {@link #requireConnectedSwitchesRouted(String, String, String)} for any hop table. */
  public static void requireConnectedSwitchesRouted(
      Fabric fabric, HopTable hops, String engine, String rule, String advice)
      throws RoutingException {
    int n = fabric.numSwitches();
    int[] component = Connectivity.switchComponents(fabric);
    boolean[] hasTerminals = new boolean[n];
    for (int sw = 0; sw < n; sw++) {
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        hasTerminals[sw] |= fabric.channelHead(fabric.outChannel(sw, i)) >= n;
      }
    }
    for (int target = 0; target < n; target++) {
      if (!hasTerminals[target]) {
        continue;
      }
      for (int sw = 0; sw < n; sw++) {
        if (hasTerminals[sw]
            && hops.least(sw, target) == NO_PATH
            && component[sw] == component[target]) {
          throw new RoutingException(
              RoutingException.Reason.DISCONNECTED,
              engine
                  + ": "
                  + fabric.nodeName(sw)
                  + " has no "
                  + rule
                  + " path to "
                  + fabric.nodeName(target)
                  + ", though links join them; "
                  + advice);
        }
      }
    }
  }

  /**
   * Whether the hop from switch x to its neighbour y goes up, for switch ranks {@code rank} (BFS
   * distance from the nearest root, as {@link UpdnEngine#ranks} gives them).
   */
  public static boolean isUp(Fabric fabric, int[] rank, int x, int y) {
    if (rank[x] != rank[y]) {
      return rank[y] < rank[x];
    }
    if (rank[x] == 0) {
      // OpenSM treats a link between two roots as down in both directions
      return false;
    }
    return Long.compareUnsigned(fabric.nodeGuid(y), fabric.nodeGuid(x)) < 0;
  }

  /**
   * Whether switch {@code sw} reaches switch {@code target} over last-phase (for Up*&#47;Down*:
   * down) hops only; its legal routes then take such hops only.
   */
  public boolean lastPhaseOnly(int sw, int target) {
    return (down[target * n + sw] & 0xFF) != INF;
  }

  @Override
  public int least(int sw, int target) {
    return legal[target * n + sw] & 0xFF;
  }

  @Override
  public int viaPort(int sw, int portNum, int target) {
    int port = fabric.port(sw, portNum);
    int r = switchBehindPort[port];
    if (r < 0) {
      return NO_PATH;
    }
    int base = target * n;
    int value;
    if ((down[base + sw] & 0xFF) != INF) {
      value = (turnOfPort[port] & LAST) != 0 ? down[base + r] & 0xFF : INF;
    } else {
      value = (turnOfPort[port] & FIRST) != 0 ? legal[base + r] & 0xFF : INF;
    }
    return value >= INF - 1 ? NO_PATH : value + 1;
  }
}
