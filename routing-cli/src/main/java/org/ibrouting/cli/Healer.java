package org.ibrouting.cli;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.ibrouting.analysis.CdgBaseline;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.analysis.UpdateCheck;
import org.ibrouting.analysis.UpdateSteps;
import org.ibrouting.engines.EngineChain;
import org.ibrouting.engines.reroute.Reroute;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.opensm.DeploymentState;
import org.ibrouting.io.opensm.DeploymentUpdate;
import org.ibrouting.io.opensm.OpenSmDeployment;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;

/**
 * One repair of {@code serve}: new tables for the fabric as it is now, proven, switched over safely
 * through OpenSM's {@code file} engine, and audited.
 *
 * <ol>
 *   <li>Candidates, in order: the engine's incremental re-route of the tables the switches hold
 *       ({@link Reroute}; when the fabric only lost links, switches or CAs and the engine has a
 *       rule), then a full route with the engine chain. When something came back, the full route
 *       comes first, and when the fabric is back in a state a kept full route was made for (the
 *       deployment {@code serve} started with, or its own last full route) that routing is restored
 *       instead of routing again ({@code "repair":"restore"}). The first that delivers every pair
 *       of CA ports, is free of credit loops with its SLs (unless the deployment never was) and has
 *       a safe switch-over is taken; when none is, the deployment stays as it is and the event says
 *       why.
 *   <li>The switch-over ({@link UpdateCheck}): at once when every mix of old and new tables is
 *       safe, else step by step ({@link UpdateSteps#batched}), each step written into the
 *       deployment directory, OpenSM sent a SIGHUP, and its sweep awaited; a plan's target is kept
 *       in the directory until the plan ends, so a restarted {@code serve} resumes it.
 *   <li>The audit ({@link LiveAudit}) of what the switches and the SA hold afterwards.
 * </ol>
 */
final class Healer {
  /** A routing considered for the fabric now. */
  private record Candidate(
      Routing routing, String how, long entriesChanged, double seconds, Deployed kept) {}

  private final ServeSettings settings;
  private final OpenSmWatch watch;
  private final EventLog events;
  private final LiveAudit audit;
  private final CreditLoopVerifier verifier;

  private final StepLoader loader;

  private final KeptRoutes keptRoutes = new KeptRoutes();

  Healer(ServeSettings settings, OpenSmWatch watch, EventLog events, LiveAudit audit) {
    this.settings = settings;
    this.watch = watch;
    this.events = events;
    this.audit = audit;
    this.loader = new StepLoader(settings, watch, events);
    this.verifier = CreditLoopVerifier.defaults().withThreads(settings.options().threads());
  }

  /**
   * Repairs {@code deployed} for {@code fabric} and reports the event; returns what is deployed
   * afterwards ({@code deployed} itself when no candidate passed).
   */
  Deployed heal(Deployed deployed, Fabric fabric, FabricDiff diff, Json event, Instant detectedAt)
      throws IOException, InterruptedException {
    Routing held = Reroute.carryOver(deployed.routing(), fabric);
    boolean wasDeadlockFree = deployed.deadlockFree();
    List<String> refusals = new ArrayList<>();
    long start = System.nanoTime();
    CreditLoopVerifier checking = deployed.verifier(verifier);
    List<CdgBaseline> graphs = keptRoutes.graphs(deployed);
    long[] before = KeptRoutes.checkCounts(graphs);
    // a loss is repaired with the fewest changes; a return is routed in full (as good as before
    // the failure) when that can be switched over safely, else routed incrementally
    boolean fullFirst = diff.hasGains();
    Checked atOnce = null;
    for (int attempt = 0; attempt < 2; attempt++) {
      Candidate c =
          (attempt == 0) == fullFirst
              ? full(deployed, fabric, held, diff, refusals)
              : reroute(deployed, held, refusals, checking);
      // a restored routing is proven from its own kept graph: the deployment's is of another state
      Checked checked =
          c == null
              ? null
              : c.kept == null
                  ? check(c, held, wasDeadlockFree, refusals, checking, deployed.wholeSeconds())
                  : check(
                      c,
                      held,
                      wasDeadlockFree,
                      refusals,
                      c.kept.verifier(verifier),
                      c.kept.wholeSeconds());
      countChecks(event, graphs, before);
      if (checked == null) {
        continue;
      }
      if (checked.switchOver.verified()) {
        return take(checked, fabric, refusals, event, detectedAt);
      }
      refusals.add(c.how + ": no safe switch-over: " + checked.switchOver.note());
      atOnce = atOnce == null ? checked : atOnce;
      if (!settings.strictSwitchOver()) {
        // the first candidate that passes goes in at once, as OpenSM's own engines switch: after
        // a loss the old tables drop packets now, after a return the full route restores quality
        break;
      }
    }
    if (atOnce != null && !settings.strictSwitchOver()) {
      // OpenSM's own engines switch over this way: both states are proven, the mix during the
      // one sweep that loads the new tables is not
      event.put(
          "switch_over",
          "at once: no verified plan within "
              + settings.maxVls()
              + " VLs; the sweep's mix unverified");
      event.put("mix_witness", atOnce.switchOver.witness());
      return take(atOnce, fabric, refusals, event, detectedAt);
    }
    event
        .put("repair", "none")
        .put("reason", String.join("; ", refusals))
        .put("kept_generation", DeploymentUpdate.requireState(settings.dir()).generation())
        .put("repair_seconds", (System.nanoTime() - start) / 1e9);
    return deployed;
  }

  /** A candidate that passed the checks, with its switch-over check. */
  private record Checked(
      Candidate candidate,
      Routing held,
      RouteReport routes,
      boolean deadlockFree,
      SwitchOver switchOver,
      double verifySeconds,
      double checkSeconds) {}

  /**
   * Checks a candidate: every CA pair delivered, no credit loop (where the deployment had none),
   * and its switch-over; null (with the reason in {@code refusals}) when it fails one.
   */
  private Checked check(
      Candidate c,
      Routing held,
      boolean wasDeadlockFree,
      List<String> refusals,
      CreditLoopVerifier checking,
      double wholeSeconds) {
    long verifyStart = System.nanoTime();
    RouteReport routes =
        new RouteChecker(EndpointScope.TERMINALS, settings.options().threads()).check(c.routing);
    if (!routes.allRouted()) {
      refusals.add(c.how + ": " + routes.unreachablePairs() + " CA pairs undelivered");
      return null;
    }
    double verifySeconds = (System.nanoTime() - verifyStart) / 1e9;
    long checkStart = System.nanoTime();
    SwitchOver switchOver =
        SwitchOver.of(held, c.routing, settings.maxVls(), checking, wholeSeconds);
    double checkSeconds = (System.nanoTime() - checkStart) / 1e9;
    // every mix of old and new tables free of credit loops holds the new tables alone too
    long cdgStart = System.nanoTime();
    boolean deadlockFree =
        switchOver.kind().equals("any order") || checking.verify(c.routing).isDeadlockFree();
    verifySeconds += (System.nanoTime() - cdgStart) / 1e9;
    if (!deadlockFree && wasDeadlockFree) {
      refusals.add(c.how + ": a credit loop with its SLs");
      return null;
    }
    return new Checked(c, held, routes, deadlockFree, switchOver, verifySeconds, checkSeconds);
  }

  /**
   * Puts into the event how many of this repair's verifications walked only the changed
   * destinations, and how many built the whole graph.
   */
  private static void countChecks(Json event, List<CdgBaseline> graphs, long[] before) {
    if (!graphs.isEmpty()) {
      long[] now = KeptRoutes.checkCounts(graphs);
      event
          .put("verified_from_baseline", now[0] - before[0])
          .put("verified_whole", now[1] - before[1]);
    }
  }

  /** Applies a checked candidate and fills the event; returns what is deployed then. */
  private Deployed take(
      Checked checked, Fabric fabric, List<String> refusals, Json event, Instant detectedAt)
      throws IOException, InterruptedException {
    Candidate c = checked.candidate;
    event
        .put("repair", c.how)
        .put("engine", c.routing.engineName())
        .put("repair_seconds", c.seconds)
        .put("entries_changed", c.entriesChanged)
        .put("entries", (long) fabric.numSwitches() * fabric.maxLid())
        .put("vls", c.routing.slTable().numVls())
        .put("delivered_pairs", checked.routes.validPairs())
        .put("pairs", checked.routes.pairs())
        .put("deadlock_free", checked.deadlockFree)
        .put("verify_seconds", checked.verifySeconds)
        .put("check_seconds", checked.checkSeconds)
        .put("plan", checked.switchOver.kind())
        .put("plan_vls", checked.switchOver.vls());
    if (!refusals.isEmpty()) {
      event.put("not_taken", String.join("; ", refusals));
    }
    Deployed next =
        new Deployed(fabric, c.routing, c.routing.engineName(), checked.deadlockFree, null);
    apply(checked.held, next, checked.switchOver, event, detectedAt);
    // the next repair's verifications start from this graph: built now, after the sweeps
    Deployed now =
        c.kept != null
            ? c.kept
            : Deployed.verified(fabric, c.routing, c.routing.engineName(), verifier);
    if (!c.how.equals("reroute")) {
      rememberFullRoute(now);
    }
    return now;
  }

  /**
   * Runs what a repair runs, without writing anything, on {@code rounds} copies of the deployed
   * fabric with one switch link failed each, so that the first real repair finds its code compiled;
   * returns the seconds it took.
   */
  double warmUp(Deployed deployed, int rounds) {
    long start = System.nanoTime();
    for (int round = 0; round < rounds; round++) {
      Fabric damaged =
          org.ibrouting.topology.Failures.failLinks(deployed.fabric(), 1, true, round + 1);
      Routing held = Reroute.carryOver(deployed.routing(), damaged);
      List<String> ignored = new ArrayList<>();
      CreditLoopVerifier checking = deployed.verifier(verifier);
      Candidate c = reroute(deployed, held, ignored, checking);
      if (c == null) {
        c =
            route(
                damaged,
                held,
                ignored,
                fullChain(deployed, FabricDiff.of(deployed.fabric(), damaged)));
      }
      if (c == null) {
        continue;
      }
      new RouteChecker(EndpointScope.TERMINALS, settings.options().threads()).check(c.routing);
      checking.verify(c.routing);
      SwitchOver.of(held, c.routing, settings.maxVls(), checking, deployed.wholeSeconds());
    }
    return (System.nanoTime() - start) / 1e9;
  }

  /** The engine's incremental re-route (what changed is routed, the rest kept), if it has one. */
  private Candidate reroute(
      Deployed deployed, Routing held, List<String> refusals, CreditLoopVerifier checking) {
    RoutingEngine engine = settings.engine(deployed.engine());
    if (engine == null || !Reroute.supports(engine)) {
      return null;
    }
    try {
      Reroute.Result r = Reroute.reroute(engine, held, settings.options(), checking);
      return new Candidate(
          r.routing(), "reroute", r.entriesChanged(), r.seconds() + r.verifySeconds(), null);
    } catch (RoutingException e) {
      refusals.add("reroute: " + e.getMessage());
      return null;
    }
  }

  /**
   * The engines of a full route: the chain; after a loss under {@code -R best}, the deployed engine
   * (a new choice runs every engine, which a fabric dropping packets cannot wait for).
   */
  private List<RoutingEngine> fullChain(Deployed deployed, FabricDiff diff) {
    RoutingEngine own = settings.engine(deployed.engine());
    return settings.chosenByAdvisor() && !diff.hasGains() && own != null
        ? List.of(own)
        : settings.chain();
  }

  /**
   * Keeps {@code full}, a full route of its fabric (or the deployment {@code serve} started with),
   * for when the fabric comes back to that state.
   */
  void rememberFullRoute(Deployed full) {
    keptRoutes.remember(full);
  }

  /**
   * The kept full route of the state {@code fabric} is back in, carried onto it ("restore"), else a
   * full route with the chain.
   */
  private Candidate full(
      Deployed deployed, Fabric fabric, Routing held, FabricDiff diff, List<String> refusals) {
    long start = System.nanoTime();
    Deployed same = keptRoutes.of(fabric);
    if (same != null) {
      Routing restored = Reroute.carryOver(same.routing(), fabric);
      double seconds = (System.nanoTime() - start) / 1e9;
      return new Candidate(restored, "restore", held.differingEntries(restored), seconds, same);
    }
    return route(fabric, held, refusals, fullChain(deployed, diff));
  }

  /** A full route of the fabric with {@code chain}. */
  private Candidate route(
      Fabric fabric, Routing held, List<String> refusals, List<RoutingEngine> chain) {
    long start = System.nanoTime();
    try {
      EngineChain.Result r = EngineChain.route(chain, fabric, settings.options());
      double seconds = (System.nanoTime() - start) / 1e9;
      return new Candidate(r.routing(), "route", held.differingEntries(r.routing()), seconds, null);
    } catch (RoutingException e) {
      refusals.add("route: " + e.getMessage());
      return null;
    }
  }

  /**
   * Switches the deployment over from {@code held} to {@code next.routing()} as {@code update}
   * plans it, and audits the result; the event gets the times of each step's sweep.
   */
  void apply(Routing held, Deployed next, SwitchOver switchOver, Json event, Instant detectedAt)
      throws IOException, InterruptedException {
    Routing target = next.routing();
    loader.reset();
    List<UpdateSteps.Step> steps = switchOver.steps();
    int last = steps.size() - 1;
    while (last >= 0 && steps.get(last).action() == UpdateCheck.Action.DRAIN) {
      last--;
    }
    OpenSmWatch.Sweep sweep;
    OpenSmWatch.Sweep healed = null;
    if (steps.isEmpty()) {
      sweep =
          loader.load(
              target, EnumSet.allOf(DeploymentUpdate.Part.class), DeploymentState.COMPLETE, null);
      healed = sweep;
    } else {
      UpdateSteps.Replay replay =
          new UpdateSteps.Replay(held, target, switchOver.plan().transitionSls());
      sweep = null;
      boolean recorded = false;
      for (int i = 0; i < steps.size(); i++) {
        UpdateSteps.Step s = steps.get(i);
        Routing state = replay.apply(s);
        if (s.action() == UpdateCheck.Action.DRAIN) {
          Thread.sleep((long) (settings.drainSeconds() * 1000));
          continue;
        }
        Set<DeploymentUpdate.Part> parts = EnumSet.noneOf(DeploymentUpdate.Part.class);
        if (s.changesLfts()) {
          parts.add(DeploymentUpdate.Part.LFTS);
        }
        if (s.changesSls()) {
          parts.add(DeploymentUpdate.Part.SLS);
        }
        if (i == 0) {
          parts.add(DeploymentUpdate.Part.FABRIC);
        }
        String phase =
            i >= last ? DeploymentState.COMPLETE : "step " + (i + 1) + " of " + steps.size();
        Routing loaded = i >= last ? target : state;
        sweep = loader.load(loaded, parts, phase, !recorded && i < last ? target : null);
        recorded = true;
        if (healed == null && delivers(loaded)) {
          healed = sweep;
        }
      }
      DeploymentUpdate.deleteTarget(settings.dir());
    }
    event
        .put("steps", Math.max(1, steps.size()))
        .put("sighups", loader.hangUps())
        .put("first_written_at", EventLog.time(loader.firstWritten()))
        .put("written_at", EventLog.time(loader.lastWritten()));
    loader.reset();
    sweepJson(event, sweep, healed, detectedAt);
    auditJson(event, next);
  }

  /** Whether a step's tables deliver every pair of CA ports (a plan's black holes may remain). */
  private boolean delivers(Routing routing) {
    return new RouteChecker(EndpointScope.TERMINALS, settings.options().threads())
        .check(routing)
        .allRouted();
  }

  /**
   * The event's times: the last step's sweep ({@code applied}, {@code subnet_up_at}, {@code
   * completed_seconds}) and the first sweep after which the tables delivered every pair ({@code
   * healed_at}, {@code healed_seconds}), from {@code detectedAt}.
   */
  private static void sweepJson(
      Json event, OpenSmWatch.Sweep sweep, OpenSmWatch.Sweep healed, Instant detectedAt) {
    if (sweep == null) {
      event.put("applied", false);
      return;
    }
    event
        .put("applied", sweep.dumpError() == null)
        .put("opensm_read_at", EventLog.time(sweep.fileReadAt()))
        .put("tables_configured_at", EventLog.time(sweep.tablesConfiguredAt()))
        .put("subnet_up_at", EventLog.time(sweep.subnetUpAt()));
    Instant end = sweep.subnetUpAt() != null ? sweep.subnetUpAt() : Instant.now();
    Instant heal = healed == null ? null : healed.subnetUpAt() != null ? healed.subnetUpAt() : end;
    event.put("healed_at", EventLog.time(heal));
    if (detectedAt != null) {
      event.put("completed_seconds", Duration.between(detectedAt, end).toNanos() / 1e9);
      if (heal != null) {
        event.put("healed_seconds", Duration.between(detectedAt, heal).toNanos() / 1e9);
      }
    }
  }

  /**
   * Audits the fabric at start. When the switches hold other tables than the deployment (a serve
   * stopped after writing a deployment and before OpenSM's sweep loaded it), OpenSM is made to load
   * it again and the fabric audited after that sweep, and the event says so ({@code reloaded}).
   */
  void auditAtStart(Json event, Deployed deployed) throws InterruptedException {
    if (settings.auditPairs() < 0) {
      return;
    }
    try {
      LiveAudit.Report report = runAudit(deployed);
      java.nio.file.Path dump = settings.dir().resolve(OpenSmDeployment.LFT_DUMP);
      if (report.entriesDiffering() > 0 && java.nio.file.Files.exists(dump)) {
        Instant written = OpenSmWatch.markUnread(dump);
        if (watch.hangUp()) {
          event.put(
              "reloaded",
              report.entriesDiffering()
                  + " LFT entries differed from the deployment: OpenSM loaded it again");
          sweepJson(
              event, watch.awaitSweep(written, dump, settings.sweepTimeoutSeconds()), null, null);
          report = runAudit(deployed);
        }
      }
      putAudit(event, report);
    } catch (IOException e) {
      auditFailed(event, e);
    }
  }

  /** Audits the fabric against {@code next} and puts the report into the event. */
  void auditJson(Json event, Deployed next) {
    if (settings.auditPairs() < 0) {
      return;
    }
    try {
      putAudit(event, runAudit(next));
    } catch (IOException e) {
      auditFailed(event, e);
    }
  }

  private LiveAudit.Report runAudit(Deployed deployed) throws IOException {
    return audit.run(
        deployed.fabric(), deployed.routing(), settings.auditPairs(), settings.options().seed());
  }

  private void putAudit(Json event, LiveAudit.Report report) {
    event.putRaw("audit", report.json().toString()).put("audited_at", EventLog.time(Instant.now()));
    events.note("audit " + report.summary());
  }

  private void auditFailed(Json event, IOException e) {
    event.put("audit_error", e.getMessage());
    events.note("audit failed: " + e.getMessage());
  }
}
