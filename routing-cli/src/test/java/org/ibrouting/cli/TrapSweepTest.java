package org.ibrouting.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The heavy sweep a trap starts reads the new LFT dump without a SIGHUP ({@link
 * OpenSmWatch#awaitUnderwaySweep}): a stand-in OpenSM (a shell that records SIGHUPs) writes its log
 * lines, and reads the dump, as OpenSM's sweep does.
 */
class TrapSweepTest {
  private static final DateTimeFormatter LOG_TIME =
      DateTimeFormatter.ofPattern("MMM dd HH:mm:ss", Locale.ROOT).withZone(ZoneId.systemDefault());

  @TempDir Path dir;
  private Process openSm;

  @AfterEach
  void stop() {
    if (openSm != null) {
      openSm.destroyForcibly();
    }
  }

  private OpenSmWatch start(Path log) throws IOException {
    Files.writeString(log, "");
    openSm =
        new ProcessBuilder(
                "sh",
                "-c",
                "trap 'echo hup >> " + dir.resolve("hups") + "' HUP; while :; do sleep 0.05; done",
                "opensm",
                "-F",
                dir.resolve("opensm.conf").toString(),
                "-f",
                log.toString())
            .start();
    OpenSmWatch watch =
        new OpenSmWatch(
            Long.toString(openSm.pid()),
            dir.resolve("opensm.conf"),
            new EventLog(dir.resolve("events.jsonl"), true));
    assertTrue(watch.refresh(), "the stand-in OpenSM is found");
    assertNotNull(watch.logFile());
    return watch;
  }

  private static void logLine(Path log, String text) throws IOException {
    Instant now = Instant.now();
    String line =
        String.format(
            Locale.ROOT,
            "%s %06d [1] 0x02 -> %s%n",
            LOG_TIME.format(now),
            now.getNano() / 1000,
            text);
    Files.writeString(log, line, StandardOpenOption.APPEND);
  }

  private static final String TRAP =
      "log_trap_info: Received Generic Notice type:1 num:128 (Link state change) Producer:2"
          + " (Switch) from LID:1 TID:0x0";

  @Test
  void theTrapsSweepLoadsADumpWrittenBeforeItsRoutingStep() throws Exception {
    Path log = dir.resolve("opensm.log");
    OpenSmWatch watch = start(log);
    assertFalse(watch.heavySweepUnderway());
    logLine(log, TRAP);
    watch.poll();
    assertTrue(watch.heavySweepUnderway(), "a trap starts a heavy sweep");
    Path dump = dir.resolve("opensm-lfts.dump");
    Files.writeString(dump, "Unicast lids [0x0-0x1] of switch Lid 1 guid 0x1 (S):\n");
    Instant written = OpenSmWatch.markUnread(dump);
    Thread sweep =
        new Thread(
            () -> {
              try {
                Thread.sleep(200);
                Files.readAllBytes(dump);
                logLine(log, "osm_ucast_mgr_process: file tables configured on all switches");
                logLine(log, "SUBNET UP");
              } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    sweep.start();
    OpenSmWatch.Sweep loaded = watch.awaitUnderwaySweep(written, dump, 10);
    sweep.join();
    assertNotNull(loaded, "the sweep read the dump");
    assertNotNull(loaded.fileReadAt());
    assertFalse(watch.heavySweepUnderway(), "the sweep ended");
    assertFalse(Files.exists(dir.resolve("hups")), "no SIGHUP was sent");
  }

  @Test
  void aSweepThatReadTheDumpBeforeItWasWrittenIsNotTaken() throws Exception {
    Path log = dir.resolve("opensm.log");
    OpenSmWatch watch = start(log);
    logLine(log, TRAP);
    watch.poll();
    Path dump = dir.resolve("opensm-lfts.dump");
    Files.writeString(dump, "Unicast lids [0x0-0x1] of switch Lid 1 guid 0x1 (S):\n");
    Instant written = OpenSmWatch.markUnread(dump);
    logLine(log, "osm_ucast_mgr_process: file tables configured on all switches");
    logLine(log, "SUBNET UP");
    assertNull(watch.awaitUnderwaySweep(written, dump, 10), "it never read the new dump");
    assertFalse(watch.heavySweepUnderway());
  }
}
