package org.ibrouting.fabric;

/**
 * A GUID list file could not be read: says where ({@code file:line:column}) and what was expected,
 * compiler-style.
 */
public class GuidFileException extends Exception {
  private static final long serialVersionUID = 1L;
  private final String file;
  private final int line;
  private final int column;

  /** Creates the exception; {@code line} and {@code column} count from 1. */
  public GuidFileException(String file, int line, int column, String message) {
    super(file + ":" + line + ":" + column + ": " + message);
    this.file = file;
    this.line = line;
    this.column = column;
  }

  /** The file name as given to the parser. */
  public String file() {
    return file;
  }

  /** The line, from 1. */
  public int line() {
    return line;
  }

  /** The column, from 1. */
  public int column() {
    return column;
  }
}
