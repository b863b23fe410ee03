package org.ibrouting.io.testing;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import net.jqwik.api.RandomGenerator;
import org.ibrouting.io.ParseException;

/**
 * Runs a parser on damaged copies of real inputs ({@link InputMutator}) and checks that every one
 * is either read or rejected with an accepted error that names the file, a line within the input
 * and a column within that line. Anything else (NullPointerException, IndexOutOfBounds,
 * NumberFormatException, an IOException that is no ParseException, ...) is a failure: the input is
 * saved under {@code target/fuzz-failures}, together with a copy reduced line by line to what still
 * fails the same way, for a regression test.
 *
 * <p>Deterministic: the same seed and tries give the same inputs.
 */
public final class ParserFuzzer {
  private ParserFuzzer() {}

  /** The parser under test; {@code context} is the seed's (e.g. the fabric a dump belongs to). */
  public interface Parser {
    /** Reads {@code file}; returns normally when it is accepted. */
    void parse(Path file, Object context) throws Exception;
  }

  /**
   * Where an error points: file, 1-based line and column (0 when the error names none), and the
   * problem text after the position.
   */
  public record Position(String file, int line, int column, String problem) {}

  /** Recognises accepted errors. */
  public interface ErrorReader {
    /**
     * The position an accepted error gives, or null when {@code error} is not an accepted one.
     *
     * @throws AssertionError when the error is of an accepted type but its message is malformed
     */
    Position positionOf(Throwable error);
  }

  /** Accepts {@link ParseException} whose message is {@code file:line:column: problem}. */
  public static final ErrorReader PARSE_EXCEPTION =
      error -> {
        if (!(error instanceof ParseException e)) {
          return null;
        }
        String expected = e.file() + ":" + e.line() + ":" + e.column() + ": " + e.problem();
        if (!expected.equals(e.getMessage()) || e.problem().isBlank()) {
          throw new AssertionError("message is not 'file:line:column: problem': " + e.getMessage());
        }
        return new Position(e.file(), e.line(), e.column(), e.problem());
      };

  /** A real input to damage, with what its parser needs besides the file. */
  public record Seed(String name, String text, Object context) {}

  /** What a run did. */
  public record Result(
      String format,
      int tried,
      int parsed,
      int rejected,
      List<String> failures,
      double cpuSeconds) {
    /** One line for the test log. */
    public String summary() {
      return String.format(
          Locale.ROOT,
          "fuzz %-6s %7d inputs: %7d read, %7d rejected with a"
              + " positioned error, %d failures (%.1f s CPU)",
          format,
          tried,
          parsed,
          rejected,
          failures.size(),
          cpuSeconds);
    }
  }

  /**
   * The number of inputs per format: system property {@code ibrouting.fuzz.tries}, else {@code
   * dflt}.
   */
  public static int tries(int dflt) {
    return Integer.getInteger("ibrouting.fuzz.tries", dflt);
  }

  /** The fuzzing seed: system property {@code ibrouting.fuzz.seed}, else a fixed one. */
  public static long seed() {
    return Long.getLong("ibrouting.fuzz.seed", 20_261_122L);
  }

  private static final int MAX_FAILURES = 10;
  private static final int MINIMIZE_BUDGET = 2_000;

  /**
   * Feeds {@code tries} damaged inputs to {@code parser}; {@code dir} holds the scratch file and
   * the saved failures. Stops after {@value #MAX_FAILURES} failures. Positions refer to the
   * uncompressed lines of an input that starts as gzip.
   */
  public static Result run(
      String format,
      List<Seed> seeds,
      Parser parser,
      ErrorReader errors,
      int tries,
      long seed,
      Path dir)
      throws IOException {
    long cpuStart =
        java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    Files.createDirectories(dir);
    Path file = dir.resolve(format + ".input");
    Random random = new Random(seed ^ format.hashCode());
    RandomGenerator<InputMutator.Plan> plans = InputMutator.plans().generator(1000);
    int parsed = 0;
    int rejected = 0;
    int tried = 0;
    List<String> failures = new ArrayList<>();
    List<InputMutator.Text> split = new ArrayList<>();
    for (Seed input : seeds) {
      split.add(InputMutator.split(input.text()));
    }
    for (; tried < tries && failures.size() < MAX_FAILURES; tried++) {
      int pick = random.nextInt(seeds.size());
      Seed input = seeds.get(pick);
      InputMutator.Plan plan = plans.next(random).value();
      InputMutator.Text text = InputMutator.mutate(split.get(pick), plan);
      byte[] bytes = InputMutator.encode(text, plan);
      Probe probe = new Probe(file, parser, input.context(), errors);
      Outcome outcome = probe.check(bytes);
      if (outcome.problem == null) {
        if (outcome.parsed) {
          parsed++;
        } else {
          rejected++;
        }
        continue;
      }
      Path saved = dir.resolve(format + "-failure-" + failures.size() + ".input");
      Files.write(saved, bytes);
      Path minimal =
          minimize(
              text,
              plan,
              probe,
              outcome.signature,
              dir.resolve(format + "-failure-" + failures.size() + ".min"));
      failures.add(
          input.name()
              + " with "
              + plan
              + ": "
              + outcome.problem
              + "\n    saved as "
              + saved.toAbsolutePath()
              + ", reduced to "
              + minimal.toAbsolutePath());
    }
    long cpu =
        java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime()
            - cpuStart;
    return new Result(format, tried, parsed, rejected, failures, cpu / 1e9);
  }

  /** The outcome of one input: read, rejected properly, or a problem with a signature. */
  private record Outcome(boolean parsed, String problem, String signature) {}

  /** One parser on one scratch file, with the context of the seed and the error reader. */
  private record Probe(Path file, Parser parser, Object context, ErrorReader errors) {
    Outcome check(byte[] bytes) throws IOException {
      Files.write(file, bytes);
      try {
        parser.parse(file, context);
        return new Outcome(true, null, null);
      } catch (Throwable error) {
        if (error instanceof VirtualMachineError vm && !(vm instanceof StackOverflowError)) {
          throw vm;
        }
        Position position;
        try {
          position = errors.positionOf(error);
        } catch (AssertionError malformed) {
          return new Outcome(false, malformed.getMessage(), "malformed message");
        }
        if (position == null) {
          return new Outcome(false, "threw " + trace(error), signature(error));
        }
        String problem = positionProblem(position, file, bytes);
        return problem == null
            ? new Outcome(false, null, null)
            : new Outcome(false, problem + ": " + error.getMessage(), "position");
      }
    }
  }

  /** What is wrong with the position, or null. */
  private static String positionProblem(Position p, Path file, byte[] bytes) {
    if (!p.file().equals(file.toString())) {
      return "names file '" + p.file() + "', not '" + file + "'";
    }
    if (p.line() == 0 && p.column() == 0) {
      return null;
    }
    List<String> lines = linesAsRead(bytes);
    int numLines = lines.size();
    if (p.line() < 1 || p.line() > Math.max(1, numLines + 1)) {
      return "line " + p.line() + " is outside the input's " + numLines + " lines";
    }
    int length = p.line() <= numLines ? lines.get(p.line() - 1).length() : 0;
    if (p.column() < 1 || p.column() > length + 1) {
      return "column "
          + p.column()
          + " is outside line "
          + p.line()
          + " of "
          + length
          + " characters";
    }
    return null;
  }

  /** The lines a reader sees: gunzipped as far as the data goes, UTF-8 with replacement. */
  static List<String> linesAsRead(byte[] bytes) {
    byte[] text = bytes;
    if (bytes.length >= 2 && (bytes[0] & 0xFF) == 0x1f && (bytes[1] & 0xFF) == 0x8b) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
        byte[] buffer = new byte[8192];
        for (int n; (n = in.read(buffer)) > 0; ) {
          out.write(buffer, 0, n);
        }
      } catch (IOException e) {
        // truncated or corrupt: what came out before
      }
      text = out.toByteArray();
    }
    List<String> lines = new ArrayList<>();
    try (BufferedReader in =
        new BufferedReader(new StringReader(new String(text, StandardCharsets.UTF_8)))) {
      for (String line; (line = in.readLine()) != null; ) {
        lines.add(line);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return lines;
  }

  private static String signature(Throwable error) {
    StackTraceElement[] frames = error.getStackTrace();
    for (StackTraceElement frame : frames) {
      if (frame.getClassName().startsWith("org.ibrouting.")) {
        return error.getClass().getName() + " at " + frame;
      }
    }
    return error.getClass().getName();
  }

  private static String trace(Throwable error) {
    StringBuilder sb = new StringBuilder(error.toString());
    StackTraceElement[] frames = error.getStackTrace();
    for (int i = 0; i < Math.min(8, frames.length); i++) {
      sb.append("\n      at ").append(frames[i]);
    }
    return sb.toString();
  }

  /**
   * Removes chunks of lines (halving the chunk size down to single lines) while the input still
   * fails with the same signature; writes the result to {@code target} and returns it.
   */
  private static Path minimize(
      InputMutator.Text text, InputMutator.Plan plan, Probe probe, String signature, Path target)
      throws IOException {
    List<String> lines = new ArrayList<>(text.lines());
    List<int[]> badBytes = text.badBytes();
    // plain text is easier to read and keep; use it when it fails the same way
    InputMutator.Plan plain =
        new InputMutator.Plan(plan.mutations(), InputMutator.Encoding.PLAIN, 0);
    InputMutator.Plan encoding =
        fails(new InputMutator.Text(lines, text.finalNewline(), badBytes), plain, probe, signature)
            ? plain
            : plan;
    int budget = MINIMIZE_BUDGET;
    for (int chunk = Math.max(1, lines.size() / 2); chunk >= 1 && budget > 0; chunk /= 2) {
      for (int start = 0; start < lines.size() && budget > 0; budget--) {
        List<String> candidate = new ArrayList<>(lines.subList(0, start));
        candidate.addAll(lines.subList(Math.min(lines.size(), start + chunk), lines.size()));
        if (fails(
            new InputMutator.Text(candidate, text.finalNewline(), badBytes),
            encoding,
            probe,
            signature)) {
          lines = candidate;
        } else {
          start += chunk;
        }
      }
    }
    Files.write(
        target,
        InputMutator.encode(new InputMutator.Text(lines, text.finalNewline(), badBytes), encoding));
    return target;
  }

  private static boolean fails(
      InputMutator.Text text, InputMutator.Plan plan, Probe probe, String signature)
      throws IOException {
    Outcome outcome = probe.check(InputMutator.encode(text, plan));
    return signature.equals(outcome.signature);
  }
}
