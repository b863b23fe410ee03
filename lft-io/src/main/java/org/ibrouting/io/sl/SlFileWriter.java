package org.ibrouting.io.sl;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.AtomicFiles;
import org.ibrouting.routing.PortSl2Vl;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.SlTable;

/**
 * Writes the SL file of a routing. The format, line by line ({@code #} starts a comment):
 *
 * <pre>
 * # ibrouting SL file v1
 * vls 4                                  VLs the routing needs
 * sl2vl 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,14   VL of SL 0..15
 * src 0x0002 0x0005 0x0008               a group of source LIDs that share their SLs ...
 * 0x0001-0x0070 0                        ... SL of the paths to destination LIDs 0x0001..0x0070
 * 0x0071 1                               ... SL of the path to 0x0071
 * src 0x0003 ...
 * </pre>
 *
 * <p>Every destination LID of the fabric (1..max LID) appears in each group's runs; a source LID in
 * no group uses SL 0 for every destination. Since sources are grouped (for example by the switch
 * they are cabled to) and runs of equal SLs share a line, the file stays small.
 *
 * <p>Version 2 adds per-port SL-to-VL maps ({@link PortSl2Vl}, torus-2QoS), where each hop's VL
 * depends on the classes of the ports the packet enters and leaves a switch through; the {@code
 * sl2vl} line then only documents the end ports' map:
 *
 * <pre>
 * # ibrouting SL file v2
 * vls 2                                     VLs the routing needs under the per-port maps
 * port-sl2vl torus-2QoS classes 4 default 3 the rule, the number of port classes, the class of
 *                                           every port not listed below
 * port-vl 1 0 2,3,2,3,2,3,2,3,6,7,6,7,6,7,6,7   VL of SL 0..15 entering by class 1, leaving by class 0
 * port-class 0x0000000000200000 3,0,0,1,1,3,3   the classes of ports 0..N of one node
 * </pre>
 *
 * <p>with one {@code port-vl} line per (in, out) class pair. A version 1 file has none of these
 * lines: every hop of a path uses the {@code sl2vl} map. Version 1 files stay readable, and a
 * routing without per-port maps is still written as version 1. The third line says which kind a
 * file is.
 */
public final class SlFileWriter {
  /** The first line of an SL file whose VLs follow from the {@code sl2vl} map alone. */
  public static final String MAGIC = "# ibrouting SL file v1";

  /** The first line of an SL file with per-port SL-to-VL maps. */
  public static final String MAGIC_V2 = "# ibrouting SL file v2";

  private static final char[] HEX_DIGITS = "0123456789abcdef".toCharArray();

  private SlFileWriter() {}

  /** Writes the SL table of {@code routing} to {@code file} atomically. */
  public static void write(Routing routing, Path file) throws IOException {
    AtomicFiles.write(file, out -> write(routing, out));
  }

  /** Writes the SL table of {@code routing} to a stream (not closed). */
  public static void write(Routing routing, OutputStream stream) throws IOException {
    Fabric fabric = routing.fabric();
    SlTable table = routing.slTable();
    Writer out = new OutputStreamWriter(stream, StandardCharsets.US_ASCII);
    PortSl2Vl ports = table.portSl2Vl();
    out.write((ports == null ? MAGIC : MAGIC_V2) + "\n");
    out.write(
        "# fabric: "
            + fabric.numSwitches()
            + " switches, "
            + fabric.numCas()
            + " CAs, max LID "
            + fabric.maxLid()
            + "; engine "
            + routing.engineName()
            + "\n");
    out.write(
        ports == null
            ? "# VLs: the sl2vl map on every port (an OpenSM QoS policy can set it)\n"
            : "# VLs: per port ("
                + ports.rule()
                + "): a hop's VL is port-vl[class of the port it enters]"
                + "[class of the port it leaves][SL]; OpenSM's engine programs such maps itself\n");
    out.write("vls " + table.numVls() + "\n");
    StringBuilder map = new StringBuilder("sl2vl ");
    for (int sl = 0; sl < SlTable.NUM_SLS; sl++) {
      map.append(sl == 0 ? "" : ",").append(table.vlOfSl(sl));
    }
    out.write(map + "\n");
    if (ports != null) {
      writePortMaps(fabric, ports, out);
    }
    int maxLid = fabric.maxLid();
    IntArrayList[] lidsOfGroup = new IntArrayList[table.numGroups()];
    for (int lid = 1; lid <= maxLid; lid++) {
      int group = table.groupOfSrcLid(lid);
      if (group >= 0 && fabric.portOfLid(lid) >= 0) {
        if (lidsOfGroup[group] == null) {
          lidsOfGroup[group] = new IntArrayList();
        }
        lidsOfGroup[group].add(lid);
      }
    }
    for (IntArrayList lids : lidsOfGroup) {
      if (lids == null) {
        continue;
      }
      StringBuilder line = new StringBuilder("src");
      for (int i = 0; i < lids.size(); i++) {
        appendLid(line.append(' '), lids.getInt(i));
      }
      line.append('\n');
      int src = lids.getInt(0);
      int first = 1;
      int sl = table.sl(src, 1);
      for (int dst = 2; dst <= maxLid + 1; dst++) {
        int next = dst <= maxLid ? table.sl(src, dst) : -1;
        if (next != sl) {
          appendLid(line, first);
          if (first != dst - 1) {
            appendLid(line.append('-'), dst - 1);
          }
          line.append(' ').append(sl).append('\n');
          first = dst;
          sl = next;
        }
      }
      out.append(line);
    }
    out.flush();
  }

  /** Appends {@code 0x} and the LID in lower-case hex, at least four digits (as {@code %04x}). */
  private static void appendLid(StringBuilder line, int lid) {
    line.append("0x");
    for (int shift = Math.max(12, (31 - Integer.numberOfLeadingZeros(lid)) & ~3);
        shift >= 0;
        shift -= 4) {
      line.append(HEX_DIGITS[(lid >>> shift) & 0xF]);
    }
  }

  private static void writePortMaps(Fabric fabric, PortSl2Vl ports, Writer out) throws IOException {
    int[] count = new int[ports.numClasses()];
    for (int port = 0; port < fabric.numPortSlots(); port++) {
      count[ports.classOf(port)]++;
    }
    int dflt = 0;
    for (int c = 1; c < count.length; c++) {
      if (count[c] > count[dflt]) {
        dflt = c;
      }
    }
    out.write(
        "port-sl2vl "
            + ports.rule()
            + " classes "
            + ports.numClasses()
            + " default "
            + dflt
            + "\n");
    for (int in = 0; in < ports.numClasses(); in++) {
      for (int o = 0; o < ports.numClasses(); o++) {
        StringBuilder line =
            new StringBuilder("port-vl ").append(in).append(' ').append(o).append(' ');
        for (int sl = 0; sl < SlTable.NUM_SLS; sl++) {
          line.append(sl == 0 ? "" : ",").append(ports.vlOfClasses(in, o, sl));
        }
        out.write(line.append('\n').toString());
      }
    }
    for (int node = 0; node < fabric.numNodes(); node++) {
      int first = fabric.port(node, 0);
      int last = fabric.port(node, fabric.numPorts(node));
      boolean special = false;
      for (int port = first; port <= last && !special; port++) {
        special = ports.classOf(port) != dflt;
      }
      if (special) {
        StringBuilder line =
            new StringBuilder(String.format("port-class 0x%016x ", fabric.nodeGuid(node)));
        for (int port = first; port <= last; port++) {
          line.append(port == first ? "" : ",").append(ports.classOf(port));
        }
        out.write(line.append('\n').toString());
      }
    }
  }
}
