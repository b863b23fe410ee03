package org.ibrouting.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.ibrouting.routing.ProgressListener;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The progress line on a fake clock: percent, ETA, throttling, quiet first second, terminal vs log.
 */
class ProgressPrinterTest {
  private static final long SECOND = 1_000_000_000L;

  private long now;
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

  private ProgressPrinter printer(boolean terminal) {
    return new ProgressPrinter(
        new PrintStream(bytes, true, StandardCharsets.UTF_8), terminal, () -> now);
  }

  /** A printer whose phase started at 0 and reached {@code done} of {@code total} at 2 s. */
  private ProgressPrinter twoSecondsInto(boolean terminal, String phase, long done, long total) {
    ProgressPrinter p = printer(terminal);
    p.progress(phase, 0, total);
    now = 2 * SECOND;
    p.progress(phase, done, total);
    return p;
  }

  private String printed() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void rendersPercentCountsAndEtaFromThePhaseRate() {
    assertEquals(
        "p2sssp: CA pairs  25.0% (2,500/10,000), ETA 30s",
        ProgressPrinter.render("p2sssp: CA pairs", 2500, 10_000, 10 * SECOND));
    assertEquals("x   0.0% (0/7), ETA unknown", ProgressPrinter.render("x", 0, 7, 3 * SECOND));
    assertEquals("x 100.0% (7/7), done in 4m05s", ProgressPrinter.render("x", 7, 7, 245 * SECOND));
    assertEquals("x 100.0% (0/0), done in 0s", ProgressPrinter.render("x", 0, 0, 0));
    assertEquals("2h03m", ProgressPrinter.duration(7380 * SECOND + SECOND / 3));
    assertEquals("59s", ProgressPrinter.duration(59 * SECOND));
    assertEquals("1m00s", ProgressPrinter.duration(60 * SECOND - SECOND / 4));
  }

  @Test
  void nothingWithinTheFirstSecond() {
    ProgressPrinter p = printer(true);
    p.progress("minhop: lfts", 1, 10);
    now = SECOND / 2;
    p.progress("minhop: lfts", 10, 10);
    p.finish();
    assertEquals("", printed());
  }

  @Test
  void terminalRewritesOneThrottledLineAndClearsIt() {
    ProgressPrinter p = twoSecondsInto(true, "sssp: destinations", 400, 1000);
    now += ProgressPrinter.TERMINAL_INTERVAL_NANOS / 2;
    p.progress("sssp: destinations", 410, 1000); // throttled
    now += ProgressPrinter.TERMINAL_INTERVAL_NANOS;
    p.progress("sssp: destinations", 500, 1000);
    assertEquals(
        "\rsssp: destinations  40.0% (400/1,000), ETA 3s"
            + "\rsssp: destinations  50.0% (500/1,000), ETA 2s",
        printed());
    now += ProgressPrinter.TERMINAL_INTERVAL_NANOS / 2;
    p.progress("sssp: destinations", 1000, 1000); // the end of a phase is never throttled
    assertTrue(
        printed().endsWith("\rsssp: destinations 100.0% (1,000/1,000), done in 2s"), printed());
    int ended = printed().length();
    now += SECOND;
    p.progress("sssp: destinations", 1000, 1000); // nor repeated
    assertEquals(ended, printed().length());
    p.progress("sssp: lfts", 1, 4);
    String shorter = "sssp: lfts  25.0% (1/4), ETA unknown"; // no rate yet
    assertTrue(
        printed()
            .endsWith(
                "\r"
                    + shorter
                    + " "
                        .repeat(
                            "sssp: destinations 100.0% (1,000/1,000), done in 2s".length()
                                - shorter.length())),
        printed());
    int before = printed().length();
    p.finish();
    assertEquals("\r" + " ".repeat(shorter.length()) + "\r", printed().substring(before));
    // the next run is quiet for its first second again
    p.progress("updn: lfts", 1, 2);
    assertEquals(before + shorter.length() + 2, printed().length());
  }

  @Test
  void withoutTerminalPrintsALineEveryFewSeconds() {
    ProgressPrinter p = twoSecondsInto(false, "nue: destinations", 20, 100);
    now += SECOND;
    p.progress("nue: destinations", 30, 100);
    now += ProgressPrinter.LINE_INTERVAL_NANOS;
    p.progress("nue: destinations", 80, 100);
    now += SECOND;
    p.progress("nue: destinations", 100, 100);
    // a phase of less than a second shows nothing in a log
    p.progress("nue: sls", 1, 2);
    now += SECOND / 10;
    p.progress("nue: sls", 2, 2);
    p.finish();
    assertEquals(
        String.join(
                System.lineSeparator(),
                "nue: destinations  20.0% (20/100), ETA 8s",
                "nue: destinations  80.0% (80/100), ETA 2s",
                "nue: destinations 100.0% (100/100), done in 9s")
            + System.lineSeparator(),
        printed());
  }

  @Test
  void quietAndJsonSilenceProgressAndProgressForcesIt() {
    CommonOptions quiet = options("--quiet", "--progress");
    assertSame(ProgressListener.SILENT, quiet.progress());
    CommonOptions json = options("--json", "--progress");
    assertSame(ProgressListener.SILENT, json.progress());
    CommonOptions forced = options("--progress");
    assertTrue(forced.progress() instanceof ProgressPrinter);
    // under the test runner stderr is no terminal: nothing unless asked
    if (!CommonOptions.stderrIsTerminal()) {
      assertSame(ProgressListener.SILENT, options().progress());
    }
  }

  private static CommonOptions options(String... args) {
    @CommandLine.Command(name = "t")
    final class Holder {
      @CommandLine.Mixin CommonOptions common;
    }
    Holder holder = new Holder();
    new CommandLine(holder).parseArgs(args);
    return holder.common;
  }
}
