package org.ibrouting.bench;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * The fail-in-place study's tests run it on a tiny grid: the 2-ary 3-tree, 20% of its links or 10%
 * of its switches failed, 20 patterns, no OpenSM engine.
 */
final class TinyStudy {
  private TinyStudy() {}

  /** {@link FailInPlace}'s arguments for {@code seeds} seeds of {@code engines} on the grid. */
  static List<String> args(int seeds, String engines, Path work, Path resultsMd, Path plots) {
    return List.of(
        "--topologies",
        "ktree 2 3",
        "--link-rates",
        "20",
        "--switch-rates",
        "10",
        "--seeds",
        Integer.toString(seeds),
        "--engines",
        engines,
        "--opensm-engines",
        "none",
        "--patterns",
        "20",
        "--work",
        work.toString(),
        "--results",
        resultsMd.toString(),
        "--plots",
        plots.toString());
  }

  /** Runs {@link FailInPlace#main} with {@code args}, its output and errors swallowed. */
  static void run(List<String> args) throws Exception {
    PrintStream out = System.out;
    PrintStream err = System.err;
    try {
      System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
      FailInPlace.main(args.toArray(String[]::new));
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
  }
}
