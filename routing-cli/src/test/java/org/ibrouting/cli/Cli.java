package org.ibrouting.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Runs the command line in this JVM, as a user would, and keeps its exit status and output. */
final class Cli {
  private Cli() {}

  /** Output and exit status of one run. */
  record Run(int status, String out, String err) {}

  /** Runs {@code ibrouting args}, capturing stdout and stderr. */
  static synchronized Run run(String... args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      int status = IbRouting.run(args);
      return new Run(
          status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
  }

  /**
   * Runs a command line written as a user types it: {@code line}'s words split at spaces, each
   * {@code {}} standing for the next of {@code words} as one word (a path may hold spaces).
   */
  static Run cli(String line, Object... words) {
    return run(words(line, words));
  }

  /** Runs a command line as {@link #cli} does and asserts that it exits 0 (the output if not). */
  static Run succeeds(String line, Object... words) {
    Run r = cli(line, words);
    assertEquals(0, r.status(), r.out() + r.err());
    return r;
  }

  /** The arguments of {@code line}, each {@code {}} replaced by the next of {@code words}. */
  static String[] words(String line, Object... words) {
    List<String> args = new ArrayList<>();
    int next = 0;
    for (String word : line.trim().split(" +")) {
      args.add(word.equals("{}") ? String.valueOf(words[next++]) : word);
    }
    if (next != words.length) {
      throw new IllegalArgumentException(
          words.length + " words for " + next + " {} in '" + line + "'");
    }
    return args.toArray(String[]::new);
  }
}
