package org.ibrouting.analysis;

import java.util.ArrayList;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.SlTable;

/**
 * The states an {@link UpdateCheck.Plan} passes through, for loading it step by step into a subnet
 * manager that programs every switch of a step in one sweep (OpenSM's {@code file} engine: one dump
 * per step).
 *
 * <p>{@link #batched} merges consecutive single-switch updates of an ordered plan into one step
 * where that is verified safe: the switches of a step may be updated in any order within it, so
 * each merged step is checked with all its switches in either state, the switches of earlier steps
 * updated and those of later steps not (the plan's own check had only one switch in either state).
 * A switch whose addition closes a loop starts the next step, so the result never passes a state
 * the plan did not verify, and needs one verification per switch of the plan's ordered part. A fat
 * tree whose leaves must be updated before the switches above them then takes two or three sweeps
 * instead of one per switch.
 *
 * <p>{@link Replay} gives the routing after each step: switches updated so far with the new tables,
 * the others with the old, and the SL table the sources use at that point (old, the plan's
 * transition table, or new).
 */
public final class UpdateSteps {
  private UpdateSteps() {}

  /**
   * One step of a plan as it is loaded.
   *
   * @param action what the step does ({@link UpdateCheck.Action#UPDATE_SWITCH} for one switch or
   *     several, the others as in the plan)
   * @param switches the switches the step updates (every changed switch for {@code UPDATE_ALL},
   *     none for the SL and drain steps)
   * @param text a line for the operator
   */
  public record Step(UpdateCheck.Action action, int[] switches, String text) {
    /** Copies the switches. */
    public Step {
      switches = switches.clone();
    }

    /** The switches (a copy). */
    @Override
    public int[] switches() {
      return switches.clone();
    }

    /** Whether the step changes LFTs. */
    public boolean changesLfts() {
      return switches.length > 0;
    }

    /** Whether the step changes the SLs the sources use. */
    public boolean changesSls() {
      return action == UpdateCheck.Action.SWITCH_SLS;
    }
  }

  /** The plan's steps as they are, one switch per update step. */
  public static List<Step> of(Routing from, Routing to, UpdateCheck.Plan plan) {
    int[] changed = RoutingMix.of(from, to).changedSwitches();
    List<Step> steps = new ArrayList<>();
    for (UpdateCheck.Step s : plan.steps()) {
      steps.add(step(s, changed));
    }
    return steps;
  }

  private static Step step(UpdateCheck.Step s, int[] changed) {
    return new Step(
        s.action(),
        switch (s.action()) {
          case UPDATE_SWITCH -> new int[] {s.sw()};
          case UPDATE_ALL -> changed;
          default -> new int[0];
        },
        s.text());
  }

  /**
   * The plan's steps with consecutive single-switch updates merged where {@code verifier} finds
   * every mix of the merged switches free of credit loops (see the class comment).
   */
  public static List<Step> batched(
      Routing from, Routing to, UpdateCheck.Plan plan, CreditLoopVerifier verifier) {
    Fabric fabric = from.fabric();
    int[] changed = RoutingMix.of(from, to).changedSwitches();
    List<Step> steps = new ArrayList<>();
    boolean transitionSls = plan.transitionSls() != null;
    Routing first =
        transitionSls ? from.withSlTable(from.engineName(), plan.transitionSls()) : from;
    Routing second = transitionSls ? to.withSlTable(to.engineName(), plan.transitionSls()) : to;
    // the SL steps of an ordered plan are part of its order: a mix before the SL step sends on
    // the old SLs, one after it on the new
    RoutingMix state =
        RoutingMix.of(first, second)
            .withAllSwitches(RoutingMix.State.FIRST)
            .withSls(RoutingMix.State.FIRST);
    List<Integer> batch = new ArrayList<>();
    for (UpdateCheck.Step s : plan.steps()) {
      if (s.action() != UpdateCheck.Action.UPDATE_SWITCH) {
        state = close(steps, batch, state, fabric);
        if (s.action() == UpdateCheck.Action.SWITCH_SLS && !transitionSls) {
          state = state.withSls(RoutingMix.State.SECOND);
        }
        steps.add(step(s, changed));
        continue;
      }
      if (!batch.isEmpty()) {
        RoutingMix trial = state;
        for (int sw : batch) {
          trial = trial.withSwitch(sw, RoutingMix.State.EITHER);
        }
        if (!verifier.verify(trial.withSwitch(s.sw(), RoutingMix.State.EITHER)).isDeadlockFree()) {
          state = close(steps, batch, state, fabric);
        }
      }
      batch.add(s.sw());
    }
    close(steps, batch, state, fabric);
    return steps;
  }

  /**
   * A plan of a few verified steps without a search: the changed switches in batches by their
   * distance in switch hops from the nearest switch with a CA (the leaves first, then the level
   * above them, and so on, as a fat tree is safely updated), each batch verified with its switches
   * in either state, the earlier batches updated and the later not; changed SLs form one more step,
   * after the switches or else before them. Null when some step closes a loop.
   *
   * <p>Cost: one verification per level (three on a 3-level fat tree), plus one or two for the SLs;
   * the greedy ordered plan of {@link UpdateCheck} needs one per switch.
   */
  public static List<Step> byLevels(Routing from, Routing to, CreditLoopVerifier verifier) {
    RoutingMix mix =
        RoutingMix.of(from, to)
            .withAllSwitches(RoutingMix.State.FIRST)
            .withSls(RoutingMix.State.FIRST);
    int[] changed = mix.changedSwitches();
    int[] level = levels(from.fabric());
    int top = 0;
    for (int sw : changed) {
      top = Math.max(top, level[sw]);
    }
    boolean slsChange = UpdateCheck.slsDiffer(from, to);
    for (boolean slsFirst : slsChange ? new boolean[] {false, true} : new boolean[] {false}) {
      List<Step> steps = levelSteps(mix, changed, level, top, slsChange, slsFirst, verifier);
      if (steps != null) {
        return steps;
      }
    }
    return null;
  }

  private static List<Step> levelSteps(
      RoutingMix start,
      int[] changed,
      int[] level,
      int top,
      boolean slsChange,
      boolean slsFirst,
      CreditLoopVerifier verifier) {
    Fabric fabric = start.fabric();
    List<Step> steps = new ArrayList<>();
    RoutingMix state = start;
    if (slsChange && slsFirst) {
      if (!verifier.verify(state.withSls(RoutingMix.State.EITHER)).isDeadlockFree()) {
        return null;
      }
      state = state.withSls(RoutingMix.State.SECOND);
      steps.add(
          new Step(UpdateCheck.Action.SWITCH_SLS, new int[0], "sources change to the new SLs"));
    }
    List<Integer> batch = new ArrayList<>();
    for (int l = 0; l <= top; l++) {
      RoutingMix trial = state;
      for (int sw : changed) {
        if (level[sw] == l) {
          batch.add(sw);
          trial = trial.withSwitch(sw, RoutingMix.State.EITHER);
        }
      }
      if (batch.isEmpty()) {
        continue;
      }
      if (!verifier.verify(trial).isDeadlockFree()) {
        return null;
      }
      state = close(steps, batch, state, fabric);
    }
    if (slsChange && !slsFirst) {
      if (!verifier.verify(state.withSls(RoutingMix.State.EITHER)).isDeadlockFree()) {
        return null;
      }
      steps.add(
          new Step(UpdateCheck.Action.SWITCH_SLS, new int[0], "sources change to the new SLs"));
    }
    return steps;
  }

  /** Per switch: switch hops to the nearest switch with a CA port cabled to it (max for none). */
  static int[] levels(Fabric fabric) {
    int n = fabric.numSwitches();
    int[] level = new int[n];
    java.util.Arrays.fill(level, Integer.MAX_VALUE);
    int[] queue = new int[n];
    int tail = 0;
    for (int sw = 0; sw < n; sw++) {
      for (int p = 1; p <= fabric.numPorts(sw); p++) {
        int peer = fabric.peerPort(fabric.port(sw, p));
        if (peer >= 0 && !fabric.isSwitch(fabric.nodeOfPort(peer)) && level[sw] != 0) {
          level[sw] = 0;
          queue[tail++] = sw;
        }
      }
    }
    for (int head = 0; head < tail; head++) {
      int sw = queue[head];
      for (int p = 1; p <= fabric.numPorts(sw); p++) {
        int peer = fabric.peerPort(fabric.port(sw, p));
        if (peer >= 0) {
          int next = fabric.nodeOfPort(peer);
          if (fabric.isSwitch(next) && level[next] == Integer.MAX_VALUE) {
            level[next] = level[sw] + 1;
            queue[tail++] = next;
          }
        }
      }
    }
    for (int sw = 0; sw < n; sw++) {
      level[sw] = level[sw] == Integer.MAX_VALUE ? n : level[sw];
    }
    return level;
  }

  /** Ends a batch: one step for its switches, which are updated from then on. */
  private static RoutingMix close(
      List<Step> steps, List<Integer> batch, RoutingMix state, Fabric fabric) {
    if (batch.isEmpty()) {
      return state;
    }
    int[] switches = new int[batch.size()];
    StringBuilder names = new StringBuilder();
    for (int i = 0; i < switches.length; i++) {
      switches[i] = batch.get(i);
      state = state.withSwitch(switches[i], RoutingMix.State.SECOND);
      if (i < 8) {
        names.append(i == 0 ? "" : ", ").append(fabric.nodeName(switches[i]));
      }
    }
    if (switches.length > 8) {
      names.append(", ... (").append(switches.length).append(" switches)");
    }
    steps.add(new Step(UpdateCheck.Action.UPDATE_SWITCH, switches, "update " + names));
    batch.clear();
    return state;
  }

  /** The routing after each step of a plan, from the old routing on. */
  public static final class Replay {
    private final Routing to;
    private final SlTable transition;
    private Routing current;
    private boolean transitioned;

    /**
     * Starts at {@code from}; {@code transitionSls} are a phased plan's transition SLs (the first
     * SL step moves sources to them), null for steps without.
     */
    public Replay(Routing from, Routing to, SlTable transitionSls) {
      this.to = to;
      this.transition = transitionSls;
      this.current = from;
    }

    /** The routing now. */
    public Routing current() {
      return current;
    }

    /** Applies {@code step} and returns the routing after it (the same for a drain). */
    public Routing apply(Step step) {
      if (step.changesLfts()) {
        RoutingBuilder b = current.toBuilder(current.engineName());
        Fabric fabric = current.fabric();
        for (int sw : step.switches) {
          for (int lid = 1; lid <= fabric.maxLid(); lid++) {
            b.setOutPort(sw, lid, to.outPort(sw, lid));
          }
        }
        current = b.build().withSlTable(current.engineName(), current.slTable());
      }
      if (step.changesSls()) {
        SlTable next = transition != null && !transitioned ? transition : to.slTable();
        transitioned = transitioned || next == transition;
        current = current.withSlTable(current.engineName(), next);
      }
      return current;
    }
  }
}
