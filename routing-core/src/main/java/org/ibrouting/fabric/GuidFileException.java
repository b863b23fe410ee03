package org.ibrouting.fabric;

/** A GUID list file could not be read: where ({@code file:line:column}) and what was expected. */
public class GuidFileException extends InputFileException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception; {@code line} and {@code column} count from 1. */
  public GuidFileException(String file, int line, int column, String message) {
    super(file, line, column, message);
  }
}
