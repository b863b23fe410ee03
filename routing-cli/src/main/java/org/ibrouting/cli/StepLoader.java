package org.ibrouting.cli;

import java.io.IOException;
import java.time.Instant;
import java.util.Set;
import org.ibrouting.io.opensm.DeploymentUpdate;
import org.ibrouting.io.opensm.OpenSmDeployment;
import org.ibrouting.routing.Routing;

/**
 * Loads the steps of {@code serve}'s switch-overs through OpenSM's {@code file} engine: each step
 * written into the deployment directory, then loaded by the heavy sweep a trap started when that
 * sweep has not reached its routing step (no SIGHUP: one during its discovery would restart it),
 * else by the sweep a SIGHUP starts; and the times of the writes.
 */
final class StepLoader {
  private final ServeSettings settings;
  private final OpenSmWatch watch;
  private final EventLog events;

  /** When the first and the last step's files were in place. */
  private Instant firstWritten;

  private Instant lastWritten;

  /** The SIGHUPs sent since {@link #reset} (a step the trap's sweep loaded needs none). */
  private int hangUps;

  StepLoader(ServeSettings settings, OpenSmWatch watch, EventLog events) {
    this.settings = settings;
    this.watch = watch;
    this.events = events;
  }

  /** Forgets the times and SIGHUPs of the last switch-over. */
  void reset() {
    firstWritten = null;
    lastWritten = null;
    hangUps = 0;
  }

  /** When the first step since {@link #reset} was written, or null. */
  Instant firstWritten() {
    return firstWritten;
  }

  /** When the last step since {@link #reset} was written, or null. */
  Instant lastWritten() {
    return lastWritten;
  }

  /** The SIGHUPs sent since {@link #reset}. */
  int hangUps() {
    return hangUps;
  }

  /**
   * Writes one step, sends SIGHUP and waits for the sweep that loads it; the first step of a plan
   * then records the plan's {@code target} (not before: writing it would slow the sweep that heals;
   * a serve stopped before that finds a step without target and repairs from there).
   */
  OpenSmWatch.Sweep load(
      Routing routing, Set<DeploymentUpdate.Part> parts, String phase, Routing target)
      throws IOException, InterruptedException {
    // the sweep a trap started reads the dump in its routing step: a SIGHUP during its discovery
    // would restart it; OpenSM reads its configuration and QoS policy again only on SIGHUP
    boolean underway = watch.heavySweepUnderway() && parts.contains(DeploymentUpdate.Part.LFTS);
    String options = underway ? confOptions() : null;
    Object policy = underway ? policyStamp() : null;
    OpenSmDeployment.Result r =
        DeploymentUpdate.apply(routing, settings.dir(), parts, phase, settings.options().threads());
    java.nio.file.Path watched =
        parts.contains(DeploymentUpdate.Part.LFTS)
            ? r.lftDump()
            : parts.contains(DeploymentUpdate.Part.SLS) ? r.qosPolicy() : null;
    Instant written = watched == null ? Instant.now() : OpenSmWatch.markUnread(watched);
    lastWritten = Instant.now();
    firstWritten = firstWritten == null ? lastWritten : firstWritten;
    OpenSmWatch.Sweep sweep =
        underway && options.equals(confOptions()) && policy.equals(policyStamp())
            ? watch.awaitUnderwaySweep(written, watched, settings.sweepTimeoutSeconds())
            : null;
    if (sweep == null) {
      if (!watch.hangUp()) {
        recordTarget(target);
        events.note(
            "no OpenSM runs: it loads generation " + r.state().generation() + " when it starts");
        return null;
      }
      hangUps++;
      sweep = watch.awaitSweep(written, watched, settings.sweepTimeoutSeconds());
    }
    recordTarget(target);
    if (sweep == null) {
      events.note(
          "no heavy sweep of OpenSM loaded "
              + settings.dir()
              + " within "
              + settings.sweepTimeoutSeconds()
              + " s of SIGHUP");
    } else if (sweep.dumpError() != null) {
      events.note("OpenSM could not load the dump: " + sweep.dumpError());
    }
    return sweep;
  }

  /**
   * The options of the deployment's OpenSM configuration: its lines without comments (its header
   * names the routing of each step).
   */
  private String confOptions() throws IOException {
    StringBuilder text = new StringBuilder();
    java.nio.file.Path file = settings.dir().resolve(OpenSmDeployment.CONF);
    if (java.nio.file.Files.isRegularFile(file)) {
      for (String line : java.nio.file.Files.readAllLines(file)) {
        if (!line.strip().startsWith("#")) {
          text.append(line).append('\n');
        }
      }
    }
    return text.toString();
  }

  /**
   * Which QoS policy file the deployment holds, without reading it (policies of per-source SLs run
   * to hundreds of MB): {@link DeploymentUpdate#apply} replaces it only when its bytes change.
   */
  private Object policyStamp() throws IOException {
    java.nio.file.Path file = settings.dir().resolve(OpenSmDeployment.QOS_POLICY);
    if (!java.nio.file.Files.isRegularFile(file)) {
      return "none";
    }
    var attributes =
        java.nio.file.Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class);
    return java.util.Arrays.asList(
        attributes.fileKey(), attributes.lastModifiedTime(), attributes.size());
  }

  /** Records a plan's target in the deployment directory (null: nothing to record). */
  private void recordTarget(Routing target) throws IOException {
    if (target != null) {
      DeploymentUpdate.writeTarget(target, settings.dir(), settings.options().threads());
    }
  }
}
