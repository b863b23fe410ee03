package org.ibrouting.cli;

import java.util.List;
import java.util.Locale;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.RoutingMix;
import org.ibrouting.analysis.UpdateCheck;
import org.ibrouting.analysis.UpdateSteps;
import org.ibrouting.routing.Routing;

/**
 * How {@code serve} loads new tables through OpenSM's {@code file} engine, cheapest verified way
 * first: at once when every mix of old and new tables is free of credit loops (one verification of
 * their union); else in a few steps by switch level ({@link UpdateSteps#byLevels}, one verification
 * per level); else the plan {@link UpdateCheck} finds within a bounded search, its single-switch
 * steps merged where verified ({@link UpdateSteps#batched}); else no verified way ({@code none},
 * with the witness loop and why).
 *
 * @param kind {@code any order}, {@code by levels}, {@code ordered}, {@code phased} or {@code none}
 * @param steps the steps (empty: load the new tables at once)
 * @param plan the plan the steps replay ({@link UpdateSteps.Replay} takes its transition SLs)
 * @param vls the VLs the switch-over needs
 * @param witness a loop of the union of old and new tables, or null when there is none
 * @param note why there is no verified way, or empty
 */
record SwitchOver(
    String kind,
    List<UpdateSteps.Step> steps,
    UpdateCheck.Plan plan,
    int vls,
    String witness,
    String note) {
  /**
   * Verifications {@link UpdateCheck}'s search for an order may take at most: a search that has not
   * found one by then rarely does, and a fabric that drops packets is waiting.
   */
  static final int MAX_PLAN_VERIFICATIONS = 100;

  /** Seconds the search may take, counted in verifications as long as the union's took. */
  static final double PLAN_SEARCH_SECONDS = 5;

  /**
   * Verifications a search must fit into {@link #PLAN_SEARCH_SECONDS} to be started: besides its
   * ordered steps, a phased plan's transition SLs walk every mix of the tables, which on a fabric
   * of thousands of CAs takes minutes.
   */
  static final int MIN_SEARCH_VERIFICATIONS = 100;

  /** Copies the steps. */
  SwitchOver {
    steps = List.copyOf(steps);
  }

  private static SwitchOver byLevels(List<UpdateSteps.Step> levels, int vls, String witness) {
    UpdateCheck.Plan plan =
        new UpdateCheck.Plan(UpdateCheck.Kind.ORDERED, List.of(), null, vls, levels.size(), "");
    return new SwitchOver("by levels", levels, plan, vls, witness, "");
  }

  /** Whether a verified way was found. */
  boolean verified() {
    return !kind.equals("none");
  }

  /**
   * The way from {@code held} to {@code target} (tables of one fabric), within {@code maxVls}.
   * {@code wholeSeconds} is what a verification of the whole graph costs when {@code verifier}
   * starts from a baseline (0 when it does not): a search's failed steps build the whole graph.
   */
  static SwitchOver of(
      Routing held, Routing target, int maxVls, CreditLoopVerifier verifier, double wholeSeconds) {
    int vls = Math.max(held.slTable().numVls(), target.slTable().numVls());
    UpdateCheck.Plan atOnce =
        new UpdateCheck.Plan(UpdateCheck.Kind.ANY_ORDER, List.of(), null, vls, 1, "");
    RoutingMix all = RoutingMix.of(held, target);
    CreditLoopVerifier.BaselineAnswer answer = verifier.askBaseline(all);
    if (answer == CreditLoopVerifier.BaselineAnswer.FREE) {
      return new SwitchOver("any order", List.of(), atOnce, vls, null, "");
    }
    List<UpdateSteps.Step> levels = null;
    if (answer == CreditLoopVerifier.BaselineAnswer.UNION_CYCLIC) {
      // the union with the deployment's graph has a cycle: steps by level, each proven from the
      // baseline, are tried before the whole union's graph is built for its witness
      levels = UpdateSteps.byLevels(held, target, verifier);
      if (levels != null) {
        return byLevels(levels, vls, null);
      }
    }
    long start = System.nanoTime();
    var union = verifier.verify(all);
    double perVerification =
        Math.max(Math.max(1e-6, wholeSeconds), (System.nanoTime() - start) / 1e9);
    if (union.isDeadlockFree()) {
      return new SwitchOver("any order", List.of(), atOnce, vls, null, "");
    }
    String witness = union.firstCreditLoop().map(Object::toString).orElse(null);
    if (answer != CreditLoopVerifier.BaselineAnswer.UNION_CYCLIC) {
      levels = UpdateSteps.byLevels(held, target, verifier);
      if (levels != null) {
        return byLevels(levels, vls, witness);
      }
    }
    if (perVerification * MIN_SEARCH_VERIFICATIONS > PLAN_SEARCH_SECONDS) {
      // on a large fabric the search (and a phased plan's transition SLs) would take minutes
      return new SwitchOver(
          "none",
          List.of(),
          new UpdateCheck.Plan(UpdateCheck.Kind.NONE, List.of(), null, vls, 2, ""),
          vls,
          witness,
          String.format(
              Locale.ROOT,
              "no switch order by levels, and a search would take over %.0f s on this fabric"
                  + " (%.2f s per verification)",
              PLAN_SEARCH_SECONDS,
              perVerification));
    }
    UpdateCheck.Result check =
        UpdateCheck.defaults()
            .withMaxVls(maxVls)
            .withMaxVerifications(
                (int)
                    Math.max(
                        3, Math.min(MAX_PLAN_VERIFICATIONS, PLAN_SEARCH_SECONDS / perVerification)))
            .withVerifier(verifier)
            .check(held, target);
    UpdateCheck.Plan plan = check.plan();
    String kind = plan.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ');
    if (plan.kind() == UpdateCheck.Kind.NONE) {
      return new SwitchOver(kind, List.of(), plan, plan.vlsNeeded(), witness, plan.note());
    }
    List<UpdateSteps.Step> steps =
        plan.kind() == UpdateCheck.Kind.ANY_ORDER
            ? List.of()
            : UpdateSteps.batched(held, target, plan, verifier);
    return new SwitchOver(kind, steps, plan, plan.vlsNeeded(), witness, "");
  }
}
