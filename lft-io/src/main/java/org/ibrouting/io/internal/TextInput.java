package org.ibrouting.io.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import org.ibrouting.io.InputFiles;

/**
 * Not API. The one way the readers open a file and buffer a reader: a file through {@link
 * InputFiles#reader} (gzip detected, a broken gzip named by its line), a reader kept as it is when
 * already buffered, so that such a file's line counting stays in place.
 */
public final class TextInput {
  private TextInput() {}

  /** Parses a whole text; {@code fileName} names it in messages. */
  @FunctionalInterface
  public interface Parser<T> {
    /** The value read from {@code in}. */
    T parse(Reader in, String fileName) throws IOException;
  }

  /** Opens {@code file}, parses it with {@code parser} and closes it. */
  public static <T> T read(Path file, Parser<T> parser) throws IOException {
    try (BufferedReader in = InputFiles.reader(file)) {
      return parser.parse(in, file.toString());
    }
  }

  /** {@code reader} itself when it is buffered, else {@code reader} behind a 64 KiB buffer. */
  public static BufferedReader buffered(Reader reader) {
    return reader instanceof BufferedReader b ? b : new BufferedReader(reader, 1 << 16);
  }
}
