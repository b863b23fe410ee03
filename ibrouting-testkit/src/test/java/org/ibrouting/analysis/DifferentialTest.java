package org.ibrouting.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.SlTable;
import org.ibrouting.testkit.TestFabrics;
import org.ibrouting.testkit.TestRoutings;
import org.junit.jupiter.api.Test;

/**
 * Compares {@link RouteChecker}, {@link ForwardingIndex} and {@link CreditLoopVerifier} with {@link
 * NaiveAnalysis} on seeded random fabrics and randomly damaged or SL-annotated routings.
 */
class DifferentialTest {
  private static final long SEED = 20240611L;
  private static final int CASES = 300;

  /** A random fabric with a random routing: shortest, up/down, or damaged; maybe with SLs. */
  private static Routing randomRouting(Random random) {
    Fabric fabric = TestFabrics.random(random, 9);
    Routing routing =
        switch (random.nextInt(3)) {
          case 0 -> TestRoutings.shortestPaths(fabric);
          case 1 -> TestRoutings.upDown(fabric, random.nextInt(fabric.numSwitches()));
          default ->
              TestRoutings.damaged(
                  TestRoutings.shortestPaths(fabric), random, 0.05 + random.nextDouble() * 0.3);
        };
    int slMode = random.nextInt(3);
    if (slMode > 0) {
      SlTable.Builder sls =
          slMode == 1 ? SlTable.perSourceLid(fabric) : SlTable.perSourceSwitch(fabric);
      int groups = slMode == 1 ? fabric.maxLid() + 1 : fabric.numSwitches();
      for (int g = 0; g < groups; g++) {
        for (int lid = 1; lid <= fabric.maxLid(); lid++) {
          sls.setSl(g, lid, random.nextInt(3));
        }
      }
      if (random.nextBoolean()) {
        byte[] map = SlTable.identity();
        map[2] = 0;
        sls.setSlToVl(map);
      }
      routing = routing.withSlTable("test-sl", sls.build());
    }
    return routing;
  }

  /**
   * The end ports a check runs between, drawn at random: a scope, or (one case in three) a random
   * subset of every end port in random order, given as {@link EndPorts}.
   */
  private record Selection(EndpointScope scope, EndPorts endPorts, List<Integer> lids) {
    static Selection draw(Random random, Fabric fabric) {
      int mode = random.nextInt(3);
      if (mode < 2) {
        EndpointScope scope =
            mode == 0 ? EndpointScope.TERMINALS : EndpointScope.TERMINALS_AND_SWITCHES;
        return new Selection(scope, null, NaiveAnalysis.lids(fabric, mode == 1));
      }
      List<Integer> chosen = new ArrayList<>();
      EndPorts all = EndPorts.terminalsAndSwitches(fabric);
      for (int i = 0; i < all.size(); i++) {
        if (random.nextInt(5) < 3) {
          chosen.add(all.port(i));
        }
      }
      java.util.Collections.shuffle(chosen, random);
      int[] ports = chosen.stream().mapToInt(Integer::intValue).toArray();
      List<Integer> lids = new ArrayList<>();
      for (int lid : NaiveAnalysis.lids(fabric, true)) {
        if (chosen.contains(fabric.portOfLid(lid))) {
          lids.add(lid);
        }
      }
      return new Selection(null, EndPorts.ofPorts(fabric, ports), lids);
    }

    RouteReport check(Routing routing, int threads) {
      return endPorts == null
          ? new RouteChecker(scope, threads).check(routing)
          : new RouteChecker(EndpointScope.TERMINALS, threads).check(routing, endPorts);
    }

    ForwardingIndex forwardingIndex(Routing routing, int threads) {
      return endPorts == null
          ? ForwardingIndex.compute(routing, scope, threads)
          : ForwardingIndex.compute(routing, endPorts, threads);
    }

    CdgReport verify(CreditLoopVerifier verifier, Routing routing) {
      return endPorts == null
          ? verifier.withScope(scope).verify(routing)
          : verifier.verify(routing, endPorts);
    }

    @Override
    public String toString() {
      return endPorts == null ? scope.toString() : "LIDs " + lids;
    }
  }

  private static String context(int i, Routing routing) {
    return "case " + i + " (seed " + SEED + "): " + routing.fabric() + ", " + routing;
  }

  @Test
  void routeCheckerMatchesNaiveWalker() {
    Random random = new Random(SEED);
    int[] covered = new int[5];
    for (int i = 0; i < CASES; i++) {
      Routing routing = randomRouting(random);
      Selection selection = Selection.draw(random, routing.fabric());
      RouteReport fast = selection.check(routing, 1 + random.nextInt(3));
      assertEquals(
          naiveReport(routing, selection.lids()), fast, context(i, routing) + " " + selection);
      covered[0] += fast.unreachablePairs() > 0 ? 1 : 0;
      covered[1] += fast.blackholePairs() > 0 ? 1 : 0;
      covered[2] += fast.loopPairs() > 0 ? 1 : 0;
      covered[3] += fast.minimalPairs() < fast.validPairs() ? 1 : 0;
      covered[4] += fast.allRouted() && fast.pairs() > 0 ? 1 : 0;
    }
    for (int kind = 0; kind < covered.length; kind++) {
      assertTrue(
          covered[kind] >= 10,
          "only "
              + covered[kind]
              + " cases of outcome "
              + kind
              + " (unreachable, black hole, loop, non-minimal, all routed): widen the generator");
    }
  }

  /** The same report, built pair by pair. */
  private static RouteReport naiveReport(Routing routing, List<Integer> lids) {
    Fabric fabric = routing.fabric();
    long[] kinds = new long[4];
    long minimal = 0;
    long hopSum = 0;
    long bfsSum = 0;
    long bfsPairs = 0;
    long pairs = 0;
    long[] histogram = new long[fabric.numSwitches() + 3];
    String[] witness = new String[4];
    int witnessShortest = 0;
    for (int dst : lids) {
      for (int src : lids) {
        if (fabric.portOfLid(src) == fabric.portOfLid(dst)) {
          continue;
        }
        pairs++;
        NaiveAnalysis.Route route = NaiveAnalysis.walk(routing, src, dst);
        int shortest = NaiveAnalysis.shortest(fabric, src, dst);
        if (shortest != Integer.MAX_VALUE) {
          bfsSum += shortest;
          bfsPairs++;
        }
        int kind;
        if (route.kind() == NaiveAnalysis.VALID) {
          histogram[route.hops()]++;
          hopSum += route.hops();
          if (route.hops() == shortest) {
            minimal++;
            kinds[0]++;
            continue;
          }
          kinds[0]++;
          kind = 3;
        } else {
          kind = route.kind() - 1;
          kinds[route.kind()]++;
        }
        if (witness[kind] == null) {
          witness[kind] = RoutePaths.describe(routing, src, dst);
          if (kind == 3) {
            witnessShortest = shortest;
          }
        }
      }
    }
    int maxHops = 0;
    for (int h = 0; h < histogram.length; h++) {
      if (histogram[h] > 0) {
        maxHops = h;
      }
    }
    long valid = kinds[0];
    List<String> witnesses = new ArrayList<>();
    String[] prefix = {
      "unreachable: ",
      "black hole: ",
      "loop: ",
      "not minimal (shortest " + witnessShortest + " hops): "
    };
    for (int k = 0; k < 4; k++) {
      if (witness[k] != null) {
        witnesses.add(prefix[k] + witness[k]);
      }
    }
    return new RouteReport(
        pairs,
        valid,
        kinds[1],
        kinds[2],
        kinds[3],
        minimal,
        java.util.Arrays.copyOf(histogram, valid == 0 ? 0 : maxHops + 1),
        valid == 0 ? 0 : (double) hopSum / valid,
        maxHops,
        valid == 0 ? 0 : (double) minimal / valid,
        bfsPairs == 0 ? 0 : (double) bfsSum / bfsPairs,
        witnesses);
  }

  @Test
  void forwardingIndexMatchesNaiveLoads() {
    Random random = new Random(SEED + 1);
    for (int i = 0; i < CASES; i++) {
      Routing routing = randomRouting(random);
      Fabric fabric = routing.fabric();
      Selection selection = Selection.draw(random, fabric);
      ForwardingIndex fast = selection.forwardingIndex(routing, 1 + random.nextInt(3));
      long[] loads = new long[fabric.numPortSlots()];
      List<Integer> lids = selection.lids();
      for (int src : lids) {
        for (int dst : lids) {
          if (fabric.portOfLid(src) != fabric.portOfLid(dst)) {
            NaiveAnalysis.Route route = NaiveAnalysis.walk(routing, src, dst);
            if (route.kind() == NaiveAnalysis.VALID) {
              for (int c : route.channels()) {
                loads[c]++;
              }
            }
          }
        }
      }
      long max = 0;
      long sum = 0;
      int count = 0;
      for (int c = 0; c < loads.length; c++) {
        assertEquals(
            loads[c], fast.load(c), "load of " + fabric.portName(c) + " in " + context(i, routing));
        if (ForwardingIndex.isSwitchChannel(fabric, c)) {
          max = Math.max(max, loads[c]);
          sum += loads[c];
          count++;
        }
      }
      assertEquals(max, fast.max(), context(i, routing));
      assertEquals(count, fast.numSwitchChannels(), context(i, routing));
      assertEquals(count == 0 ? 0 : (double) sum / count, fast.mean(), 1e-9, context(i, routing));
    }
  }

  @Test
  void creditLoopVerifierMatchesNaiveCdg() {
    Random random = new Random(SEED + 2);
    int cyclicCases = 0;
    int acyclicCases = 0;
    for (int i = 0; i < CASES; i++) {
      Routing routing = randomRouting(random);
      Selection selection = Selection.draw(random, routing.fabric());
      boolean endpointChannels = random.nextBoolean();
      boolean vlLess = random.nextInt(4) == 0;
      CdgReport fast =
          selection.verify(
              CreditLoopVerifier.defaults()
                  .withEndpointChannels(endpointChannels)
                  .ignoringSls(vlLess)
                  .withThreads(1 + random.nextInt(3)),
              routing);
      NaiveAnalysis.NaiveCdg naive =
          new NaiveAnalysis.NaiveCdg(
              routing, selection.lids(), endpointChannels, vlLess || routing.slTable().isNone());
      String where =
          context(i, routing)
              + " end ports="
              + selection
              + " endpointChannels="
              + endpointChannels
              + " vlLess="
              + vlLess;
      assertEquals(naive.maxVl() + 1, fast.numVls(), where);
      for (int vl = 0; vl <= naive.maxVl(); vl++) {
        assertEquals(
            naive.numVertices(vl), fast.numVertices(vl), "vertices of VL " + vl + ", " + where);
        assertEquals(naive.numEdges(vl), fast.numEdges(vl), "edges of VL " + vl + ", " + where);
        assertEquals(
            naive.numCyclic(vl), fast.numCyclicChannels(vl), "cyclic of VL " + vl + ", " + where);
        CreditLoop loop = fast.creditLoop(vl).orElse(null);
        if (naive.cyclic(vl)) {
          cyclicCases++;
          assertNotNull(loop, "VL " + vl + " is cyclic, " + where);
          checkWitness(routing, naive, loop, where, vlLess || routing.slTable().isNone());
        } else {
          acyclicCases++;
          assertNull(loop, "VL " + vl + " is acyclic, " + where);
        }
      }
    }
    assertTrue(
        cyclicCases > 20 && acyclicCases > 20,
        cyclicCases
            + " cyclic, "
            + acyclicCases
            + " acyclic VL graphs: the generator no longer covers both");
  }

  private static void checkWitness(
      Routing routing,
      NaiveAnalysis.NaiveCdg naive,
      CreditLoop loop,
      String where,
      boolean vlLess) {
    int[] channels = loop.channels();
    int n = channels.length;
    for (int k = 0; k < n; k++) {
      int c1 = channels[k];
      int c2 = channels[(k + 1) % n];
      assertTrue(
          naive.hasEdge(loop.vl(), c1, c2),
          "witness dependency " + k + " not in CDG: " + loop + "\n" + where);
      int src = loop.srcLids()[k];
      int dst = loop.dstLids()[k];
      int vl = vlLess ? 0 : routing.slTable().vl(src, dst);
      assertEquals(loop.vl(), vl, "witness route on another VL: " + loop);
      List<Integer> route = NaiveAnalysis.walk(routing, src, dst).channels();
      boolean induces = false;
      for (int j = 0; j + 1 < route.size(); j++) {
        induces |= route.get(j) == c1 && route.get(j + 1) == c2;
      }
      assertTrue(
          induces,
          "route "
              + src
              + " -> "
              + dst
              + " does not induce dependency "
              + k
              + " of "
              + loop
              + "\n"
              + where);
    }
  }
}
