package org.ibrouting.simulation;

/**
 * A simulation or Λ measurement was asked of a routing that leaves some endpoint pairs without a
 * route: congestion and bandwidth are undefined then. {@link Simulator} and {@link RoutingQuality}
 * both throw it; check {@code RouteReport.allRouted()} (or {@code Verification.allRouted()}) first.
 */
public class UnroutablePairsException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private final long unroutablePairs;

  /** Creates the exception. */
  public UnroutablePairsException(String message, long unroutablePairs) {
    super(message);
    this.unroutablePairs = unroutablePairs;
  }

  /** The number of ordered endpoint pairs without a route. */
  public long unroutablePairs() {
    return unroutablePairs;
  }
}
