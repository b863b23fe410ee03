package org.ibrouting.engines.lash;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.ClimbingOrder;
import org.ibrouting.routing.RoutingException;

/**
 * The switch-to-switch graph LASH routes on, with one channel per ordered pair of neighbouring
 * switches. Parallel links collapse to the lowest-numbered port, because OpenSM's LASH without mesh
 * analysis only ever uses the first link to a neighbour; self-links are dropped.
 *
 * <p>Channels of switch {@code sw} are {@code chanStart[sw] .. chanStart[sw+1]-1}, in order of
 * their first port, which is also the order OpenSM's breadth-first searches meet the neighbours.
 * The <em>dependency slots</em> of channel {@code c = (a -> b)} are {@code depStart[c] ..
 * depStart[c+1]-1}, one per channel leaving {@code b} in the same order, so the dependency {@code
 * (a -> b) -> (b -> x)} has the fixed slot {@code depStart[c] + (channel(b->x) - chanStart[b])}.
 *
 * <p>{@link #climbingOrder} is where each channel starts in the layers' topological orders ({@link
 * ClimbingOrder}).
 *
 * <p>Memory: 6 ints per channel plus 1 int per switch.
 */
final class SwitchGraph {
  final int numSwitches;
  final int[] chanStart;
  final int[] tailOf;
  final int[] headOf;
  final int[] portNumOf;
  final int[] reverseOf;
  final int[] depStart;
  final int[] climbingOrder;

  private SwitchGraph(
      int numSwitches,
      int[] chanStart,
      int[] tailOf,
      int[] headOf,
      int[] portNumOf,
      int[] reverseOf,
      int[] depStart,
      int[] climbingOrder) {
    this.numSwitches = numSwitches;
    this.chanStart = chanStart;
    this.tailOf = tailOf;
    this.headOf = headOf;
    this.portNumOf = portNumOf;
    this.reverseOf = reverseOf;
    this.depStart = depStart;
    this.climbingOrder = climbingOrder;
  }

  static SwitchGraph of(Fabric fabric) throws RoutingException {
    int n = fabric.numSwitches();
    int[] chanStart = new int[n + 1];
    int[] lastSeenBy = new int[n];
    Arrays.fill(lastSeenBy, -1);
    int capacity = 0;
    for (int sw = 0; sw < n; sw++) {
      capacity += fabric.outDegree(sw);
    }
    int[] tailOf = new int[capacity];
    int[] headOf = new int[capacity];
    int[] portNumOf = new int[capacity];
    int numChannels = 0;
    for (int sw = 0; sw < n; sw++) {
      chanStart[sw] = numChannels;
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        int port = fabric.outChannel(sw, i);
        int neighbour = fabric.channelHead(port);
        if (neighbour < n && neighbour != sw && lastSeenBy[neighbour] != sw) {
          lastSeenBy[neighbour] = sw;
          tailOf[numChannels] = sw;
          headOf[numChannels] = neighbour;
          portNumOf[numChannels] = fabric.portNum(port);
          numChannels++;
        }
      }
    }
    chanStart[n] = numChannels;
    tailOf = Arrays.copyOf(tailOf, numChannels);
    headOf = Arrays.copyOf(headOf, numChannels);
    portNumOf = Arrays.copyOf(portNumOf, numChannels);

    Long2IntOpenHashMap channelOfPair = new Long2IntOpenHashMap(numChannels);
    for (int c = 0; c < numChannels; c++) {
      channelOfPair.put((long) tailOf[c] * n + headOf[c], c);
    }
    int[] reverseOf = new int[numChannels];
    int[] depStart = new int[numChannels + 1];
    long numDeps = 0;
    for (int c = 0; c < numChannels; c++) {
      // links are symmetric in a built Fabric, so the reverse channel always exists
      reverseOf[c] = channelOfPair.get((long) headOf[c] * n + tailOf[c]);
      depStart[c] = (int) numDeps;
      numDeps += chanStart[headOf[c] + 1] - chanStart[headOf[c]];
      if (numDeps > Integer.MAX_VALUE - 16) {
        throw new RoutingException(
            RoutingException.Reason.TOO_LARGE,
            "lash: "
                + numDeps
                + " channel dependency slots exceed 2^31 (too many switches of too high a degree)");
      }
    }
    depStart[numChannels] = (int) numDeps;
    return new SwitchGraph(
        n,
        chanStart,
        tailOf,
        headOf,
        portNumOf,
        reverseOf,
        depStart,
        ClimbingOrder.positions(fabric, tailOf, headOf));
  }

  int numChannels() {
    return headOf.length;
  }

  int numDepSlots() {
    return depStart[headOf.length];
  }

  /**
   * The slot of dependency {@code from -> to}, where {@code to} leaves the head of {@code from}.
   */
  int depSlot(int from, int to) {
    return depStart[from] + (to - chanStart[headOf[from]]);
  }
}
