package org.ibrouting.interop;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Runs a tool to its end for a test: standard output and error into one log file, a time limit
 * after which the process is killed and the test fails with what it printed.
 */
public final class Processes {
  private Processes() {}

  /**
   * How a process ended.
   *
   * @param exitCode its exit status
   * @param output what it printed on standard output and error (malformed UTF-8 replaced)
   */
  public record Finished(int exitCode, String output) {}

  /**
   * Starts {@code builder} with its output in {@code log}, waits up to {@code limit}, and returns
   * its exit status and output; a process still running then is killed and the test fails.
   */
  public static Finished runToEnd(ProcessBuilder builder, Path log, Duration limit)
      throws IOException, InterruptedException {
    Process process = builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
    boolean ended = process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
    if (!ended) {
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
    }
    String output = new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
    assertTrue(
        ended,
        String.join(" ", builder.command()) + " did not end within " + limit + ":\n" + output);
    return new Finished(process.exitValue(), output);
  }
}
