package org.ibrouting.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Runs infiniband-diags tools ({@code ibnetdiscover}, {@code dump_fts}, {@code saquery}) as {@code
 * WRAPPER TOOL ARGS} when a wrapper is given ({@code --wrapper ibsim-run} under ibsim), else as
 * {@code TOOL ARGS}, each with a time limit; what a tool prints on standard output is returned, and
 * a tool that fails is an {@link IOException} with its standard error.
 */
final class DiagnosticTools {
  /** The tools that take the port options ({@code -C CA -P PORT}). */
  private static final java.util.Set<String> DIAGS =
      java.util.Set.of(
          "ibnetdiscover", "dump_fts", "saquery", "ibroute", "smpquery", "smpdump", "iblinkinfo");

  private final List<String> wrapper;
  private final List<String> portArgs;
  private final Path workDir;

  /**
   * Tools run under {@code wrapper} (split at blanks; empty for none), in {@code workDir}, where
   * their output is kept while they run.
   */
  DiagnosticTools(String wrapper, Path workDir) throws IOException {
    this(wrapper, null, 0, workDir);
  }

  /**
   * As {@link #DiagnosticTools(String, Path)}, with every infiniband-diags tool sent through the
   * local port {@code caPort} of {@code ca} ({@code -C CA -P PORT}; null and 0: the tools' default,
   * the first active port).
   */
  DiagnosticTools(String wrapper, String ca, int caPort, Path workDir) throws IOException {
    this.wrapper =
        wrapper == null || wrapper.isBlank() ? List.of() : List.of(wrapper.strip().split("\\s+"));
    List<String> port = new java.util.ArrayList<>();
    if (ca != null) {
      port.addAll(List.of("-C", ca));
    }
    if (caPort > 0) {
      port.addAll(List.of("-P", Integer.toString(caPort)));
    }
    this.portArgs = List.copyOf(port);
    this.workDir = workDir;
    Files.createDirectories(workDir);
  }

  /** The port options every infiniband-diags tool gets, as one string for a shell script. */
  String portOptions() {
    return String.join(" ", portArgs);
  }

  /** The wrapper words (empty for none). */
  List<String> wrapper() {
    return wrapper;
  }

  /** Runs {@code command} (tool and arguments) and returns its standard output. */
  String run(List<String> command, long timeoutSeconds) throws IOException {
    List<String> full = new ArrayList<>(wrapper);
    full.add(command.get(0));
    if (DIAGS.contains(command.get(0))) {
      full.addAll(portArgs);
    }
    full.addAll(command.subList(1, command.size()));
    Path out = Files.createTempFile(workDir, command.get(0) + ".", ".out");
    Path err = Files.createTempFile(workDir, command.get(0) + ".", ".err");
    try {
      Process p =
          new ProcessBuilder(full)
              .directory(workDir.toFile())
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
              .start();
      try {
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          throw new IOException(
              String.join(" ", full) + " did not finish within " + timeoutSeconds + " s");
        }
      } catch (InterruptedException e) {
        p.destroyForcibly();
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while " + String.join(" ", full) + " ran", e);
      }
      if (p.exitValue() != 0) {
        String message = Files.readString(err, StandardCharsets.UTF_8).strip();
        throw new IOException(
            String.join(" ", full)
                + " exited with status "
                + p.exitValue()
                + (message.isEmpty() ? "" : ": " + lastLines(message, 3)));
      }
      return Files.readString(out, StandardCharsets.UTF_8);
    } catch (IOException e) {
      if (e.getMessage() != null && e.getMessage().startsWith("Cannot run program")) {
        throw new IOException(
            "cannot run "
                + full.get(0)
                + (wrapper.isEmpty()
                    ? " (is infiniband-diags installed and on the PATH?)"
                    : " (the --wrapper)"),
            e);
      }
      throw e;
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  /**
   * Runs the commands, at most {@code parallel} at a time, and returns their outputs in order; the
   * first failure is thrown once all have ended.
   */
  List<String> runAll(List<List<String>> commands, int parallel, long timeoutSeconds)
      throws IOException {
    List<Object> results = results(commands, parallel, timeoutSeconds);
    List<String> outputs = new ArrayList<>();
    for (Object r : results) {
      if (r instanceof IOException e) {
        throw e;
      }
      outputs.add((String) r);
    }
    return outputs;
  }

  /** As {@link #runAll}, but a command that fails gives null in its place. */
  List<String> runEach(List<List<String>> commands, int parallel, long timeoutSeconds)
      throws IOException {
    List<String> outputs = new ArrayList<>();
    for (Object r : results(commands, parallel, timeoutSeconds)) {
      outputs.add(r instanceof String output ? output : null);
    }
    return outputs;
  }

  /** Each command's output, or the IOException it failed with. */
  private List<Object> results(List<List<String>> commands, int parallel, long timeoutSeconds)
      throws IOException {
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, parallel));
    try {
      List<Future<String>> futures = new ArrayList<>();
      for (List<String> command : commands) {
        futures.add(pool.submit(() -> run(command, timeoutSeconds)));
      }
      List<Object> results = new ArrayList<>();
      for (Future<String> f : futures) {
        try {
          results.add(f.get());
        } catch (ExecutionException e) {
          results.add(e.getCause() instanceof IOException io ? io : new IOException(e.getCause()));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted while the tools ran", e);
        }
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }

  private static String lastLines(String text, int n) {
    String[] lines = text.split("\n");
    return String.join(" / ", List.of(lines).subList(Math.max(0, lines.length - n), lines.length));
  }
}
