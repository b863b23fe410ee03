package org.ibrouting.fabric;

/**
 * A line of an input file that routing-core reads itself (GUID lists, job maps) is malformed or
 * names something the fabric does not have. Printed compiler-style, {@code file:line:column: what
 * was expected, what was found}, as lft-io's {@code ParseException} prints the fabric and dump
 * formats.
 */
public class InputFileException extends Exception {
  private static final long serialVersionUID = 1L;
  private final String file;
  private final int line;
  private final int column;
  private final String problem;

  /** Creates the exception; {@code line} and {@code column} count from 1. */
  public InputFileException(String file, int line, int column, String problem) {
    super(file + ":" + line + ":" + column + ": " + problem);
    this.file = file;
    this.line = line;
    this.column = column;
    this.problem = problem;
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

  /** The problem without the position. */
  public String problem() {
    return problem;
  }
}
