package org.ibrouting.io;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import org.ibrouting.fabric.GuidList;
import org.ibrouting.io.internal.TextInput;

/**
 * Reads a GUID list as OpenSM reads its root ({@code -a}), compute-node ({@code -u}) and I/O-node
 * ({@code -G}) GUID files (complib's {@code parse_node_map}): one GUID a line, a number as C's
 * {@code strtoull(s, 0)} reads it ({@code 0x} hex, a leading {@code 0} octal, else decimal),
 * followed by white space, a {@code #} or the end of the line; anything after the number is a free
 * name and ignored. Blank lines and lines starting with {@code #} are skipped. OpenSM rejects the
 * whole file on a malformed line; so does this reader, naming the line and column.
 */
public final class GuidListReader {
  private GuidListReader() {}

  /**
   * Reads a GUID file (gzipped or not).
   *
   * @throws ParseException for a line that does not start with a 64-bit number
   */
  public static GuidList read(Path file) throws IOException {
    return TextInput.read(file, GuidListReader::parse);
  }

  /**
   * Parses GUID lines; {@code fileName} goes into messages and {@link GuidList#where}.
   *
   * @throws ParseException for a line that does not start with a 64-bit number
   */
  public static GuidList parse(Reader in, String fileName) throws IOException {
    LongArrayList guids = new LongArrayList();
    IntArrayList lines = new IntArrayList();
    IntArrayList columns = new IntArrayList();
    BufferedReader reader = TextInput.buffered(in);
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
      while (end < text.length()
          && !Character.isWhitespace(text.charAt(end))
          && text.charAt(end) != '#') {
        end++;
      }
      guids.add(parseGuid(text.substring(start, end), fileName, lineNo, start + 1));
      lines.add(lineNo);
      columns.add(start + 1);
    }
    return GuidList.fromFile(
        fileName, guids.toLongArray(), lines.toIntArray(), columns.toIntArray());
  }

  private static long parseGuid(String word, String fileName, int line, int column)
      throws ParseException {
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
    throw new ParseException(
        fileName,
        line,
        column,
        "expected a GUID (0x-prefixed hex, octal or"
            + " decimal, at most 64 bits), found '"
            + word
            + "'");
  }
}
