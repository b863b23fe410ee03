package org.ibrouting.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.Optional;

/**
 * The running OpenSM as {@code serve} sees it: its process (found again after a restart), its log
 * followed line by line, the changes the log reports (traps, sweeps, a new master) kept as a
 * pending trigger until {@code serve} takes it, and the wait for the heavy sweep that loads a
 * deployment written at a given time.
 */
final class OpenSmWatch {
  /**
   * Something that asks {@code serve} to look at the fabric again.
   *
   * @param cause what happened ({@code trap 128 (Link state change) from LID 13}, {@code sweep},
   *     {@code poll}, ...)
   * @param at when it happened (OpenSM's log time, or when {@code serve} noticed)
   * @param seen when {@code serve} read it
   * @param trap whether a trap caused it (the sweep that follows may not have run yet)
   */
  record Trigger(String cause, Instant at, Instant seen, boolean trap) {}

  /**
   * The heavy sweep that loaded a deployment.
   *
   * @param fileReadAt when OpenSM opened the file written (its access time), or null if unknown
   * @param tablesConfiguredAt the log's "tables configured on all switches" of that sweep, or null
   * @param subnetUpAt the log's "SUBNET UP" that ended it, or null when there is no log
   * @param dumpError a line of the log saying the dump did not load, or null
   */
  record Sweep(
      Instant fileReadAt, Instant tablesConfiguredAt, Instant subnetUpAt, String dumpError) {}

  private final String pidSpec;
  private final Path conf;
  private final EventLog events;
  private OpenSmProcess process;
  private OpenSmLogTail tail;
  private Trigger pending;
  private final java.util.LinkedHashSet<String> trapPaths = new java.util.LinkedHashSet<>();
  private Instant lastSubnetUp;
  private Instant lastTrap;
  private long lastLookup;

  OpenSmWatch(String pidSpec, Path conf, EventLog events) {
    this.pidSpec = pidSpec;
    this.conf = conf;
    this.events = events;
  }

  /** The OpenSM now, or null while none runs. */
  OpenSmProcess process() {
    return process;
  }

  /** The log followed, or null. */
  Path logFile() {
    return tail == null ? null : tail.file();
  }

  /**
   * Finds OpenSM when none is known or the one known has ended (at most once a second), and follows
   * its log; returns whether a (new) OpenSM was found.
   */
  boolean refresh() throws IOException {
    if (process != null && process.alive()) {
      return false;
    }
    long now = System.nanoTime();
    if (process == null && now - lastLookup < 1_000_000_000L && lastLookup != 0) {
      return false;
    }
    lastLookup = now;
    OpenSmProcess before = process;
    process = OpenSmProcess.find(pidSpec, conf).orElse(null);
    if (process == null) {
      if (before != null) {
        events.emit(
            "opensm",
            new Json().put("pid", before.pid()).put("running", false),
            "OpenSM (pid " + before.pid() + ") has ended; waiting for it to come back");
      }
      return false;
    }
    Optional<Path> log = process.logFile();
    if (tail == null || log.isEmpty() || !log.get().equals(tail.file())) {
      tail = log.isPresent() ? new OpenSmLogTail(log.get()) : null;
    }
    Optional<Path> itsConf = process.conf();
    boolean ours = itsConf.isPresent() && itsConf.get().equals(conf.toAbsolutePath().normalize());
    events.emit(
        "opensm",
        new Json()
            .put("pid", process.pid())
            .put("running", true)
            .put("log", tail == null ? null : tail.file().toString())
            .put("conf", itsConf.map(Path::toString).orElse(null))
            .put("reads_deployment", ours),
        "OpenSM pid "
            + process.pid()
            + (tail == null ? ", no log file to follow" : ", log " + tail.file())
            + (ours ? "" : "; WARNING: it does not run with -F " + conf + ", so it ignores it"));
    if (before != null) {
      offer(new Trigger("opensm restarted", Instant.now(), Instant.now(), true));
    }
    return true;
  }

  /** Reads the log's new lines and turns what they report into the pending trigger. */
  void poll() throws IOException {
    if (tail == null) {
      return;
    }
    for (OpenSmLogTail.Line line : tail.poll()) {
      switch (line.kind()) {
        case TRAP -> trap(line);
        case TRAP_PATH -> trapPaths.add(OpenSmLogTail.trapPath(line));
        case MASTER -> offer(new Trigger("opensm became master", line.time(), Instant.now(), true));
        case SUBNET_UP -> {
          lastSubnetUp = line.time();
          offer(new Trigger("sweep", line.time(), Instant.now(), false));
        }
        case DUMP_ERROR -> events.note("OpenSM: " + line.text());
        default -> {}
      }
    }
  }

  private void trap(OpenSmLogTail.Line line) {
    lastTrap = line.time();
    offer(new Trigger(OpenSmLogTail.describeTrap(line), line.time(), Instant.now(), true));
  }

  /**
   * Whether OpenSM is in the heavy sweep a trap started (a trap logged after the last "SUBNET UP"):
   * that sweep reads the LFT dump in its routing step, and a SIGHUP before it would make it
   * discover the subnet again (OpenSM restarts a heavy sweep asked for during its discovery).
   */
  boolean heavySweepUnderway() {
    return lastTrap != null && (lastSubnetUp == null || lastSubnetUp.isBefore(lastTrap));
  }

  /** Records a trigger; a trap's cause and time win over a later sweep's. */
  void offer(Trigger t) {
    if (pending == null || !pending.trap() && t.trap()) {
      pending = t;
    }
  }

  /** The directed routes to the switches whose traps were logged since the last call. */
  java.util.List<String> takeTrapPaths() {
    java.util.List<String> paths = new java.util.ArrayList<>(trapPaths);
    trapPaths.clear();
    return paths;
  }

  /** The pending trigger, taken, or null. */
  Trigger take() {
    Trigger t = pending;
    pending = null;
    return t;
  }

  /** Whether a trigger is pending. */
  boolean hasPending() {
    return pending != null;
  }

  /** When the last heavy sweep seen ended, or null. */
  Instant lastSubnetUp() {
    return lastSubnetUp;
  }

  /** Sends OpenSM a SIGHUP; false when no OpenSM runs. */
  boolean hangUp() throws IOException {
    refresh();
    if (process == null) {
      return false;
    }
    process.hangUp();
    return true;
  }

  /**
   * Waits until OpenSM has run a heavy sweep that read {@code file} (marked unread at {@code
   * written} by {@link #markUnread}; null when the step changed no file OpenSM reads again) and
   * ended it: its access time after {@code written}, then a "tables configured" line no earlier and
   * the "SUBNET UP" after it; with no file, the first sweep that configures the tables after {@code
   * written}. Without a log, waits for the access time and then one more second. Traps seen
   * meanwhile stay pending.
   *
   * @return the sweep, or null when none came within {@code timeoutSeconds}
   */
  Sweep awaitSweep(Instant written, Path file, long timeoutSeconds)
      throws IOException, InterruptedException {
    return await(written, file, timeoutSeconds, false);
  }

  /**
   * Like {@link #awaitSweep}, for the sweep {@link #heavySweepUnderway} (no SIGHUP sent): null when
   * it ends without having read {@code file} (it read it before {@code written}).
   */
  Sweep awaitUnderwaySweep(Instant written, Path file, long timeoutSeconds)
      throws IOException, InterruptedException {
    return await(written, file, timeoutSeconds, true);
  }

  private Sweep await(Instant written, Path file, long timeoutSeconds, boolean thisSweepOnly)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + timeoutSeconds * 1_000_000_000L;
    Instant readAt = null;
    Instant tables = null;
    String dumpError = null;
    while (System.nanoTime() < deadline) {
      if (file != null && readAt == null) {
        Instant atime = accessTime(file);
        readAt = atime != null && atime.isAfter(written) ? atime : null;
      }
      if (tail == null) {
        if (file == null || readAt != null) {
          Thread.sleep(1000);
          return new Sweep(readAt, null, null, null);
        }
      } else {
        for (OpenSmLogTail.Line line : tail.poll()) {
          switch (line.kind()) {
            case TRAP -> trap(line);
            case TRAP_PATH -> trapPaths.add(OpenSmLogTail.trapPath(line));
            case MASTER ->
                offer(new Trigger("opensm became master", line.time(), Instant.now(), true));
            case DUMP_ERROR -> dumpError = line.text();
            case TABLES_CONFIGURED -> {
              if (!line.time().isBefore(written)) {
                tables = line.time();
              }
            }
            case SUBNET_UP -> {
              lastSubnetUp = line.time();
              if (file != null && readAt == null) {
                Instant atime = accessTime(file);
                readAt = atime != null && atime.isAfter(written) ? atime : null;
              }
              boolean read = file == null || readAt != null;
              if (read
                  && tables != null
                  && (readAt == null
                      || !tables.isBefore(
                          readAt.truncatedTo(java.time.temporal.ChronoUnit.MICROS)))) {
                return new Sweep(readAt, tables, line.time(), dumpError);
              }
              if (thisSweepOnly) {
                return null;
              }
            }
          }
        }
      }
      Thread.sleep(20);
    }
    return null;
  }

  /**
   * Marks {@code file} unread: its access and modification times are set two seconds back, so that
   * the next open for reading (relatime updates the access time when it is not after the
   * modification time) gives it the time of that read. Returns the time set.
   */
  static Instant markUnread(Path file) throws IOException {
    Instant mark = Instant.now().minusSeconds(2);
    java.nio.file.attribute.FileTime t = java.nio.file.attribute.FileTime.from(mark);
    Files.getFileAttributeView(file, java.nio.file.attribute.BasicFileAttributeView.class)
        .setTimes(t, t, null);
    return accessTime(file);
  }

  private static Instant accessTime(Path file) throws IOException {
    if (!Files.exists(file)) {
      return null;
    }
    return Files.readAttributes(file, BasicFileAttributes.class).lastAccessTime().toInstant();
  }
}
