package org.ibrouting.simulation;

import org.ibrouting.fabric.InputFileException;

/**
 * A job-to-node map file could not be read: where ({@code file:line:column}) and what was
 * expected, compiler-style.
 */
public class JobMapException extends InputFileException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception; {@code line} and {@code column} count from 1. */
  public JobMapException(String file, int line, int column, String message) {
    super(file, line, column, message);
  }
}
