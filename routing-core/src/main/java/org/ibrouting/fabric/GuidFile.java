package org.ibrouting.fabric;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A list of GUIDs, one a line, as OpenSM reads its root ({@code -a}), compute-node ({@code -u}) and
 * I/O-node ({@code -G}) GUID files (complib's {@code parse_node_map}): a number as C's
 * {@code strtoull(s, 0)} reads it ({@code 0x} hex, a leading {@code 0} octal, else decimal),
 * followed by white space, a {@code #} or the end of the line; anything after the number is a free
 * name and ignored. Blank lines and lines starting with {@code #} are skipped. OpenSM rejects the
 * whole file on a malformed line; so does {@link #parse}, naming the line and column.
 *
 * <p>What a GUID must name (a switch, a CA port) is up to the engine that reads the file;
 * {@link #line(int)} lets it point at the line.
 */
public final class GuidFile {
  private final String fileName;
  private final long[] guids;
  private final int[] lines;
  private final int[] columns;

  private GuidFile(String fileName, long[] guids, int[] lines, int[] columns) {
    this.fileName = fileName;
    this.guids = guids;
    this.lines = lines;
    this.columns = columns;
  }

  /** Reads a GUID file. */
  public static GuidFile read(Path file) throws IOException, GuidFileException {
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return parse(in, file.toString());
    }
  }

  /**
   * Parses GUID lines.
   *
   * @throws GuidFileException for a line that does not start with a 64-bit number
   */
  public static GuidFile parse(Reader in, String fileName) throws IOException, GuidFileException {
    LongArrayList guids = new LongArrayList();
    IntArrayList lines = new IntArrayList();
    IntArrayList columns = new IntArrayList();
    BufferedReader reader = in instanceof BufferedReader br ? br : new BufferedReader(in);
    String text;
    int lineNo = 0;
    while ((text = reader.readLine()) != null) {
      lineNo++;
      int start = 0;
      while (start < text.length() && Character.isWhitespace(text.charAt(start))) {
        start++;
      }
      if (start == text.length() || text.charAt(start) == '#') {
        continue;
      }
      int end = start;
      while (end < text.length() && !Character.isWhitespace(text.charAt(end)) && text.charAt(end) != '#') {
        end++;
      }
      String word = text.substring(start, end);
      guids.add(parseGuid(word, fileName, lineNo, start + 1));
      lines.add(lineNo);
      columns.add(start + 1);
    }
    return new GuidFile(fileName, guids.toLongArray(), lines.toIntArray(), columns.toIntArray());
  }

  private static long parseGuid(String word, String fileName, int line, int column)
      throws GuidFileException {
    try {
      if (word.length() > 2 && (word.startsWith("0x") || word.startsWith("0X"))) {
        return Long.parseUnsignedLong(word.substring(2), 16);
      }
      if (word.length() > 1 && word.charAt(0) == '0') {
        return Long.parseUnsignedLong(word.substring(1), 8);
      }
      if (!word.isEmpty() && Character.isDigit(word.charAt(0))) {
        return Long.parseUnsignedLong(word);
      }
    } catch (NumberFormatException e) {
      // reported below with the position
    }
    throw new GuidFileException(fileName, line, column, "expected a GUID (0x-prefixed hex, octal or"
        + " decimal, at most 64 bits), found '" + word + "'");
  }

  /** The file name as given to the parser. */
  public String fileName() {
    return fileName;
  }

  /** The number of GUIDs, in file order (repeats included). */
  public int size() {
    return guids.length;
  }

  /** The {@code i}-th GUID of the file. */
  public long guid(int i) {
    return guids[i];
  }

  /** The line (from 1) of the {@code i}-th GUID. */
  public int line(int i) {
    return lines[i];
  }

  /** The column (from 1) where the {@code i}-th GUID starts. */
  public int column(int i) {
    return columns[i];
  }

  /** {@code file:line:column} of the {@code i}-th GUID, to prefix a message about it. */
  public String where(int i) {
    return fileName + ":" + lines[i] + ":" + columns[i];
  }
}
