package org.ibrouting.io.ibsim;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.FabricException;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.io.FabricFile;
import org.ibrouting.io.ParseException;
import org.ibrouting.io.internal.LineCursor;
import org.ibrouting.io.internal.TextInput;

/**
 * Reads ibsim's net format ({@code ibsim/sim_net.c}), the fabric description {@code ibsim -s}
 * simulates, with ibsim's rules: records {@code Switch N "id"}, {@code Hca N "id"} / {@code Ca},
 * {@code Rt} at column 0, each followed by port lines {@code [p] "remote-id"[rp]} (remote port 1
 * when omitted). GUIDs come from ibsim's counters, one per node type: switches from 0x200000, CAs
 * from 0x100000, routers from 0; a switch takes one GUID, a CA or router one per port plus one, and
 * a CA's port GUID is its node GUID plus the port number. {@code switchguid=G}, {@code caguid=G}
 * (or {@code hcaguids=}) and {@code rtguid=G} restart that counter at G, so the nodes after it
 * count on from there; {@code switchguid+N} restarts it N above the last {@code =} base. {@code
 * sysimgguid=} and {@code vendid=} apply to the next node only, {@code devid=} to every node after
 * it. A description after {@code #} (quoted, or up to {@code lid}/{@code lmc}/{@code base
 * port}/{@code enhanced port}) names the node, else its id does. {@code lid N lmc M} on a switch
 * line or a CA port line give LIDs; the end ports without one get the LIDs OpenSM would assign on
 * its first sweep with the SM on the file's first node, where ibsim attaches it ({@link
 * FabricFile}). The rate after the last quote ({@code lid N 4xQDR}) becomes the link rate, as ibsim
 * takes it for the port's enabled width and speed. {@code include} and {@code do} lines are not
 * supported. {@link IbsimNetWriter} writes files this reader reads back to the same fabric.
 */
public final class IbsimNetReader {
  /** The format name {@link FabricFile#format()} gives. */
  public static final String FORMAT = "ibsim net";

  private static final long FIRST_CA_GUID = 0x100000L;
  private static final long FIRST_SWITCH_GUID = 0x200000L;

  private static final class Record {
    NodeType type;
    int numPorts;
    String id;
    String description;
    long guid;
    long systemGuid;
    int vendorId;
    int deviceId;
    int lid;
    int lmc;
    int line;
    final List<int[]> portLines = new ArrayList<>(); // {port, remote port, line}
    final List<String> remoteIds = new ArrayList<>();
    final List<int[]> portLids = new ArrayList<>(); // {lid, lmc}
    final List<String> rates = new ArrayList<>();
  }

  private IbsimNetReader() {}

  /** Reads a net file (gzip detected by its magic bytes), with OpenSM's LIDs where it has none. */
  public static Fabric read(Path file) throws IOException {
    return readFile(file).fabric();
  }

  /** Reads from a reader; {@code fileName} is used in messages. */
  public static Fabric read(Reader reader, String fileName) throws IOException {
    return readFile(reader, fileName).fabric();
  }

  /** Reads a net file and says which LIDs were assigned. */
  public static FabricFile readFile(Path file) throws IOException {
    return TextInput.read(file, IbsimNetReader::readFile);
  }

  /**
   * Reads from a reader and says which LIDs were assigned; {@code fileName} is used in messages.
   */
  public static FabricFile readFile(Reader reader, String fileName) throws IOException {
    BufferedReader in = TextInput.buffered(reader);
    Records records = new Records(fileName);
    String line;
    int lineNumber = 0;
    while ((line = in.readLine()) != null) {
      lineNumber++;
      if (line.endsWith("\r")) {
        line = line.substring(0, line.length() - 1);
      }
      records.line(new LineCursor(fileName, lineNumber, line), line, lineNumber);
    }
    if (records.all.isEmpty()) {
      throw new ParseException(
          fileName,
          Math.max(1, lineNumber),
          1,
          "expected Switch, Hca, Ca or Rt records; this is no ibsim net file");
    }
    Fabric fabric = build(records.all, fileName);
    return FabricFile.of(fileName, FORMAT, fabric, records.all.get(0).guid, 0);
  }

  /**
   * The node records of a net file, with ibsim's GUID counters and the settings for the next node.
   */
  private static final class Records {
    final String fileName;
    final List<Record> all = new ArrayList<>();
    Record current;
    long nextSystemGuid;
    int nextVendor;
    int device;
    // ibsim's GUID counters and the bases that "+" offsets count from, by node type
    final long[] counter = {FIRST_SWITCH_GUID, FIRST_CA_GUID, 0};
    final long[] base = counter.clone();

    Records(String fileName) {
      this.fileName = fileName;
    }

    void line(LineCursor c, String line, int lineNumber) throws ParseException {
      if (current != null && (line.startsWith("[") || line.startsWith("@"))) {
        if (!line.startsWith("@")) {
          portLine(c, current);
        }
        return;
      }
      if (current != null && line.startsWith("#")) {
        return;
      }
      current = null;
      NodeType type = null;
      if (c.consume("Switch")) {
        type = NodeType.SWITCH;
      } else if (c.consume("Hca") || c.consume("Ca")) {
        type = NodeType.CA;
      } else if (c.consume("Rt")) {
        type = NodeType.ROUTER;
      }
      if (type == null) {
        setting(c, line);
      } else {
        node(c, type, line, lineNumber);
      }
    }

    /**
     * A GUID counter ({@code switchguid=}, {@code caguid+N}, ...), a setting for the next node, or
     * nothing.
     */
    private void setting(LineCursor c, String line) throws ParseException {
      int guidType =
          line.startsWith("switchguid")
              ? 0
              : line.startsWith("caguid") || line.startsWith("hcaguids")
                  ? 1
                  : line.startsWith("rtguid") ? 2 : -1;
      if (guidType >= 0) {
        int eq = line.indexOf('=');
        int plus = line.indexOf('+');
        int at = eq >= 0 ? eq : plus;
        if (at < 0) {
          throw c.error("expected '=' or '+' and a GUID after '" + line.split("[\\s=+]")[0] + "'");
        }
        c.seek(at + 1);
        long value = readNumber(c, "a GUID");
        if (at == eq) {
          base[guidType] = value;
          counter[guidType] = value;
        } else {
          counter[guidType] = base[guidType] + value;
        }
        return;
      }
      int eq = line.indexOf('=');
      if (eq > 0 && !line.startsWith("#")) {
        String key = line.substring(0, eq).trim();
        c.seek(eq + 1);
        switch (key) {
          case "sysimgguid" -> nextSystemGuid = readNumber(c, "a system image GUID");
          case "vendid" -> nextVendor = (int) readNumber(c, "a vendor id");
          case "devid" -> device = (int) readNumber(c, "a device id");
          default -> {}
        }
      } else if (line.startsWith("include") || line.startsWith("do ")) {
        throw c.error("'" + line.split("\\s")[0] + "' lines are not supported; expand them first");
      }
    }

    /**
     * A {@code Switch}, {@code Hca}/{@code Ca} or {@code Rt} line: the node gets the next GUID of
     * its type.
     */
    private void node(LineCursor c, NodeType type, String line, int lineNumber)
        throws ParseException {
      Record r = new Record();
      r.type = type;
      r.line = lineNumber;
      r.numPorts = c.skipBlanks().readInt("the number of ports");
      c.skipBlanks().expect("\"", "a quoted node id");
      int close = line.indexOf('"', c.pos());
      if (close < 0) {
        throw c.error("the node id has no closing quote");
      }
      r.id = line.substring(c.pos(), close);
      c.seek(close + 1);
      String rest = line.substring(close + 1);
      r.description = description(rest, r.id);
      int lidAt = rest.indexOf("lid ");
      if (type == NodeType.SWITCH && lidAt >= 0) {
        LineCursor lc = new LineCursor(fileName, lineNumber, line);
        lc.seek(close + 1 + lidAt + 4);
        r.lid = lc.readInt("the switch LID");
        int lmcAt = line.indexOf("lmc ", lc.pos());
        if (lmcAt >= 0) {
          lc.seek(lmcAt + 4);
          r.lmc = lc.readInt("the switch LMC");
        }
      }
      int t = type == NodeType.SWITCH ? 0 : type == NodeType.CA ? 1 : 2;
      r.guid = counter[t];
      counter[t] += type == NodeType.SWITCH ? 1 : r.numPorts + 1;
      r.systemGuid = nextSystemGuid != 0 ? nextSystemGuid : r.guid;
      r.vendorId = nextVendor;
      r.deviceId = device;
      nextSystemGuid = 0;
      nextVendor = 0;
      all.add(r);
      current = r;
    }
  }

  /** The node description after {@code #}, as ibsim reads it, or {@code id} when there is none. */
  private static String description(String rest, String id) {
    int hash = rest.indexOf('#');
    if (hash < 0) {
      return id;
    }
    String after = rest.substring(hash + 1).stripLeading();
    if (after.startsWith("\"")) {
      int end = after.indexOf('"', 1);
      return end > 1 ? after.substring(1, end) : id;
    }
    int end = after.length();
    for (String stop : new String[] {" enhanced port ", " base port ", " lid ", " lmc "}) {
      int at = after.indexOf(stop);
      if (at >= 0) {
        end = Math.min(end, at);
      }
    }
    String desc = after.substring(0, end);
    return desc.isEmpty() ? id : desc;
  }

  /**
   * A number as ibsim's {@code strtoull(.., 0)} reads it: {@code 0x} hex, leading 0 octal, else
   * decimal.
   */
  private static long readNumber(LineCursor c, String what) throws ParseException {
    c.skipBlanks();
    if (c.consume("0x") || c.consume("0X")) {
      return c.readHex(what + " (hex digits after 0x)");
    }
    int start = c.pos();
    String line = c.line();
    int end = start;
    while (end < line.length() && Character.isDigit(line.charAt(end))) {
      end++;
    }
    if (end == start) {
      throw c.error(
          "expected " + what + " (0x and hex digits, or a decimal number), found " + c.found());
    }
    String digits = line.substring(start, end);
    try {
      long value =
          digits.length() > 1 && digits.charAt(0) == '0'
              ? Long.parseUnsignedLong(digits.substring(1), 8)
              : Long.parseUnsignedLong(digits);
      c.seek(end);
      return value;
    } catch (NumberFormatException e) {
      throw c.error("expected " + what + " of at most 64 bits, found '" + digits + "'");
    }
  }

  private static void portLine(LineCursor c, Record r) throws ParseException {
    c.expect("[", "'['");
    int port = c.readInt("a port number");
    c.expect("]", "']' after the port number");
    c.skipBlanks().expect("\"", "a quoted remote node id");
    String line = c.line();
    int close = line.indexOf('"', c.pos());
    if (close < 0) {
      throw c.error("the remote node id has no closing quote");
    }
    String remote = line.substring(c.pos(), close);
    c.seek(close + 1);
    int remotePort = 1;
    if (c.consume("[")) {
      remotePort = c.readInt("the remote port number");
      c.expect("]", "']' after the remote port number");
    }
    int lid = 0;
    int lmc = 0;
    if (r.type != NodeType.SWITCH) {
      int lidAt = line.indexOf("lid ", c.pos());
      if (lidAt >= 0) {
        c.seek(lidAt + 4);
        lid = c.readInt("the port LID");
        int lmcAt = line.indexOf("lmc ", c.pos());
        if (lmcAt >= 0) {
          c.seek(lmcAt + 4);
          lmc = c.readInt("the port LMC");
        }
      }
    }
    r.portLines.add(new int[] {port, remotePort, c.lineNumber()});
    r.remoteIds.add(remote);
    r.portLids.add(new int[] {lid, lmc});
    r.rates.add(rate(line, close + 1));
  }

  /**
   * The enabled width and speed as ibsim reads them: from the first {@code lid} that no quote
   * follows, {@code lid <n> <w>x<speed>}; null when absent or malformed (ibsim then only warns).
   */
  private static String rate(String line, int from) {
    int at = line.indexOf("lid", Math.max(from, line.lastIndexOf('"') + 1));
    if (at < 0) {
      return null;
    }
    int p = at + 3;
    int start = p;
    while (p < line.length() && Character.isWhitespace(line.charAt(p))) {
      p++;
    }
    int digits = p;
    while (p < line.length() && Character.isDigit(line.charAt(p))) {
      p++;
    }
    if (p == digits || p == start) {
      return null;
    }
    while (p < line.length() && Character.isWhitespace(line.charAt(p))) {
      p++;
    }
    int rateStart = p;
    while (p < line.length() && Character.isDigit(line.charAt(p))) {
      p++;
    }
    if (p == rateStart || p >= line.length() || line.charAt(p) != 'x') {
      return null;
    }
    p++;
    int speed = p;
    while (p < line.length() && !Character.isWhitespace(line.charAt(p))) {
      p++;
    }
    return p == speed ? null : line.substring(rateStart, p);
  }

  private static Fabric build(List<Record> records, String fileName) throws ParseException {
    FabricBuilder b = Fabric.builder();
    Object2IntOpenHashMap<String> idOf = new Object2IntOpenHashMap<>();
    idOf.defaultReturnValue(-1);
    try {
      for (Record r : records) {
        int id = b.addNode(r.type, r.numPorts, r.guid, r.description);
        if (idOf.put(r.id, id) >= 0) {
          throw new ParseException(fileName, r.line, 1, "node id \"" + r.id + "\" is used twice");
        }
        b.setSystemGuid(id, r.systemGuid).setIds(id, r.vendorId, r.deviceId);
      }
    } catch (FabricException e) {
      throw new ParseException(fileName, records.get(e.builderNode()).line, 1, e.getMessage());
    }
    for (int id = 0; id < records.size(); id++) {
      Record r = records.get(id);
      int line = r.line;
      try {
        if (r.type == NodeType.SWITCH && r.lid != 0) {
          b.setLid(id, 0, r.lid, r.lmc);
        }
        for (int i = 0; i < r.portLines.size(); i++) {
          int[] p = r.portLines.get(i);
          line = p[2];
          int remote = idOf.getInt(r.remoteIds.get(i));
          if (remote < 0) {
            throw new ParseException(
                fileName,
                line,
                1,
                "port "
                    + p[0]
                    + " leads to \""
                    + r.remoteIds.get(i)
                    + "\", which no record of the file describes");
          }
          int[] lid = r.portLids.get(i);
          if (lid[0] != 0) {
            b.setLid(id, p[0], lid[0], lid[1]);
          }
          b.halfLink(id, p[0], remote, p[1], r.rates.get(i));
        }
      } catch (FabricException e) {
        throw new ParseException(fileName, line, 1, e.getMessage());
      }
    }
    try {
      return b.build();
    } catch (FabricException e) {
      Record r = e.builderNode() >= 0 ? records.get(e.builderNode()) : null;
      throw new ParseException(fileName, r == null ? 0 : r.line, r == null ? 0 : 1, e.getMessage());
    }
  }
}
