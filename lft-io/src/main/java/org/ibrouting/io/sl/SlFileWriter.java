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
 */
public final class SlFileWriter {
  /** The first line of every SL file. */
  public static final String MAGIC = "# ibrouting SL file v1";

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
    out.write(MAGIC + "\n");
    out.write("# fabric: " + fabric.numSwitches() + " switches, " + fabric.numCas() + " CAs, max LID "
        + fabric.maxLid() + "; engine " + routing.engineName() + "\n");
    out.write("vls " + table.numVls() + "\n");
    StringBuilder map = new StringBuilder("sl2vl ");
    for (int sl = 0; sl < SlTable.NUM_SLS; sl++) {
      map.append(sl == 0 ? "" : ",").append(table.vlOfSl(sl));
    }
    out.write(map + "\n");
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
        line.append(String.format(" 0x%04x", lids.getInt(i)));
      }
      out.write(line.append('\n').toString());
      int src = lids.getInt(0);
      int first = 1;
      int sl = table.sl(src, 1);
      for (int dst = 2; dst <= maxLid + 1; dst++) {
        int next = dst <= maxLid ? table.sl(src, dst) : -1;
        if (next != sl) {
          out.write(first == dst - 1 ? String.format("0x%04x %d%n", first, sl)
              : String.format("0x%04x-0x%04x %d%n", first, dst - 1, sl));
          first = dst;
          sl = next;
        }
      }
    }
    out.flush();
  }
}
