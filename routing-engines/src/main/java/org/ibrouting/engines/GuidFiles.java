package org.ibrouting.engines;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.Lids;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.routing.RoutingException;

/**
 * Reads the GUID lists OpenSM takes on its command line: root switches ({@code -a}), compute-node
 * ports ({@code -u}), I/O-node ports ({@code -G}). One GUID a line, optionally followed by text;
 * blank lines and {@code #} comments are skipped; {@code 0x} marks hex, a leading {@code 0} octal
 * (as {@code strtoull} with base 0 reads them). Every problem is a {@link RoutingException} naming
 * the engine, the file and the line.
 */
public final class GuidFiles {
  private GuidFiles() {}

  /** The switches (node indices, in file order) named by node GUID in {@code file}; at least one. */
  public static int[] readSwitches(Fabric fabric, Path file, String engine, String what)
      throws RoutingException {
    IntArrayList switches = new IntArrayList();
    List<String> lines = lines(file, engine, what);
    for (int i = 0; i < lines.size(); i++) {
      long guid = guidOf(lines.get(i), file, i + 1, engine, "a switch GUID");
      if (guid == NO_GUID) {
        continue;
      }
      int node = fabric.nodeOfGuid(guid);
      if (node < 0 || !fabric.isSwitch(node)) {
        throw new RoutingException(engine + ": " + file + ":" + (i + 1) + ": " + Lids.guidHex(guid)
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
    IntArrayList ports = new IntArrayList();
    List<String> lines = lines(file, engine, what);
    for (int i = 0; i < lines.size(); i++) {
      long guid = guidOf(lines.get(i), file, i + 1, engine, "a CA port GUID");
      if (guid == NO_GUID) {
        continue;
      }
      int port = fabric.portOfGuid(guid);
      int node = port >= 0 ? fabric.nodeOfPort(port) : fabric.nodeOfGuid(guid);
      if (port < 0 && node >= 0 && fabric.nodeType(node) == NodeType.CA) {
        throw new RoutingException(engine + ": " + file + ":" + (i + 1) + ": " + Lids.guidHex(guid)
            + " is the node GUID of " + fabric.nodeName(node) + "; the file lists port GUIDs (port 1: "
            + Lids.guidHex(fabric.portGuid(fabric.port(node, 1))) + ")");
      }
      if (node < 0 || fabric.nodeType(node) != NodeType.CA) {
        throw new RoutingException(engine + ": " + file + ":" + (i + 1) + ": " + Lids.guidHex(guid)
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

  private static final long NO_GUID = 0;

  private static List<String> lines(Path file, String engine, String what) throws RoutingException {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new RoutingException(engine + ": cannot read " + what + " " + file + ": " + e.getMessage(), e);
    }
  }

  /** The GUID at the start of a line, or {@link #NO_GUID} for a blank or comment line. */
  private static long guidOf(String raw, Path file, int line, String engine, String expected)
      throws RoutingException {
    String text = raw.strip();
    if (text.isEmpty() || text.startsWith("#")) {
      return NO_GUID;
    }
    String word = text.split("[\\s#]", 2)[0];
    long guid;
    try {
      guid = word.startsWith("0x") || word.startsWith("0X") ? Long.parseUnsignedLong(word.substring(2), 16)
          : word.length() > 1 && word.startsWith("0") ? Long.parseUnsignedLong(word.substring(1), 8)
          : Long.parseUnsignedLong(word);
    } catch (NumberFormatException e) {
      throw new RoutingException(engine + ": " + file + ":" + line + ": expected " + expected
          + ", found '" + word + "'");
    }
    if (guid == NO_GUID) {
      throw new RoutingException(engine + ": " + file + ":" + line + ": expected " + expected
          + ", found GUID 0");
    }
    return guid;
  }
}
