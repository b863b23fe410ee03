package org.ibrouting.cli;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Follows OpenSM's log file from its current end, as {@code tail -F} does (a truncated or rotated
 * file is read again from its start), and classifies the lines that tell what the subnet manager
 * does: a trap from a switch (a link changed state), the routing step of a heavy sweep, the end of
 * a heavy sweep ({@code SUBNET UP}, logged after every heavy sweep at OpenSM's default log level),
 * its start as master, and a dump it could not load.
 */
final class OpenSmLogTail {
  /** What a line tells. */
  enum Kind {
    /** A trap (e.g. 128, a link state change) reached the subnet manager. */
    TRAP,
    /** The directed route to the switch that sent the trap just logged. */
    TRAP_PATH,
    /** The routing engine configured the tables on all switches. */
    TABLES_CONFIGURED,
    /** A heavy sweep ended with the subnet up. */
    SUBNET_UP,
    /** OpenSM became master (it started, or took over). */
    MASTER,
    /** The {@code file} engine could not load its dump. */
    DUMP_ERROR
  }

  /**
   * A classified line.
   *
   * @param time when OpenSM logged it (microseconds)
   * @param kind what it tells
   * @param text the line after OpenSM's time stamp and thread id
   */
  record Line(Instant time, Kind kind, String text) {}

  private static final Pattern STAMP =
      Pattern.compile(
          "^(\\w{3}) +(\\d{1,2}) (\\d\\d):(\\d\\d):(\\d\\d) (\\d{6}) \\[[0-9A-Fa-f]+\\] (.*)$");
  private static final String[] MONTHS = {
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
  };

  private final Path file;
  private Object fileKey;
  private long offset;
  private final StringBuilder partial = new StringBuilder();

  /** Follows {@code file} from its end now (or from its start once it appears). */
  OpenSmLogTail(Path file) throws IOException {
    this.file = file;
    if (Files.exists(file)) {
      offset = Files.size(file);
      fileKey = key();
    }
  }

  /** The file followed. */
  Path file() {
    return file;
  }

  /** The classified lines written since the last call (an unfinished last line waits). */
  List<Line> poll() throws IOException {
    List<Line> lines = new ArrayList<>();
    if (!Files.exists(file)) {
      return lines;
    }
    Object key = key();
    long size = Files.size(file);
    if (fileKey != null && !fileKey.equals(key) || size < offset) {
      offset = 0; // rotated or truncated: the new file from its start
      partial.setLength(0);
    }
    fileKey = key;
    if (size == offset) {
      return lines;
    }
    try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
      in.seek(offset);
      byte[] bytes = new byte[(int) Math.min(size - offset, 1 << 24)];
      in.readFully(bytes);
      offset += bytes.length;
      partial.append(new String(bytes, StandardCharsets.ISO_8859_1));
    }
    int start = 0;
    for (int nl = partial.indexOf("\n"); nl >= 0; nl = partial.indexOf("\n", start)) {
      Line line = classify(partial.substring(start, nl), ZoneId.systemDefault(), Instant.now());
      if (line != null) {
        lines.add(line);
      }
      start = nl + 1;
    }
    partial.delete(0, start);
    return lines;
  }

  private Object key() throws IOException {
    Object k = Files.readAttributes(file, "basic:fileKey").get("fileKey");
    return k == null ? Files.getLastModifiedTime(file) : k;
  }

  /**
   * The kind and time of one log line, or null for a line that tells nothing this class follows.
   * The year, which OpenSM does not log, is the one that puts the time closest before {@code now}.
   */
  static Line classify(String line, ZoneId zone, Instant now) {
    Matcher m = STAMP.matcher(line);
    if (!m.matches()) {
      return null;
    }
    String text = m.group(7);
    Kind kind;
    if (text.contains("Received Generic Notice")) {
      kind = Kind.TRAP;
    } else if (text.contains("Directed Path Dump of") && text.contains("Path = ")) {
      kind = Kind.TRAP_PATH;
    } else if (text.contains("tables configured on all switches")) {
      kind = Kind.TABLES_CONFIGURED;
    } else if (text.endsWith("SUBNET UP") || text.contains("-> SUBNET UP")) {
      kind = Kind.SUBNET_UP;
    } else if (text.contains("Entering MASTER state")) {
      kind = Kind.MASTER;
    } else if (text.contains("ERR 6302") || text.contains("PARSE ERROR")) {
      kind = Kind.DUMP_ERROR;
    } else {
      return null;
    }
    int month = List.of(MONTHS).indexOf(m.group(1)) + 1;
    if (month == 0) {
      return null;
    }
    ZonedDateTime nowThere = now.atZone(zone);
    int year = nowThere.getYear();
    LocalDateTime local =
        LocalDateTime.of(
            year,
            month,
            Integer.parseInt(m.group(2)),
            Integer.parseInt(m.group(3)),
            Integer.parseInt(m.group(4)),
            Integer.parseInt(m.group(5)),
            Integer.parseInt(m.group(6)) * 1000);
    if (local.atZone(zone).isAfter(nowThere.plusDays(1))) {
      local = local.minusYears(1);
    }
    return new Line(local.atZone(zone).toInstant(), kind, text);
  }

  /** The directed route of a {@link Kind#TRAP_PATH} line ({@code 0,17,17,15,10}), or null. */
  static String trapPath(Line line) {
    Matcher m = Pattern.compile("Path = ([0-9,]+)").matcher(line.text());
    return m.find() ? m.group(1) : null;
  }

  /** The trap number of a {@link Kind#TRAP} line, or -1. */
  static int trapNumber(Line line) {
    Matcher m = Pattern.compile("num:(\\d+)").matcher(line.text());
    return m.find() ? Integer.parseInt(m.group(1)) : -1;
  }

  /** A short description of a trap line: {@code trap 128 (Link state change) from LID 13}. */
  static String describeTrap(Line line) {
    Matcher m = Pattern.compile("num:(\\d+) \\(([^)]*)\\).*from LID:(\\d+)").matcher(line.text());
    return m.find()
        ? String.format(Locale.ROOT, "trap %s (%s) from LID %s", m.group(1), m.group(2), m.group(3))
        : "trap";
  }
}
