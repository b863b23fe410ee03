package org.ibrouting.testkit;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.Lids;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.topology.Failures;
import org.ibrouting.topology.OpenSmLids;
import org.ibrouting.topology.Topologies;

/**
 * jqwik arbitraries of fabrics for property tests: every generator of {@link Topologies} over a
 * small parameter space (at most a few hundred nodes, so a property with 100 tries stays fast),
 * random connected irregular fabrics, and damaged fabrics.
 *
 * <p>Use them from a {@code @Provide} method of the test class:
 *
 * <pre>{@code
 * @Provide Arbitrary<Fabric> fatTrees() { return FabricArbitraries.fatTrees(); }
 *
 * @Property void minimal(@ForAll("fatTrees") Fabric fabric) { ... }
 * }</pre>
 *
 * <p>Regular fabrics carry LMC 0 and OpenSM's LIDs; wrap them in {@link #withLmc} for LMC ranges.
 * The generator parameters shrink (a failing torus shrinks towards fewer, shorter dimensions);
 * random fabrics shrink towards fewer switches and links. Every fabric's {@code toString()} and
 * node descriptions identify it; random ones derive everything from one seed, printed in the
 * description of switch 0 ({@code "rnd<seed>-S0"}), so a failure can be rebuilt with {@link
 * #randomConnected(int, int, int, boolean, long)}.
 */
public final class FabricArbitraries {
  private FabricArbitraries() {}

  // ---- generators -------------------------------------------------------------------------

  /** k-ary n-trees with k in 2..4, n in 1..3 (at most 64 CAs). */
  public static Arbitrary<Fabric> kAryNTrees() {
    return Combinators.combine(
            Arbitraries.integers().between(2, 4), Arbitraries.integers().between(1, 3))
        .as(Tuple::of)
        .filter(t -> Math.pow(t.get1(), t.get2()) <= 64)
        .map(t -> Topologies.kAryNTree(t.get1(), t.get2()));
  }

  /** XGFTs of 1-3 levels, m in 1..4, w in 1..3 (w1 in 1..2), at most 200 nodes. */
  public static Arbitrary<Fabric> xgfts() {
    Arbitrary<Integer> m = Arbitraries.integers().between(1, 4);
    Arbitrary<Integer> w = Arbitraries.integers().between(1, 3);
    return Combinators.combine(
            Arbitraries.integers().between(1, 3),
            m,
            m,
            m,
            Arbitraries.integers().between(1, 2),
            w,
            w)
        .as(
            (h, m1, m2, m3, w1, w2, w3) -> {
              int[] ms = {m1, m2, m3};
              int[] ws = {w1, w2, w3};
              return Tuple.of(java.util.Arrays.copyOf(ms, h), java.util.Arrays.copyOf(ws, h));
            })
        .filter(t -> xgftSize(t.get1(), t.get2()) <= 200)
        .map(t -> Topologies.xgft(t.get1(), t.get2()));
  }

  private static long xgftSize(int[] m, int[] w) {
    long total = 0;
    for (int level = 0; level <= m.length; level++) {
      long c = 1;
      for (int s = 1; s <= m.length; s++) {
        c *= s > level ? m[s - 1] : w[s - 1];
      }
      total += c;
    }
    return total;
  }

  /** k-ary n-trees and XGFTs. */
  public static Arbitrary<Fabric> fatTrees() {
    return Arbitraries.oneOf(kAryNTrees(), xgfts());
  }

  /** Tori of 1-3 dimensions with radix 3..5 per dimension and 0..2 hosts per switch. */
  public static Arbitrary<Fabric> tori() {
    return gridShapes(3).map(t -> Topologies.torus(t.get1(), t.get2()));
  }

  /** Meshes of 1-3 dimensions with radix 2..5 per dimension and 0..2 hosts per switch. */
  public static Arbitrary<Fabric> meshes() {
    return gridShapes(2).map(t -> Topologies.mesh(t.get1(), t.get2()));
  }

  private static Arbitrary<Tuple.Tuple2<int[], Integer>> gridShapes(int minRadix) {
    Arbitrary<Integer> r = Arbitraries.integers().between(minRadix, 5);
    return Combinators.combine(
            Arbitraries.integers().between(1, 3), r, r, r, Arbitraries.integers().between(0, 2))
        .as(
            (d, r1, r2, r3, hosts) ->
                Tuple.of(java.util.Arrays.copyOf(new int[] {r1, r2, r3}, d), hosts));
  }

  /** Hypercubes of dimension 1..5 with 1..2 hosts per switch. */
  public static Arbitrary<Fabric> hypercubes() {
    return Combinators.combine(
            Arbitraries.integers().between(1, 5), Arbitraries.integers().between(1, 2))
        .as(Topologies::hypercube);
  }

  /** Dragonflies with a in 1..4, p in 1..2, h in 1..2 (at most 36 routers). */
  public static Arbitrary<Fabric> dragonflies() {
    return Combinators.combine(
            Arbitraries.integers().between(1, 4),
            Arbitraries.integers().between(1, 2),
            Arbitraries.integers().between(1, 2))
        .as(Topologies::dragonfly);
  }

  /** Jellyfish of 3..24 switches, 2..6 network ports, 1..2 hosts, any seed. */
  public static Arbitrary<Fabric> jellyfish() {
    return Combinators.combine(
            Arbitraries.integers().between(3, 24),
            Arbitraries.integers().between(2, 6),
            Arbitraries.integers().between(1, 2),
            Arbitraries.longs())
        .as(Tuple::of)
        .filter(t -> t.get2() < t.get1() && t.get1() * t.get2() % 2 == 0)
        .map(t -> Topologies.jellyfish(t.get1(), t.get2(), t.get3(), t.get4()));
  }

  /** Director chains of 1..3 directors with 1..4 leaves, 1..3 spines, 1..3 hosts, 1..6 cables. */
  public static Arbitrary<Fabric> directors() {
    return Combinators.combine(
            Arbitraries.integers().between(1, 3),
            Arbitraries.integers().between(1, 4),
            Arbitraries.integers().between(1, 3),
            Arbitraries.integers().between(1, 3),
            Arbitraries.integers().between(1, 6))
        .as(Topologies::directors);
  }

  /** Every generator above. */
  public static Arbitrary<Fabric> regular() {
    return Arbitraries.oneOf(
        kAryNTrees(),
        xgfts(),
        tori(),
        meshes(),
        hypercubes(),
        dragonflies(),
        jellyfish(),
        directors());
  }

  /** Fat trees, tori and random connected fabrics (the mix of the style guide's example). */
  public static Arbitrary<Fabric> fatTreesToriAndRandom() {
    return Arbitraries.oneOf(fatTrees(), tori(), randomConnected());
  }

  /**
   * One of {@code families}, drawn as {@link Arbitraries#oneOf} draws, kept where {@link
   * #switchesConnected} holds.
   */
  @SafeVarargs
  public static Arbitrary<Fabric> connected(Arbitrary<Fabric>... families) {
    List<Arbitrary<Fabric>> all = new ArrayList<>();
    for (Arbitrary<Fabric> family : families) {
      all.add(family);
    }
    return Arbitraries.oneOf(all).filter(FabricArbitraries::switchesConnected);
  }

  /**
   * {@link #connected} over {@link #fatTreesToriAndRandom}, {@link #randomConnected}, random
   * connected fabrics of LMC up to 2 and {@code more}: the fabrics an engine that routes any
   * connected fabric claims.
   */
  @SafeVarargs
  public static Arbitrary<Fabric> anyConnected(Arbitrary<Fabric>... more) {
    List<Arbitrary<Fabric>> families = new ArrayList<>();
    families.add(fatTreesToriAndRandom());
    families.add(randomConnected());
    families.add(withLmc(randomConnected(), 2));
    for (Arbitrary<Fabric> family : more) {
      families.add(family);
    }
    return Arbitraries.oneOf(families).filter(FabricArbitraries::switchesConnected);
  }

  /**
   * Whether every switch reaches every other over switch links (CAs do not forward: in an XGFT
   * whose hosts have several parents, or a fabric with dual-port CAs, switches may meet only
   * through a CA). Engines can route every pair only on such fabrics; use it as a filter.
   */
  public static boolean switchesConnected(Fabric fabric) {
    org.ibrouting.paths.HopMatrix hops = org.ibrouting.paths.HopMatrix.compute(fabric, 1);
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      if (hops.least(0, sw) == org.ibrouting.paths.HopTable.NO_PATH) {
        return false;
      }
    }
    return fabric.numSwitches() > 0;
  }

  // ---- random irregular -------------------------------------------------------------------

  /**
   * Random connected fabrics of 1..12 switches; see {@link #randomConnected(int, int, int, boolean,
   * long)}.
   */
  public static Arbitrary<Fabric> randomConnected() {
    return Combinators.combine(
            Arbitraries.integers().between(1, 12),
            Arbitraries.integers().between(0, 12),
            Arbitraries.integers().between(0, 3),
            Arbitraries.longs())
        .as((switches, extra, hosts, seed) -> randomConnected(switches, extra, hosts, false, seed));
  }

  /** Random connected fabrics that also hold dual-port CAs, each port cabled to a random switch. */
  public static Arbitrary<Fabric> randomConnectedWithMultiPortCas() {
    return Combinators.combine(
            Arbitraries.integers().between(1, 12),
            Arbitraries.integers().between(0, 12),
            Arbitraries.integers().between(0, 3),
            Arbitraries.longs())
        .as((switches, extra, hosts, seed) -> randomConnected(switches, extra, hosts, true, seed));
  }

  /**
   * A random connected irregular fabric, entirely determined by its arguments: a random spanning
   * tree over {@code switches} switches plus {@code extraLinks} random switch-to-switch links
   * (parallel links allowed, no loops), 0..{@code maxHostsPerSwitch} CAs per switch (at least two
   * CAs in all), random node GUIDs, ports cabled in random order with some left free, and LIDs
   * either as OpenSM assigns them (LMC 0..2) or random, unique and LMC-aligned.
   */
  public static Fabric randomConnected(
      int switches, int extraLinks, int maxHostsPerSwitch, boolean multiPortCas, long seed) {
    Random random = new Random(seed);
    IntArrayList linkA = new IntArrayList();
    IntArrayList linkB = new IntArrayList();
    randomLinks(switches, extraLinks, random, linkA, linkB);
    int[] hostsOf = new int[switches];
    int numCas = 0;
    for (int sw = 0; sw < switches; sw++) {
      hostsOf[sw] = random.nextInt(maxHostsPerSwitch + 1);
      numCas += hostsOf[sw];
    }
    while (numCas < 2) {
      hostsOf[random.nextInt(switches)]++;
      numCas++;
    }
    // CA c has ports; each port's switch
    int[] caPorts = new int[numCas];
    IntArrayList caSwitch = new IntArrayList();
    int c = 0;
    for (int sw = 0; sw < switches; sw++) {
      for (int j = 0; j < hostsOf[sw]; j++, c++) {
        caPorts[c] = multiPortCas && random.nextInt(4) == 0 ? 2 : 1;
        caSwitch.add(sw);
        if (caPorts[c] == 2) {
          caSwitch.add(random.nextInt(switches));
        }
      }
    }
    int[] degree = new int[switches];
    for (int i = 0; i < linkA.size(); i++) {
      degree[linkA.getInt(i)]++;
      degree[linkB.getInt(i)]++;
    }
    for (int i = 0; i < caSwitch.size(); i++) {
      degree[caSwitch.getInt(i)]++;
    }
    FabricBuilder b = Fabric.builder();
    LongOpenHashSet guids = new LongOpenHashSet();
    int[][] freePorts = new int[switches][];
    int[] nextFree = new int[switches];
    for (int sw = 0; sw < switches; sw++) {
      int ports = Math.max(1, degree[sw] + random.nextInt(3));
      if (ports > FabricBuilder.MAX_PORTS) {
        throw new IllegalArgumentException(
            "random fabric: switch "
                + sw
                + " needs "
                + ports
                + " ports; use fewer extra links or hosts");
      }
      b.addNode(
          NodeType.SWITCH,
          ports,
          uniqueGuid(random, guids),
          sw == 0 ? "rnd" + seed + "-S0" : "S" + sw);
      freePorts[sw] = Failures.permutation(ports, random);
    }
    for (int i = 0; i < linkA.size(); i++) {
      int x = linkA.getInt(i);
      int y = linkB.getInt(i);
      b.connect(x, freePorts[x][nextFree[x]++] + 1, y, freePorts[y][nextFree[y]++] + 1, "4xQDR");
    }
    int k = 0;
    for (c = 0; c < numCas; c++) {
      int id = b.addNode(NodeType.CA, caPorts[c], uniqueGuid(random, guids), "H" + c);
      for (int p = 1; p <= caPorts[c]; p++) {
        int sw = caSwitch.getInt(k++);
        b.connect(id, p, sw, freePorts[sw][nextFree[sw]++] + 1, "4xQDR");
      }
    }
    int lmc = random.nextInt(3);
    if (random.nextBoolean()) {
      return OpenSmLids.reassign(b.build(), lmc, random.nextInt(switches));
    }
    randomLids(b, switches, numCas, caPorts, lmc, random);
    return b.build();
  }

  /**
   * The switch-to-switch links of {@link #randomConnected}, end by end into {@code linkA} and
   * {@code linkB}: a random spanning tree, then {@code extraLinks} random links.
   */
  private static void randomLinks(
      int switches, int extraLinks, Random random, IntArrayList linkA, IntArrayList linkB) {
    int[] order = Failures.permutation(switches, random);
    for (int i = 1; i < switches; i++) {
      linkA.add(order[i]);
      linkB.add(order[random.nextInt(i)]);
    }
    for (int e = 0; switches > 1 && e < extraLinks; e++) {
      int a = random.nextInt(switches);
      int b = random.nextInt(switches - 1);
      linkA.add(a);
      linkB.add(b >= a ? b + 1 : b);
    }
  }

  // ---- LMC and damage ---------------------------------------------------------------------

  /** The fabrics of {@code base} with LIDs reassigned as OpenSM would with an LMC of 0..maxLmc. */
  public static Arbitrary<Fabric> withLmc(Arbitrary<Fabric> base, int maxLmc) {
    return Combinators.combine(base, Arbitraries.integers().between(0, maxLmc))
        .as((fabric, lmc) -> OpenSmLids.reassign(fabric, lmc, 0));
  }

  /**
   * A copy of {@code fabric} with no LID at all, as ibnetdiscover prints a fabric no SM has swept.
   */
  public static Fabric withoutLids(Fabric fabric) {
    FabricBuilder b = FabricBuilder.from(fabric);
    for (int node = 0; node < fabric.numNodes(); node++) {
      boolean sw = fabric.isSwitch(node);
      for (int p = sw ? 0 : 1, last = sw ? 0 : fabric.numPorts(node); p <= last; p++) {
        b.setLid(node, p, 0, 0);
      }
    }
    return b.build();
  }

  /**
   * The fabrics of {@code base} with 1..maxFailures random switch-to-switch links removed (CA links
   * are never removed). With {@code keepConnected}, a link is removed only if the fabric stays
   * connected, so fewer links (possibly none, e.g. in a tree) may fail; without it the result may
   * be split into several components, for testing how engines refuse or route partial fabrics. LIDs
   * are kept, as OpenSM keeps them when a cable fails.
   */
  public static Arbitrary<Fabric> withFailedLinks(
      Arbitrary<Fabric> base, int maxFailures, boolean keepConnected) {
    return Combinators.combine(
            base, Arbitraries.integers().between(1, maxFailures), Arbitraries.longs())
        .as((fabric, failures, seed) -> Failures.failLinks(fabric, failures, keepConnected, seed));
  }

  /**
   * Removes up to {@code failures} random switch-to-switch links; see {@link #withFailedLinks} and
   * {@link Failures#failLinks}, which it calls.
   */
  public static Fabric failLinks(Fabric fabric, int failures, boolean keepConnected, long seed) {
    return Failures.failLinks(fabric, failures, keepConnected, seed);
  }

  /**
   * The fabrics of {@code base} with one random switch removed, together with the CAs cabled to
   * nothing else (OpenSM would no longer discover them); the other LIDs are kept. With {@code
   * keepConnected} only a switch whose loss leaves the rest connected is chosen, and a fabric where
   * no such switch exists (a single switch, a chain's middle, ...) is returned intact; without it
   * the remainder may fall apart into several components.
   */
  public static Arbitrary<Fabric> withFailedSwitch(Arbitrary<Fabric> base, boolean keepConnected) {
    return Combinators.combine(base, Arbitraries.longs())
        .as((fabric, seed) -> Failures.failSwitch(fabric, keepConnected, seed));
  }

  /**
   * Removes one random switch; see {@link #withFailedSwitch} and {@link Failures#failSwitch}, which
   * it calls.
   */
  public static Fabric failSwitch(Fabric fabric, boolean keepConnected, long seed) {
    return Failures.failSwitch(fabric, keepConnected, seed);
  }

  private static void randomLids(
      FabricBuilder b, int switches, int numCas, int[] caPorts, int lmc, Random random) {
    int size = 1 << lmc;
    int endPorts = switches;
    for (int ports : caPorts) {
      endPorts += ports;
    }
    int blocks = Math.min(endPorts * 4, Lids.MAX_UNICAST_LID / size - 1);
    int[] block = Failures.permutation(blocks, random);
    int i = 0;
    for (int sw = 0; sw < switches; sw++) {
      b.setLid(sw, 0, (block[i++] + 1) * size, 0);
    }
    for (int ca = 0; ca < numCas; ca++) {
      for (int p = 1; p <= caPorts[ca]; p++) {
        b.setLid(switches + ca, p, (block[i++] + 1) * size, lmc);
      }
    }
  }

  private static long uniqueGuid(Random random, LongOpenHashSet guids) {
    while (true) {
      // even GUIDs, so a CA's port GUIDs (node GUID + 1, + 2) rarely meet another node's
      long guid = random.nextLong() & ~3L;
      if (guid != 0 && guids.add(guid) && guids.add(guid + 1) && guids.add(guid + 2)) {
        return guid;
      }
    }
  }
}
