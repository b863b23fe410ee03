package org.ibrouting.cli;

import java.io.PrintStream;
import org.ibrouting.routing.ProgressListener;
import org.ibrouting.routing.RoutingOptions;
import picocli.CommandLine.Option;

/** Options every command shares. */
final class CommonOptions {
  @Option(names = "--json", description = "Print one JSON object to stdout instead of text.")
  boolean json;

  @Option(names = {"-q", "--quiet"}, description = "No progress or summary on stderr/stdout.")
  boolean quiet;

  @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: all cores).")
  int threads = RoutingOptions.defaultThreads();

  /** A progress listener that prints at most a few lines a second to stderr, or nothing. */
  ProgressListener progress() {
    if (quiet || json) {
      return ProgressListener.SILENT;
    }
    PrintStream err = System.err;
    long[] last = {0};
    return (phase, done, total) -> {
      long now = System.nanoTime();
      if (done == total || now - last[0] > 500_000_000L) {
        last[0] = now;
        err.printf("%s: %d/%d%n", phase, done, total);
      }
    };
  }
}
