package org.ibrouting.internal;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.GuidList;
import org.ibrouting.fabric.Lids;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.routing.RoutingException;

/**
 * Not API. Resolves the GUID lists OpenSM takes on its command line against a fabric: root switches
 * ({@code -a}), compute-node ports ({@code -u}), I/O-node ports ({@code -G}). A GUID the fabric
 * does not have, or of the wrong kind, is a {@link RoutingException} ({@code SETTINGS_MISMATCH})
 * that names the engine and where the GUID came from ({@code file:line:column}).
 */
public final class GuidFiles {
  private GuidFiles() {}

  private static RoutingException mismatch(String message) {
    return new RoutingException(RoutingException.Reason.SETTINGS_MISMATCH, message);
  }

  /**
   * A mismatch at entry {@code i} of {@code guids}: where it stands, its GUID, then {@code why}.
   */
  private static RoutingException mismatch(String engine, GuidList guids, int i, String why) {
    return mismatch(engine + ": " + guids.where(i) + ": " + Lids.guidHex(guids.guid(i)) + why);
  }

  /**
   * The mismatch of entry {@code i}, naming what its GUID is instead: {@code none} for no node of
   * the fabric, else {@code other} and the name of {@code node}.
   */
  private static RoutingException wrongKind(
      Fabric fabric, String engine, GuidList guids, int i, int node, String none, String other) {
    return mismatch(engine, guids, i, node < 0 ? none : other + fabric.nodeName(node));
  }

  /** Resolves entry {@code i} of a GUID list, or refuses it. */
  @FunctionalInterface
  private interface EntryResolver {
    int resolve(int i) throws RoutingException;
  }

  /**
   * Every entry of {@code guids} resolved, in list order; a mismatch where one is refused or where
   * {@code guids} names no {@code kind}.
   */
  private static int[] resolveAll(
      GuidList guids, EntryResolver resolver, String engine, String what, String kind)
      throws RoutingException {
    IntArrayList found = new IntArrayList(guids.size());
    for (int i = 0; i < guids.size(); i++) {
      found.add(resolver.resolve(i));
    }
    if (found.isEmpty()) {
      throw mismatch(engine + ": " + what + " " + guids.source() + " names no " + kind);
    }
    return found.toIntArray();
  }

  /**
   * The switches (node indices, in list order) named by node GUID in {@code guids}; at least one.
   */
  public static int[] switches(Fabric fabric, GuidList guids, String engine, String what)
      throws RoutingException {
    EntryResolver aSwitch =
        i -> {
          int node = fabric.nodeOfGuid(guids.guid(i));
          if (node < 0 || !fabric.isSwitch(node)) {
            String other = " is not a switch but ";
            throw wrongKind(fabric, engine, guids, i, node, " is no node of the fabric", other);
          }
          return node;
        };
    return resolveAll(guids, aSwitch, engine, what, "switch");
  }

  /** The CA ports (port slots, in list order) named by port GUID in {@code guids}; at least one. */
  public static int[] caPorts(Fabric fabric, GuidList guids, String engine, String what)
      throws RoutingException {
    return resolveAll(guids, i -> caPort(fabric, guids, i, engine), engine, what, "CA port");
  }

  private static int caPort(Fabric fabric, GuidList guids, int i, String engine)
      throws RoutingException {
    long guid = guids.guid(i);
    int port = fabric.portOfGuid(guid);
    int node = port >= 0 ? fabric.nodeOfPort(port) : fabric.nodeOfGuid(guid);
    if (port < 0 && node >= 0 && fabric.nodeType(node) == NodeType.CA) {
      throw mismatch(
          engine,
          guids,
          i,
          " is the node GUID of "
              + fabric.nodeName(node)
              + "; the file lists port GUIDs (port 1: "
              + Lids.guidHex(fabric.portGuid(fabric.port(node, 1)))
              + ")");
    }
    if (node < 0 || fabric.nodeType(node) != NodeType.CA) {
      String other = " is not a CA port but belongs to ";
      throw wrongKind(fabric, engine, guids, i, node, " is no port of the fabric", other);
    }
    return port;
  }

  /**
   * A mask over port slots of the CA ports whose port GUIDs {@code guids} lists, taken leniently as
   * OpenSM's (DF)SSSP takes {@code -u} and {@code -G}: GUIDs that are no CA port of the fabric are
   * ignored.
   */
  public static boolean[] caPortMask(Fabric fabric, GuidList guids) {
    boolean[] mask = new boolean[fabric.numPortSlots()];
    for (int i = 0; i < guids.size(); i++) {
      int port = fabric.portOfGuid(guids.guid(i));
      if (port >= 0 && fabric.nodeType(fabric.nodeOfPort(port)) == NodeType.CA) {
        mask[port] = true;
      }
    }
    return mask;
  }
}
