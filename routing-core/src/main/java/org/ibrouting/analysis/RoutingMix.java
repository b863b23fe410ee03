package org.ibrouting.analysis;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;

/**
 * The states a fabric passes through while one routing replaces another: each switch forwards by
 * the first routing's LFT ({@link State#FIRST}), by the second's ({@link State#SECOND}), or may do
 * either ({@link State#EITHER}: it is being updated, or we ask about every order of updates), and
 * sources send on the first routing's SLs, the second's, or either. {@link CreditLoopVerifier}
 * checks the union of every channel dependency such a mix allows: a switch in state EITHER
 * contributes the dependencies of both its tables, and a packet may meet switches in different
 * states along its path, so its paths are all walks that take, at each switch, any out port its
 * state allows.
 *
 * <p>Immutable. Memory: 1 byte per switch.
 */
public final class RoutingMix {
  /** Which routing's table a switch forwards by, or which routing's SLs sources send on. */
  public enum State {
    /** The first routing's. */
    FIRST,
    /** The second routing's. */
    SECOND,
    /** Either one: the union of both. */
    EITHER;

    boolean first() {
      return this != SECOND;
    }

    boolean second() {
      return this != FIRST;
    }
  }

  private static final State[] STATES = State.values();

  private final Routing first;
  private final Routing second;
  private final byte[] stateOfSwitch;
  private final State slState;

  private RoutingMix(Routing first, Routing second, byte[] stateOfSwitch, State slState) {
    if (first.fabric() != second.fabric()) {
      throw new IllegalArgumentException("both routings of a mix must belong to the same fabric");
    }
    this.first = first;
    this.second = second;
    this.stateOfSwitch = stateOfSwitch;
    this.slState = slState;
  }

  /** Every switch and the SLs in state EITHER: every mix of {@code first} and {@code second}. */
  public static RoutingMix of(Routing first, Routing second) {
    byte[] states = new byte[first.fabric().numSwitches()];
    Arrays.fill(states, (byte) State.EITHER.ordinal());
    return new RoutingMix(first, second, states, State.EITHER);
  }

  /** A copy with every switch in {@code state}. */
  public RoutingMix withAllSwitches(State state) {
    byte[] states = new byte[stateOfSwitch.length];
    Arrays.fill(states, (byte) state.ordinal());
    return new RoutingMix(first, second, states, slState);
  }

  /** A copy with switch {@code sw} in {@code state}. */
  public RoutingMix withSwitch(int sw, State state) {
    byte[] states = stateOfSwitch.clone();
    states[sw] = (byte) state.ordinal();
    return new RoutingMix(first, second, states, slState);
  }

  /** A copy with the sources sending on {@code state}'s SLs. */
  public RoutingMix withSls(State state) {
    return new RoutingMix(first, second, stateOfSwitch, state);
  }

  /** The fabric of both routings. */
  public Fabric fabric() {
    return first.fabric();
  }

  /** The routing being replaced. */
  public Routing first() {
    return first;
  }

  /** The routing replacing it. */
  public Routing second() {
    return second;
  }

  /** The state of switch {@code sw}. */
  public State switchState(int sw) {
    return STATES[stateOfSwitch[sw]];
  }

  /** Which SLs sources send on. */
  public State slState() {
    return slState;
  }

  /** The switches whose two LFTs differ in some entry up to the fabric's max LID, ascending. */
  public int[] changedSwitches() {
    Fabric fabric = fabric();
    int count = 0;
    int[] changed = new int[fabric.numSwitches()];
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      for (int lid = 1; lid <= fabric.maxLid(); lid++) {
        if (first.outPort(sw, lid) != second.outPort(sw, lid)) {
          changed[count++] = sw;
          break;
        }
      }
    }
    return Arrays.copyOf(changed, count);
  }

  @Override
  public String toString() {
    int[] counts = new int[3];
    for (byte s : stateOfSwitch) {
      counts[s]++;
    }
    return "RoutingMix["
        + counts[0]
        + " switches first, "
        + counts[1]
        + " second, "
        + counts[2]
        + " either; SLs "
        + slState
        + "]";
  }
}
