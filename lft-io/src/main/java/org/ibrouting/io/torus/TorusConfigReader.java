package org.ibrouting.io.torus;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ibrouting.io.ParseException;
import org.ibrouting.io.internal.TextInput;
import org.ibrouting.topology.TorusConfig;

/**
 * Reads OpenSM's {@code torus-2QoS.conf} (torus-2QoS.conf(5)) into a {@link TorusConfig}.
 *
 * <p>The grammar is OpenSM's ({@code parse_config} in {@code osm_torus.c}): tokens are separated by
 * spaces, tabs, CR and LF; a line whose first token starts with {@code #} is a comment; tokens
 * after a keyword's arguments are ignored. Keywords: {@code torus}/{@code mesh X Y Z} (each radix
 * optionally suffixed {@code t}/{@code T} for a ring or {@code m}/{@code M} for a mesh), {@code
 * xp_link}, {@code xm_link}, {@code yp_link}, {@code ym_link}, {@code zp_link}, {@code zm_link GUID
 * GUID}, {@code x_dateline}, {@code y_dateline}, {@code z_dateline OFFSET}, {@code next_seed},
 * {@code portgroup_max_ports N}, {@code port_order P...}, {@code max_changes N}. Numbers are read
 * as C's {@code strtoul(.., 0)} reads them: {@code 0x} hex, a leading {@code 0} octal, else
 * decimal.
 *
 * <p>Everything OpenSM refuses to load is an error here too, with {@code file:line:column}: an
 * unknown keyword (OpenSM's ERR 4E12), a missing argument (4E13), a second {@code torus} or {@code
 * mesh} line, a dateline before the {@code torus} line or outside {@code -radix..radix} (4E10), a
 * file without a {@code torus} or {@code mesh} line (4E20). Stricter than OpenSM, which reads a
 * malformed number as 0 or its valid prefix: a token that is not entirely a number (a radix may end
 * in one of {@code tTmM}) is an error, and so is a radix of 0 or a port above 254.
 */
public final class TorusConfigReader {
  private static final String SEPARATORS = " \t\r\n";

  private TorusConfigReader() {}

  /** Reads {@code file} (plain or gzipped). */
  public static TorusConfig read(Path file) throws IOException {
    return TextInput.read(file, TorusConfigReader::read);
  }

  /** Reads from {@code reader}; {@code fileName} is used in messages. */
  public static TorusConfig read(Reader reader, String fileName) throws IOException {
    BufferedReader in = TextInput.buffered(reader);
    Parser p = new Parser(fileName);
    int lineNumber = 0;
    for (String line; (line = in.readLine()) != null; ) {
      p.line(++lineNumber, line);
    }
    return p.finish();
  }

  /** The keyword state of one file. */
  private static final class Parser {
    private final String file;
    private final TorusConfig.Builder config = TorusConfig.builder();
    private int[] radix;
    // tokens of the current line
    private final List<String> tokens = new ArrayList<>();
    private final List<Integer> columns = new ArrayList<>();
    private int lineNumber;
    private String line;
    private int next;

    Parser(String file) {
      this.file = file;
    }

    void line(int number, String text) throws ParseException {
      lineNumber = number;
      line = text;
      tokens.clear();
      columns.clear();
      int i = 0;
      while (i < text.length()) {
        while (i < text.length() && SEPARATORS.indexOf(text.charAt(i)) >= 0) {
          i++;
        }
        int start = i;
        while (i < text.length() && SEPARATORS.indexOf(text.charAt(i)) < 0) {
          i++;
        }
        if (i > start) {
          tokens.add(text.substring(start, i));
          columns.add(start + 1);
        }
      }
      if (tokens.isEmpty() || tokens.get(0).startsWith("#")) {
        return;
      }
      next = 1;
      String keyword = tokens.get(0);
      switch (keyword) {
        case "torus", "mesh" -> size(keyword);
        case "xp_link", "xm_link", "yp_link", "ym_link", "zp_link", "zm_link" -> link(keyword);
        case "x_dateline", "y_dateline", "z_dateline" -> dateline(keyword);
        case "next_seed" -> config.nextSeed();
        case "portgroup_max_ports" ->
            config.portgroupMaxPorts(
                (int) unsigned("the maximum ports per port group", Integer.MAX_VALUE));
        case "max_changes" ->
            config.maxChanges(
                (int) unsigned("the maximum number of reported changes", Integer.MAX_VALUE));
        case "port_order" -> portOrder();
        default ->
            throw new ParseException(
                file,
                lineNumber,
                1,
                "expected a torus-2QoS.conf keyword"
                    + " (torus, mesh, xp_link, xm_link, yp_link, ym_link, zp_link, zm_link, x_dateline,"
                    + " y_dateline, z_dateline, next_seed, portgroup_max_ports, port_order, max_changes),"
                    + " found '"
                    + keyword
                    + "'");
      }
    }

    private void size(String keyword) throws ParseException {
      if (radix != null) {
        throw new ParseException(
            file,
            lineNumber,
            1,
            "a second '"
                + keyword
                + "' line; the torus size"
                + " is given once (OpenSM fails on it)");
      }
      int[] r = new int[TorusConfig.MAX_DIMS];
      boolean[] mesh = new boolean[TorusConfig.MAX_DIMS];
      for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
        String what =
            "the radix of dimension "
                + "xyz".charAt(d)
                + " (a number, optionally followed by t or m)";
        int column = column();
        String token = token(what);
        char last = token.charAt(token.length() - 1);
        boolean suffix = "tTmM".indexOf(last) >= 0 && token.length() > 1;
        long value =
            number(suffix ? token.substring(0, token.length() - 1) : token, column, what, 0xFFFF);
        if (value < 1) {
          throw new ParseException(
              file,
              lineNumber,
              column,
              "radix 0 in dimension "
                  + "xyz".charAt(d)
                  + ": every radix is at least 1 (1 leaves the dimension out)");
        }
        r[d] = (int) value;
        mesh[d] = keyword.equals("mesh");
        if (suffix) {
          mesh[d] = last == 'm' || last == 'M';
        }
      }
      radix = r;
      config.size(r[0], r[1], r[2]);
      for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
        config.mesh(d, mesh[d]);
      }
    }

    private void link(String keyword) throws ParseException {
      int dim = keyword.charAt(0) - 'x';
      boolean positive = keyword.charAt(1) == 'p';
      long from = guid("the GUID of the seed switch");
      long to =
          guid(
              "the GUID of its neighbour in the "
                  + (positive ? "positive " : "negative ")
                  + keyword.charAt(0)
                  + " direction");
      config.link(dim, positive, from, to);
    }

    private void dateline(String keyword) throws ParseException {
      int dim = keyword.charAt(0) - 'x';
      int column = column();
      String token = token("the dateline offset of dimension " + keyword.charAt(0));
      boolean negative = token.startsWith("-");
      String digits = negative || token.startsWith("+") ? token.substring(1) : token;
      long value = number(digits, column, "a dateline offset (an integer)", 0xFFFF);
      int offset = (int) (negative ? -value : value);
      if (radix == null) {
        throw new ParseException(
            file,
            lineNumber,
            1,
            "'"
                + keyword
                + "' before the torus or mesh"
                + " line: the dateline is checked against the radix (OpenSM fails on it: ERR 4E10)");
      }
      int max = radix[dim];
      if (offset <= -max || offset >= max) {
        throw new ParseException(
            file,
            lineNumber,
            column,
            "dateline "
                + offset
                + " of dimension "
                + keyword.charAt(0)
                + " must lie strictly between "
                + -max
                + " and "
                + max
                + " (ERR 4E10)");
      }
      config.dateline(dim, offset);
    }

    private void portOrder() throws ParseException {
      int[] ports = new int[tokens.size() - next];
      for (int i = 0; i < ports.length; i++) {
        ports[i] = (int) unsigned("a port number 0-" + TorusConfig.MAX_PORT, TorusConfig.MAX_PORT);
      }
      config.portOrder(ports);
    }

    private int column() {
      return next < tokens.size() ? columns.get(next) : line.length() + 1;
    }

    private String token(String what) throws ParseException {
      if (next >= tokens.size()) {
        throw new ParseException(
            file,
            lineNumber,
            line.length() + 1,
            "expected " + what + " after '" + tokens.get(0) + "', found the end of the line");
      }
      return tokens.get(next++);
    }

    private long unsigned(String what, long max) throws ParseException {
      int column = column();
      return number(token(what), column, what, max);
    }

    private long guid(String what) throws ParseException {
      int column = column();
      String token = token(what + " (0x... or a decimal number)");
      return number(token, column, what + " (0x... or a decimal number)", -1);
    }

    /**
     * Parses {@code text} as {@code strtoull(text, 0)} would, requiring that all of it is the
     * number; {@code max} -1 allows every unsigned 64-bit value.
     */
    private long number(String text, int column, String what, long max) throws ParseException {
      int radixBase = 10;
      String digits = text;
      if (text.startsWith("0x") || text.startsWith("0X")) {
        radixBase = 16;
        digits = text.substring(2);
      } else if (text.length() > 1 && text.startsWith("0")) {
        radixBase = 8;
        digits = text.substring(1);
      }
      long value = 0;
      boolean overflow = digits.isEmpty();
      for (int i = 0; i < digits.length() && !overflow; i++) {
        int digit = Character.digit(digits.charAt(i), radixBase);
        if (digit < 0 || Long.compareUnsigned(value, Long.divideUnsigned(-1L, radixBase)) > 0) {
          overflow = true;
          break;
        }
        long shifted = value * radixBase;
        value = shifted + digit;
        if (Long.compareUnsigned(value, shifted) < 0) {
          overflow = true;
        }
      }
      if (overflow) {
        throw new ParseException(
            file, lineNumber, column, "expected " + what + ", found '" + text + "'");
      }
      if (max >= 0 && Long.compareUnsigned(value, max) > 0) {
        throw new ParseException(
            file,
            lineNumber,
            column,
            "expected " + what + ", found " + text + ", which is above " + max);
      }
      return value;
    }

    TorusConfig finish() throws ParseException {
      if (radix == null) {
        throw new ParseException(
            file,
            1,
            1,
            "no 'torus' or 'mesh' line: torus-2QoS needs the radix"
                + " of every dimension, e.g. 'torus 4 4 4' (OpenSM: ERR 4E20)");
      }
      return config.build();
    }
  }
}
