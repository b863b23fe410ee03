package org.ibrouting.io.ibnetdiscover;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.FabricException;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.io.FabricFile;
import org.ibrouting.io.ParseException;
import org.ibrouting.io.internal.LineCursor;
import org.ibrouting.io.internal.TextInput;

/**
 * Reads the output of {@code ibnetdiscover} (infiniband-diags), plain or with grouping ({@code
 * -g}), into a {@link Fabric}.
 *
 * <p>Understood: the {@code #} header, {@code vendid= devid= sysimgguid= switchguid= caguid=
 * rtguid=} lines, {@code Switch}/{@code Ca}/{@code Rt} lines with their quoted descriptions (which
 * may contain quotes: the description runs to the last quote before {@code base port 0} or the
 * end), the switch's port-0 LID and LMC, port lines with or without port GUIDs, a CA port's own
 * {@code lid N lmc M}, optional width/speed, several links between two nodes, and unconnected ports
 * (absent). Each link is declared from both ends; both must agree. Blank lines separate node
 * blocks; unknown {@code key=value} lines are ignored. A switch line without the {@code # "desc"
 * base port 0 lid N lmc M} comment, as third-party writers leave it out, gives a switch without
 * description or LID.
 *
 * <p>The grouping output of {@code ibnetdiscover -g} adds {@code Chassis N (guid 0x...)} and {@code
 * Non-Chassis Nodes} headings, {@code Hostname:} lines, comments after the {@code sysimgguid=} and
 * {@code switchguid=} lines and the external port numbers of director line boards ({@code [1][ext
 * 1]} locally, {@code "S-..."[19][ext 7]} remotely); they carry no topology and are skipped, so
 * both outputs read to the same fabric.
 *
 * <p>End ports without a LID (every one, when the fabric was discovered before an SM ran) get the
 * LIDs OpenSM's first sweep would give them, with the SM on the port named by {@code # Initiated
 * from node ... port ...} ({@link FabricFile}); {@link #readFile} says which.
 *
 * <p>Every problem is a {@link ParseException} naming file, line and column.
 */
public final class IbnetdiscoverReader {
  /** The format name {@link FabricFile#format()} gives for the default output. */
  public static final String FORMAT = "ibnetdiscover";

  /** The format name {@link FabricFile#format()} gives for the grouping output. */
  public static final String FORMAT_GROUPED = "ibnetdiscover -g";

  private static final class PortLine {
    final int portNum;
    final long remoteGuid;
    final int remotePort;
    final long portGuid;
    final int lid;
    final int lmc;
    final String rate;
    final int line;

    PortLine(
        int portNum,
        long remoteGuid,
        int remotePort,
        long portGuid,
        int lid,
        int lmc,
        String rate,
        int line) {
      this.portNum = portNum;
      this.remoteGuid = remoteGuid;
      this.remotePort = remotePort;
      this.portGuid = portGuid;
      this.lid = lid;
      this.lmc = lmc;
      this.rate = rate;
      this.line = line;
    }
  }

  private static final class NodeBlock {
    NodeType type;
    int numPorts;
    long guid;
    long systemGuid;
    int vendorId;
    int deviceId;
    String description;
    int lid;
    int lmc;
    int line;
    final List<PortLine> ports = new ArrayList<>();
  }

  private final String fileName;
  private final List<NodeBlock> blocks = new ArrayList<>();
  private NodeBlock current;
  private long pendingSystemGuid;
  private int pendingVendorId;
  private int pendingDeviceId;

  private int currentLine;
  private static final Pattern ORIGIN =
      Pattern.compile("Initiated from node ([0-9a-fA-F]{1,16})(?: port ([0-9a-fA-F]{1,16}))?");
  private boolean grouped;
  private long originNodeGuid;
  private long originPortGuid;

  private IbnetdiscoverReader(String fileName) {
    this.fileName = fileName;
  }

  /** Reads a file (gzip detected by its magic bytes), with OpenSM's LIDs where it has none. */
  public static Fabric read(Path file) throws IOException {
    return readFile(file).fabric();
  }

  /** Reads from a reader; {@code fileName} is used in messages. */
  public static Fabric read(Reader in, String fileName) throws IOException {
    return readFile(in, fileName).fabric();
  }

  /** Reads a file and says which LIDs were assigned. */
  public static FabricFile readFile(Path file) throws IOException {
    return TextInput.read(file, IbnetdiscoverReader::readFile);
  }

  /**
   * Reads from a reader and says which LIDs were assigned; {@code fileName} is used in messages.
   */
  public static FabricFile readFile(Reader in, String fileName) throws IOException {
    IbnetdiscoverReader reader = new IbnetdiscoverReader(fileName);
    BufferedReader lines = TextInput.buffered(in);
    String line;
    int lineNumber = 0;
    while ((line = lines.readLine()) != null) {
      lineNumber++;
      reader.line(lineNumber, stripCr(line));
    }
    if (reader.blocks.isEmpty()) {
      throw new ParseException(
          fileName,
          Math.max(1, lineNumber),
          1,
          "expected at least one Switch, Ca or Rt block; this is not ibnetdiscover output");
    }
    Fabric fabric = reader.build();
    long smNode = reader.originNodeGuid;
    if (smNode == 0 || fabric.nodeOfGuid(smNode) < 0) {
      smNode = reader.blocks.get(0).guid;
    }
    return FabricFile.of(
        fileName, reader.grouped ? FORMAT_GROUPED : FORMAT, fabric, smNode, reader.originPortGuid);
  }

  private static String stripCr(String line) {
    return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
  }

  private void line(int lineNumber, String text) throws ParseException {
    currentLine = lineNumber;
    LineCursor c = new LineCursor(fileName, lineNumber, text);
    c.skipBlanks();
    if (c.atEnd()) {
      current = null;
      return;
    }
    if (c.peek() == '#') {
      origin(c);
      return;
    }
    if (c.peek() == '[') {
      if (current == null) {
        throw c.error("port line outside a Switch, Ca or Rt block");
      }
      current.ports.add(current.type == NodeType.SWITCH ? switchPort(c) : endNodePort(c));
      return;
    }
    if (c.consume("Switch")) {
      nodeLine(c, NodeType.SWITCH, "S-");
    } else if (c.consume("Ca")) {
      nodeLine(c, NodeType.CA, "H-");
    } else if (c.consume("Rt")) {
      nodeLine(c, NodeType.ROUTER, "R-");
    } else if (c.consume("vendid=")) {
      pendingVendorId = (int) c.readHex0x("a vendor id");
    } else if (c.consume("devid=")) {
      pendingDeviceId = (int) c.readHex0x("a device id");
    } else if (c.consume("sysimgguid=")) {
      pendingSystemGuid = c.readHex0x("a system image GUID");
    } else if (c.consume("Chassis")) {
      chassisLine(c);
    } else if (c.consume("Non-Chassis Nodes")) {
      grouped = true;
      current = null;
    } else if (c.consume("Hostname:")) {
      grouped = true;
    } else if (!text.contains("=")) {
      throw c.error(
          "expected a Switch, Ca or Rt line, a port line '[n]', a key=value line or a"
              + " comment, found "
              + c.found());
    }
    // switchguid=, caguid=, rtguid= and unknown keys: the node line carries the GUID again
  }

  /**
   * {@code # Initiated from node <guid> port <guid>}: where discovery, and so the SM, ran. A
   * comment that does not match is only a comment.
   */
  private void origin(LineCursor c) {
    Matcher m = ORIGIN.matcher(c.line());
    if (m.find()) {
      originNodeGuid = Long.parseUnsignedLong(m.group(1), 16);
      originPortGuid = m.group(2) == null ? 0 : Long.parseUnsignedLong(m.group(2), 16);
    }
  }

  /** {@code Chassis N} or {@code Chassis N (guid 0x...)}, a heading of {@code ibnetdiscover -g}. */
  private void chassisLine(LineCursor c) throws ParseException {
    if (c.peek() != ' ' && c.peek() != '\t') {
      throw c.error("expected a chassis number after 'Chassis', found " + c.found());
    }
    c.skipBlanks().readInt("the chassis number");
    c.skipBlanks();
    if (c.consume("(")) {
      c.skipBlanks().expect("guid", "'guid' in the chassis heading").skipBlanks();
      c.readHex0x("the chassis GUID");
      c.skipBlanks().expect(")", "')' after the chassis GUID");
    }
    grouped = true;
    current = null;
  }

  /** Skips the external port number {@code [ext N]} that {@code ibnetdiscover -g} prints. */
  private void extPort(LineCursor c) throws ParseException {
    if (c.consume("[ext")) {
      c.skipBlanks().readInt("the external port number");
      c.expect("]", "']' after the external port number");
      grouped = true;
    }
  }

  private void nodeLine(LineCursor c, NodeType type, String prefix) throws ParseException {
    if (c.peek() != ' ' && c.peek() != '\t') {
      throw c.error("expected a tab and the port count after the node type, found " + c.found());
    }
    NodeBlock b = new NodeBlock();
    b.type = type;
    b.line = currentLine;
    b.numPorts = c.skipBlanks().readInt("the number of ports");
    c.skipBlanks().expect("\"" + prefix, "\"" + prefix + "<node GUID>\"");
    b.guid = c.readHex("the node GUID");
    c.expect("\"", "a closing quote after the node GUID");
    b.systemGuid = pendingSystemGuid;
    b.vendorId = pendingVendorId;
    b.deviceId = pendingDeviceId;
    pendingSystemGuid = 0;
    pendingVendorId = 0;
    pendingDeviceId = 0;
    String line = c.line();
    int hash = line.indexOf('#', c.pos());
    b.description = "";
    if (hash >= 0) {
      int open = line.indexOf('"', hash);
      if (open >= 0) {
        int close = -1;
        if (type == NodeType.SWITCH) {
          int anchor =
              Math.max(line.lastIndexOf("\" base port 0"), line.lastIndexOf("\" enhanced port 0"));
          close = anchor > open ? anchor : -1;
        }
        if (close < 0) {
          int last = line.lastIndexOf('"');
          close = last > open ? last : -1;
        }
        if (close < 0) {
          throw c.errorAt(open, "the node description has no closing quote");
        }
        b.description = line.substring(open + 1, close);
        c.seek(close + 1);
      } else {
        c.seek(hash + 1);
      }
    }
    if (type == NodeType.SWITCH) {
      int lidAt = line.indexOf(" port 0 lid ", c.pos());
      if (lidAt >= 0) {
        c.seek(lidAt + " port 0 lid ".length());
        b.lid = c.readInt("the switch LID");
        c.skipBlanks();
        if (c.consume("lmc")) {
          b.lmc = c.skipBlanks().readInt("the switch LMC");
        }
      }
    }
    blocks.add(b);
    current = b;
  }

  private PortLine switchPort(LineCursor c) throws ParseException {
    c.expect("[", "'['");
    int portNum = c.readInt("a port number");
    c.expect("]", "']' after the port number");
    extPort(c);
    c.skipBlanks();
    return remote(c, portNum, 0, 0, 0);
  }

  private PortLine endNodePort(LineCursor c) throws ParseException {
    c.expect("[", "'['");
    int portNum = c.readInt("a port number");
    c.expect("]", "']' after the port number");
    long portGuid = 0;
    if (c.consume("(")) {
      portGuid = c.readHex("the port GUID");
      c.expect(")", "')' after the port GUID");
    }
    c.skipBlanks();
    String line = c.line();
    int lid = 0;
    int lmc = 0;
    int hash = line.indexOf('#', c.pos());
    if (hash >= 0) {
      int at = line.indexOf("lid ", hash);
      if (at >= 0 && line.substring(hash + 1, at).isBlank()) {
        LineCursor own = new LineCursor(fileName, currentLine, line);
        own.seek(at + 4);
        lid = own.readInt("the port's LID");
        own.skipBlanks();
        if (own.consume("lmc")) {
          lmc = own.skipBlanks().readInt("the port's LMC");
        }
      }
    }
    return remote(c, portNum, portGuid, lid, lmc);
  }

  private PortLine remote(LineCursor c, int portNum, long portGuid, int lid, int lmc)
      throws ParseException {
    c.expect("\"", "a quoted remote node name such as \"S-0002c90200400a10\"");
    char kind = c.peek();
    if (kind != 'S' && kind != 'H' && kind != 'R') {
      throw c.error("expected a remote node name starting with S-, H- or R-, found " + c.found());
    }
    c.seek(c.pos() + 1);
    c.expect("-", "'-' after the node kind");
    long remoteGuid = c.readHex("the remote node GUID");
    c.expect("\"", "a closing quote after the remote node GUID");
    c.expect("[", "'[' and the remote port number");
    int remotePort = c.readInt("the remote port number");
    c.expect("]", "']' after the remote port number");
    extPort(c);
    String line = c.line();
    String rate = null;
    int lidAt = line.lastIndexOf(" lid ");
    if (lidAt >= c.pos()) {
      int p = lidAt + 5;
      while (p < line.length() && Character.isDigit(line.charAt(p))) {
        p++;
      }
      String tail = line.substring(p).trim();
      if (!tail.isEmpty()) {
        int space = tail.indexOf(' ');
        rate = space < 0 ? tail : tail.substring(0, space);
      }
    }
    return new PortLine(portNum, remoteGuid, remotePort, portGuid, lid, lmc, rate, currentLine);
  }

  private Fabric build() throws ParseException {
    FabricBuilder builder = Fabric.builder();
    Long2IntOpenHashMap idOfGuid = new Long2IntOpenHashMap();
    idOfGuid.defaultReturnValue(-1);
    IntArrayList lineOfId = new IntArrayList();
    try {
      for (NodeBlock b : blocks) {
        int id = builder.addNode(b.type, b.numPorts, b.guid, b.description);
        idOfGuid.put(b.guid, id);
        lineOfId.add(b.line);
        builder.setSystemGuid(id, b.systemGuid);
        builder.setIds(id, b.vendorId, b.deviceId);
      }
    } catch (FabricException e) {
      throw new ParseException(fileName, blocks.get(e.builderNode()).line, 1, e.getMessage());
    }
    for (int id = 0; id < blocks.size(); id++) {
      NodeBlock b = blocks.get(id);
      int port = -1;
      int line = b.line;
      try {
        if (b.type == NodeType.SWITCH) {
          port = 0;
          if (b.lid != 0) {
            builder.setLid(id, 0, b.lid, b.lmc);
          }
        }
        for (PortLine p : b.ports) {
          port = p.portNum;
          line = p.line;
          if (b.type != NodeType.SWITCH) {
            if (p.portGuid != 0) {
              builder.setPortGuid(id, p.portNum, p.portGuid);
            }
            if (p.lid != 0) {
              builder.setLid(id, p.portNum, p.lid, p.lmc);
            }
          }
          int remote = idOfGuid.get(p.remoteGuid);
          if (remote < 0) {
            throw new ParseException(
                fileName,
                p.line,
                1,
                "port "
                    + p.portNum
                    + " leads to node "
                    + String.format("0x%016x", p.remoteGuid)
                    + ", which the file does not describe"
                    + " (truncated or partial discovery?)");
          }
          builder.halfLink(id, p.portNum, remote, p.remotePort, p.rate);
        }
      } catch (FabricException e) {
        throw new ParseException(fileName, line, 1, e.getMessage());
      }
    }
    try {
      return builder.build();
    } catch (FabricException e) {
      int line = 0;
      if (e.builderNode() >= 0 && e.builderNode() < blocks.size()) {
        NodeBlock b = blocks.get(e.builderNode());
        line = b.line;
        for (PortLine p : b.ports) {
          if (p.portNum == e.portNum()) {
            line = p.line;
          }
        }
      }
      throw new ParseException(fileName, line, 1, e.getMessage());
    }
  }
}
