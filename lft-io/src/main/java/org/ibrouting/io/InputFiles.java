package org.ibrouting.io;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/** Opens input files, decompressing gzip transparently (detected by its magic bytes). */
public final class InputFiles {
  private InputFiles() {}

  /** Opens a file as a stream, gunzipping it when it starts with the gzip magic bytes. */
  public static InputStream open(Path file) throws IOException {
    InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
    in.mark(2);
    int b1 = in.read();
    int b2 = in.read();
    in.reset();
    if (b1 == 0x1f && b2 == 0x8b) {
      return new BufferedInputStream(new GZIPInputStream(in, 1 << 16), 1 << 16);
    }
    return in;
  }

  /** Opens a text file (UTF-8, with invalid bytes replaced), gunzipping it when needed. */
  public static BufferedReader reader(Path file) throws IOException {
    return new BufferedReader(new InputStreamReader(open(file), StandardCharsets.UTF_8), 1 << 16);
  }
}
