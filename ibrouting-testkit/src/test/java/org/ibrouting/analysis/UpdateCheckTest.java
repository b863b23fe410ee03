package org.ibrouting.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.TestFabrics;
import org.ibrouting.testkit.TestRoutings;
import org.junit.jupiter.api.Test;

/**
 * {@link UpdateCheck}: two deadlock-free Up*&#47;Down* routings of a ring with different roots
 * break the ring's cycle at different switches, so together they close it; the check must find that
 * loop (naming switches in old and new states), certify transitions whose union is acyclic, and
 * every plan it gives, replayed step by step through {@link CreditLoopVerifier}, must never pass a
 * cyclic state.
 */
class UpdateCheckTest {
  private static final CreditLoopVerifier VERIFIER = CreditLoopVerifier.defaults().withThreads(1);
  private static final UpdateCheck CHECK = UpdateCheck.defaults().withVerifier(VERIFIER);

  @Test
  void twoDeadlockFreeRingRoutingsCloseTheLoopTogether() {
    Fabric ring = TestFabrics.ring(6, 1);
    Routing rootedAt0 = TestRoutings.upDown(ring, 0);
    Routing rootedAt1 = TestRoutings.upDown(ring, 1);
    assertTrue(VERIFIER.verify(rootedAt0).isDeadlockFree());
    assertTrue(VERIFIER.verify(rootedAt1).isDeadlockFree());
    UpdateCheck.Result result = CHECK.check(rootedAt0, rootedAt1);
    assertFalse(result.safe());
    UpdateCheck.Witness witness = result.witness();
    assertNotNull(witness);
    // the witness is a real cycle of the ring's channels, half of it from each routing
    int[] channels = witness.loop().channels();
    for (int i = 0; i < channels.length; i++) {
      assertEquals(
          ring.channelHead(channels[i]), ring.channelTail(channels[(i + 1) % channels.length]));
    }
    String states = String.join("\n", witness.states());
    assertTrue(
        states.contains("in its old table") || states.contains("in its old and new tables"),
        states);
    assertTrue(
        states.contains("in its new table") || states.contains("in its old and new tables"),
        states);
    assertTrue(witness.toString().contains("mix of old and new"), witness.toString());
    // an order of single-switch updates avoids every loop here
    assertEquals(UpdateCheck.Kind.ORDERED, result.plan().kind(), result.plan().note());
    assertReplaysAcyclic(rootedAt0, rootedAt1, result.plan());
  }

  @Test
  void identicalRoutingsAndTransitionsWithAnAcyclicUnionAreSafe() {
    Fabric ring = TestFabrics.ring(6, 1);
    Routing routing = TestRoutings.upDown(ring, 0);
    UpdateCheck.Result same = CHECK.check(routing, routing);
    assertTrue(same.safe());
    assertEquals(0, same.changedSwitches().length);
    // on a fat tree every minimal route goes up, then down: any two minimal routings mix safely
    Fabric tree = TestFabrics.kAryNTree(3, 3);
    Routing shortest = TestRoutings.shortestPaths(tree);
    Routing other = TestRoutings.upDown(tree, 0);
    UpdateCheck.Result result = CHECK.check(shortest, other);
    assertTrue(result.changedSwitches().length > 0);
    assertTrue(result.safe(), String.valueOf(result.witness()));
    assertEquals(UpdateCheck.Kind.ANY_ORDER, result.plan().kind());
    assertReplaysAcyclic(shortest, other, result.plan());
  }

  @Test
  void aPhasedPlanUsesTransitionVlsAboveBothRoutings() {
    // roots on opposite sides: every first switch update closes a loop on one VL
    Fabric ring = TestFabrics.ring(6, 1);
    Routing from = TestRoutings.upDown(ring, 0);
    Routing to = TestRoutings.upDown(ring, 3);
    UpdateCheck.Result result = CHECK.check(from, to);
    assertEquals(UpdateCheck.Kind.PHASED, result.plan().kind(), result.plan().note());
    assertTrue(result.plan().vlsNeeded() >= 2);
    assertEquals(UpdateCheck.Action.SWITCH_SLS, result.plan().steps().get(0).action());
    assertReplaysAcyclic(from, to, result.plan());
    // with the routings' one VL only there is no room for the transition
    UpdateCheck.Result cramped = CHECK.withMaxVls(1).check(from, to);
    assertEquals(UpdateCheck.Kind.NONE, cramped.plan().kind());
    assertTrue(cramped.plan().note().contains("VLs"), cramped.plan().note());
  }

  /**
   * Two Up*&#47;Down* routings of one fabric, rooted at the switches {@code fromRoot}, {@code
   * toRoot}.
   */
  record Transition(Fabric fabric, int fromRoot, int toRoot) {
    Routing from() {
      return TestRoutings.upDown(fabric, fromRoot);
    }

    Routing to() {
      return TestRoutings.upDown(fabric, toRoot);
    }

    @Override
    public String toString() {
      return "up/down rooted at switch " + fromRoot + ", then " + toRoot + " of " + fabric;
    }
  }

  @Provide
  Arbitrary<Transition> transitions() {
    return Arbitraries.oneOf(
            FabricArbitraries.tori(),
            FabricArbitraries.randomConnected(),
            FabricArbitraries.dragonflies())
        .flatMap(
            fabric -> {
              Arbitrary<Integer> root = Arbitraries.integers().between(0, fabric.numSwitches() - 1);
              return Combinators.combine(root, root)
                  .as((from, to) -> new Transition(fabric, from, to));
            });
  }

  /** Every plan the check gives replays without a cyclic state (some pairs have none at all). */
  @Property(tries = 60)
  void everyPlanReplaysWithoutACyclicState(@ForAll("transitions") Transition transition) {
    Routing from = transition.from();
    Routing to = transition.to();
    UpdateCheck.Result result = CHECK.check(from, to);
    assertEquals(result.safe(), VERIFIER.verify(RoutingMix.of(from, to)).isDeadlockFree());
    if (result.plan().kind() == UpdateCheck.Kind.NONE) {
      // no order of whole-switch updates avoids a transient loop: the note says so
      assertTrue(result.plan().note().startsWith("no safe switch order"), result.plan().note());
      return;
    }
    assertReplaysAcyclic(from, to, result.plan());
  }

  /**
   * The merged steps ({@link UpdateSteps#batched} of an ordered plan, {@link UpdateSteps#byLevels})
   * never pass a cyclic state: each step's switches in either state, earlier steps' updated, the
   * rest not, and the SL step with both SL tables; every changed switch is updated once, and the
   * replay ends at the new tables.
   */
  @Property(tries = 40)
  void mergedStepsReplayWithoutACyclicState(@ForAll("transitions") Transition transition) {
    Routing from = transition.from();
    Routing to = transition.to();
    List<UpdateSteps.Step> levels = UpdateSteps.byLevels(from, to, VERIFIER);
    if (levels != null) {
      assertStepsReplayAcyclic(from, to, levels);
    }
    UpdateCheck.Plan plan = CHECK.check(from, to).plan();
    if (plan.kind() == UpdateCheck.Kind.ORDERED) {
      List<UpdateSteps.Step> batched = UpdateSteps.batched(from, to, plan, VERIFIER);
      assertTrue(batched.size() <= plan.steps().size());
      assertStepsReplayAcyclic(from, to, batched);
    }
  }

  private static void assertStepsReplayAcyclic(
      Routing from, Routing to, List<UpdateSteps.Step> steps) {
    RoutingMix state =
        RoutingMix.of(from, to)
            .withAllSwitches(RoutingMix.State.FIRST)
            .withSls(RoutingMix.State.FIRST);
    boolean[] updated = new boolean[from.fabric().numSwitches()];
    UpdateSteps.Replay replay = new UpdateSteps.Replay(from, to, null);
    for (UpdateSteps.Step step : steps) {
      RoutingMix mix = state;
      for (int sw : step.switches()) {
        assertFalse(updated[sw], "switch " + sw + " updated twice");
        updated[sw] = true;
        mix = mix.withSwitch(sw, RoutingMix.State.EITHER);
        state = state.withSwitch(sw, RoutingMix.State.SECOND);
      }
      if (step.changesSls()) {
        mix = mix.withSls(RoutingMix.State.EITHER);
        state = state.withSls(RoutingMix.State.SECOND);
      }
      assertTrue(VERIFIER.verify(mix).isDeadlockFree(), step.text());
      replay.apply(step);
    }
    for (int sw : RoutingMix.of(from, to).changedSwitches()) {
      assertTrue(updated[sw], "switch " + sw + " was never updated");
    }
    assertTrue(replay.current().sameLfts(to), "the replay ends at the new tables");
  }

  /**
   * Replays a plan through the verifier, switch by switch: every step's mix (the switch being
   * updated in both states, the SLs of both sides while they change) must be acyclic. An update "in
   * any order" is replayed as one switch after another in switch order.
   */
  private static void assertReplaysAcyclic(Routing from, Routing to, UpdateCheck.Plan plan) {
    assertNotEquals(UpdateCheck.Kind.NONE, plan.kind(), plan.note());
    int[] changed = RoutingMix.of(from, to).changedSwitches();
    // the SL tables sources move through: the old one, the transition (phased), the new one
    List<Routing[]> sides = new ArrayList<>();
    if (plan.kind() == UpdateCheck.Kind.PHASED) {
      assertTrue(plan.transitionSls().numVls() <= plan.vlsNeeded());
      sides.add(new Routing[] {from, to.withSlTable("old-sls", from.slTable())});
      sides.add(
          new Routing[] {
            from.withSlTable("t", plan.transitionSls()), to.withSlTable("t", plan.transitionSls())
          });
      sides.add(new Routing[] {from.withSlTable("new-sls", to.slTable()), to});
    } else {
      sides.add(new Routing[] {from, to});
    }
    List<RoutingMix> mixes = new ArrayList<>();
    boolean[] updated = new boolean[from.fabric().numSwitches()];
    int side = 0;
    boolean slsSwitched = false;
    for (UpdateCheck.Step step : plan.steps()) {
      Routing[] now = sides.get(side);
      RoutingMix state =
          RoutingMix.of(now[0], now[1])
              .withSls(
                  slsSwitched && sides.size() == 1
                      ? RoutingMix.State.SECOND
                      : RoutingMix.State.FIRST);
      for (int sw = 0; sw < updated.length; sw++) {
        state =
            state.withSwitch(sw, updated[sw] ? RoutingMix.State.SECOND : RoutingMix.State.FIRST);
      }
      switch (step.action()) {
        case UPDATE_SWITCH -> {
          assertFalse(updated[step.sw()], "switch " + step.sw() + " updated twice");
          mixes.add(state.withSwitch(step.sw(), RoutingMix.State.EITHER));
          updated[step.sw()] = true;
        }
        case UPDATE_ALL -> {
          for (int sw : changed) {
            mixes.add(state.withSwitch(sw, RoutingMix.State.EITHER));
            state = state.withSwitch(sw, RoutingMix.State.SECOND);
            updated[sw] = true;
          }
        }
        case SWITCH_SLS -> {
          if (sides.size() == 1) {
            mixes.add(state.withSls(RoutingMix.State.EITHER));
            slsSwitched = true;
          } else {
            // the tables of the current switch states, with the SLs of this side and the next
            Routing current = currentTables(from, to, updated);
            Routing[] next = sides.get(side + 1);
            mixes.add(
                RoutingMix.of(
                    current.withSlTable("a", now[0].slTable()),
                    current.withSlTable("b", next[0].slTable())));
            side++;
          }
        }
        case DRAIN -> {}
      }
    }
    for (int sw : changed) {
      assertTrue(updated[sw], "switch " + sw + " was never updated");
    }
    for (RoutingMix mix : mixes) {
      CdgReport report = VERIFIER.verify(mix);
      assertTrue(
          report.isDeadlockFree(),
          plan.kind() + " plan passes a cyclic state " + mix + ": " + report);
    }
  }

  /** The tables of {@code to} at the updated switches, of {@code from} elsewhere. */
  private static Routing currentTables(Routing from, Routing to, boolean[] updated) {
    RoutingBuilder b = from.toBuilder("current");
    Fabric fabric = from.fabric();
    for (int sw = 0; sw < updated.length; sw++) {
      if (updated[sw]) {
        for (int lid = 1; lid <= fabric.maxLid(); lid++) {
          b.setOutPort(sw, lid, to.outPort(sw, lid));
        }
      }
    }
    return b.build();
  }
}
