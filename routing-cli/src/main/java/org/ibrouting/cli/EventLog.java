package org.ibrouting.cli;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Where {@code serve} reports: one JSON object per line, on standard output or appended to a file
 * (flushed per line, so {@code tail -f} and log shippers see each event at once), and a short human
 * line per event on standard error unless quiet.
 */
final class EventLog implements Closeable {
  private final PrintStream out;
  private final boolean ownsOut;
  private final PrintStream err;

  /** Events go to {@code file} (appended; null for standard output). */
  EventLog(Path file, boolean quiet) throws IOException {
    if (file == null) {
      out = System.out;
      ownsOut = false;
    } else {
      if (file.toAbsolutePath().getParent() != null) {
        Files.createDirectories(file.toAbsolutePath().getParent());
      }
      out =
          new PrintStream(
              Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND),
              true,
              StandardCharsets.UTF_8);
      ownsOut = true;
    }
    err = quiet ? null : System.err;
  }

  /** A time as the events write it: ISO-8601 UTC with microseconds. */
  static String time(Instant t) {
    return t == null ? null : t.truncatedTo(ChronoUnit.MICROS).toString();
  }

  /** Writes one event: {@code {"event":KIND,"time":NOW,...fields}}. */
  synchronized void emit(String kind, Json fields, String human) {
    String body = fields.toString();
    StringBuilder line =
        new StringBuilder("{\"event\":\"")
            .append(kind)
            .append("\",\"time\":\"")
            .append(time(Instant.now()))
            .append('"');
    if (body.length() > 2) {
      line.append(',').append(body, 1, body.length());
    } else {
      line.append('}');
    }
    out.println(line);
    out.flush();
    note(kind + ": " + human);
  }

  /** A human line on standard error (nothing when quiet). */
  synchronized void note(String text) {
    if (err != null) {
      err.println("ibrouting serve: " + text);
      err.flush();
    }
  }

  @Override
  public void close() {
    if (ownsOut) {
      out.close();
    }
  }
}
