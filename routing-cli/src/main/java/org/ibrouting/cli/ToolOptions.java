package org.ibrouting.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import picocli.CommandLine.Option;

/**
 * How the commands that read a live fabric ({@code serve}, {@code audit}) run the diagnostic tools:
 * under a wrapper, through which HCA port, in a scratch directory of their own.
 */
final class ToolOptions {
  @Option(
      names = "--wrapper",
      paramLabel = "CMD",
      description = "Run every diagnostic tool as CMD TOOL ARGS (e.g. ibsim-run under ibsim).")
  String wrapper;

  @Option(
      names = "--ca",
      paramLabel = "NAME",
      description =
          "The HCA the diagnostic tools use (their -C; default: the first active port's).")
  String ca;

  @Option(
      names = "--ca-port",
      paramLabel = "N",
      description = "The HCA port the diagnostic tools use (their -P), e.g. the subnet manager's.")
  int caPort;

  /**
   * The tools, working in a new scratch directory (on {@code /dev/shm} where there is one: ibsim's
   * umad2sim builds a fake sysfs tree per tool run there); {@link #close} removes it.
   */
  Scratch open() throws IOException {
    Path shm = Path.of("/dev/shm");
    Path base =
        Files.isDirectory(shm) && Files.isWritable(shm)
            ? shm
            : Path.of(System.getProperty("java.io.tmpdir"));
    Path work = Files.createTempDirectory(base, "ibrouting-tools-");
    return new Scratch(new DiagnosticTools(wrapper, ca, caPort, work), work);
  }

  /** The tools and their scratch directory, removed when closed. */
  record Scratch(DiagnosticTools tools, Path dir) implements AutoCloseable {
    @Override
    public void close() throws IOException {
      if (!Files.exists(dir)) {
        return;
      }
      try (var files = Files.walk(dir)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }

    /** Removes the directory, ignoring what cannot be removed (for a shutdown hook). */
    void deleteQuietly() {
      try {
        close();
      } catch (IOException | java.io.UncheckedIOException e) {
        // left behind; nothing reads it again
      }
    }
  }
}
