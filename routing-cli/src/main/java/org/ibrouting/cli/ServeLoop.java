package org.ibrouting.cli;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.time.Instant;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.FabricFile;
import org.ibrouting.io.FabricFiles;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;
import org.ibrouting.io.opensm.DeploymentState;
import org.ibrouting.io.opensm.DeploymentUpdate;
import org.ibrouting.routing.Routing;

/**
 * The loop of {@code serve}: at start, the deployment directory and the fabric as it is; then, on
 * each trigger (a trap or sweep in OpenSM's log, OpenSM's restart, or the poll interval), the
 * fabric discovered again with {@code ibnetdiscover} and, when it differs from the fabric the
 * deployment was made for, a repair ({@link Healer}).
 *
 * <p>A fabric that lost parts is repaired at once: the first sweep after a trap already programs
 * the old tables, whose routes over the dead cable are black holes. A fabric that gained parts (a
 * cable or switch back) is discovered again after OpenSM's sweep, which gives the returning ports
 * their LIDs and brings their links up, and then routed in full, so that the routing is as good as
 * before the failure.
 */
final class ServeLoop {
  private final ServeSettings settings;
  private final DiagnosticTools tools;
  private final EventLog events;
  private final OpenSmWatch watch;
  private final Healer healer;
  private final LinkProbe probe;
  private Deployed deployed;

  /** The node every discovery starts from (the subnet manager's), by GUID; 0 until known. */
  private long localGuid;

  ServeLoop(ServeSettings settings, DiagnosticTools tools, EventLog events) {
    this.settings = settings;
    this.probe = new LinkProbe(tools);
    this.tools = tools;
    this.events = events;
    this.watch = new OpenSmWatch(settings.pidSpec(), settings.conf(), events);
    this.healer =
        new Healer(
            settings,
            watch,
            events,
            new LiveAudit(tools, settings.options().threads(), settings.auditParallel()));
  }

  /**
   * Runs until interrupted, or once ({@code once}): returns 0 when the deployment matches the
   * fabric at the end, 1 when a repair was refused.
   */
  int run(boolean once) throws IOException, InterruptedException {
    boolean ok = start();
    if (!once) {
      warmUp();
    }
    if (once) {
      return ok ? 0 : IbRouting.EXIT_CHECK_FAILED;
    }
    long lastCheck = System.nanoTime();
    while (!Thread.currentThread().isInterrupted()) {
      watch.refresh();
      watch.poll();
      long now = System.nanoTime();
      if (!watch.hasPending()
          && settings.pollSeconds() > 0
          && now - lastCheck > settings.pollSeconds() * 1e9) {
        watch.offer(new OpenSmWatch.Trigger("poll", Instant.now(), Instant.now(), false));
      }
      if (watch.hasPending()) {
        Thread.sleep(settings.settleMillis());
        watch.poll();
        check(watch.take());
        lastCheck = System.nanoTime();
      } else {
        Thread.sleep(20);
      }
    }
    return 0;
  }

  /** Reads the deployment, finds OpenSM and the fabric, and repairs or resumes what needs it. */
  private boolean start() throws IOException, InterruptedException {
    Path dir = settings.dir();
    DeploymentState state = DeploymentUpdate.requireState(dir);
    watch.refresh();
    long t0 = System.nanoTime();
    Fabric now = discover();
    double discoverSeconds = (System.nanoTime() - t0) / 1e9;
    Path fabricFile = DeploymentUpdate.fabricFile(dir);
    Fabric routed = fabricFile == null ? now : FabricFiles.read(fabricFile);
    Routing read = DeploymentUpdate.readRouting(dir, routed);
    // read from the dump as engine "file": named after the engine whose repair rule applies to it
    Routing routing = read.withSlTable(state.engine(), read.slTable());
    deployed =
        Deployed.verified(
            routed,
            routing,
            state.engine(),
            org.ibrouting.analysis.CreditLoopVerifier.defaults()
                .withThreads(settings.options().threads()));
    if (state.complete()) {
      healer.rememberFullRoute(deployed);
    }
    events.emit(
        "start",
        new Json()
            .put("opensm_dir", dir.toString())
            .put("engine", state.engine())
            .put("generation", state.generation())
            .put("phase", state.phase())
            .put("switches", now.numSwitches())
            .put("cas", now.numCas())
            .put("discover_seconds", discoverSeconds),
        "serving "
            + dir
            + " (generation "
            + state.generation()
            + ", "
            + state.engine()
            + ", "
            + state.phase()
            + "); fabric: "
            + now.numSwitches()
            + " switches, "
            + now.numCas()
            + " CAs");
    if (!state.complete()) {
      return resume(now, state);
    }
    FabricDiff diff = FabricDiff.of(routed, now);
    if (!diff.isEmpty()) {
      return repair(
          now,
          diff,
          new OpenSmWatch.Trigger("start", Instant.now(), Instant.now(), false),
          discoverSeconds,
          "ibnetdiscover");
    }
    Json audit = new Json();
    healer.auditAtStart(audit, deployed);
    events.emit("audit", audit, "the deployment matches the fabric");
    return true;
  }

  /** Compiles the repair's code before the first failure needs it. */
  private void warmUp() {
    int warmUpRounds = settings.warmUpRounds();
    double seconds = warmUpRounds <= 0 ? 0 : healer.warmUp(deployed, warmUpRounds);
    events.emit(
        "ready",
        new Json().put("warm_up_rounds", warmUpRounds).put("warm_up_seconds", seconds),
        String.format(
            java.util.Locale.ROOT, "warmed up in %.2f s (%d rounds)", seconds, warmUpRounds));
  }

  /**
   * Finishes a switch-over a killed {@code serve} left midway, or repairs from where it stopped.
   */
  private boolean resume(Fabric now, DeploymentState state)
      throws IOException, InterruptedException {
    Routing target = DeploymentUpdate.readTarget(settings.dir(), deployed.fabric());
    FabricDiff diff = FabricDiff.of(deployed.fabric(), now);
    Json event = new Json().put("change", diff.summary());
    if (target == null || !diff.isEmpty() || state.interrupted()) {
      events.note(
          state.interrupted()
              ? "the deployment's files were left half written; repairing from what they hold"
              : "the deployment was left in the middle of a switch-over; repairing from there");
      return repair(
          now,
          diff.isEmpty() ? FabricDiff.of(deployed.fabric(), deployed.fabric()) : diff,
          new OpenSmWatch.Trigger("resume", Instant.now(), Instant.now(), false),
          0,
          "ibnetdiscover");
    }
    org.ibrouting.analysis.CreditLoopVerifier verifier =
        org.ibrouting.analysis.CreditLoopVerifier.defaults()
            .withThreads(settings.options().threads());
    SwitchOver switchOver =
        SwitchOver.of(
            deployed.routing(),
            target,
            settings.maxVls(),
            deployed.verifier(verifier),
            deployed.wholeSeconds());
    event.put("plan", switchOver.kind());
    String engine = DeploymentUpdate.requireState(settings.dir()).engine();
    Deployed next = new Deployed(deployed.fabric(), target, engine, deployed.deadlockFree(), null);
    healer.apply(deployed.routing(), next, switchOver, event, Instant.now());
    deployed = Deployed.verified(deployed.fabric(), target, engine, verifier);
    events.emit("resume", event, "finished the switch-over a stopped serve left midway");
    return true;
  }

  /** Discovers the fabric and repairs the deployment when it differs. */
  private void check(OpenSmWatch.Trigger trigger) throws IOException, InterruptedException {
    long t0 = System.nanoTime();
    java.util.List<String> paths = watch.takeTrapPaths();
    if (trigger.trap() && !paths.isEmpty() && localGuid != 0) {
      int local = deployed.fabric().nodeOfGuid(localGuid);
      Fabric probed = local < 0 ? null : probe.probe(deployed.fabric(), local, paths);
      if (probed != null) {
        // repair what the trapping switches report at once, then make sure with a discovery
        repair(
            probed,
            FabricDiff.of(deployed.fabric(), probed),
            trigger,
            (System.nanoTime() - t0) / 1e9,
            "probe");
        t0 = System.nanoTime();
        trigger = new OpenSmWatch.Trigger("check after probe", Instant.now(), Instant.now(), false);
      }
    }
    Fabric now;
    try {
      now = discover();
    } catch (IOException e) {
      events.emit(
          "error",
          new Json().put("trigger", trigger.cause()).put("error", e.getMessage()),
          "discovery failed: " + e.getMessage());
      return;
    }
    FabricDiff diff = FabricDiff.of(deployed.fabric(), now);
    if (diff.isEmpty()) {
      return;
    }
    if (diff.hasGains() && trigger.trap() && !sweptSince(trigger.at())) {
      // returning ports get their LIDs and active links in OpenSM's sweep: route after it
      long deadline = System.nanoTime() + settings.sweepTimeoutSeconds() * 1_000_000_000L;
      while (System.nanoTime() < deadline && !sweptSince(trigger.at())) {
        watch.poll();
        Thread.sleep(20);
      }
      now = discover();
      diff = FabricDiff.of(deployed.fabric(), now);
      if (diff.isEmpty()) {
        return;
      }
    }
    repair(now, diff, trigger, (System.nanoTime() - t0) / 1e9, "ibnetdiscover");
  }

  /** Whether OpenSM ended a heavy sweep at or after {@code time}. */
  private boolean sweptSince(Instant time) {
    Instant last = watch.lastSubnetUp();
    return last != null && !last.isBefore(time);
  }

  private boolean repair(
      Fabric now,
      FabricDiff diff,
      OpenSmWatch.Trigger trigger,
      double discoverSeconds,
      String discovery)
      throws IOException, InterruptedException {
    Json event =
        new Json()
            .put("change", diff.summary())
            .putRaw("links_lost", Json.stringArray(diff.linksLost()))
            .putRaw("links_back", Json.stringArray(diff.linksGained()))
            .putRaw("switches_lost", Json.stringArray(diff.switchesLost()))
            .putRaw("switches_back", Json.stringArray(diff.switchesGained()))
            .put("cas_lost", diff.casLost().size())
            .put("cas_back", diff.casGained().size())
            .put("trigger", trigger.cause())
            .put("detected_at", EventLog.time(trigger.at()))
            .put("seen_at", EventLog.time(trigger.seen()))
            .put("discovery", discovery)
            .put("discover_seconds", discoverSeconds);
    Deployed before = deployed;
    deployed = healer.heal(deployed, now, diff, event, trigger.at());
    boolean repaired = deployed != before;
    events.emit(
        repaired ? diff.kind() : "refused",
        event,
        diff.summary() + (repaired ? ": repaired" : ": kept the last good tables"));
    return repaired;
  }

  /**
   * The fabric as {@code ibnetdiscover} sees it now, with the LIDs OpenSM gave; a port without a
   * LID (discovered before OpenSM's sweep reached it) waits for that sweep.
   */
  private Fabric discover() throws IOException, InterruptedException {
    for (int attempt = 0; ; attempt++) {
      String text = tools.run(java.util.List.of("ibnetdiscover"), 600);
      java.util.regex.Matcher from =
          java.util.regex.Pattern.compile("(?m)^# Initiated from node ([0-9a-fA-F]+)")
              .matcher(text);
      if (from.find()) {
        localGuid = Long.parseUnsignedLong(from.group(1), 16);
      }
      FabricFile file = IbnetdiscoverReader.readFile(new StringReader(text), "ibnetdiscover");
      if (!file.lidsAssigned() || attempt >= 10) {
        return file.fabric();
      }
      Instant before = watch.lastSubnetUp();
      long deadline = System.nanoTime() + settings.sweepTimeoutSeconds() * 100_000_000L;
      while (System.nanoTime() < deadline
          && java.util.Objects.equals(before, watch.lastSubnetUp())) {
        watch.poll();
        Thread.sleep(50);
      }
    }
  }
}
