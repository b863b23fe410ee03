package org.ibrouting.simulation;

import org.ibrouting.routing.Routing;

/** The simulations of the tests whose expectations need rank r on CA r: ranks not shuffled. */
final class RanksInOrder {
  private RanksInOrder() {}

  /** {@code runs} runs of {@code pattern} from {@code seed}, rank r on endpoint r. */
  static SimulationResult simulate(
      Routing routing, String pattern, Metric metric, int runs, long seed) {
    return Simulator.simulate(
        routing,
        PatternSpec.parse(pattern),
        metric,
        SimulationOptions.of(runs, seed).withShuffleRanks(false));
  }
}
