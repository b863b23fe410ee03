package org.ibrouting.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.ibrouting.routing.ProgressListener;

/**
 * Renders an engine's progress on stderr as {@code PHASE 42.0% (4,200/10,000), ETA 1m05s}: on a
 * terminal one line rewritten in place at most five times a second, nothing in a run's first
 * second; otherwise (with {@code --progress}) a line every few seconds and the last one of each
 * phase that runs longer than a second. The ETA extrapolates the phase's own rate so far. Engines
 * may call from several threads; calls are serialised here.
 */
final class ProgressPrinter implements ProgressListener {
  /** Work shorter than this shows no progress at all. */
  static final long QUIET_NANOS = 1_000_000_000L;

  static final long TERMINAL_INTERVAL_NANOS = 200_000_000L;
  static final long LINE_INTERVAL_NANOS = 5_000_000_000L;

  private final PrintStream out;
  private final boolean terminal;
  private final LongSupplier clock;
  private String phase;
  private long runStart = -1;
  private long phaseStart;
  private long lastPrint;
  private int shownWidth;
  private boolean shownThisPhase;
  private boolean endShown;

  /**
   * @param out where to print (stderr)
   * @param terminal rewrite one line in place ({@code \r}) instead of printing lines
   * @param clock nanosecond clock ({@code System::nanoTime}; a fake one in tests)
   */
  ProgressPrinter(PrintStream out, boolean terminal, LongSupplier clock) {
    this.out = out;
    this.terminal = terminal;
    this.clock = clock;
  }

  @Override
  public synchronized void progress(String phaseName, long done, long total) {
    long now = clock.getAsLong();
    if (runStart < 0) {
      runStart = now;
    }
    if (!phaseName.equals(phase)) {
      phase = phaseName;
      phaseStart = now;
      shownThisPhase = false;
      endShown = false;
    }
    if (now - runStart < QUIET_NANOS) {
      return;
    }
    boolean last = done >= total;
    if (last && endShown) {
      return;
    }
    long interval = terminal ? TERMINAL_INTERVAL_NANOS : LINE_INTERVAL_NANOS;
    if (shownThisPhase && !last && now - lastPrint < interval) {
      return;
    }
    if (!terminal && !shownThisPhase && now - phaseStart < QUIET_NANOS) {
      // a log gets lines only from phases that run longer than a second
      return;
    }
    String line = render(phase, done, total, now - phaseStart);
    if (terminal) {
      int pad = Math.max(0, shownWidth - line.length());
      out.print("\r" + line + " ".repeat(pad));
      shownWidth = line.length();
    } else {
      out.println(line);
    }
    out.flush();
    lastPrint = now;
    shownThisPhase = true;
    endShown = last;
  }

  /**
   * Ends a routing run: clears the terminal line, and the next run is quiet for its first second
   * again.
   */
  synchronized void finish() {
    if (terminal && shownWidth > 0) {
      out.print("\r" + " ".repeat(shownWidth) + "\r");
      out.flush();
    }
    shownWidth = 0;
    runStart = -1;
    phase = null;
  }

  /** One progress line: phase, percent, counts and the time left at the phase's rate so far. */
  static String render(String phase, long done, long total, long elapsedNanos) {
    double percent = total <= 0 ? 100 : 100.0 * Math.min(done, total) / total;
    String eta;
    if (done >= total) {
      eta = "done in " + duration(elapsedNanos);
    } else if (done <= 0 || elapsedNanos <= 0) {
      eta = "ETA unknown";
    } else {
      eta = "ETA " + duration((long) ((double) elapsedNanos * (total - done) / done));
    }
    return String.format(Locale.ROOT, "%s %5.1f%% (%,d/%,d), %s", phase, percent, done, total, eta);
  }

  /** 7s, 4m05s, 2h03m. */
  static String duration(long nanos) {
    long seconds = (nanos + 500_000_000L) / 1_000_000_000L;
    if (seconds < 60) {
      return seconds + "s";
    }
    if (seconds < 3600) {
      return String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60);
    }
    return String.format(Locale.ROOT, "%dh%02dm", seconds / 3600, seconds % 3600 / 60);
  }
}
