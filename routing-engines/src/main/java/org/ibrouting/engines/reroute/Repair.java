package org.ibrouting.engines.reroute;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;

/**
 * An engine's rule for re-routing the switches whose paths to one destination broke, within its own
 * choice of ports and its balance. {@link Reroute} calls {@link #release} for every entry it is
 * about to re-route (so balance counts only kept entries), then {@link #prepare}, then {@link
 * #repair} once per broken destination LID in the engine's destination order, then {@link #finish}.
 */
interface Repair {
  /**
   * Whether leaving by {@code channel} for {@code lid} goes to a switch whose entry in the old
   * tables {@code old} sends the LID straight back: while switches hold a mix of old and new
   * tables, such a choice closes a forwarding loop of two switches, so among equal choices the
   * repairs avoid it.
   */
  static boolean bouncesBack(Fabric fabric, Routing old, int channel, int lid) {
    int back = fabric.peerPort(channel);
    return back >= 0
        && fabric.isSwitch(fabric.nodeOfPort(back))
        && old.outPort(fabric.nodeOfPort(back), lid) == fabric.portNum(back);
  }

  /** The turn rule the engine's paths follow, or null (every hop allowed anywhere). */
  default org.ibrouting.engines.updown.UpDownHops.Turns turns() {
    return null;
  }

  /** The destination LIDs in the order the engine routes them (every LID it routes, once). */
  int[] destinationLids();

  /**
   * Whether an entry without a route, where the switch still reaches the LID over links, stays as
   * it is: for engines whose tables leave such entries empty by design (Dmodc's, where no
   * up*&#47;down* route exists); a failure removes routes, it does not add any.
   */
  default boolean keepsNoRoute() {
    return false;
  }

  /**
   * Whether the damage scan reads every entry of the old tables (true), or, for an engine whose
   * tables break only where a port lost its link, the rows of the switches with an unconnected port
   * plus each LID's entry at its own switch and each switch's own LID ({@link
   * DamageScan#deadPorts}).
   */
  default boolean scansEveryEntry() {
    return true;
  }

  /** Whether the scan should count the routes per port (MINHOP's balance needs them). */
  default boolean countsRoutes() {
    return false;
  }

  /** Called once with the scan of the old tables, before any release. */
  default void scanned(DamageScan scan) {}

  /** The entry of {@code sw} for {@code lid}, which pointed to {@code oldPort}, is re-routed. */
  void release(int sw, int lid, int oldPort);

  /** Called once after every release, before the first repair, with the affected switches. */
  void prepare(Affected affected);

  /**
   * Chooses new entries for the affected switches {@code affected[from..to)} of the destination
   * {@code walk} is reset to: switches whose path broke but that still reach it. Every other switch
   * keeps its entry. Returns the number of entries it changed.
   */
  long repair(TreeWalk walk, int[] affected, int from, int to);

  /**
   * The final routing from the repaired tables: the SL table and its verification where the engine
   * assigns VLs.
   */
  Routing finish(Routing tables, Reroute.Stats stats) throws RoutingException;
}
