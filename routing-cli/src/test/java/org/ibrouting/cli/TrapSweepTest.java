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
    Thread sweep = sweepAfter(log, dump, null);
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

  @Test
  void aStepGoesInTheTrapsSweepWithoutSighupAndLaterOnesBySighup() throws Exception {
    Path deploy = dir.resolve("deploy");
    org.ibrouting.fabric.Fabric tree = org.ibrouting.topology.Topologies.kAryNTree(2, 3);
    org.ibrouting.routing.Routing routing =
        org.ibrouting.engines.Engines.create("minhop", org.ibrouting.engines.EngineConfig.none())
            .route(tree, org.ibrouting.routing.RoutingOptions.defaults());
    org.ibrouting.io.opensm.OpenSmDeployment.write(
        routing, deploy, org.ibrouting.io.lft.DumpFormat.COMPACT);
    Path log = dir.resolve("opensm.log");
    OpenSmWatch watch = start(log);
    ServeSettings settings =
        new ServeSettings(
            deploy,
            Long.toString(openSm.pid()),
            java.util.List.of(),
            org.ibrouting.engines.EngineConfig.none(),
            org.ibrouting.routing.RoutingOptions.defaults(),
            8,
            0,
            20,
            10,
            0,
            0,
            1,
            0,
            false);
    StepLoader loader =
        new StepLoader(settings, watch, new EventLog(dir.resolve("steps.jsonl"), true));
    Path dump = deploy.resolve(org.ibrouting.io.opensm.OpenSmDeployment.LFT_DUMP);
    // a step of a plan: its configuration's header names another routing, OpenSM reads the same
    logLine(log, TRAP);
    watch.poll();
    Thread sweep = sweepAfter(log, dump, null);
    OpenSmWatch.Sweep loaded =
        loader.load(
            routing.withSlTable("minhop, step 1", routing.slTable()),
            java.util.EnumSet.of(
                org.ibrouting.io.opensm.DeploymentUpdate.Part.LFTS,
                org.ibrouting.io.opensm.DeploymentUpdate.Part.FABRIC),
            "step 1 of 2",
            null);
    sweep.join();
    assertNotNull(loaded);
    assertTrue(loader.hangUps() == 0, "the trap's sweep loaded the step");
    // no sweep under way: a SIGHUP starts one
    sweep = sweepAfter(log, dump, dir.resolve("hups"));
    loaded =
        loader.load(
            routing,
            java.util.EnumSet.of(org.ibrouting.io.opensm.DeploymentUpdate.Part.LFTS),
            org.ibrouting.io.opensm.DeploymentState.COMPLETE,
            null);
    sweep.join();
    assertNotNull(loaded);
    assertTrue(loader.hangUps() == 1, "one SIGHUP: " + loader.hangUps());
    // in the trap's sweep again, with other SLs on as many VLs (the configuration stays): OpenSM
    // reads the new QoS policy only on SIGHUP
    logLine(log, TRAP);
    watch.poll();
    Files.deleteIfExists(dir.resolve("hups"));
    sweep = sweepAfter(log, dump, dir.resolve("hups"));
    loaded =
        loader.load(
            withSl1To(routing, 3),
            java.util.EnumSet.of(
                org.ibrouting.io.opensm.DeploymentUpdate.Part.LFTS,
                org.ibrouting.io.opensm.DeploymentUpdate.Part.SLS),
            org.ibrouting.io.opensm.DeploymentState.COMPLETE,
            null);
    sweep.join();
    assertNotNull(loaded);
    assertTrue(loader.hangUps() == 2, "a new QoS policy needs a SIGHUP: " + loader.hangUps());
  }

  /**
   * {@code routing} with the first CA sending to LID {@code dst} on SL 1, every other path on 0.
   */
  private static org.ibrouting.routing.Routing withSl1To(
      org.ibrouting.routing.Routing routing, int dst) {
    org.ibrouting.fabric.Fabric fabric = routing.fabric();
    org.ibrouting.routing.SlTable.Builder sls = org.ibrouting.routing.SlTable.perSourceLid(fabric);
    sls.setSl(sls.groupOfSrcLid(fabric.baseLid(fabric.port(fabric.numSwitches(), 1))), dst, 1);
    return routing.withSlTable(routing.engineName(), sls.build());
  }

  /**
   * A stand-in for OpenSM's sweep: once {@code signal} exists (null: after 300 ms), it reads the
   * dump and logs the end of its routing step and of the sweep.
   */
  private static Thread sweepAfter(Path log, Path dump, Path signal) {
    Thread sweep =
        new Thread(
            () -> {
              try {
                long deadline = System.nanoTime() + 10_000_000_000L;
                while (signal != null && !Files.exists(signal) && System.nanoTime() < deadline) {
                  Thread.sleep(10);
                }
                Thread.sleep(300);
                Files.readAllBytes(dump);
                logLine(log, "osm_ucast_mgr_process: file tables configured on all switches");
                logLine(log, "SUBNET UP");
              } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    sweep.start();
    return sweep;
  }
}
