package org.ibrouting.io;

import java.io.IOException;

/**
 * A syntax or consistency error in an input file, with its position. Printed compiler-style: {@code
 * fabric.txt:118:23: expected a port number after '[', found 'x'}.
 */
public class ParseException extends IOException {
  private static final long serialVersionUID = 1L;
  private final String file;
  private final int line;
  private final int column;
  private final String problem;

  /**
   * Creates the exception.
   *
   * @param file the file name as the user gave it
   * @param line 1-based line number (0 when the problem concerns the whole file)
   * @param column 1-based column (0 when unknown)
   * @param problem what was expected and what was found
   */
  public ParseException(String file, int line, int column, String problem) {
    super(file + ":" + line + ":" + column + ": " + problem);
    this.file = file;
    this.line = line;
    this.column = column;
    this.problem = problem;
  }

  /** The file name. */
  public String file() {
    return file;
  }

  /** The 1-based line number. */
  public int line() {
    return line;
  }

  /** The 1-based column. */
  public int column() {
    return column;
  }

  /** The problem without the position. */
  public String problem() {
    return problem;
  }
}
