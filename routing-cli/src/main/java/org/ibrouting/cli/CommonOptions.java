package org.ibrouting.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.ibrouting.routing.ProgressListener;
import org.ibrouting.routing.RoutingOptions;
import picocli.CommandLine.Option;

/** Options every command shares. */
final class CommonOptions {
  @Option(names = "--json", description = "Print one JSON object to stdout instead of text.")
  boolean json;

  @Option(
      names = {"-q", "--quiet"},
      description = "No progress or summary on stderr/stdout.")
  boolean quiet;

  @Option(
      names = "--progress",
      description =
          "Show routing progress (percent, ETA) on stderr even"
              + " when it is not a terminal (on a terminal it is shown anyway); never with --quiet or --json.")
  boolean showProgress;

  @Option(
      names = "--threads",
      paramLabel = "N",
      description = "Worker threads (default: all cores).")
  int threads = RoutingOptions.defaultThreads();

  private ProgressPrinter printer;

  /**
   * The progress listener for routing runs: a {@link ProgressPrinter} on stderr when stderr is a
   * terminal or {@code --progress} asks for it, nothing with {@code --quiet} or {@code --json}.
   */
  ProgressListener progress() {
    if (quiet || json) {
      return ProgressListener.SILENT;
    }
    boolean terminal = stderrIsTerminal();
    if (!terminal && !showProgress) {
      return ProgressListener.SILENT;
    }
    if (printer == null) {
      printer = new ProgressPrinter(System.err, terminal, System::nanoTime);
    }
    return printer;
  }

  /** Ends the progress display of one routing run (clears the terminal line). */
  void endProgress() {
    if (printer != null) {
      printer.finish();
    }
  }

  /** Whether file descriptor 2 is a terminal (Linux: /proc/self/fd/2 names a tty or pty). */
  static boolean stderrIsTerminal() {
    try {
      String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
      return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      return System.console() != null;
    }
  }
}
