package org.ibrouting.analysis;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.List;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.SlTable;

/**
 * Whether replacing one routing by another switch by switch can close a credit loop, and a safe way
 * to do it when it can. While an update runs, switches hold a mix of old and new tables and packets
 * sent under one state are still in flight in the next, so even two deadlock-free routings can
 * together close a loop (Domke, Hoefler, "Scheduling-Aware Routing for Supercomputers", on
 * property-preserving transitions).
 *
 * <p>The check builds, per VL, the union channel dependency graph of every mix: each changed switch
 * may forward by either table and sources may send on either SL table ({@link RoutingMix} with
 * every state EITHER, verified by {@link CreditLoopVerifier}). Acyclic: every order of updates is
 * safe. Otherwise the witness names, for each channel of a loop, the switch and the table (old,
 * new, or both) that sends the route over it, and a plan is sought:
 *
 * <ol>
 *   <li><b>Ordered</b> (greedy with verification): repeatedly update the first remaining switch (in
 *       switch order) whose step keeps the graph acyclic, the step's switch counted in both states
 *       (packets of both may be in flight); changing SL tables is one more step, taken when it is
 *       safe (its step counts both SLs). Every step is verified, so the plan never passes a cyclic
 *       state.
 *   <li><b>Phased</b>, when no such order is found: LFTs are destination-based, so packets in
 *       flight during the update always meet a mix of tables; the plan gives them VLs of their own.
 *       A transition SL table puts each (source switch, destination) on a VL above those both
 *       routings use, first fit, so that its paths in every mix of tables keep that VL's union
 *       graph acyclic ({@code IncrementalCdg}); a unit that a mix can send round a forwarding loop
 *       gets one more VL, and only the order of updates can keep it safe. Then: (1) sources move to
 *       the transition SLs, (2) the old VLs drain, (3) the switches are updated, in any order when
 *       every mix is safe on the transition SLs, else in an order found as above on them, (4)
 *       sources move to the new SLs, (5) the transition VLs drain. Steps 1, 3 and 4 are verified.
 *       It needs the VLs of the larger routing plus those of the transition.
 * </ol>
 *
 * <p>Cost: one verification for the check, one per tried step for the ordered plan (at most {@code
 * maxVerifications}), and for the phased plan one walk of the mix per (source switch, destination
 * LID) plus an {@code IncrementalCdg} per transition VL.
 */
public final class UpdateCheck {
  private final CreditLoopVerifier verifier;
  private final int maxVls;
  private final int maxVerifications;

  private UpdateCheck(CreditLoopVerifier verifier, int maxVls, int maxVerifications) {
    this.verifier = verifier;
    this.maxVls = maxVls;
    this.maxVerifications = maxVerifications;
  }

  /** The default verifier, up to 15 VLs, at most 400 tried steps per search for an ordered plan. */
  public static UpdateCheck defaults() {
    return new UpdateCheck(CreditLoopVerifier.defaults(), 15, 400);
  }

  /** A copy with another verifier (threads, scope). */
  public UpdateCheck withVerifier(CreditLoopVerifier newVerifier) {
    return new UpdateCheck(newVerifier, maxVls, maxVerifications);
  }

  /** A copy that lets a phased plan use VLs {@code 0..newMaxVls-1} (1..15). */
  public UpdateCheck withMaxVls(int newMaxVls) {
    if (newMaxVls < 1 || newMaxVls > 15) {
      throw new IllegalArgumentException(
          "maxVls must be 1..15 (InfiniBand data VLs), not " + newMaxVls);
    }
    return new UpdateCheck(verifier, newMaxVls, maxVerifications);
  }

  /** A copy that tries at most {@code limit} steps per search for an ordered plan. */
  public UpdateCheck withMaxVerifications(int limit) {
    return new UpdateCheck(verifier, maxVls, limit);
  }

  /** What a plan step does. */
  public enum Action {
    /** Load the new LFT into one switch. */
    UPDATE_SWITCH,
    /** Load the new LFT into every changed switch, in any order. */
    UPDATE_ALL,
    /** Sources change to the next SL table (the plan's transition table, or the new one). */
    SWITCH_SLS,
    /** Wait until the packets of the previous SLs have left the fabric. */
    DRAIN
  }

  /**
   * One step of a plan.
   *
   * @param action what to do
   * @param sw the switch to update (for {@link Action#UPDATE_SWITCH}), else -1
   * @param text a line for the operator
   */
  public record Step(Action action, int sw, String text) {}

  /** The kind of plan. */
  public enum Kind {
    /** Every mix is safe: update in any order. */
    ANY_ORDER,
    /** A switch order (and the moment to change SLs) whose every step was verified. */
    ORDERED,
    /** Transition SLs on VLs of their own, then the update in any order. */
    PHASED,
    /** No plan: why is in the note. */
    NONE
  }

  /**
   * A plan.
   *
   * @param kind what kind
   * @param steps the steps, in order
   * @param transitionSls for {@link Kind#PHASED}: the SL table of the transition (per source switch
   *     and destination LID), else null
   * @param vlsNeeded the VLs the plan needs
   * @param verifications the verifications it took to find it
   * @param note why there is no plan, or what limits it
   */
  public record Plan(
      Kind kind,
      List<Step> steps,
      SlTable transitionSls,
      int vlsNeeded,
      int verifications,
      String note) {
    /** Copies the steps. */
    public Plan {
      steps = List.copyOf(steps);
    }
  }

  /**
   * What the check found.
   *
   * @param changedSwitches the switches whose LFTs differ, ascending
   * @param slsChange whether the two routings put some path on different VLs
   * @param union the verifier's report on the union of every mix
   * @param witness a loop of the union, with each channel's switch and table; null when safe
   * @param plan the plan
   */
  public record Result(
      int[] changedSwitches, boolean slsChange, CdgReport union, Witness witness, Plan plan) {
    /** Whether every mix of the two routings is free of credit loops. */
    public boolean safe() {
      return union.isDeadlockFree();
    }
  }

  /**
   * A credit loop of the union and, per channel of the loop, which switch sends the loop's route
   * over it in which state: {@code switch 0x... "s3" in its old table} (new table, old and new
   * tables).
   */
  public record Witness(CreditLoop loop, List<String> states) {
    /** Copies the list. */
    public Witness {
      states = List.copyOf(states);
    }

    @Override
    public String toString() {
      StringBuilder sb =
          new StringBuilder("credit loop of ")
              .append(loop.length())
              .append(" channels on VL ")
              .append(loop.vl())
              .append(" in a mix of old and new tables:");
      for (int i = 0; i < loop.length(); i++) {
        sb.append("\n  ")
            .append(loop.channelNames().get(i))
            .append("  (")
            .append(states.get(i))
            .append(", route ")
            .append(org.ibrouting.fabric.Lids.hex(loop.srcLids()[i]))
            .append(" -> ")
            .append(org.ibrouting.fabric.Lids.hex(loop.dstLids()[i]))
            .append(')');
      }
      return sb.toString();
    }
  }

  /** Checks the transition from {@code from} to {@code to} (routings of one fabric). */
  public Result check(Routing from, Routing to) {
    RoutingMix all = RoutingMix.of(from, to);
    int[] changed = all.changedSwitches();
    boolean slsChange = slsDiffer(from, to);
    CdgReport union = verifier.verify(all);
    if (union.isDeadlockFree()) {
      List<Step> steps = new ArrayList<>();
      steps.add(
          new Step(
              Action.UPDATE_ALL,
              -1,
              "update the "
                  + changed.length
                  + " changed switches in any order"
                  + (slsChange ? "; sources may change SLs at any time" : "")));
      return new Result(
          changed,
          slsChange,
          union,
          null,
          new Plan(Kind.ANY_ORDER, steps, null, Math.max(union.numVls(), 1), 1, ""));
    }
    Witness witness = witness(from, to, union.firstCreditLoop().orElseThrow());
    return new Result(changed, slsChange, union, witness, plan(from, to, changed, slsChange));
  }

  private Plan plan(Routing from, Routing to, int[] changed, boolean slsChange) {
    for (Routing r : new Routing[] {from, to}) {
      CdgReport own = verifier.verify(r);
      if (!own.isDeadlockFree()) {
        return refused(
            0,
            2,
            "the "
                + (r == from ? "old" : "new")
                + " routing itself holds a credit loop on VL "
                + own.cyclicVls()[0]);
      }
    }
    int[] verifications = {2};
    List<Step> ordered = ordered(from, to, changed, slsChange, verifications);
    if (ordered != null) {
      return new Plan(
          Kind.ORDERED,
          ordered,
          null,
          Math.max(from.slTable().numVls(), to.slTable().numVls()),
          verifications[0],
          "");
    }
    return phased(from, to, changed, verifications[0]);
  }

  /** Greedy: the first safe step, again and again; null when stuck or out of verifications. */
  private List<Step> ordered(
      Routing from, Routing to, int[] changed, boolean slsChange, int[] verifications) {
    Fabric fabric = from.fabric();
    RoutingMix state =
        RoutingMix.of(from, to)
            .withAllSwitches(RoutingMix.State.FIRST)
            .withSls(RoutingMix.State.FIRST);
    boolean[] done = new boolean[changed.length];
    boolean slsDone = !slsChange;
    List<Step> steps = new ArrayList<>();
    int remaining = changed.length + (slsChange ? 1 : 0);
    int budget = verifications[0] + maxVerifications;
    while (remaining > 0) {
      boolean progress = false;
      for (int i = 0; i <= changed.length && !progress; i++) {
        if (i == changed.length ? slsDone : done[i]) {
          continue;
        }
        if (verifications[0] >= budget) {
          return null;
        }
        RoutingMix step =
            i == changed.length
                ? state.withSls(RoutingMix.State.EITHER)
                : state.withSwitch(changed[i], RoutingMix.State.EITHER);
        verifications[0]++;
        if (verifier.verify(step).isDeadlockFree()) {
          progress = true;
          remaining--;
          if (i == changed.length) {
            slsDone = true;
            state = state.withSls(RoutingMix.State.SECOND);
            steps.add(new Step(Action.SWITCH_SLS, -1, "sources change to the new SLs"));
          } else {
            done[i] = true;
            state = state.withSwitch(changed[i], RoutingMix.State.SECOND);
            steps.add(
                new Step(
                    Action.UPDATE_SWITCH, changed[i], "update " + fabric.nodeName(changed[i])));
          }
        }
      }
      if (!progress) {
        return null;
      }
    }
    return steps;
  }

  /** Transition SLs on VLs of their own, first fit over the union of every mix. */
  private Plan phased(Routing from, Routing to, int[] changed, int verifications) {
    Fabric fabric = from.fabric();
    int base = Math.max(from.slTable().numVls(), to.slTable().numVls());
    TransitionVls.Units units = TransitionVls.units(from, to);
    TransitionVls.Fit fit = TransitionVls.firstFit(units, fabric.numPortSlots());
    int used = fit.used();
    if (base + used > maxVls) {
      return refused(
          base + used,
          verifications,
          "no safe switch order found, and a phased plan needs "
              + (base + used)
              + " VLs, more than the "
              + maxVls
              + " allowed (the routings use "
              + base
              + ")");
    }
    SlTable.Builder sls = SlTable.perSourceSwitch(fabric);
    for (int u = 0; u < units.units().size(); u++) {
      long unit = units.units().getLong(u);
      int vl = fit.vlOfUnit()[u] < 0 ? fit.numVls() : fit.vlOfUnit()[u];
      sls.setSl((int) (unit >>> 32), (int) unit, base + vl);
    }
    SlTable transition = sls.build();
    Routing fromT = from.withSlTable(from.engineName(), transition);
    Routing toT = to.withSlTable(to.engineName(), transition);
    // (1) and (4): one routing's tables, sources on either SL table
    RoutingMix[] slSteps = {
      RoutingMix.of(from, fromT).withAllSwitches(RoutingMix.State.FIRST),
      RoutingMix.of(toT, to).withAllSwitches(RoutingMix.State.SECOND)
    };
    for (RoutingMix check : slSteps) {
      verifications++;
      CdgReport r = verifier.verify(check);
      if (!r.isDeadlockFree()) {
        return refused(
            base + used,
            verifications,
            "the phased plan's SL change " + check + " closes a loop on VL " + r.cyclicVls()[0]);
      }
    }
    // (3): every order, or else a verified one, on the transition SLs
    String transitionVls = used == 1 ? "VL " + base : "VLs " + base + "-" + (base + used - 1);
    List<Step> update;
    verifications++;
    if (verifier
        .verify(RoutingMix.of(fromT, toT).withSls(RoutingMix.State.FIRST))
        .isDeadlockFree()) {
      update =
          List.of(
              new Step(
                  Action.UPDATE_ALL,
                  -1,
                  "update the "
                      + changed.length
                      + " changed switches in any order (every mix is safe on the transition VLs)"));
    } else {
      int[] count = {verifications};
      update = ordered(fromT, toT, changed, false, count);
      verifications = count[0];
      if (update == null) {
        return refused(
            base + used,
            verifications,
            "no safe switch order found, not even on transition SLs (" + transitionVls + ")");
      }
    }
    return new Plan(
        Kind.PHASED,
        phasedSteps(transitionVls, update),
        transition,
        base + used,
        verifications,
        "no safe switch order found on the routings' own SLs");
  }

  private static Plan refused(int vlsNeeded, int verifications, String reason) {
    return new Plan(Kind.NONE, List.of(), null, vlsNeeded, verifications, reason);
  }

  /** Transition SLs, drain, the switch updates, new SLs, drain. */
  private static List<Step> phasedSteps(String transitionVls, List<Step> update) {
    List<Step> steps = new ArrayList<>();
    steps.add(
        new Step(
            Action.SWITCH_SLS,
            -1,
            "sources change to the transition SLs ("
                + transitionVls
                + ", which neither routing uses); the old LFTs stay"));
    steps.add(
        new Step(
            Action.DRAIN, -1, "wait until the packets sent on the old SLs have left the fabric"));
    steps.addAll(update);
    steps.add(new Step(Action.SWITCH_SLS, -1, "sources change to the new SLs"));
    steps.add(
        new Step(
            Action.DRAIN,
            -1,
            "wait until the packets sent on the transition SLs have left the fabric"));
    return steps;
  }

  /** Per channel of the loop: which switch sends the loop's route over it, by which table. */
  private static Witness witness(Routing from, Routing to, CreditLoop loop) {
    Fabric fabric = from.fabric();
    List<String> states = new ArrayList<>();
    for (int i = 0; i < loop.length(); i++) {
      int channel = loop.channels()[i];
      int sw = fabric.nodeOfPort(channel);
      int dst = loop.dstLids()[i];
      if (!fabric.isSwitch(sw)) {
        states.add("sent by " + fabric.nodeName(sw));
        continue;
      }
      boolean old = from.outPort(sw, dst) == fabric.portNum(channel);
      boolean now = to.outPort(sw, dst) == fabric.portNum(channel);
      states.add(
          fabric.nodeName(sw)
              + " in its "
              + (old && now ? "old and new tables" : old ? "old table" : "new table"));
    }
    return new Witness(loop, states);
  }

  /**
   * Whether some terminal pair is on different VLs under the two SL tables. Sources are compared
   * once per pair of their source groups in the two tables (all sources of a group share their
   * SLs).
   */
  static boolean slsDiffer(Routing from, Routing to) {
    SlTable a = from.slTable();
    SlTable b = to.slTable();
    if (a == b || a.isNone() && b.isNone()) {
      return false;
    }
    EndPortIndex endpoints = new EndPortIndex(EndPorts.terminals(from.fabric()));
    Fabric fabric = from.fabric();
    LongOpenHashSet compared = new LongOpenHashSet();
    for (int s = 0; s < endpoints.ports.length; s++) {
      int sBase = fabric.baseLid(endpoints.ports[s]);
      for (int src = sBase; src < sBase + endpoints.numLidsOf[s]; src++) {
        long groups = ((long) a.groupOfSrcLid(src) << 32) | (b.groupOfSrcLid(src) & 0xFFFFFFFFL);
        if (a.groupOfSrcLid(src) >= 0 && b.groupOfSrcLid(src) >= 0 && !compared.add(groups)) {
          continue;
        }
        for (int d = 0; d < endpoints.ports.length; d++) {
          int dBase = fabric.baseLid(endpoints.ports[d]);
          for (int dst = dBase; dst < dBase + endpoints.numLidsOf[d]; dst++) {
            if (d != s && a.vl(src, dst) != b.vl(src, dst)) {
              return true;
            }
          }
        }
      }
    }
    return false;
  }
}
