package org.ibrouting.routing;

import org.ibrouting.fabric.Fabric;

/**
 * The one boundary rule of the routing tables, with messages that name the value and the range (as
 * fastutil's range checks do): an index outside a table (a switch, a LID, an SL, a source group) is
 * an {@link IndexOutOfBoundsException}; a value a table cannot hold (a port beyond the switch, an
 * SL beyond 15) is an {@link IllegalArgumentException}.
 */
final class Bounds {
  private Bounds() {}

  /** Checks {@code 0 <= index < size}; {@code what} names the index ("LID", "switch", ...). */
  static void check(String what, int index, int size, String table) {
    if (Integer.compareUnsigned(index, size) >= 0) {
      throw outside(what, index, size, table);
    }
  }

  /** "LID 64 outside the LFT of 64 entries (0..63)". */
  static IndexOutOfBoundsException outside(String what, int index, int size, String table) {
    return new IndexOutOfBoundsException(
        what
            + " "
            + index
            + " outside "
            + table
            + " of "
            + size
            + " entries (0.."
            + (size - 1)
            + ")");
  }

  /** Checks that switch {@code sw} of {@code fabric} has an LFT entry for port {@code port}. */
  static void port(Fabric fabric, int sw, int lid, int port) {
    if (port != Routing.NO_ROUTE && Integer.compareUnsigned(port, fabric.numPorts(sw)) > 0) {
      throw new IllegalArgumentException(
          "port "
              + port
              + " for LID "
              + lid
              + " of switch "
              + sw
              + (port > Routing.NO_ROUTE || port < 0
                  ? ": an LFT entry is 0..254 or NO_ROUTE (255)"
                  : " ("
                      + fabric.nodeName(sw)
                      + "): it has ports 1.."
                      + fabric.numPorts(sw)
                      + "; an LFT entry is 0 (the switch), one of them, or NO_ROUTE (255)"));
    }
  }
}
