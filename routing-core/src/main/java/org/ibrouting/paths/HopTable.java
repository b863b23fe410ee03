package org.ibrouting.paths;

/**
 * Hop counts between switches as OpenSM's unicast manager sees them: the least number of hops from
 * a switch to a target switch, and the hops when leaving by a given port. MINHOP and DOR use plain
 * shortest paths ({@link HopMatrix}); Up*&#47;Down* supplies hops restricted to legal turns.
 */
public interface HopTable {
  /** OpenSM's "no path" hop value. */
  int NO_PATH = 0xFF;

  /** The least hops from switch {@code sw} to switch {@code target} (0 to itself), or NO_PATH. */
  int least(int sw, int target);

  /**
   * The hops from switch {@code sw} to {@code target} when leaving by port {@code portNum}, or
   * NO_PATH when that port leads to no switch or no path.
   */
  int viaPort(int sw, int portNum, int target);
}
