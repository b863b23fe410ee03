package org.ibrouting.io;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Opens input files, decompressing gzip transparently (detected by its magic bytes). A gzip file
 * that is cut short or corrupt gives a {@link ParseException} naming the line where the data breaks
 * off, not a bare {@link EOFException}.
 */
public final class InputFiles {
  private InputFiles() {}

  /**
   * Opens a file as a stream, gunzipping it when it starts with the gzip magic bytes.
   *
   * @throws ParseException when the gzip header is cut short or corrupt
   */
  public static InputStream open(Path file) throws IOException {
    InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
    in.mark(2);
    int b1 = in.read();
    int b2 = in.read();
    in.reset();
    if (b1 == 0x1f && b2 == 0x8b) {
      try {
        return new BufferedInputStream(new GZIPInputStream(in, 1 << 16), 1 << 16);
      } catch (EOFException | ZipException e) {
        in.close();
        throw brokenGzip(file, 1, e);
      }
    }
    return in;
  }

  /**
   * Opens a text file (UTF-8, with invalid bytes replaced), gunzipping it when needed. Its {@code
   * readLine()} throws a {@link ParseException} at the line where gzip data breaks off.
   */
  public static BufferedReader reader(Path file) throws IOException {
    return new LineCountingReader(new InputStreamReader(open(file), StandardCharsets.UTF_8), file);
  }

  private static ParseException brokenGzip(Path file, int line, IOException cause) {
    ParseException e =
        new ParseException(
            file.toString(),
            line,
            1,
            "the gzip data breaks off here"
                + " ("
                + cause.getMessage()
                + "): the file is cut short or corrupt");
    e.initCause(cause);
    return e;
  }

  /** A reader that counts the lines it returned, to say where a gzip stream broke. */
  private static final class LineCountingReader extends BufferedReader {
    private final Path file;
    private int lines;

    LineCountingReader(InputStreamReader in, Path file) {
      super(in, 1 << 16);
      this.file = file;
    }

    @Override
    public String readLine() throws IOException {
      try {
        String line = super.readLine();
        if (line != null) {
          lines++;
        }
        return line;
      } catch (EOFException | ZipException e) {
        throw brokenGzip(file, lines + 1, e);
      }
    }
  }
}
