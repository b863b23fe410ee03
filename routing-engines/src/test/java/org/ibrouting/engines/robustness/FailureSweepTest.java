package org.ibrouting.engines.robustness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.Connectivity;
import org.ibrouting.topology.Failures;
import org.ibrouting.topology.OpenSmLids;
import org.ibrouting.topology.Topologies;
import org.ibrouting.topology.TorusConfig;
import org.junit.jupiter.api.Test;

/**
 * Every registered engine on fabrics with failed links and a failed switch: 1%, 5% and 10% of the
 * switch-to-switch links removed at random, or one random switch removed (with the CAs cabled only
 * to it), on fat trees, tori, Jellyfish and Dragonfly; the damaged fabric may fall apart into
 * several components. Each engine either routes every pair that switches still connect — walked
 * through the LFTs by {@link RouteChecker}, with every disconnected pair reported as unreachable
 * and no black hole or loop — or refuses for one of the reasons it documents ({@link
 * DocumentedRefusals}); an internal error or any other exception fails. Engines of {@link
 * #DEADLOCK_FREE} must also give an acyclic channel dependency graph per VL, within {@link
 * RoutingOptions#maxVls()} VLs. sar routes with a job map of two interleaved jobs.
 *
 * <p>With the default {@value #DEFAULT_SEEDS} seeds per (fabric, failure kind) the number of
 * refusals of every engine on every fabric and failure kind must be exactly those of {@code
 * golden/robustness/failure-sweep-refusals.txt}; the system property {@code
 * ibrouting.failures.seeds} sets more seeds for a longer sweep, which checks everything but those
 * counts. The summary table (engine x failure kind: routed / refused / unreachable pairs) goes to
 * standard output; the README's figures come from it.
 */
class FailureSweepTest {
  /**
   * The engines that promise freedom from deadlock on any fabric they route (checked per VL). An
   * engine added to the registry that promises it must be named here.
   */
  static final Set<String> DEADLOCK_FREE =
      Set.of("lash", "dfsssp", "updn", "multiupdn", "nue", "sar", "torus-2QoS", "dmodc");

  /**
   * The engines that promise freedom from deadlock on fat trees only: dnup lets links between
   * switches of equal rank serve both phases (OpenSM's rule), so where every switch has CAs it is
   * MINHOP; in a fat tree, damaged or not, adjacent switches never share a rank.
   */
  static final Set<String> DEADLOCK_FREE_ON_FAT_TREES = Set.of("dnup");

  private static final int DEFAULT_SEEDS = 3;

  private static final String EXPECTED_REFUSALS = "golden/robustness/failure-sweep-refusals.txt";

  private static final String[] KINDS = {"1% links", "5% links", "10% links", "1 switch", "split"};

  /**
   * A generated fabric of the sweep; {@code fatTree} says whether it is a (damaged) fat tree,
   * {@code torus} is its torus-2QoS configuration (null: torus-2QoS refuses it for want of one).
   */
  private record Base(Supplier<Fabric> make, boolean fatTree, TorusConfig torus) {
    Base(Supplier<Fabric> make, boolean fatTree) {
      this(make, fatTree, null);
    }
  }

  private static Map<String, Base> fabrics() {
    Map<String, Base> fabrics = new LinkedHashMap<>();
    fabrics.put("4-ary 3-tree", new Base(() -> Topologies.kAryNTree(4, 3), true));
    fabrics.put("2-ary 3-tree", new Base(() -> Topologies.kAryNTree(2, 3), true));
    fabrics.put(
        "4-ary 2-tree, LMC 2",
        new Base(() -> OpenSmLids.reassign(Topologies.kAryNTree(4, 2), 2, 0), true));
    fabrics.put(
        "XGFT(2;4,4;1,2)",
        new Base(() -> Topologies.xgft(new int[] {4, 4}, new int[] {1, 2}), true));
    fabrics.put(
        "XGFT(2;4,4;2,2), dual-port CAs",
        new Base(() -> Topologies.xgft(new int[] {4, 4}, new int[] {2, 2}), true));
    fabrics.put(
        "torus 4x4x3, 1 host",
        new Base(
            () -> Topologies.torus(new int[] {4, 4, 3}, 1),
            false,
            Topologies.torusConfig(new int[] {4, 4, 3}, 1, true)));
    fabrics.put(
        "ring of 8, 2 hosts",
        new Base(
            () -> Topologies.torus(new int[] {8}, 2),
            false,
            Topologies.torusConfig(new int[] {8}, 2, true)));
    fabrics.put(
        "jellyfish 24 sw, 4 ports", new Base(() -> Topologies.jellyfish(24, 4, 2, 7), false));
    fabrics.put(
        "jellyfish 16 sw, 3 ports", new Base(() -> Topologies.jellyfish(16, 3, 2, 11), false));
    fabrics.put("dragonfly a4 p2 h2", new Base(() -> Topologies.dragonfly(4, 2, 2), false));
    fabrics.put("dragonfly a3 p1 h1", new Base(() -> Topologies.dragonfly(3, 1, 1), false));
    return fabrics;
  }

  /** The damaged fabric of failure kind {@code kind} (an index into {@link #KINDS}). */
  static Fabric damage(Fabric fabric, int kind, long seed) {
    if (kind == 3) {
      return Failures.failSwitch(fabric, false, seed);
    }
    if (kind == 4) {
      return split(fabric, seed);
    }
    int percent = kind == 0 ? 1 : kind == 1 ? 5 : 10;
    return Failures.failLinkShare(fabric, percent, seed);
  }

  /**
   * The fabric with random switch-to-switch links removed, one after another in the order of {@code
   * seed}, until CAs sit in two components of the switch graph (as a cut cable bundle leaves a
   * fabric).
   */
  static Fabric split(Fabric fabric, long seed) {
    for (int failures = 1; ; failures++) {
      Fabric damaged = Failures.failLinks(fabric, failures, false, seed);
      if (Connectivity.connectedPairs(damaged) < Connectivity.connectedPairs(fabric)
          || damaged.numLinks() > fabric.numLinks() - failures) {
        return damaged;
      }
    }
  }

  /** Per engine and failure kind: routings, refusals, unreachable pairs of routed fabrics. */
  private static final class Tally {
    int routed;
    int refused;
    long unreachable;
    long pairs;
    String firstRefusal;
  }

  /**
   * The refusals expected per (engine, fabric): "*" lines give an engine's default, later lines
   * override it for one fabric; an engine or fabric without a line refuses nothing.
   */
  static Map<String, int[]> expectedRefusals() throws IOException {
    Map<String, int[]> expected = new LinkedHashMap<>();
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(
                FailureSweepTest.class.getClassLoader().getResourceAsStream(EXPECTED_REFUSALS),
                StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] fields = line.split("\\|");
        int[] counts =
            Arrays.stream(fields[2].strip().split(" +")).mapToInt(Integer::parseInt).toArray();
        if (counts.length != KINDS.length) {
          throw new IllegalStateException(
              EXPECTED_REFUSALS + ": " + KINDS.length + " counts expected: " + line);
        }
        expected.put(fields[0].strip() + "|" + fields[1].strip(), counts);
      }
    }
    return expected;
  }

  private static int[] expected(Map<String, int[]> expected, String engine, String fabric) {
    int[] counts = expected.get(engine + "|" + fabric);
    if (counts == null) {
      counts = expected.get(engine + "|*");
    }
    return counts == null ? new int[KINDS.length] : counts;
  }

  @Test
  void everyEngineRoutesWhatIsConnectedOrRefusesWithADocumentedReason() throws IOException {
    int seeds = Integer.getInteger("ibrouting.failures.seeds", DEFAULT_SEEDS);
    Map<String, int[]> expected = expectedRefusals();
    List<String> engines = Engines.names();
    Map<String, Tally[]> tallies = new LinkedHashMap<>();
    for (String engine : engines) {
      Tally[] row = new Tally[KINDS.length];
      for (int k = 0; k < KINDS.length; k++) {
        row[k] = new Tally();
      }
      tallies.put(engine, row);
    }
    List<String> problems = new ArrayList<>();
    int cases = 0;
    for (Map.Entry<String, Base> base : fabrics().entrySet()) {
      Fabric intact = base.getValue().make().get();
      Map<String, int[]> refusedHere = new LinkedHashMap<>();
      for (String engine : engines) {
        refusedHere.put(engine, new int[KINDS.length]);
      }
      for (int kind = 0; kind < KINDS.length; kind++) {
        for (long seed = 1; seed <= seeds; seed++) {
          Fabric fabric = damage(intact, kind, seed);
          String what =
              base.getKey() + ", " + KINDS[kind] + " failed (seed " + seed + ", " + fabric + ")";
          long connected = Connectivity.connectedPairs(fabric);
          for (String engine : engines) {
            cases++;
            Tally tally = tallies.get(engine)[kind];
            boolean deadlockFree =
                DEADLOCK_FREE.contains(engine)
                    || base.getValue().fatTree() && DEADLOCK_FREE_ON_FAT_TREES.contains(engine);
            EngineConfig config =
                engine.equals("sar")
                    ? SarJobMaps.configFor(engine, fabric)
                    : EngineConfig.none().with(EngineInputs.TORUS_CONFIG, base.getValue().torus());
            int refusedBefore = tally.refused;
            String problem = check(engine, config, fabric, seed, connected, deadlockFree, tally);
            refusedHere.get(engine)[kind] += tally.refused - refusedBefore;
            if (problem != null) {
              problems.add(engine + " on " + what + ": " + problem);
            }
          }
        }
      }
      if (seeds == DEFAULT_SEEDS) {
        for (String engine : engines) {
          int[] want = expected(expected, engine, base.getKey());
          int[] got = refusedHere.get(engine);
          if (!Arrays.equals(want, got)) {
            problems.add(
                engine
                    + " on "
                    + base.getKey()
                    + ": refused "
                    + Arrays.toString(got)
                    + " of "
                    + seeds
                    + " per failure kind "
                    + Arrays.toString(KINDS)
                    + ", expected "
                    + Arrays.toString(want)
                    + " ("
                    + EXPECTED_REFUSALS
                    + ")");
          }
        }
      }
    }
    printTable(tallies, cases, seeds);
    assertTrue(problems.isEmpty(), problems.size() + " problems:\n" + String.join("\n", problems));
  }

  /** Routes one damaged fabric; returns what went wrong, or null. */
  private static String check(
      String engine,
      EngineConfig config,
      Fabric fabric,
      long seed,
      long connected,
      boolean deadlockFree,
      Tally tally) {
    Routing routing;
    try {
      routing =
          Engines.create(engine, config).route(fabric, RoutingOptions.seeded(seed).withThreads(1));
    } catch (RoutingException e) {
      tally.refused++;
      if (tally.firstRefusal == null) {
        tally.firstRefusal = e.getMessage();
      }
      return DocumentedRefusals.problem(engine, e.getMessage());
    } catch (RuntimeException | StackOverflowError e) {
      StringBuilder trace = new StringBuilder(e.toString());
      for (StackTraceElement frame : e.getStackTrace()) {
        if (trace.length() > 600) {
          break;
        }
        trace.append("\n    at ").append(frame);
      }
      return "crashed: " + trace;
    }
    RouteReport report = new RouteChecker(EndpointScope.TERMINALS, 1).check(routing);
    tally.routed++;
    tally.pairs += report.pairs();
    tally.unreachable += report.unreachablePairs();
    if (report.loopPairs() > 0 || report.blackholePairs() > 0) {
      return report.loopPairs()
          + " loop and "
          + report.blackholePairs()
          + " black-hole pairs: "
          + report.witnesses();
    }
    if (report.validPairs() != connected) {
      return report.validPairs()
          + " pairs delivered, but switches connect "
          + connected
          + " of "
          + report.pairs()
          + ": "
          + report.witnesses();
    }
    if (report.unreachablePairs() != report.pairs() - connected) {
      return report.unreachablePairs()
          + " unreachable pairs, expected the "
          + (report.pairs() - connected)
          + " disconnected ones";
    }
    if (deadlockFree) {
      CdgReport cdg = CreditLoopVerifier.defaults().verify(routing);
      if (!cdg.isDeadlockFree()) {
        int vl = cdg.cyclicVls()[0];
        return "credit loop on VL " + vl + ":\n" + cdg.creditLoop(vl).orElseThrow();
      }
      if (routing.slTable().numVls() > RoutingOptions.DEFAULT_MAX_VLS) {
        return "uses "
            + routing.slTable().numVls()
            + " VLs, limit "
            + RoutingOptions.DEFAULT_MAX_VLS;
      }
    }
    return null;
  }

  private static void printTable(Map<String, Tally[]> tallies, int cases, int seeds) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "failure sweep: %d routings (%d engines, %d fabrics, %d"
                + " failure kinds, %d seeds); per cell routed/refused, unreachable pairs of routed%n",
            cases,
            tallies.size(),
            fabrics().size(),
            KINDS.length,
            seeds));
    out.append(String.format(Locale.ROOT, "%-8s", "engine"));
    for (String kind : KINDS) {
      out.append(String.format(Locale.ROOT, " | %-26s", kind));
    }
    out.append('\n');
    for (Map.Entry<String, Tally[]> row : tallies.entrySet()) {
      out.append(String.format(Locale.ROOT, "%-8s", row.getKey()));
      for (Tally t : row.getValue()) {
        String cell = t.routed + "/" + t.refused + ", " + t.unreachable + " of " + t.pairs;
        out.append(String.format(Locale.ROOT, " | %-26s", cell));
      }
      out.append('\n');
    }
    for (Map.Entry<String, Tally[]> row : tallies.entrySet()) {
      for (int k = 0; k < KINDS.length; k++) {
        if (row.getValue()[k].firstRefusal != null) {
          out.append("  ")
              .append(KINDS[k])
              .append(", first refusal: ")
              .append(row.getValue()[k].firstRefusal)
              .append('\n');
        }
      }
    }
    System.out.print(out);
  }

  @Test
  void connectedPairsCountsSwitchComponents() {
    Fabric tree = Topologies.kAryNTree(2, 2);
    // 4 CAs, one component: 4 * 3 ordered pairs
    assertEquals(12, Connectivity.connectedPairs(tree));
    // cutting both uplinks of one leaf isolates its 2 CAs: 2 * 1 + 2 * 1 connected pairs
    Fabric cut = tree;
    for (long seed = 0; Connectivity.connectedPairs(cut) == 12; seed++) {
      cut = Failures.failLinks(tree, 2, false, seed);
    }
    assertEquals(4, Connectivity.connectedPairs(cut));
  }
}
