package org.ibrouting.paths;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.internal.SwitchBfs;
import org.ibrouting.routing.ProgressListener;
import org.ibrouting.routing.RoutingException;

/**
 * The min-hop matrix of OpenSM's unicast manager ({@code osm_ucast_mgr_build_lid_matrices}) with
 * unit hop weights, in closed form: the distance between every two switches over switch-to-switch
 * links, from one breadth-first search per switch; leaving switch S by a port to another switch N
 * costs {@code 1 + dist(N, T)}. Links from a switch to itself are ignored, as OpenSM does.
 *
 * <p>Memory: one byte per switch pair ({@code numSwitches^2}); distances above 254 hops are
 * unreachable (OpenSM stores hops in a byte as well). Time: O(switches x links), spread over
 * threads.
 */
public final class HopMatrix implements HopTable {
  private final Fabric fabric;
  private final int numSwitches;
  private final byte[] dist;

  private HopMatrix(Fabric fabric, byte[] dist) {
    this.fabric = fabric;
    this.numSwitches = fabric.numSwitches();
    this.dist = dist;
  }

  /**
   * Refuses a fabric whose switch-by-switch tables (this matrix, Up*&#47;Down*'s) would exceed 2^31
   * entries, before an engine allocates them.
   *
   * @throws RoutingException ({@code TOO_LARGE}) naming {@code engine}
   */
  public static void requireSize(Fabric fabric, String engine) throws RoutingException {
    long n = fabric.numSwitches();
    if (n * n > Integer.MAX_VALUE - 16) {
      throw new RoutingException(
          RoutingException.Reason.TOO_LARGE,
          engine + ": tables of " + n + " x " + n + " switches exceed 2^31 entries");
    }
  }

  /** Computes the matrix with {@code threads} worker threads. */
  public static HopMatrix compute(Fabric fabric, int threads) {
    return compute(fabric, threads, ProgressListener.SILENT, null);
  }

  /** Like {@link #compute(Fabric, int)}, reporting the switches done as {@code phase}. */
  public static HopMatrix compute(
      Fabric fabric, int threads, ProgressListener progress, String phase) {
    int n = fabric.numSwitches();
    long size = (long) n * n;
    if (size > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException("hop matrix of " + n + " switches exceeds 2^31 entries");
    }
    byte[] dist = new byte[(int) size];
    Arrays.fill(dist, (byte) NO_PATH);
    Parallel.run(
        n,
        threads,
        () ->
            new Parallel.Worker() {
              private final SwitchBfs bfs = new SwitchBfs(fabric);

              @Override
              public void run(int source) {
                int base = source * n;
                bfs.from(source);
                for (int i = 0, reached = bfs.numReached(); i < reached; i++) {
                  int sw = bfs.reached(i);
                  dist[base + sw] = (byte) Math.min(bfs.distance(sw), NO_PATH);
                }
              }
            },
        progress,
        phase);
    return new HopMatrix(fabric, dist);
  }

  @Override
  public int least(int sw, int target) {
    return dist[sw * numSwitches + target] & 0xFF;
  }

  @Override
  public int viaPort(int sw, int portNum, int target) {
    int peer = fabric.peerPort(fabric.port(sw, portNum));
    if (peer < 0) {
      return NO_PATH;
    }
    int next = fabric.nodeOfPort(peer);
    if (next >= numSwitches || next == sw) {
      return NO_PATH;
    }
    int d = dist[next * numSwitches + target] & 0xFF;
    return d >= NO_PATH - 1 ? NO_PATH : d + 1;
  }
}
