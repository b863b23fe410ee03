package org.ibrouting.analysis;

import java.util.Arrays;
import java.util.List;

/**
 * What {@link RouteChecker} found: pair counts by outcome, the hop histogram, and one witness route
 * per kind of problem.
 *
 * <p>A pair is an ordered (source LID, destination LID) of end ports in the checked {@link
 * EndpointScope} whose ports differ; every LID of an LMC range counts. Hops are links crossed: CA
 * to CA over one switch is 2 hops; a switch's own LID adds no link at either end.
 *
 * @param pairs every pair
 * @param validPairs pairs whose route is delivered to the destination port
 * @param unreachablePairs pairs whose route meets an LFT entry {@code NO_ROUTE} (255), and pairs
 *     whose source port is cabled to no switch (down, or cabled straight to another CA than the
 *     destination's): what a fabric split by failures leaves, where no LFT could deliver
 * @param blackholePairs pairs whose route leaves a switch by a port leading nowhere: unconnected,
 *     beyond the switch's ports, to another end port than the destination's, or to port 0 of
 *     another switch
 * @param loopPairs pairs whose route runs into a forwarding loop
 * @param minimalPairs valid pairs with as many hops as a shortest path (BFS over switches)
 * @param hopHistogram {@code hopHistogram[h]} = valid pairs of {@code h} hops, up to maxHops
 * @param avgHops mean hops over valid pairs (0 when there are none)
 * @param maxHops most hops of a valid pair (0 when there are none)
 * @param minimalShare minimalPairs / validPairs (0 when there are no valid pairs)
 * @param bfsAvgHops mean shortest-path hops over pairs connected in the fabric
 * @param witnesses for each problem found, in the order unreachable, black hole, loop, non-minimal:
 *     the route of the pair with the lowest (destination LID, source LID), described by {@link
 *     RoutePaths#describe}
 */
public record RouteReport(
    long pairs,
    long validPairs,
    long unreachablePairs,
    long blackholePairs,
    long loopPairs,
    long minimalPairs,
    long[] hopHistogram,
    double avgHops,
    int maxHops,
    double minimalShare,
    double bfsAvgHops,
    List<String> witnesses) {

  /** Copies the histogram and the witness list. */
  public RouteReport {
    hopHistogram = hopHistogram.clone();
    witnesses = List.copyOf(witnesses);
  }

  /** A copy of the hop histogram. */
  @Override
  public long[] hopHistogram() {
    return hopHistogram.clone();
  }

  /** Whether every pair is delivered. */
  public boolean allRouted() {
    return validPairs == pairs;
  }

  /** Whether every valid route is a shortest path. */
  public boolean allMinimal() {
    return minimalPairs == validPairs;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RouteReport r
        && pairs == r.pairs
        && validPairs == r.validPairs
        && unreachablePairs == r.unreachablePairs
        && blackholePairs == r.blackholePairs
        && loopPairs == r.loopPairs
        && minimalPairs == r.minimalPairs
        && Arrays.equals(hopHistogram, r.hopHistogram)
        && Double.compare(avgHops, r.avgHops) == 0
        && maxHops == r.maxHops
        && Double.compare(minimalShare, r.minimalShare) == 0
        && Double.compare(bfsAvgHops, r.bfsAvgHops) == 0
        && witnesses.equals(r.witnesses);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(pairs) * 31
        + Long.hashCode(validPairs) * 17
        + Arrays.hashCode(hopHistogram)
        + witnesses.hashCode();
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    sb.append(pairs)
        .append(" pairs: ")
        .append(validPairs)
        .append(" valid, ")
        .append(unreachablePairs)
        .append(" unreachable, ")
        .append(blackholePairs)
        .append(" black hole, ")
        .append(loopPairs)
        .append(" loop; hops avg ")
        .append(String.format("%.4f", avgHops))
        .append(" max ")
        .append(maxHops)
        .append(", minimal ")
        .append(String.format("%.4f", minimalShare))
        .append(", histogram ")
        .append(Arrays.toString(hopHistogram));
    for (String w : witnesses) {
      sb.append("\n  ").append(w);
    }
    return sb.toString();
  }
}
