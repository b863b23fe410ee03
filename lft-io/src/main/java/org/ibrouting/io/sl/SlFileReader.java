package org.ibrouting.io.sl;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.ParseException;
import org.ibrouting.io.internal.LineCursor;
import org.ibrouting.io.internal.TextInput;
import org.ibrouting.routing.PortSl2Vl;
import org.ibrouting.routing.SlTable;

/**
 * Reads an SL file written by {@link SlFileWriter} (whose Javadoc gives the format) into an {@link
 * SlTable} grouped as the file's {@code src} lines group the sources, so that {@code sl(src, dst)}
 * is what was written for every pair. Errors name the line: a source LID the fabric lacks or listed
 * twice, destination runs outside 1..max LID or before any {@code src} line, SLs outside 0-15, VLs
 * above 14, and a {@code vls} line that disagrees with the VLs the SLs need. {@link #readEarlier}
 * reads the SL file of an earlier state of the fabric, before failures: source LIDs and destination
 * LIDs that no port owns any more are skipped. Version 2 files also carry per-port SL-to-VL maps
 * ({@code port-sl2vl}, {@code port-vl}, {@code port-class}); a node GUID the fabric lacks, a class
 * list of the wrong length, a class or VL out of range, or a missing (in, out) pair is an error
 * naming its line.
 */
public final class SlFileReader {
  private SlFileReader() {}

  /** Reads {@code file} for {@code fabric}. */
  public static SlTable read(Fabric fabric, Path file) throws IOException {
    return TextInput.read(file, (in, name) -> read(fabric, in, name));
  }

  /** Reads from a reader; {@code fileName} is used in messages. */
  public static SlTable read(Fabric fabric, Reader reader, String fileName) throws IOException {
    return read(fabric, reader, fileName, false);
  }

  /**
   * Reads the SL file of an earlier state of {@code fabric}, before failures (OpenSM keeps the LIDs
   * of the ports that remain): source and destination LIDs no port owns any more are skipped.
   */
  public static SlTable readEarlier(Fabric fabric, Path file) throws IOException {
    return TextInput.read(file, (in, name) -> read(fabric, in, name, true));
  }

  private static SlTable read(Fabric fabric, Reader reader, String fileName, boolean earlier)
      throws IOException {
    BufferedReader in = TextInput.buffered(reader);
    int maxLid = fabric.maxLid();
    // first pass over the text: groups, then SLs (the whole file is small)
    // (readLine, not lines(): lines() would wrap a ParseException in an UncheckedIOException)
    java.util.List<String> lines = new java.util.ArrayList<>();
    for (String line; (line = in.readLine()) != null; ) {
      lines.add(line);
    }
    int[] groupOfLid = new int[maxLid + 1];
    int numGroups = sourceGroups(fabric, lines, fileName, earlier, groupOfLid);
    PortMaps ports = new PortMaps(fileName);
    SlTable.Builder builder = new SlTable.Builder(groupOfLid, numGroups, maxLid + 1);
    int group = -1;
    boolean sawMagic = false;
    int declaredVls = -1;
    int vlsLine = 0;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      LineCursor c = new LineCursor(fileName, i + 1, line);
      if (line.equals(SlFileWriter.MAGIC) || line.equals(SlFileWriter.MAGIC_V2)) {
        sawMagic = true;
      } else if (line.startsWith("port-")) {
        ports.line(c, fabric);
      } else if (line.isEmpty() || line.startsWith("#")) {
        continue;
      } else if (line.startsWith("vls")) {
        c.seek(3);
        declaredVls = c.skipBlanks().readInt("the number of VLs");
        vlsLine = i + 1;
      } else if (line.startsWith("sl2vl")) {
        builder.setSlToVl(sl2vl(c));
      } else if (line.startsWith("src")) {
        group++;
      } else if (line.startsWith("0x")) {
        if (group < 0) {
          throw c.error("destination line before any 'src' line");
        }
        destinations(c, builder, group, maxLid, earlier);
      } else {
        throw c.error(
            "expected 'src', 'vls', 'sl2vl', 'port-sl2vl', 'port-vl', 'port-class' or a"
                + " '0xLID[-0xLID] SL' line, found "
                + c.found());
      }
    }
    if (!sawMagic) {
      throw new ParseException(
          fileName,
          1,
          1,
          "not an ibrouting SL file: the first line must be '" + SlFileWriter.MAGIC + "'");
    }
    if (ports.rule != null) {
      if (declaredVls < 1 || declaredVls > 15) {
        throw new ParseException(
            fileName,
            Math.max(1, vlsLine),
            1,
            "a file with per-port SL2VL maps"
                + " needs a 'vls N' line (1-15): the VLs its routes use");
      }
      builder.setPortSl2Vl(ports.build(fabric, declaredVls));
    }
    SlTable table = builder.build();
    if (!earlier && declaredVls >= 0 && declaredVls != table.numVls()) {
      throw new ParseException(
          fileName,
          vlsLine,
          1,
          "'vls "
              + declaredVls
              + "' disagrees with the"
              + " entries, whose SLs need "
              + table.numVls()
              + " VLs");
    }
    return table;
  }

  /**
   * The first pass: numbers the {@code src} lines' groups, fills {@code groupOfLid} (-1 for a LID
   * in no group) and returns the number of groups. In a file from before failures ({@code earlier})
   * source LIDs the fabric no longer has are skipped.
   */
  private static int sourceGroups(
      Fabric fabric,
      java.util.List<String> lines,
      String fileName,
      boolean earlier,
      int[] groupOfLid)
      throws ParseException {
    int maxLid = fabric.maxLid();
    Arrays.fill(groupOfLid, -1);
    int numGroups = 0;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (!line.startsWith("src")) {
        continue;
      }
      LineCursor c = new LineCursor(fileName, i + 1, line);
      c.seek(3);
      while (!c.skipBlanks().atEnd()) {
        int at = c.pos();
        long lid = c.readHex0x("a source LID");
        boolean known = lid >= 1 && lid <= maxLid && fabric.portOfLid((int) lid) >= 0;
        if (earlier && !known) {
          continue;
        }
        if (!known) {
          throw c.errorAt(at, "source LID " + lid + " is no LID of the fabric (1.." + maxLid + ")");
        }
        if (groupOfLid[(int) lid] >= 0) {
          throw c.errorAt(at, "source LID " + lid + " is listed in two groups");
        }
        groupOfLid[(int) lid] = numGroups;
      }
      numGroups++;
    }
    return numGroups;
  }

  /** The 16 VLs of an {@code sl2vl} line. */
  private static byte[] sl2vl(LineCursor c) throws ParseException {
    c.seek(5);
    byte[] map = new byte[SlTable.NUM_SLS];
    for (int sl = 0; sl < SlTable.NUM_SLS; sl++) {
      c.skipBlanks();
      if (sl > 0) {
        c.expect(",", "',' between the 16 VLs");
      }
      int vl = c.readInt("a VL");
      if (vl > 14) {
        throw c.error("VL " + vl + " is not a data VL (0-14)");
      }
      map[sl] = (byte) vl;
    }
    return map;
  }

  /**
   * A {@code 0xLID[-0xLID] SL} line of group {@code group}; in a file from before failures ({@code
   * earlier}) the run is cut at the fabric's largest LID.
   */
  private static void destinations(
      LineCursor c, SlTable.Builder builder, int group, int maxLid, boolean earlier)
      throws ParseException {
    int firstAt = c.pos();
    long first = c.readHex0x("a destination LID");
    long last = first;
    if (c.consume("-")) {
      last = c.readHex0x("the last destination LID of the run");
    }
    if (earlier && last > maxLid && first >= 1 && last >= first) {
      last = maxLid;
    }
    if (earlier && first > last) {
      return;
    }
    if (first < 1 || last > maxLid || last < first) {
      throw c.errorAt(
          firstAt, "destination LIDs " + first + ".." + last + " are outside 1.." + maxLid);
    }
    int sl = c.skipBlanks().readInt("an SL");
    if (sl >= SlTable.NUM_SLS) {
      throw c.error("SL " + sl + " is outside 0-15");
    }
    for (long dst = first; dst <= last; dst++) {
      builder.setSl(group, (int) dst, sl);
    }
  }

  /** The per-port SL-to-VL lines of a version 2 file. */
  private static final class PortMaps {
    private final String fileName;
    String rule;
    private int line;
    private int numClasses;
    private int defaultClass;
    private byte[] vls;
    private boolean[] given;
    private final it.unimi.dsi.fastutil.ints.IntArrayList classNodes =
        new it.unimi.dsi.fastutil.ints.IntArrayList();
    private final java.util.List<byte[]> classLists = new java.util.ArrayList<>();

    PortMaps(String fileName) {
      this.fileName = fileName;
    }

    void line(LineCursor c, Fabric fabric) throws ParseException {
      String text = c.line();
      if (text.startsWith("port-sl2vl")) {
        ruleLine(c, text);
        return;
      }
      if (rule == null) {
        throw c.error("a per-port SL2VL line before the 'port-sl2vl' line");
      }
      if (text.startsWith("port-vl")) {
        vlLine(c);
      } else if (text.startsWith("port-class")) {
        classLine(c, fabric);
      } else {
        throw c.error("expected 'port-sl2vl', 'port-vl' or 'port-class', found " + c.found());
      }
    }

    /** {@code port-sl2vl RULE classes N default CLASS}. */
    private void ruleLine(LineCursor c, String text) throws ParseException {
      if (rule != null) {
        throw c.error("a second 'port-sl2vl' line");
      }
      c.seek("port-sl2vl".length());
      c.skipBlanks();
      int start = c.pos();
      while (!c.atEnd() && c.peek() != ' ' && c.peek() != '\t') {
        c.seek(c.pos() + 1);
      }
      if (c.pos() == start) {
        throw c.error("expected the name of the SL2VL rule, found " + c.found());
      }
      rule = text.substring(start, c.pos());
      c.skipBlanks().expect("classes", "'classes N'");
      numClasses = c.skipBlanks().readInt("the number of port classes");
      if (numClasses < 1 || numClasses > PortSl2Vl.MAX_CLASSES) {
        throw c.error(numClasses + " port classes; expected 1-" + PortSl2Vl.MAX_CLASSES);
      }
      c.skipBlanks().expect("default", "'default CLASS'");
      int at = c.skipBlanks().pos();
      defaultClass = c.readInt("the default port class");
      if (defaultClass >= numClasses) {
        throw c.errorAt(at, "default class " + defaultClass + " is not below " + numClasses);
      }
      line = c.lineNumber();
      vls = new byte[numClasses * numClasses * SlTable.NUM_SLS];
      given = new boolean[numClasses * numClasses];
    }

    /** {@code port-vl IN OUT VL,...}: the 16 VLs from port class IN to port class OUT. */
    private void vlLine(LineCursor c) throws ParseException {
      c.seek("port-vl".length());
      int in = classAt(c.skipBlanks());
      int out = classAt(c.skipBlanks());
      c.skipBlanks();
      for (int sl = 0; sl < SlTable.NUM_SLS; sl++) {
        if (sl > 0) {
          c.expect(",", "',' between the 16 VLs");
        }
        int at = c.pos();
        int vl = c.readInt("a VL");
        if (vl > 14) {
          throw c.errorAt(at, "VL " + vl + " is not a data VL (0-14)");
        }
        vls[(in * numClasses + out) * SlTable.NUM_SLS + sl] = (byte) vl;
      }
      given[in * numClasses + out] = true;
    }

    /** {@code port-class GUID CLASS,...}: the class of every port of a node, port 0 first. */
    private void classLine(LineCursor c, Fabric fabric) throws ParseException {
      c.seek("port-class".length());
      int at = c.skipBlanks().pos();
      long guid = c.readHex0x("a node GUID");
      int node = fabric.nodeOfGuid(guid);
      if (node < 0) {
        throw c.errorAt(at, String.format("0x%016x is no node of the fabric", guid));
      }
      c.skipBlanks();
      byte[] classes = new byte[fabric.numPorts(node) + 1];
      for (int p = 0; p < classes.length; p++) {
        if (p > 0 && !c.consume(",")) {
          throw c.error(
              "expected the classes of ports 0.."
                  + (classes.length - 1)
                  + " of "
                  + fabric.nodeName(node)
                  + ", found only "
                  + p);
        }
        classes[p] = (byte) classAt(c);
      }
      if (!c.skipBlanks().atEnd()) {
        throw c.error(
            fabric.nodeName(node)
                + " has "
                + (classes.length - 1)
                + " ports, found more classes: "
                + c.found());
      }
      classNodes.add(node);
      classLists.add(classes);
    }

    private int classAt(LineCursor c) throws ParseException {
      int at = c.pos();
      int cls = c.readInt("a port class");
      if (cls >= numClasses) {
        throw c.errorAt(at, "port class " + cls + " is not below " + numClasses);
      }
      return cls;
    }

    PortSl2Vl build(Fabric fabric, int numVls) throws ParseException {
      for (int pair = 0; pair < given.length; pair++) {
        if (!given[pair]) {
          throw new ParseException(
              fileName,
              line,
              1,
              "no 'port-vl "
                  + pair / numClasses
                  + " "
                  + pair % numClasses
                  + " ...' line for this rule's "
                  + numClasses
                  + " classes");
        }
      }
      byte[] classOfPort = new byte[fabric.numPortSlots()];
      Arrays.fill(classOfPort, (byte) defaultClass);
      for (int i = 0; i < classNodes.size(); i++) {
        int node = classNodes.getInt(i);
        byte[] classes = classLists.get(i);
        System.arraycopy(classes, 0, classOfPort, fabric.port(node, 0), classes.length);
      }
      return new PortSl2Vl(rule, classOfPort, numClasses, vls, numVls);
    }
  }
}
