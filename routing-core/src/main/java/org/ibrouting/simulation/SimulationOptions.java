package org.ibrouting.simulation;

import java.util.Objects;
import org.ibrouting.routing.RoutingOptions;

/**
 * Options of a simulation.
 *
 * @param commSize the number of ranks; 0 means every endpoint
 * @param numRuns the number of runs; each draws a new rank-to-endpoint mapping (and a new random
 *     pattern, for random patterns)
 * @param subset how the endpoints are picked when the communicator is smaller than the fabric
 * @param seed the seed; run {@code r} draws from its own generator derived from {@code (seed, r)},
 *     so results do not depend on {@code threads}
 * @param threads worker threads (1 or more)
 * @param shuffleRanks whether ranks are mapped to the picked endpoints in random order (ORCS always
 *     does); false keeps rank i on the i-th picked endpoint
 */
public record SimulationOptions(
    int commSize, int numRuns, NodeSubset subset, long seed, int threads, boolean shuffleRanks) {

  /** Validates the options. */
  public SimulationOptions {
    Objects.requireNonNull(subset, "subset");
    if (commSize < 0) {
      throw new IllegalArgumentException(
          "communicator size " + commSize + " is negative (0 = all endpoints)");
    }
    if (numRuns < 1) {
      throw new IllegalArgumentException("number of runs " + numRuns + " must be at least 1");
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads " + threads + " must be at least 1");
    }
  }

  /**
   * All endpoints, {@code numRuns} runs, ORCS's default subset, {@link
   * RoutingOptions#defaultThreads()}, shuffled ranks.
   */
  public static SimulationOptions of(int numRuns, long seed) {
    return new SimulationOptions(
        0, numRuns, NodeSubset.LINEAR_BFS, seed, RoutingOptions.defaultThreads(), true);
  }

  /** A copy with another number of runs. */
  public SimulationOptions withNumRuns(int runs) {
    return new SimulationOptions(commSize, runs, subset, seed, threads, shuffleRanks);
  }

  /** A copy with another seed. */
  public SimulationOptions withSeed(long newSeed) {
    return new SimulationOptions(commSize, numRuns, subset, newSeed, threads, shuffleRanks);
  }

  /** A copy with another communicator size. */
  public SimulationOptions withCommSize(int size) {
    return new SimulationOptions(size, numRuns, subset, seed, threads, shuffleRanks);
  }

  /** A copy with another subset. */
  public SimulationOptions withSubset(NodeSubset s) {
    return new SimulationOptions(commSize, numRuns, s, seed, threads, shuffleRanks);
  }

  /** A copy with another thread count. */
  public SimulationOptions withThreads(int n) {
    return new SimulationOptions(commSize, numRuns, subset, seed, n, shuffleRanks);
  }

  /** A copy with ranks shuffled or not. */
  public SimulationOptions withShuffleRanks(boolean shuffle) {
    return new SimulationOptions(commSize, numRuns, subset, seed, threads, shuffle);
  }
}
