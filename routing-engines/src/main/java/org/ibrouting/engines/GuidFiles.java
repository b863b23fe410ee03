package org.ibrouting.engines;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.nio.file.Path;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.GuidFile;
import org.ibrouting.fabric.GuidFileException;
import org.ibrouting.fabric.Lids;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.routing.RoutingException;

/**
 * Resolves the GUID lists OpenSM takes on its command line against a fabric: root switches
 * ({@code -a}), compute-node ports ({@code -u}), I/O-node ports ({@code -G}). The syntax is
 * {@link GuidFile}'s; every problem is a {@link RoutingException} that names the engine and
 * {@code file:line:column}.
 */
public final class GuidFiles {
  private GuidFiles() {}

  /** The switches (node indices, in file order) named by node GUID in {@code file}; at least one. */
  public static int[] readSwitches(Fabric fabric, Path file, String engine, String what)
      throws RoutingException {
    GuidFile guids = read(file, engine, what);
    IntArrayList switches = new IntArrayList();
    for (int i = 0; i < guids.size(); i++) {
      long guid = guids.guid(i);
      int node = fabric.nodeOfGuid(guid);
      if (node < 0 || !fabric.isSwitch(node)) {
        throw new RoutingException(engine + ": " + guids.where(i) + ": " + Lids.guidHex(guid)
            + (node < 0 ? " is no node of the fabric" : " is not a switch but " + fabric.nodeName(node)));
      }
      switches.add(node);
    }
    if (switches.isEmpty()) {
      throw new RoutingException(engine + ": " + what + " " + file + " names no switch");
    }
    return switches.toIntArray();
  }

  /** The CA ports (port slots, in file order) named by port GUID in {@code file}; at least one. */
  public static int[] readCaPorts(Fabric fabric, Path file, String engine, String what)
      throws RoutingException {
    GuidFile guids = read(file, engine, what);
    IntArrayList ports = new IntArrayList();
    for (int i = 0; i < guids.size(); i++) {
      long guid = guids.guid(i);
      int port = fabric.portOfGuid(guid);
      int node = port >= 0 ? fabric.nodeOfPort(port) : fabric.nodeOfGuid(guid);
      if (port < 0 && node >= 0 && fabric.nodeType(node) == NodeType.CA) {
        throw new RoutingException(engine + ": " + guids.where(i) + ": " + Lids.guidHex(guid)
            + " is the node GUID of " + fabric.nodeName(node) + "; the file lists port GUIDs (port 1: "
            + Lids.guidHex(fabric.portGuid(fabric.port(node, 1))) + ")");
      }
      if (node < 0 || fabric.nodeType(node) != NodeType.CA) {
        throw new RoutingException(engine + ": " + guids.where(i) + ": " + Lids.guidHex(guid)
            + (node < 0 ? " is no port of the fabric" : " is not a CA port but belongs to "
            + fabric.nodeName(node)));
      }
      ports.add(port);
    }
    if (ports.isEmpty()) {
      throw new RoutingException(engine + ": " + what + " " + file + " names no CA port");
    }
    return ports.toIntArray();
  }

  /**
   * A mask over port slots of the CA ports whose port GUIDs {@code file} lists, read leniently as
   * OpenSM's (DF)SSSP reads {@code -u} and {@code -G}: GUIDs that are no CA port of the fabric are
   * ignored. Only a malformed line is an error.
   */
  public static boolean[] caPortMask(Fabric fabric, Path file, String engine, String what)
      throws RoutingException {
    GuidFile guids = read(file, engine, what);
    boolean[] mask = new boolean[fabric.numPortSlots()];
    for (int i = 0; i < guids.size(); i++) {
      int port = fabric.portOfGuid(guids.guid(i));
      if (port >= 0 && fabric.nodeType(fabric.nodeOfPort(port)) == NodeType.CA) {
        mask[port] = true;
      }
    }
    return mask;
  }

  private static GuidFile read(Path file, String engine, String what) throws RoutingException {
    try {
      return GuidFile.read(file);
    } catch (IOException e) {
      throw new RoutingException(engine + ": cannot read " + what + " " + file + ": " + e.getMessage(), e);
    } catch (GuidFileException e) {
      throw new RoutingException(engine + ": " + what + " " + e.getMessage(), e);
    }
  }
}
