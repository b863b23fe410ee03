package org.ibrouting.topology;

import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.Lids;

/**
 * Options common to every generator of {@link Topologies}.
 *
 * @param lmc the LMC of every CA port (0-7); switches keep one LID, as OpenSM gives a switch with
 *     base port 0
 * @param radix 0 to give every switch exactly the ports its role needs, or the port count of every
 *     switch (as on real hardware with a fixed radix); a generator whose switches need more ports
 *     than this is rejected
 * @param linkRate the width and speed recorded on every link ({@code 4xSDR} is what ibsim reports),
 *     or null
 */
public record TopologyOptions(int lmc, int radix, String linkRate) {
  /**
   * LMC 0, switches with just the ports they need, links reported as {@code 4xSDR} (as ibsim does).
   */
  public static final TopologyOptions DEFAULT = new TopologyOptions(0, 0, "4xSDR");

  /** Validates the values. */
  public TopologyOptions {
    if (lmc < 0 || lmc > Lids.MAX_LMC) {
      throw new IllegalArgumentException("lmc " + lmc + " is outside 0-" + Lids.MAX_LMC);
    }
    if (radix < 0 || radix > FabricBuilder.MAX_PORTS) {
      throw new IllegalArgumentException(
          "radix "
              + radix
              + " is outside 1-"
              + FabricBuilder.MAX_PORTS
              + " (or 0 for 'as many ports as each switch needs')");
    }
  }

  /** These options with another LMC. */
  public TopologyOptions withLmc(int newLmc) {
    return new TopologyOptions(newLmc, radix, linkRate);
  }

  /** These options with another switch radix (0 = as needed). */
  public TopologyOptions withRadix(int newRadix) {
    return new TopologyOptions(lmc, newRadix, linkRate);
  }
}
