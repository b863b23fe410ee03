package org.ibrouting.io.sl;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.Lids;
import org.ibrouting.io.ParseException;
import org.ibrouting.io.internal.LineCursor;
import org.ibrouting.io.internal.TextInput;
import org.ibrouting.routing.SlTable;

/**
 * Reads the PathRecords that {@code saquery -p} prints (infiniband-diags; one {@code PathRecord
 * dump:} block per record with {@code name.....value} field lines) into the {@link SlTable} of a
 * live fabric: the SL the subnet manager hands out for each (SLID, DLID). That is the SL table of
 * the fabric as programmed, which {@code check --deadlock} verifies together with the LFTs read
 * back from the switches.
 *
 * <p>Accepted: the listing of all records ({@code saquery -p}, every pair in one answer on a real
 * fabric) and concatenated single answers ({@code saquery -p --src-to-dst S:D} per pair); blank
 * lines, {@code #} comments and {@code ibwarn:} lines are skipped; fields other than {@code slid},
 * {@code dlid}, {@code sl}, {@code sgid} and {@code dgid} are ignored. The SL-to-VL map is the
 * identity (SL k on VL k), as {@code qos_sl2vl} programs it for the routings this project deploys.
 *
 * <p>Errors name the line: a record without {@code slid}, {@code dlid} or {@code sl} (the file is
 * cut short), a LID the fabric lacks or a GID whose port GUID is not the GUID of that LID's port in
 * the fabric (a listing of another fabric), an SL of 15 or more (SL 15 is no data SL), two records
 * of one LID pair with different SLs, and a listing that lacks every record of some ordered pair of
 * distinct CA (or router) ports (cut short at a record boundary, or another fabric). Within a port
 * pair that has records, LID pairs without one (LMC &gt; 0) take the SL of the base LIDs' record,
 * or of the pair's first record; pairs with a switch and no record use SL 0.
 *
 * <p>Memory: one byte per (source LID with a record, LID of the fabric).
 */
public final class PathRecordReader {
  private static final String HEADER = "PathRecord dump:";
  private static final byte UNKNOWN = -1;

  private PathRecordReader() {}

  /**
   * The SLs of a listing.
   *
   * @param slTable the SL of every (SLID, DLID)
   * @param records the number of PathRecords read
   * @param portPairs the ordered pairs of distinct CA/router ports (all of them have records)
   */
  public record Listing(SlTable slTable, long records, long portPairs) {}

  /** Reads a listing (gzip detected by its magic bytes) for {@code fabric}. */
  public static Listing read(Fabric fabric, Path file) throws IOException {
    return TextInput.read(file, (in, name) -> read(fabric, in, name));
  }

  /** Reads a listing from a reader; {@code fileName} is used in messages. */
  public static Listing read(Fabric fabric, Reader reader, String fileName) throws IOException {
    BufferedReader in = TextInput.buffered(reader);
    return new Parser(fabric, fileName).parse(in);
  }

  /**
   * Reads a listing that may cover only some CA port pairs (for example {@code saquery -p
   * --src-to-dst S:D} for a random sample of pairs), with the same checks as {@link #read} except
   * coverage.
   */
  public static PathRecordSample readSample(Fabric fabric, Path file) throws IOException {
    return TextInput.read(file, (in, name) -> readSample(fabric, in, name));
  }

  /** As {@link #readSample(Fabric, Path)}, from a reader; {@code fileName} is used in messages. */
  public static PathRecordSample readSample(Fabric fabric, Reader reader, String fileName)
      throws IOException {
    BufferedReader in = TextInput.buffered(reader);
    return new Parser(fabric, fileName).parseSample(in);
  }

  private static final class Parser {
    private final Fabric fabric;
    private final String fileName;
    private final byte[][] rowOfSrcLid;
    private long records;
    private int lineNumber;
    // the record being read: 0 when none
    private int recordLine;
    private int slid;
    private int dlid;
    private int sl;
    private long sgidGuid;
    private long dgidGuid;
    private LineCursor sgidAt;
    private LineCursor dgidAt;

    Parser(Fabric fabric, String fileName) {
      this.fabric = fabric;
      this.fileName = fileName;
      this.rowOfSrcLid = new byte[fabric.maxLid() + 1][];
    }

    Listing parse(BufferedReader in) throws IOException {
      readRecords(in);
      long[] coverage = fillPortPairs(true);
      return new Listing(buildTable(), records, coverage[0]);
    }

    PathRecordSample parseSample(BufferedReader in) throws IOException {
      readRecords(in);
      PathRecordSample.Builder records = new PathRecordSample.Builder((int) this.records);
      for (int s = 1; s < rowOfSrcLid.length; s++) {
        byte[] row = rowOfSrcLid[s];
        for (int d = 1; row != null && d < row.length; d++) {
          if (row[d] != UNKNOWN) {
            records.add(s, d, row[d]);
          }
        }
      }
      long[] coverage = fillPortPairs(false);
      return records.build(coverage[1], coverage[0]);
    }

    private void readRecords(BufferedReader in) throws IOException {
      String line;
      while ((line = in.readLine()) != null) {
        lineNumber++;
        String text = line.strip();
        if (text.isEmpty() || text.startsWith("#") || text.startsWith("ibwarn:")) {
          continue;
        }
        if (text.equals(HEADER)) {
          finishRecord(false);
          recordLine = lineNumber;
          slid = dlid = sl = -1;
          sgidGuid = dgidGuid = 0;
          sgidAt = dgidAt = null;
          continue;
        }
        int start = line.indexOf(text.charAt(0));
        LineCursor c = new LineCursor(fileName, lineNumber, line);
        c.seek(start);
        if (!Character.isLetter(text.charAt(0)) || text.indexOf("..") < 0) {
          throw c.error(
              "expected '"
                  + HEADER
                  + "' or a 'name.....value' field of a PathRecord"
                  + " (the output of saquery -p), found "
                  + c.found());
        }
        if (recordLine == 0) {
          throw c.error("a PathRecord field before any '" + HEADER + "' line");
        }
        field(c, line);
      }
      finishRecord(true);
      if (records == 0) {
        throw new ParseException(
            fileName,
            Math.max(1, lineNumber),
            1,
            "no '" + HEADER + "'" + " records; expected the output of saquery -p");
      }
    }

    private void field(LineCursor c, String line) throws ParseException {
      int nameStart = c.pos();
      while (!c.atEnd() && c.peek() != '.') {
        c.seek(c.pos() + 1);
      }
      String name = line.substring(nameStart, c.pos());
      while (!c.atEnd() && c.peek() == '.') {
        c.seek(c.pos() + 1);
      }
      c.skipBlanks();
      switch (name) {
        case "slid" -> slid = lid(c, slid, "slid");
        case "dlid" -> dlid = lid(c, dlid, "dlid");
        case "sl" -> {
          once(c, sl, "sl");
          int at = c.pos();
          long value = number(c, "an SL");
          if (value >= 15) {
            throw c.errorAt(
                at,
                "SL "
                    + value
                    + " is no data SL (0-14); SL 15 and above cannot"
                    + " come from an SA");
          }
          sl = (int) value;
        }
        case "sgid" -> {
          once(c, sgidAt == null ? -1 : 0, "sgid");
          sgidAt = copy(c);
          sgidGuid = interfaceId(c);
        }
        case "dgid" -> {
          once(c, dgidAt == null ? -1 : 0, "dgid");
          dgidAt = copy(c);
          dgidGuid = interfaceId(c);
        }
        default -> {}
      }
    }

    private LineCursor copy(LineCursor c) {
      LineCursor at = new LineCursor(fileName, c.lineNumber(), c.line());
      at.seek(c.pos());
      return at;
    }

    private void once(LineCursor c, int value, String name) throws ParseException {
      if (value >= 0) {
        throw c.error(
            "a second '" + name + "' field in the PathRecord that starts at line " + recordLine);
      }
    }

    private int lid(LineCursor c, int value, String name) throws ParseException {
      once(c, value, name);
      int at = c.pos();
      long lid = number(c, "a LID");
      if (lid < 1 || lid > fabric.maxLid() || fabric.portOfLid((int) lid) < 0) {
        throw c.errorAt(
            at,
            name
                + " "
                + lid
                + " is no LID of the fabric (its LIDs go up to "
                + fabric.maxLid()
                + "); a listing of another fabric?");
      }
      return (int) lid;
    }

    /** A number in decimal or as 0x hex, alone on the rest of the line. */
    private static long number(LineCursor c, String what) throws ParseException {
      long value =
          c.line().startsWith("0x", c.pos()) || c.line().startsWith("0X", c.pos())
              ? c.readHex0x(what)
              : c.readInt(what);
      c.skipBlanks();
      if (!c.atEnd()) {
        throw c.error("expected the end of the line after " + what + ", found " + c.found());
      }
      return value;
    }

    /** The interface ID (the port GUID) of a GID printed as an IPv6 address. */
    private static long interfaceId(LineCursor c) throws ParseException {
      int at = c.pos();
      String text = c.line().substring(at).strip();
      long[] groups = new long[8];
      int n = ipv6(text, groups);
      if (n < 0) {
        throw c.errorAt(
            at, "expected a GID as an IPv6 address (fe80::2:c903:a:1), found " + c.found());
      }
      return groups[4] << 48 | groups[5] << 32 | groups[6] << 16 | groups[7];
    }

    /** Parses the eight 16-bit groups of an IPv6 address; -1 when malformed. */
    private static int ipv6(String text, long[] groups) {
      int gap = text.indexOf("::");
      if (gap != text.lastIndexOf("::") && gap >= 0) {
        return -1;
      }
      String[] head = gap < 0 ? text.split(":", -1) : text.substring(0, gap).split(":", -1);
      String[] tail = gap < 0 ? new String[0] : text.substring(gap + 2).split(":", -1);
      if (gap >= 0 && text.substring(0, gap).isEmpty()) {
        head = new String[0];
      }
      if (gap >= 0 && text.substring(gap + 2).isEmpty()) {
        tail = new String[0];
      }
      if (gap < 0 ? head.length != 8 : head.length + tail.length > 7) {
        return -1;
      }
      for (int i = 0; i < head.length; i++) {
        if ((groups[i] = group(head[i])) < 0) {
          return -1;
        }
      }
      for (int i = 0; i < tail.length; i++) {
        if ((groups[8 - tail.length + i] = group(tail[i])) < 0) {
          return -1;
        }
      }
      return 8;
    }

    private static long group(String text) {
      if (text.isEmpty() || text.length() > 4) {
        return -1;
      }
      long value = 0;
      for (int i = 0; i < text.length(); i++) {
        int digit = Character.digit(text.charAt(i), 16);
        if (digit < 0) {
          return -1;
        }
        value = value << 4 | digit;
      }
      return value;
    }

    private void finishRecord(boolean atEnd) throws ParseException {
      if (recordLine == 0) {
        return;
      }
      String missing = slid < 0 ? "slid" : dlid < 0 ? "dlid" : sl < 0 ? "sl" : null;
      if (missing != null) {
        throw new ParseException(
            fileName,
            atEnd ? Math.max(lineNumber, 1) : recordLine,
            1,
            (atEnd
                    ? "the file ends inside the PathRecord that starts at line " + recordLine
                    : "the PathRecord that starts here ends")
                + " without its '"
                + missing
                + "' field; the listing is cut short?");
      }
      checkGuid(sgidAt, sgidGuid, slid, "sgid");
      checkGuid(dgidAt, dgidGuid, dlid, "dgid");
      byte[] row = rowOfSrcLid[slid];
      if (row == null) {
        row = new byte[fabric.maxLid() + 1];
        Arrays.fill(row, UNKNOWN);
        rowOfSrcLid[slid] = row;
      }
      if (row[dlid] != UNKNOWN && row[dlid] != sl) {
        throw new ParseException(
            fileName,
            recordLine,
            1,
            "this PathRecord from LID "
                + slid
                + " to LID "
                + dlid
                + " gives SL "
                + sl
                + ", an earlier one SL "
                + row[dlid]);
      }
      row[dlid] = (byte) sl;
      records++;
      recordLine = 0;
    }

    private void checkGuid(LineCursor at, long guid, int lid, String name) throws ParseException {
      if (at == null) {
        return;
      }
      long expected = fabric.portGuid(fabric.portOfLid(lid));
      if (expected != 0 && guid != expected) {
        throw at.error(
            name
                + " names port GUID "
                + Lids.guidHex(guid)
                + ", but LID "
                + lid
                + " is "
                + fabric.portName(fabric.portOfLid(lid))
                + " with port GUID "
                + Lids.guidHex(expected)
                + " in the fabric; a listing of another fabric?");
      }
    }

    /**
     * Checks every CA port pair has a record ({@code requireAll}) and fills LID pairs without one
     * from their pair's; returns the CA port pairs and those with a record.
     */
    private long[] fillPortPairs(boolean requireAll) throws ParseException {
      int maxLid = fabric.maxLid();
      long pairs = 0;
      long covered = 0;
      String firstMissing = null;
      for (int src = 1; src <= maxLid; src++) {
        int srcPort = fabric.portOfLid(src);
        if (srcPort < 0 || fabric.baseLid(srcPort) != src) {
          continue;
        }
        boolean terminalSource = !fabric.isSwitch(fabric.nodeOfPort(srcPort));
        int srcLids = 1 << fabric.lmc(srcPort);
        for (int dst = 1; dst <= maxLid; dst++) {
          int dstPort = fabric.portOfLid(dst);
          if (dstPort < 0 || fabric.baseLid(dstPort) != dst || dstPort == srcPort) {
            continue;
          }
          int dstLids = 1 << fabric.lmc(dstPort);
          int fill = UNKNOWN;
          for (int s = src; s < src + srcLids && fill == UNKNOWN; s++) {
            byte[] row = rowOfSrcLid[s];
            for (int d = dst; row != null && d < dst + dstLids && fill == UNKNOWN; d++) {
              fill = row[d];
            }
          }
          boolean terminals = terminalSource && !fabric.isSwitch(fabric.nodeOfPort(dstPort));
          if (terminals) {
            pairs++;
            if (fill != UNKNOWN) {
              covered++;
            } else if (firstMissing == null) {
              firstMissing =
                  "no PathRecord from LID "
                      + src
                      + " ("
                      + fabric.portName(srcPort)
                      + ") to LID "
                      + dst
                      + " ("
                      + fabric.portName(dstPort)
                      + ")";
            }
          }
          if (fill == UNKNOWN || (srcLids == 1 && dstLids == 1)) {
            continue;
          }
          if (rowOfSrcLid[src] != null && rowOfSrcLid[src][dst] != UNKNOWN) {
            fill = rowOfSrcLid[src][dst];
          }
          for (int s = src; s < src + srcLids; s++) {
            if (rowOfSrcLid[s] == null) {
              rowOfSrcLid[s] = new byte[maxLid + 1];
              Arrays.fill(rowOfSrcLid[s], UNKNOWN);
            }
            for (int d = dst; d < dst + dstLids; d++) {
              if (rowOfSrcLid[s][d] == UNKNOWN) {
                rowOfSrcLid[s][d] = (byte) fill;
              }
            }
          }
        }
      }
      if (firstMissing != null && requireAll) {
        throw new ParseException(
            fileName,
            Math.max(1, lineNumber),
            1,
            firstMissing
                + ": the"
                + " listing covers "
                + covered
                + " of the "
                + pairs
                + " ordered pairs of CA ports; was it"
                + " cut short, or taken on another fabric?");
      }
      return new long[] {pairs, covered};
    }

    /** Groups source LIDs with equal rows. */
    private SlTable buildTable() {
      int maxLid = fabric.maxLid();
      int[] groupOfLid = new int[maxLid + 1];
      Arrays.fill(groupOfLid, -1);
      Map<ByteBuffer, Integer> groupOfRow = new HashMap<>();
      for (int lid = 1; lid <= maxLid; lid++) {
        byte[] row = rowOfSrcLid[lid];
        if (row == null) {
          continue;
        }
        for (int d = 0; d <= maxLid; d++) {
          if (row[d] == UNKNOWN) {
            row[d] = 0;
          }
        }
        groupOfLid[lid] = groupOfRow.computeIfAbsent(ByteBuffer.wrap(row), k -> groupOfRow.size());
      }
      byte[][] rowOfGroup = new byte[groupOfRow.size()][];
      for (Map.Entry<ByteBuffer, Integer> e : groupOfRow.entrySet()) {
        rowOfGroup[e.getValue()] = e.getKey().array();
      }
      SlTable.Builder builder = new SlTable.Builder(groupOfLid, rowOfGroup.length, maxLid + 1);
      for (int group = 0; group < rowOfGroup.length; group++) {
        byte[] row = rowOfGroup[group];
        for (int d = 1; d <= maxLid; d++) {
          if (row[d] != 0) {
            builder.setSl(group, d, row[d]);
          }
        }
      }
      return builder.build();
    }
  }
}
