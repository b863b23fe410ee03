package org.ibrouting.analysis;

import java.util.Optional;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;

/**
 * The verdict on a routing, in one object: are all pairs routed, loop-free, minimal, deadlock-free,
 * each with a typed witness when not: a {@link Route} (hops through the LFTs) for a faulty or a
 * non-minimal pair, a {@link CreditLoop} for a deadlock. A non-minimal route is no fault; it is
 * reported apart from unreachable pairs, black holes and loops.
 *
 * <pre>{@code
 * Verification v = Verification.of(routing);
 * if (!v.allRouted()) System.err.println(v.fault().orElseThrow());          // a Route
 * if (!v.deadlockFree()) System.err.println(v.creditLoop().orElseThrow());  // a CreditLoop
 * System.out.println(v.routes().avgHops() + " hops, minimal: " + v.minimal());
 * }</pre>
 *
 * <p>Built from {@link RouteChecker} and {@link CreditLoopVerifier} (their reports are {@link
 * #routes()} and {@link #cdg()}), so it costs what both cost; witnesses are walked once, after the
 * check.
 */
public final class Verification {
  private static final int UNREACHABLE = 0;
  private static final int BLACK_HOLE = 1;
  private static final int LOOP = 2;
  private static final int NON_MINIMAL = 3;

  private final RouteReport routes;
  private final CdgReport cdg;
  private final Route[] witnesses;

  private Verification(RouteReport routes, CdgReport cdg, Route[] witnesses) {
    this.routes = routes;
    this.cdg = cdg;
    this.witnesses = witnesses;
  }

  /**
   * Verifies the routes between CA and router ports (the pairs OpenSM's evaluation counts), with
   * the credit loops of every VL the routing's SL table uses, on {@link
   * RoutingOptions#defaultThreads()} threads.
   */
  public static Verification of(Routing routing) {
    return of(routing, EndpointScope.TERMINALS, RoutingOptions.defaultThreads());
  }

  /**
   * Verifies the routes between the end ports of {@code scope} on {@code threads} threads; the
   * verdict does not depend on the thread count.
   */
  public static Verification of(Routing routing, EndpointScope scope, int threads) {
    return of(routing, scope.select(routing.fabric()), threads);
  }

  /**
   * Verifies the routes between the selected end ports (say, a job's) on {@code threads} threads:
   * the routes between them are delivered and their channel dependencies have no cycle.
   *
   * @throws IllegalArgumentException when the end ports belong to another fabric than the routing
   */
  public static Verification of(Routing routing, EndPorts endPorts, int threads) {
    RouteChecker.Checked checked =
        new RouteChecker(EndpointScope.TERMINALS, threads).checkWithWitnesses(routing, endPorts);
    CdgReport cdg = CreditLoopVerifier.defaults().withThreads(threads).verify(routing, endPorts);
    long[] pairs = checked.witnessPairs();
    Route[] witnesses = new Route[pairs.length];
    for (int kind = 0; kind < pairs.length; kind++) {
      if (pairs[kind] != Long.MAX_VALUE) {
        witnesses[kind] =
            Route.walk(routing, (int) (pairs[kind] & 0xFFFF), (int) (pairs[kind] >>> 16));
      }
    }
    return new Verification(checked.report(), cdg, witnesses);
  }

  /** Whether every pair is delivered: no unreachable pair, black hole or loop. */
  public boolean allRouted() {
    return routes.allRouted();
  }

  /** Whether no route runs into a forwarding loop (unreachable pairs and black holes aside). */
  public boolean loopFree() {
    return routes.loopPairs() == 0;
  }

  /** Whether every delivered route is a shortest path. */
  public boolean minimal() {
    return routes.allMinimal();
  }

  /** Whether no VL's channel dependency graph has a cycle. */
  public boolean deadlockFree() {
    return cdg.isDeadlockFree();
  }

  /** All routed and deadlock-free: what a subnet manager may load. Minimality is not required. */
  public boolean ok() {
    return allRouted() && deadlockFree();
  }

  /** The route of an unreachable pair (LFT entry 255, or a source cabled to no switch). */
  public Optional<Route> unreachable() {
    return Optional.ofNullable(witnesses[UNREACHABLE]);
  }

  /** The route of a pair that ends in a black hole. */
  public Optional<Route> blackHole() {
    return Optional.ofNullable(witnesses[BLACK_HOLE]);
  }

  /** The route of a pair that runs into a forwarding loop. */
  public Optional<Route> loop() {
    return Optional.ofNullable(witnesses[LOOP]);
  }

  /** A delivered route longer than a shortest path; no fault. */
  public Optional<Route> nonMinimal() {
    return Optional.ofNullable(witnesses[NON_MINIMAL]);
  }

  /** The first fault, in the order unreachable, black hole, loop; empty when all are routed. */
  public Optional<Route> fault() {
    return unreachable().or(this::blackHole).or(this::loop);
  }

  /** A credit loop on the lowest VL that has one; empty when deadlock-free. */
  public Optional<CreditLoop> creditLoop() {
    return cdg.firstCreditLoop();
  }

  /** The route checker's figures: pair counts, hop statistics, minimal share. */
  public RouteReport routes() {
    return routes;
  }

  /** The credit-loop verifier's figures: channels and dependencies per VL. */
  public CdgReport cdg() {
    return cdg;
  }

  /** One line per finding: routed, loop-free, minimal, deadlock-free, with the witnesses. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    sb.append(
        allRouted()
            ? "all " + routes.pairs() + " pairs routed"
            : routes.validPairs() + " of " + routes.pairs() + " pairs routed");
    fault()
        .ifPresent(
            r ->
                sb.append("\n  ")
                    .append(r.ending().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '))
                    .append(": ")
                    .append(r));
    sb.append(loopFree() ? "\nloop-free" : "\n" + routes.loopPairs() + " pairs loop");
    sb.append(
        minimal()
            ? "\nminimal"
            : "\nnot minimal: "
                + String.format(java.util.Locale.ROOT, "%.2f%%", 100 * routes.minimalShare())
                + " of routed pairs take a shortest path");
    nonMinimal().ifPresent(r -> sb.append("\n  e.g. ").append(r));
    sb.append(
        deadlockFree()
            ? "\ndeadlock-free"
            : "\ncredit loops on VLs " + java.util.Arrays.toString(cdg.cyclicVls()));
    creditLoop().ifPresent(l -> sb.append("\n  ").append(l.toString().replace("\n", "\n  ")));
    return sb.toString();
  }
}
