package org.ibrouting.io.lft;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.ParseException;
import org.ibrouting.io.internal.LineCursor;
import org.ibrouting.io.internal.TextInput;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;

/**
 * Reads an LFT dump ({@code opensm-lfts.dump}, our {@link LftDumpWriter}'s output, or {@code
 * ibroute}'s) into a {@link Routing} of engine name {@code file}, with the semantics of OpenSM's
 * {@code file} routing engine.
 *
 * <p>As OpenSM: lines are trimmed on the left; {@code #} lines are comments; a {@code Unicast lids}
 * header selects a switch by the GUID after {@code guid 0x} (the LID and description in it are
 * ignored) and resets its LFT, so a repeated section replaces the earlier one; an entry is {@code
 * 0x<LID hex> <port decimal>}, optionally followed somewhere by {@code portguid 0x<GUID>}: when
 * that port exists and the LID lies outside its range, the entry moves to the same offset of the
 * port's range; other lines are ignored; switches absent from the file get empty LFTs.
 *
 * <p>Stricter than OpenSM, which is unsafe here: a header naming a GUID that is no switch of the
 * fabric, a port beyond the switch's port count, a LID beyond the fabric's largest LID, and entries
 * before any header are errors that name the line. So are a header whose LID range ends below the
 * fabric's largest LID and a header whose {@code Lid N} is not the switch's LID in the fabric: both
 * mean a dump written for another fabric (generated fabrics share their GUIDs) or another LID
 * assignment. A {@code Multicast mlids} section is skipped.
 *
 * <p>{@link #readEarlier} reads the dump of an earlier state of the same fabric, before switches,
 * CAs or links failed: sections of switches that are gone and entries of LIDs that no port owns any
 * more are skipped, and the LID range may end anywhere; everything else is checked as above.
 *
 * <p>What an administrator collects from the switches reads the same way: {@code ibroute LID} and
 * {@code dump_fts} (which {@code dump_lfts.sh} runs) print one such section per switch, with a
 * {@code Lid N} or a {@code DR path ...} header, {@code 0xLID PORT : (type portguid 0x...: 'desc')}
 * entries and a {@code N valid lids dumped} trailer; with {@code -a} they also list unrouted LIDs
 * (LID 0 included) with port 255, which reads as no route.
 */
public final class LftDumpReader {
  /** The engine name of a routing loaded from a dump. */
  public static final String ENGINE_NAME = "file";

  private LftDumpReader() {}

  /** Reads a dump file (gzip detected by its magic bytes) for {@code fabric}. */
  public static Routing read(Fabric fabric, Path file) throws IOException {
    return TextInput.read(file, (in, name) -> read(fabric, in, name));
  }

  /** Reads a dump from a reader; {@code fileName} is used in messages. */
  public static Routing read(Fabric fabric, Reader reader, String fileName) throws IOException {
    return read(fabric, reader, fileName, false);
  }

  /**
   * Reads the dump of an earlier state of {@code fabric}, before failures (OpenSM keeps the LIDs of
   * the ports that remain): sections of switches the fabric no longer has and entries of LIDs no
   * port owns any more are skipped; entries that lead to ports now unconnected are kept as written.
   * A switch that remains must still have its LID.
   */
  public static Routing readEarlier(Fabric fabric, Path file) throws IOException {
    return TextInput.read(file, (in, name) -> read(fabric, in, name, true));
  }

  private static Routing read(Fabric fabric, Reader reader, String fileName, boolean earlier)
      throws IOException {
    BufferedReader in = TextInput.buffered(reader);
    RoutingBuilder builder = Routing.builder(fabric, ENGINE_NAME);
    int sw = -1;
    boolean multicast = false;
    boolean sawHeader = false;
    String line;
    int lineNumber = 0;
    while ((line = in.readLine()) != null) {
      lineNumber++;
      int start = 0;
      while (start < line.length() && Character.isWhitespace(line.charAt(start))) {
        start++;
      }
      if (start == line.length() || line.charAt(start) == '#') {
        continue;
      }
      if (line.startsWith("Unicast lids", start)) {
        sw = header(fabric, fileName, lineNumber, line, earlier);
        if (sw == GONE) {
          multicast = false;
          sawHeader = true;
          continue;
        }
        builder.clearLft(sw);
        multicast = false;
        sawHeader = true;
      } else if (line.startsWith("Multicast mlids", start)) {
        multicast = true;
      } else if (line.startsWith("0x", start) && !multicast && sw != GONE) {
        if (sw < 0) {
          throw new ParseException(
              fileName,
              lineNumber,
              start + 1,
              "LFT entry before any 'Unicast lids ... guid 0x...' switch header");
        }
        entry(fabric, builder, sw, fileName, lineNumber, line, start, earlier);
      }
    }
    if (!sawHeader) {
      throw new ParseException(
          fileName,
          Math.max(1, lineNumber),
          1,
          "expected 'Unicast lids [...] of switch ... guid 0x...:' sections; this is no LFT dump");
    }
    return builder.build();
  }

  /** {@link #header}'s answer for the section of a switch that is gone (earlier dumps only). */
  private static final int GONE = -2;

  private static int header(
      Fabric fabric, String fileName, int lineNumber, String line, boolean earlier)
      throws ParseException {
    LineCursor c = new LineCursor(fileName, lineNumber, line);
    int at = line.indexOf(" guid 0x");
    if (at < 0) {
      throw c.error("expected ' guid 0x<switch GUID>' in the switch header");
    }
    c.seek(at + " guid 0x".length());
    int guidAt = c.pos();
    long guid = c.readHex("the switch GUID");
    if (!c.atEnd() && !Character.isWhitespace(c.peek())) {
      throw c.error("expected white space after the switch GUID, found " + c.found());
    }
    int node = fabric.nodeOfGuid(guid);
    if (earlier && node < 0) {
      return GONE;
    }
    if (node < 0 || !fabric.isSwitch(node)) {
      throw c.errorAt(
          guidAt,
          String.format(
                  "switch GUID 0x%016x is %s of the fabric",
                  guid, node < 0 ? "not a node" : "not a switch but " + fabric.nodeName(node))
              + FOR_ANOTHER_FABRIC);
    }
    checkHeaderLids(fabric, node, c, earlier);
    return node;
  }

  private static final String FOR_ANOTHER_FABRIC = "; was the dump written for another fabric?";

  /**
   * Where the header gives them as OpenSM and ibroute write them, the top of the LID range ({@code
   * [0-112]} or {@code [0x0-0x70]}) must reach the fabric's largest LID and the switch's {@code Lid
   * N} must be its LID in the fabric: otherwise the dump was written for another fabric (generated
   * fabrics share their GUIDs) or another LID assignment, and its entries would be read against the
   * wrong LIDs.
   */
  private static void checkHeaderLids(Fabric fabric, int sw, LineCursor c, boolean earlier)
      throws ParseException {
    String line = c.line();
    int range = line.indexOf("Unicast lids [");
    int dash = range < 0 ? -1 : line.indexOf('-', range);
    int close = range < 0 ? -1 : line.indexOf(']', range);
    if (dash > range && close > dash && !earlier) {
      long top = parseLid(line.substring(dash + 1, close));
      // OpenSM's top can lie above the largest LID ibnetdiscover shows (LIDs it assigned to ports
      // that are gone by then), never below
      if (top >= 0 && top < fabric.maxLid()) {
        throw c.errorAt(
            dash + 1,
            "the dump's tables end at LID "
                + top
                + " but the fabric's LIDs"
                + " go up to "
                + fabric.maxLid()
                + FOR_ANOTHER_FABRIC);
      }
    }
    int lidAt = line.indexOf(" of switch Lid ");
    int ownLid = fabric.baseLid(fabric.port(sw, 0));
    if (lidAt >= 0 && ownLid != 0) {
      int from = lidAt + " of switch Lid ".length();
      int to = from;
      while (to < line.length() && Character.isDigit(line.charAt(to))) {
        to++;
      }
      long lid = to > from && to - from < 10 ? Long.parseLong(line.substring(from, to)) : -1;
      if (lid >= 0 && lid != ownLid) {
        throw c.errorAt(
            from,
            fabric.nodeName(sw)
                + " has LID "
                + ownLid
                + " in the fabric, but"
                + " this header gives Lid "
                + lid
                + FOR_ANOTHER_FABRIC);
      }
    }
  }

  /** A LID written in decimal or as 0x hex; -1 when it is neither. */
  private static long parseLid(String text) {
    boolean hex = text.startsWith("0x") || text.startsWith("0X");
    String digits = hex ? text.substring(2) : text;
    if (digits.isEmpty() || digits.length() > 8) {
      return -1;
    }
    for (int i = 0; i < digits.length(); i++) {
      if (Character.digit(digits.charAt(i), hex ? 16 : 10) < 0) {
        return -1;
      }
    }
    return Long.parseLong(digits, hex ? 16 : 10);
  }

  private static void entry(
      Fabric fabric,
      RoutingBuilder builder,
      int sw,
      String fileName,
      int lineNumber,
      String line,
      int start,
      boolean earlier)
      throws ParseException {
    LineCursor c = new LineCursor(fileName, lineNumber, line);
    c.seek(start + 2);
    int lidAt = c.pos();
    long lid = c.readHex("a LID");
    if (!c.atEnd() && !Character.isWhitespace(c.peek())) {
      throw c.error("expected white space after the LID, found " + c.found());
    }
    c.skipBlanks();
    int portAt = c.pos();
    int port = c.readInt("an output port (decimal)");
    if (!c.atEnd() && !Character.isWhitespace(c.peek())) {
      throw c.error(
          "expected white space after the port, found "
              + c.found()
              + " (ports are decimal, as OpenSM writes them)");
    }
    if (port == Routing.NO_ROUTE) {
      // ibroute -a and dump_fts -a list unrouted LIDs (LID 0 included) with port 255
      return;
    }
    if (port > fabric.numPorts(sw)) {
      throw c.errorAt(
          portAt,
          "port "
              + port
              + " exceeds the "
              + fabric.numPorts(sw)
              + " ports of "
              + fabric.nodeName(sw));
    }
    int guidAt = line.indexOf(" portguid 0x", c.pos());
    if (guidAt >= 0) {
      c.seek(guidAt + " portguid 0x".length());
      long guid = c.readHex("the port GUID");
      int owner = fabric.portOfGuid(guid);
      if (owner >= 0 && fabric.baseLid(owner) != 0) {
        int base = fabric.baseLid(owner);
        int size = 1 << fabric.lmc(owner);
        if (lid < base || lid >= base + size) {
          lid = base + (lid & (size - 1));
        }
      }
    }
    if (earlier && (lid < 1 || lid > fabric.maxLid() || fabric.portOfLid((int) lid) < 0)) {
      return;
    }
    if (lid < 1 || lid > fabric.maxLid()) {
      throw c.errorAt(lidAt, "LID " + lid + " is outside the fabric's LIDs 1.." + fabric.maxLid());
    }
    builder.setOutPort(sw, (int) lid, port);
  }
}
