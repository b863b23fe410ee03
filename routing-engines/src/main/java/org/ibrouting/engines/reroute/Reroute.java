package org.ibrouting.engines.reroute;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.routing.SlTable;
import org.ibrouting.topology.Connectivity;

/**
 * Re-routes a fabric after failures with few changes: every entry of the old tables that still
 * leads its packets to their destination is kept, and only the switches whose path to a destination
 * broke get new entries, chosen by the engine's own rule.
 *
 * <p>The old tables are read against the changed fabric (see {@code LftDumpReader.readEarlier} and
 * {@link #carryOver}). One pass over every entry finds the broken entries (a port now unconnected,
 * no route where the switch still reaches the LID, a wrong end port); per destination LID, the
 * switches with a broken entry and those whose entries lead into one (a search backwards over the
 * links) are <em>affected</em> when they still reach the LID, and get no route when they do not.
 * Every other switch keeps its whole path, which is therefore as long as it was: failures never
 * shorten paths, so a path that was minimal stays minimal (loops already in the old tables are left
 * as they were). The affected switches are labelled by a search that starts from the kept paths
 * around them, so that a re-routed path may join a kept one; an affected switch keeps its old port
 * when that port is still one the engine could have chosen, and among equal new choices avoids a
 * neighbour whose old entry sends the LID straight back (a two-switch loop while the switches hold
 * a mix of old and new tables). Per engine:
 *
 * <ul>
 *   <li><b>minhop</b>: minimum-hop ports; among them the least-used port, with the per-port route
 *       counters of MINHOP rebuilt from the kept entries (re-routed entries are counted again as
 *       they are placed, in MINHOP's destination order, scanning ports as MINHOP does).
 *   <li><b>updn</b>, <b>dnup</b>: the same under the engine's turn rule, with ranks computed on the
 *       changed fabric from the engine's roots (its root file, else detected again). A kept path
 *       must also still follow the rule under these ranks, so every destination's tree is walked,
 *       not only those with a broken entry (the ranks rarely change: a failed link in a fat tree
 *       leaves them as they were). A switch that can reach the destination by last-phase (for
 *       Up*&#47;Down*: down) hops only takes such a path, otherwise the shortest legal one, and a
 *       hop into a kept path is taken only where the kept path may follow it, as {@code UpDownHops}
 *       rules; so the Up*&#47;Down* balance rule is MINHOP's over legal ports, and every path, kept
 *       or new, follows one turn rule: updn's result is deadlock-free by construction, as a full
 *       route is (the tests check it with {@link CreditLoopVerifier}; dnup promises freedom from
 *       deadlock on fat trees only). Where a switch with CAs has no legal path to another one that
 *       links reach, the engine refuses, as its full route does.
 *   <li><b>sssp</b>, <b>dfsssp</b>: P-SSSP's weights rebuilt from the kept paths (every link
 *       carries P² (or 1 with {@code minimal=false}) plus, for every kept path through it, the
 *       end-port LIDs of the switch the path starts at); each broken destination, in SSSP's order,
 *       gets the cheapest path (the fewest hops first where minimal) from every affected switch
 *       over the current weights, and its new paths then raise the weights as SSSP's update does.
 *   <li><b>dfsssp</b>: the old SLs are kept for every path (from the old SL file, else all on VL
 *       0); when the new tables with those SLs are not deadlock-free, only the re-routed paths are
 *       moved: each to the first VL whose dependency graph stays acyclic with it ({@code
 *       VlRepair}); only when some path fits no VL are all VLs assigned afresh as DFSSSP does. The
 *       result is verified by {@link CreditLoopVerifier}.
 *   <li><b>dmodc</b>: only the switches whose paths broke move, each to the entry Dmodc's formula
 *       gives on the changed fabric ({@code DmodcRepair}); the rule a repair by the same formula
 *       and a full route share, since a failure changes no other destination's up*&#47;down* costs
 *       (every old path that still delivers is still of least cost), and a full route is not cheap
 *       enough to redo: on the 32-ary 3-tree it writes 110 million entries.
 * </ul>
 *
 * <p>An engine offers its rule by implementing {@link RepairCapability} (with a {@link
 * RepairRule}); other engines have no incremental rule and are refused. Differences from a full
 * route: ties among equal choices are broken by port order, not by OpenSM's heap; MINHOP's LMC rule
 * of preferring other systems and nodes for the LIDs of one port is not applied to re-routed
 * entries; new links do not shorten kept paths (only broken paths are re-routed).
 *
 * <p>The old tables are copied for the repair on another thread while the engine prepares its rule;
 * for dmodc, whose tables break only where a port lost its link, the damage is read meanwhile from
 * the old tables, in the rows of the switches with an unconnected port only.
 *
 * <p>Cost: one read of every LFT entry (dmodc: of the rows with an unconnected port; plus, for sssp
 * and dfsssp, one pass over every destination's tree to rebuild the weights, and for updn and dnup
 * one walk of every destination's tree), and O(switches + affected switches x ports) per broken
 * destination; dfsssp's verification is a full {@link CreditLoopVerifier} run.
 */
public final class Reroute {
  private Reroute() {}

  /**
   * The built-in engines with an incremental rule, by {@code -R} name.
   *
   * @deprecated an engine offers its rule by implementing {@link RepairCapability}, so the list is
   *     not fixed: use {@link #supports} or {@link #supportedEngines}
   */
  @Deprecated(since = "0.1.0")
  public static final List<String> SUPPORTED =
      List.of("minhop", "updn", "dnup", "sssp", "dfsssp", "dmodc");

  /** Whether {@code engine} has an incremental rule (it implements {@link RepairCapability}). */
  public static boolean supports(RoutingEngine engine) {
    return engine instanceof RepairCapability;
  }

  /**
   * The registered engines ({@link Engines#names}) with an incremental rule, by {@code -R} name, in
   * the registry's order: those whose provider says so ({@link EngineProvider#offersRepair()}),
   * without creating them, and those created without inputs or settings that {@link #supports}.
   */
  public static List<String> supportedEngines() {
    List<String> names = new ArrayList<>();
    for (String name : Engines.names()) {
      if (Engines.provider(name).offersRepair()) {
        names.add(name);
        continue;
      }
      RoutingEngine engine;
      try {
        engine = Engines.create(name, EngineConfig.none());
      } catch (RuntimeException e) {
        continue;
      }
      if (supports(engine)) {
        names.add(name);
      }
    }
    return names;
  }

  /**
   * What a re-route did.
   *
   * @param routing the new routing (its fabric is the old routing's)
   * @param entriesChanged (switch, LID) entries that differ from the old tables
   * @param lidsRerouted destination LIDs with at least one broken entry
   * @param affectedEntries (switch, LID) entries whose path broke (kept or changed)
   * @param pathsMoved re-routed paths (source switch or SL group, destination LID) moved to another
   *     VL (dfsssp)
   * @param note how SLs were kept or assigned, and any fallback, for the report
   * @param seconds time to re-route (without the verification)
   * @param verifySeconds time of dfsssp's credit-loop verification and VL repair (0 for the others)
   */
  public record Result(
      Routing routing,
      long entriesChanged,
      int lidsRerouted,
      long affectedEntries,
      long pathsMoved,
      String note,
      double seconds,
      double verifySeconds) {}

  /** Counters the repairs fill in. */
  static final class Stats {
    long pathsMoved;
    String note = "";
    boolean verified;

    /** The verifier of the result, or null for the default. */
    CreditLoopVerifier verifier;
  }

  /**
   * Re-routes {@code old} (tables of an earlier state of {@code old.fabric()}, read against the
   * fabric as it is now) with {@code engine}'s rule.
   *
   * @throws RoutingException when the engine has no incremental rule, or refuses the fabric
   */
  public static Result reroute(RoutingEngine engine, Routing old, RoutingOptions options)
      throws RoutingException {
    return reroute(engine, old, options, null);
  }

  /**
   * Like {@link #reroute(RoutingEngine, Routing, RoutingOptions)}, proving the result with {@code
   * verifier} where the engine's rule verifies (dfsssp); a verifier {@link
   * CreditLoopVerifier#withBaseline with a baseline} of the tables the old ones were carried over
   * from walks only the re-routed destinations. Null: the default verifier.
   *
   * @throws RoutingException when the engine has no incremental rule, or refuses the fabric
   */
  public static Result reroute(
      RoutingEngine engine, Routing old, RoutingOptions options, CreditLoopVerifier verifier)
      throws RoutingException {
    long start = System.nanoTime();
    Fabric fabric = old.fabric();
    if (fabric.numSwitches() == 0) {
      throw new RoutingException(engine.name() + ": the fabric has no switch to route");
    }
    int threads = Parallel.threadsFor(fabric.numSwitches(), options.threads());
    // the copy of the old tables (110 MB on the 32-ary 3-tree) is made on another core while the
    // engine prepares its rule (and, where the rule allows, the damage is read from the old tables)
    Parallel.Background<RoutingBuilder> copy =
        Parallel.inBackground(threads, "ibrouting-lfts", () -> old.toBuilder(engine.name()));
    int[] component = Connectivity.switchComponents(fabric);
    Stats stats = new Stats();
    stats.verifier = verifier;
    Repair repair = repairFor(engine, fabric, copy::join, old, options, threads);
    int[] order = repair.destinationLids();
    boolean[] destination = new boolean[fabric.maxLid() + 1];
    for (int lid : order) {
      destination[lid] = true;
    }
    DamageScan deadPorts =
        repair.scansEveryEntry() ? null : DamageScan.deadPorts(fabric, old, destination, threads);
    RoutingBuilder lfts = copy.join();
    // a port that lost its switch (its only link failed, or the switch) is reached by no route
    long changed = 0;
    for (int lid = 1; lid <= fabric.maxLid(); lid++) {
      int port = fabric.portOfLid(lid);
      if (port >= 0 && fabric.switchPortOf(port) < 0) {
        for (int sw = 0; sw < fabric.numSwitches(); sw++) {
          if (lfts.outPort(sw, lid) != Routing.NO_ROUTE) {
            lfts.setOutPort(sw, lid, Routing.NO_ROUTE);
            changed++;
          }
        }
      }
    }
    DamageScan scan =
        deadPorts != null
            ? deadPorts
            : DamageScan.run(
                fabric,
                lfts,
                destination,
                component,
                repair.countsRoutes(),
                repair.keepsNoRoute(),
                threads);
    repair.scanned(scan);
    // the broken LIDs in the engine's order, with their affected switches: those whose path meets
    // a broken entry (found upstream from the broken entries), or, under a turn rule, those found
    // by walking every destination's tree, since a path may break the rule without a broken entry
    Affected affected =
        repair.turns() != null
            ? Affected.byTrees(fabric, lfts, order, component, repair, repair.turns(), threads)
            : Affected.upstream(fabric, lfts, order, scan.brokenEntries, component, repair);
    repair.prepare(affected);
    TreeWalk walk = new TreeWalk(fabric, lfts, repair.turns());
    changed += affected.unreachableChanged;
    for (int i = 0; i < affected.numLids(); i++) {
      walk.reset(affected.lid(i));
      changed += repair.repair(walk, affected.switches, affected.start(i), affected.start(i + 1));
    }
    Routing routing = lfts.build();
    double seconds = (System.nanoTime() - start) / 1e9;
    long verifyStart = System.nanoTime();
    routing = repair.finish(routing, stats);
    double verifySeconds = stats.verified ? (System.nanoTime() - verifyStart) / 1e9 : 0;
    return new Result(
        routing,
        changed,
        affected.numLids(),
        affected.switches.length,
        stats.pathsMoved,
        stats.note,
        seconds,
        verifySeconds);
  }

  /**
   * The tables of {@code old} carried over to {@code changed}, a later state of its fabric (as
   * {@code LftDumpReader.readEarlier} reads a dump): each switch that remains (found by node GUID)
   * keeps its entries for the LIDs that some port still owns, port numbers unchanged; the SL table
   * is carried over likewise, per source LID.
   */
  public static Routing carryOver(Routing old, Fabric changed) {
    Fabric before = old.fabric();
    RoutingBuilder b = Routing.builder(changed, old.engineName());
    int maxLid = Math.min(before.maxLid(), changed.maxLid());
    for (int sw = 0; sw < changed.numSwitches(); sw++) {
      int was = before.nodeOfGuid(changed.nodeGuid(sw));
      if (was < 0 || !before.isSwitch(was)) {
        continue;
      }
      for (int lid = 1; lid <= maxLid; lid++) {
        if (changed.portOfLid(lid) >= 0) {
          b.setOutPort(sw, lid, old.outPort(was, lid));
        }
      }
    }
    SlTable sls = old.slTable();
    if (!sls.isNone()) {
      SlTable.Builder t = SlTable.perSourceLid(changed);
      for (int src = 1; src <= maxLid; src++) {
        int group = t.groupOfSrcLid(src);
        if (group < 0) {
          continue;
        }
        for (int dst = 1; dst <= maxLid; dst++) {
          if (changed.portOfLid(dst) >= 0) {
            t.setSl(group, dst, sls.sl(src, dst));
          }
        }
      }
      b.setSlTable(t.build());
    }
    return b.build();
  }

  /**
   * The incremental rule of {@code engine}; {@code tables} gives the copy of the old tables the
   * rule repairs, asked for after the engine's own preparation (ranks, Dmodc's formula), which runs
   * while the copy is made.
   */
  private static Repair repairFor(
      RoutingEngine engine,
      Fabric fabric,
      Supplier<RoutingBuilder> tables,
      Routing old,
      RoutingOptions options,
      int threads)
      throws RoutingException {
    if (!(engine instanceof RepairCapability capable)) {
      throw new RoutingException(
          engine.name()
              + ": no incremental re-routing for this engine;"
              + " reroute supports "
              + String.join(", ", supportedEngines())
              + " (route it from scratch instead)");
    }
    RepairRule rule = capable.repairRule(old, options, threads);
    return rule.factory.create(engine.name(), fabric, tables, old, options, threads);
  }
}
