package org.ibrouting.io.internal;

import org.ibrouting.io.ParseException;

/**
 * Not API. A cursor over one input line that reads the small tokens of text formats (numbers, hex
 * GUIDs, expected characters) and reports problems as a {@link ParseException} with line and
 * column.
 */
public final class LineCursor {
  private final String file;
  private final int lineNumber;
  private final String line;
  private int pos;

  /** A cursor at the start of {@code line}, line number {@code lineNumber} of {@code file}. */
  public LineCursor(String file, int lineNumber, String line) {
    this.file = file;
    this.lineNumber = lineNumber;
    this.line = line;
  }

  /** The 1-based line number. */
  public int lineNumber() {
    return lineNumber;
  }

  /** The current 0-based position. */
  public int pos() {
    return pos;
  }

  /** Moves to a 0-based position. */
  public void seek(int newPos) {
    pos = newPos;
  }

  /** The whole line. */
  public String line() {
    return line;
  }

  /** Whether the cursor is at the end of the line (after skipping nothing). */
  public boolean atEnd() {
    return pos >= line.length();
  }

  /** The character at the cursor, or 0 at the end. */
  public char peek() {
    return pos < line.length() ? line.charAt(pos) : 0;
  }

  /** Skips spaces and tabs. */
  public LineCursor skipBlanks() {
    while (pos < line.length() && (line.charAt(pos) == ' ' || line.charAt(pos) == '\t')) {
      pos++;
    }
    return this;
  }

  /** Whether the rest of the line starts with {@code text}; if so, moves past it. */
  public boolean consume(String text) {
    if (line.startsWith(text, pos)) {
      pos += text.length();
      return true;
    }
    return false;
  }

  /** Moves past {@code text}, or fails saying it was expected. */
  public LineCursor expect(String text, String what) throws ParseException {
    if (!consume(text)) {
      throw error("expected " + what + ", found " + found());
    }
    return this;
  }

  /** Reads a non-negative decimal integer. */
  public int readInt(String what) throws ParseException {
    int start = pos;
    long value = 0;
    while (pos < line.length()
        && Character.isDigit(line.charAt(pos))
        && value <= Integer.MAX_VALUE) {
      value = value * 10 + (line.charAt(pos) - '0');
      pos++;
    }
    if (pos == start) {
      throw error("expected " + what + " (a decimal number), found " + found());
    }
    if (value > Integer.MAX_VALUE) {
      pos = start;
      throw error(what + " is too large");
    }
    return (int) value;
  }

  /** Reads hex digits (without {@code 0x}) as an unsigned 64-bit value. */
  public long readHex(String what) throws ParseException {
    int start = pos;
    long value = 0;
    while (pos < line.length() && Character.digit(line.charAt(pos), 16) >= 0) {
      if (pos - start >= 16) {
        pos = start;
        throw error(what + " has more than 16 hex digits");
      }
      value = (value << 4) | Character.digit(line.charAt(pos), 16);
      pos++;
    }
    if (pos == start) {
      throw error("expected " + what + " (hex digits), found " + found());
    }
    return value;
  }

  /** Reads {@code 0x} and hex digits. */
  public long readHex0x(String what) throws ParseException {
    if (!consume("0x") && !consume("0X")) {
      throw error("expected " + what + " (0x and hex digits), found " + found());
    }
    return readHex(what);
  }

  /** A description of what stands at the cursor, for messages. */
  public String found() {
    if (pos >= line.length()) {
      return "end of line";
    }
    int end = Math.min(line.length(), pos + 12);
    return "'"
        + line.substring(pos, end).replace("\t", "\\t")
        + (end < line.length() ? "...'" : "'");
  }

  /** A parse error at the cursor. */
  public ParseException error(String problem) {
    return new ParseException(file, lineNumber, pos + 1, problem);
  }

  /** A parse error at a 0-based position of this line. */
  public ParseException errorAt(int at, String problem) {
    return new ParseException(file, lineNumber, at + 1, problem);
  }
}
