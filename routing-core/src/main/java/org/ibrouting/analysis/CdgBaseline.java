package org.ibrouting.analysis;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.SlTable;

/**
 * The channel dependency graph of a routing, kept so that a verifier {@link
 * CreditLoopVerifier#withBaseline with it} proves routings and mixes that differ from this routing
 * in a few destinations by walking the routes to those only, as {@code serve} checks a repair of
 * the tables the switches hold. Made by {@link CreditLoopVerifier#baseline}.
 *
 * <p>Why it is enough: the routes to a destination LID whose entries are the same on every switch
 * (over links cabled as before) and whose VL is the same from every source add no dependency that
 * the baseline's graph lacks. So the baseline's graph joined with the dependencies of the changed
 * destinations' routes contains the graph being checked; when that union is acyclic, so is the
 * graph. The baseline is acyclic, so only a new dependency against its topological order can close
 * a cycle, and the search starts from those. When the union has a cycle (which may run through a
 * dependency only the baseline's routes had), the verifier builds the whole graph instead, as it
 * does when an end port is new or moved, more than half the destinations changed, or the baseline
 * itself has a credit loop.
 *
 * <p>The fabric may be a later state of the baseline's (a link or a switch lost or back), as {@code
 * Reroute.carryOver} takes tables over: switches and ports are matched by node GUID and port
 * number, and a LID routed over a link not cabled as it was counts as changed.
 *
 * <p>Memory: per VL, 1 int per dependency and 2 ints per port slot; the same again for the one
 * other fabric last checked against.
 */
public final class CdgBaseline {
  private static final int CACHED = 8;

  private final Routing routing;
  private final CdgReport report;
  private final double seconds;
  private final EndpointScope scope;
  private final boolean endpointChannels;
  private final boolean ignoreSls;
  private final BaselineFabric own;
  private BaselineFabric other;

  private final Object[] diffedTables = new Object[CACHED];
  private final boolean[][] diffs = new boolean[CACHED][];
  private int nextDiff;
  private final java.util.concurrent.atomic.AtomicInteger fromBaseline =
      new java.util.concurrent.atomic.AtomicInteger();
  private final java.util.concurrent.atomic.AtomicInteger whole =
      new java.util.concurrent.atomic.AtomicInteger();

  CdgBaseline(
      Routing routing,
      CdgReport report,
      double seconds,
      CreditLoopVerifier verifier,
      BaselineGraph[] graphs) {
    this.routing = routing;
    this.report = report;
    this.seconds = seconds;
    this.scope = verifier.scope();
    this.endpointChannels = verifier.endpointChannels();
    this.ignoreSls = verifier.ignoresSls();
    this.own = graphs == null ? null : BaselineFabric.own(routing.fabric(), graphs);
  }

  /** The routing whose graph this is. */
  public Routing routing() {
    return routing;
  }

  /** The verifier's report on the routing. */
  public CdgReport report() {
    return report;
  }

  /**
   * Seconds the whole graph took to build and check: what a verification costs when the baseline
   * cannot be used.
   */
  public double seconds() {
    return seconds;
  }

  /** How many checks of verifiers with this baseline walked only the changed destinations. */
  public int checksFromBaseline() {
    return fromBaseline.get();
  }

  /**
   * How many checks of verifiers with this baseline built the whole graph (the union had a cycle,
   * an end port moved, most destinations changed, or the baseline could not be used).
   */
  public int wholeChecks() {
    return whole.get();
  }

  /** Counts a check: from the baseline, or of the whole graph. */
  void counted(boolean quick) {
    (quick ? fromBaseline : whole).incrementAndGet();
  }

  /** Whether checks may start from this baseline: its routing is free of credit loops. */
  public boolean isUsable() {
    return own != null;
  }

  /** Whether {@code verifier} builds the graphs this baseline holds. */
  boolean fits(CreditLoopVerifier verifier) {
    return own != null
        && scope == verifier.scope()
        && endpointChannels == verifier.endpointChannels()
        && ignoreSls == verifier.ignoresSls();
  }

  /** This baseline read against {@code fabric} (its own, or a later state of it). */
  synchronized BaselineFabric on(Fabric fabric) {
    if (fabric == own.fabric) {
      return own;
    }
    if (other == null || other.fabric != fabric) {
      other = BaselineFabric.of(own, fabric, scope.select(fabric));
      java.util.Arrays.fill(diffedTables, null);
    }
    return other;
  }

  /**
   * Marks the LIDs whose routes in {@code tables} (on {@code on}'s fabric) may differ from the
   * baseline's: other entries, a recabled link, or (unless SLs are ignored) another VL from some
   * source.
   */
  void markChanged(BaselineFabric on, Routing tables, boolean[] marked) {
    boolean[] entries = cached(tables);
    if (entries == null) {
      entries = new boolean[on.fabric.maxLid() + 1];
      on.markChangedEntries(routing, tables, entries);
      remember(tables, entries);
    }
    boolean[] vls = ignoreSls ? null : cached(tables.slTable());
    if (!ignoreSls && vls == null) {
      vls = new boolean[on.fabric.maxLid() + 1];
      routing.slTable().markOtherVls(tables.slTable(), on.fabric.maxLid(), vls);
      remember(tables.slTable(), vls);
    }
    for (int lid = 0; lid < marked.length && lid < entries.length; lid++) {
      marked[lid] |= entries[lid] || vls != null && vls[lid];
    }
  }

  private synchronized boolean[] cached(Object tables) {
    for (int i = 0; i < CACHED; i++) {
      if (diffedTables[i] == tables) {
        return diffs[i];
      }
    }
    return null;
  }

  private synchronized void remember(Object tables, boolean[] diff) {
    diffedTables[nextDiff] = tables;
    diffs[nextDiff] = diff;
    nextDiff = (nextDiff + 1) % CACHED;
  }

  /** Whether an SL table can be checked against this baseline (no per-port SL-to-VL maps). */
  static boolean plain(SlTable table) {
    return table.portSl2Vl() == null;
  }
}
