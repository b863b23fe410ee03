package org.ibrouting.io.ibsim;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.io.AtomicFiles;

/**
 * Writes a {@link Fabric} as an ibsim net file ({@code ibsim -s FILE}) that makes ibsim simulate
 * exactly this fabric and OpenSM keep its LIDs, so that our routing and OpenSM's can be compared
 * entry for entry.
 *
 * <p>Per node, in node index order (switches first): {@code vendid=}, {@code devid=}, {@code
 * sysimgguid=} (when not 0) and {@code switchguid=}/{@code caguid=}/{@code rtguid=} set the next
 * record's values; the record line is {@code Switch N "S-<guid>" # "desc" base port 0 lid L lmc M}
 * (the LID and LMC of port 0; {@code enhanced port 0} when the LMC is above 0, as only an enhanced
 * port 0 can have one) or {@code Ca N "H-<guid>" # "desc"}; then one line per connected port,
 * {@code [p] "<remote id>"[rp] # "remote desc" lid RL RATE} for switches and {@code [p] "<remote
 * id>"[rp] # lid L lmc M "remote desc" lid RL RATE} for CAs, whose own {@code lid L lmc M} ibsim
 * programs into the port. Node ids are ibnetdiscover's names ({@code S-}, {@code H-}, {@code R-}
 * and the 16-digit node GUID), so they are unique and free of ibsim's reserved {@code #} and
 * {@code @}. The rate ({@code 4xQDR}) sets the port's enabled width and speed and is left out when
 * the fabric has none.
 *
 * <p>ibsim derives port GUIDs (a CA port's is the node GUID plus the port number, a switch's port 0
 * has the node GUID) and stops a quoted description at its first quote, so fabrics that break these
 * rules are refused with an {@link IllegalArgumentException} rather than simulated wrongly. A
 * remote description that ibsim would misread (one holding {@code "} or {@code =}, which ibsim
 * takes for a port option) is replaced by the remote node id. ibsim ignores router LIDs. {@link
 * IbsimNetReader} reads the file back to an identical fabric.
 */
public final class IbsimNetWriter {
  /** How the first line of every file this writer writes begins. */
  public static final String FIRST_LINE_PREFIX = "# ibsim net file written by ibrouting";

  private IbsimNetWriter() {}

  /** Writes {@code file} atomically (temporary file, then rename). */
  public static void write(Fabric fabric, Path file) throws IOException {
    checkRepresentable(fabric);
    AtomicFiles.write(file, out -> write(fabric, out));
  }

  /** Writes to a stream (not closed). */
  public static void write(Fabric fabric, OutputStream stream) throws IOException {
    checkRepresentable(fabric);
    Writer out = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
    out.write(
        FIRST_LINE_PREFIX
            + ": "
            + fabric.numSwitches()
            + " switches, "
            + fabric.numCas()
            + " CAs, "
            + fabric.numRouters()
            + " routers, max LID "
            + fabric.maxLid()
            + "\n");
    StringBuilder b = new StringBuilder(256);
    for (int node = 0; node < fabric.numNodes(); node++) {
      b.setLength(0);
      node(fabric, node, b);
      out.write(b.toString());
    }
    out.flush();
  }

  /**
   * Fails, naming the first offending node, when ibsim cannot reproduce {@code fabric}: port GUIDs
   * that ibsim would derive differently, or a description with a quote or a line break.
   */
  public static void checkRepresentable(Fabric fabric) {
    for (int node = 0; node < fabric.numNodes(); node++) {
      String desc = fabric.description(node);
      if (desc.indexOf('"') >= 0 || desc.indexOf('\n') >= 0 || desc.indexOf('\r') >= 0) {
        throw new IllegalArgumentException(
            fabric.nodeName(node)
                + ": ibsim cannot carry a node"
                + " description holding a quote or a line break; change the description");
      }
      long guid = fabric.nodeGuid(node);
      if (fabric.isSwitch(node)) {
        long port0 = fabric.portGuid(fabric.port(node, 0));
        if (port0 != guid) {
          throw new IllegalArgumentException(
              String.format(
                  "%s: port 0 GUID 0x%016x differs from"
                      + " the node GUID, but ibsim gives a switch's port 0 the node GUID",
                  fabric.nodeName(node), port0));
        }
        continue;
      }
      for (int p = 1; p <= fabric.numPorts(node); p++) {
        long portGuid = fabric.portGuid(fabric.port(node, p));
        if (portGuid != guid + p) {
          throw new IllegalArgumentException(
              String.format(
                  "%s: port %d GUID 0x%016x is not the"
                      + " node GUID + %d (0x%016x), the GUID ibsim would give it",
                  fabric.nodeName(node), p, portGuid, p, guid + p));
        }
      }
    }
  }

  private static void node(Fabric fabric, int node, StringBuilder b) {
    b.append("\nvendid=0x")
        .append(Integer.toHexString(fabric.vendorId(node)))
        .append("\ndevid=0x")
        .append(Integer.toHexString(fabric.deviceId(node)))
        .append('\n');
    if (fabric.systemGuid(node) != 0) {
      b.append("sysimgguid=0x").append(Long.toHexString(fabric.systemGuid(node))).append('\n');
    }
    String guid = "0x" + Long.toHexString(fabric.nodeGuid(node));
    if (fabric.nodeType(node) == NodeType.SWITCH) {
      int port0 = fabric.port(node, 0);
      b.append("switchguid=")
          .append(guid)
          .append("\nSwitch\t")
          .append(fabric.numPorts(node))
          .append(' ')
          .append(id(fabric, node))
          .append("\t\t# \"")
          .append(fabric.description(node))
          .append(fabric.lmc(port0) > 0 ? "\" enhanced port 0 lid " : "\" base port 0 lid ")
          .append(fabric.baseLid(port0))
          .append(" lmc ")
          .append(fabric.lmc(port0))
          .append('\n');
    } else {
      boolean ca = fabric.nodeType(node) == NodeType.CA;
      b.append(ca ? "caguid=" : "rtguid=")
          .append(guid)
          .append(ca ? "\nCa\t" : "\nRt\t")
          .append(fabric.numPorts(node))
          .append(' ')
          .append(id(fabric, node))
          .append("\t\t# \"")
          .append(fabric.description(node))
          .append("\"\n");
    }
    for (int p = 1; p <= fabric.numPorts(node); p++) {
      if (fabric.peerPort(fabric.port(node, p)) >= 0) {
        link(fabric, node, p, b);
      }
    }
  }

  /** The line of cabled port {@code p} of {@code node}. */
  private static void link(Fabric fabric, int node, int p, StringBuilder b) {
    int port = fabric.port(node, p);
    int peer = fabric.peerPort(port);
    int remote = fabric.nodeOfPort(peer);
    b.append('[')
        .append(p)
        .append("]\t")
        .append(id(fabric, remote))
        .append('[')
        .append(fabric.portNum(peer))
        .append("]\t\t# ");
    if (!fabric.isSwitch(node)) {
      b.append("lid ").append(fabric.baseLid(port));
      b.append(" lmc ").append(fabric.lmc(port)).append(' ');
    }
    String remoteDesc = fabric.description(remote);
    if (remoteDesc.indexOf('=') >= 0 || remoteDesc.indexOf('"') >= 0) {
      remoteDesc = id(fabric, remote).replace("\"", "");
    }
    int remoteLid =
        fabric.isSwitch(remote) ? fabric.baseLid(fabric.port(remote, 0)) : fabric.baseLid(peer);
    b.append('"').append(remoteDesc).append("\" lid ").append(remoteLid);
    if (fabric.linkRate(port) != null) {
      b.append(' ').append(fabric.linkRate(port));
    }
    b.append('\n');
  }

  private static String id(Fabric fabric, int node) {
    char prefix =
        switch (fabric.nodeType(node)) {
          case SWITCH -> 'S';
          case CA -> 'H';
          case ROUTER -> 'R';
        };
    String hex = Long.toHexString(fabric.nodeGuid(node));
    return "\"" + prefix + "-" + "0".repeat(16 - hex.length()) + hex + "\"";
  }
}
