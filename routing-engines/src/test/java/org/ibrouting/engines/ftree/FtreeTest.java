package org.ibrouting.engines.ftree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.engines.EngineChain;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.Engines;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.engines.testing.GuidLists;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.GuidList;
import org.ibrouting.fabric.Lids;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.simulation.PathTable;
import org.ibrouting.simulation.SimulationOptions;
import org.ibrouting.simulation.Simulator;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.topology.Topologies;
import org.ibrouting.topology.TopologyOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Fat-tree routing: settings, GUID files, refusals and what it achieves. */
class FtreeTest {
  @TempDir Path dir;

  private static Routing ftree(Fabric fabric) throws RoutingException {
    return new FtreeEngine().route(fabric, RoutingOptions.defaults());
  }

  /** The exception an engine with these settings refuses {@code fabric} with. */
  private static RoutingException refused(FtreeEngine.Settings settings, Fabric fabric) {
    return assertThrows(
        RoutingException.class,
        () -> new FtreeEngine(settings).route(fabric, RoutingOptions.defaults()));
  }

  private static void assertRoutedDeadlockFree(Routing routing) {
    RoutingAssertions.assertAllPairsRouted(routing);
    RoutingAssertions.assertDeadlockFreePerVl(routing);
  }

  static Stream<String> ftreeFabrics() {
    return ReferenceFabrics.names().stream()
        .filter(
            name -> "ftree".equals(ReferenceFabrics.resultString(name, "ftree", "engine_used")));
  }

  /** Λ over the same 300 random bisections is at least that of OpenSM's ftree tables. */
  @ParameterizedTest
  @MethodSource("ftreeFabrics")
  void lambdaAtLeastOpenSms(String name) throws RoutingException {
    Routing theirs = ReferenceFabrics.openSmRouting(name, "ftree");
    Routing ours = ftree(theirs.fabric());
    EndPorts cas = EndPorts.cabledCas(theirs.fabric());
    double lambdaTheirs =
        Simulator.effectiveBisectionBandwidth(
                PathTable.build(theirs, cas), SimulationOptions.of(300, 7).withThreads(2))
            .mean();
    double lambdaOurs =
        Simulator.effectiveBisectionBandwidth(
                PathTable.build(ours, cas), SimulationOptions.of(300, 7).withThreads(2))
            .mean();
    assertTrue(
        lambdaOurs >= lambdaTheirs, name + ": ours " + lambdaOurs + " < OpenSM's " + lambdaTheirs);
    assertRoutedDeadlockFree(ours);
  }

  /**
   * OpenSM's default leaves switch LIDs without a common ancestor (root to root) unrouted, as ours
   * does; with connect_roots every pair of LIDs, switches included, is delivered.
   */
  @Test
  void connectRootsRoutesEverySwitchPair() throws RoutingException {
    Fabric fabric = Topologies.kAryNTree(4, 3);
    Routing plain = ftree(fabric);
    assertFalse(
        RouteChecker.terminals().check(plain).allRouted()
            && new RouteChecker(EndpointScope.TERMINALS_AND_SWITCHES, 1).check(plain).allRouted(),
        "roots were expected unconnected");
    RoutingAssertions.assertAllPairsRouted(plain);
    Routing connected =
        Engines.create("ftree", EngineConfig.none().withParam("connect_roots", "true"))
            .route(fabric, RoutingOptions.defaults());
    RoutingAssertions.assertAllPairsRouted(connected, EndpointScope.TERMINALS_AND_SWITCHES);
    RoutingAssertions.assertLoopFree(connected);
  }

  /** Naming the top switches as roots (OpenSM's -a) gives the tables of ranking from the CAs. */
  @Test
  void rootFileOfTheTopSwitchesGivesTheSameTables() throws Exception {
    Fabric fabric = Topologies.kAryNTree(4, 3);
    Path roots = dir.resolve("roots.guids");
    List<String> lines = new ArrayList<>(List.of("# top level"));
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      if (fabric.description(sw).startsWith("S2_")) {
        lines.add(Lids.guidHex(fabric.nodeGuid(sw)) + " " + fabric.description(sw));
      }
    }
    assertEquals(17, lines.size());
    Files.write(roots, lines);
    Routing auto = ftree(fabric);
    Routing fromRoots =
        new FtreeEngine(new FtreeEngine.Settings(GuidLists.read(roots), null, null, 0, false))
            .route(fabric, RoutingOptions.defaults());
    GoldenLfts.assertSameLfts(auto, fromRoots, "roots from file");
  }

  @Test
  void guidsTheFabricDoesNotHaveAreRefusalsWithFileAndLine() throws Exception {
    Fabric fabric = Topologies.kAryNTree(2, 3);
    Path file = dir.resolve("guids");
    int ca = fabric.numSwitches();
    Files.writeString(
        file,
        Lids.guidHex(fabric.portGuid(fabric.port(ca, 1)))
            + "\n"
            + Lids.guidHex(fabric.nodeGuid(0))
            + "\n");
    RoutingException e =
        refused(new FtreeEngine.Settings(null, GuidLists.read(file), null, 0, false), fabric);
    assertEquals(RoutingException.Reason.SETTINGS_MISMATCH, e.reason());
    assertTrue(
        e.getMessage()
            .startsWith(
                "ftree: "
                    + file
                    + ":2:1: "
                    + Lids.guidHex(fabric.nodeGuid(0))
                    + " is not a CA port but belongs to switch"),
        e.getMessage());
    Files.writeString(file, Lids.guidHex(fabric.nodeGuid(ca)) + "\n");
    e = refused(new FtreeEngine.Settings(null, GuidLists.read(file), null, 0, false), fabric);
    assertTrue(
        e.getMessage()
            .startsWith(
                "ftree: "
                    + file
                    + ":1:1: "
                    + Lids.guidHex(fabric.nodeGuid(ca))
                    + " is the node GUID of CA"),
        e.getMessage());
    Files.writeString(file, "0x00000000deadbeef\n");
    e = refused(new FtreeEngine.Settings(null, null, GuidLists.read(file), 0, false), fabric);
    assertEquals(
        "ftree: " + file + ":1:1: 0x00000000deadbeef is no port of the fabric", e.getMessage());
    Files.writeString(file, "# nothing\n\n");
    e = refused(new FtreeEngine.Settings(null, GuidLists.read(file), null, 0, false), fabric);
    assertEquals("ftree: compute-node GUID list " + file + " names no CA port", e.getMessage());
    e =
        refused(
            FtreeEngine.Settings.defaults().withRoots(GuidList.of(fabric.nodeGuid(0), 0x1234)),
            fabric);
    assertEquals("ftree: entry 2: 0x0000000000001234 is no node of the fabric", e.getMessage());
  }

  /**
   * Compute nodes on different ranks, named by a compute-node file, are refused naming the switch.
   */
  @Test
  void computeNodesAboveTheLeavesAreRefused() throws Exception {
    Fabric tree = Topologies.kAryNTree(2, 2, TopologyOptions.DEFAULT.withRadix(6));
    FabricBuilder builder = FabricBuilder.from(tree);
    int top = 0;
    while (tree.description(top).startsWith("S0_")) {
      top++;
    }
    int extra = builder.addNode(NodeType.CA, 1, 0x0003000000000001L, "extra");
    builder.setLid(extra, 1, tree.maxLid() + 1, 0);
    builder.connect(extra, 1, top, tree.numPorts(top), null);
    Fabric fabric = builder.build();
    Path roots = dir.resolve("roots");
    Files.writeString(roots, Lids.guidHex(tree.nodeGuid(top)) + "\n");
    RoutingException e =
        refused(new FtreeEngine.Settings(GuidLists.read(roots), null, null, 0, false), fabric);
    assertTrue(
        e.getMessage().matches(FtreePropertiesTest.NAMED_SWITCH)
            && e.getMessage().contains("OpenSM ERR AB26"),
        e.getMessage());
  }

  @Test
  void lmcAboveZeroIsRefused() {
    Fabric fabric = Topologies.kAryNTree(2, 2, TopologyOptions.DEFAULT.withLmc(1));
    RoutingException e = assertThrows(RoutingException.class, () -> ftree(fabric));
    assertTrue(
        e.getMessage().startsWith("ftree: port ") && e.getMessage().contains("has LMC 1"),
        e.getMessage());
  }

  /** A torus is refused naming two switches, and a chain ftree,minhop falls back to minhop. */
  @Test
  void chainFallsBackOnATorus() throws RoutingException {
    Fabric torus = Topologies.torus(new int[] {4, 4}, 2);
    EngineChain.Result result =
        EngineChain.route(
            Engines.chain("ftree,minhop", EngineConfig.none()), torus, RoutingOptions.defaults());
    assertEquals("minhop", result.routing().engineName());
    assertEquals(1, result.failures().size());
    assertTrue(
        result
            .failures()
            .get(0)
            .startsWith("ftree: not a fat tree: every switch is a root, e.g. switch 0x"),
        result.failures().get(0));
  }

  /**
   * Director chains (two-level fat trees joined leaf to leaf, siblings to fat-tree routing): the
   * Deimos-like chain of three 288-port directors is routed completely and deadlock-free (OpenSM
   * leaves CA pairs unreachable there, see FtreeInteropTest); a chain of small directors whose
   * up/down routes miss some leaves is refused, naming a switch and the sibling links; one director
   * alone is a plain two-level fat tree.
   */
  @Test
  void directorChainsAreRoutedCompletelyOrRefused() throws RoutingException {
    Routing deimos = ftree(Topologies.directors(3, 24, 12, 8, 30));
    assertRoutedDeadlockFree(deimos);
    RoutingException e =
        assertThrows(RoutingException.class, () -> ftree(Topologies.directors(3, 6, 3, 2, 4)));
    assertTrue(
        e.getMessage().matches(FtreePropertiesTest.NAMED_SWITCH)
            && e.getMessage().contains("are linked to each other"),
        e.getMessage());
    Routing one = ftree(Topologies.directors(1, 24, 12, 8, 0));
    assertRoutedDeadlockFree(one);
    RoutingAssertions.assertMinimal(one);
  }

  @Test
  void sameTablesEveryTime() throws RoutingException {
    Fabric fabric = Topologies.kAryNTree(4, 3);
    Routing a = ftree(fabric);
    Routing b = new FtreeEngine().route(fabric, RoutingOptions.seeded(99).withThreads(1));
    assertTrue(a.sameLfts(b));
  }

  @Test
  void settingsAreRegistered() {
    assertTrue(Engines.names().contains("ftree"));
    assertEquals(
        java.util.Set.of("max_reverse_hops", "connect_roots"), Engines.settingsOf("ftree"));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Engines.create("ftree", EngineConfig.none().withParam("max_reverse_hops", "-1")));
    assertTrue(e.getMessage().contains("max_reverse_hops=-1"), e.getMessage());
  }

  /** A fabric where ftree applies must still have switches and CAs: clear refusals otherwise. */
  @Test
  void tooSmallFabricsAreRefused() {
    RoutingException e =
        assertThrows(RoutingException.class, () -> ftree(Topologies.kAryNTree(4, 1)));
    assertEquals("ftree: the fabric has 1 switch(es); a fat tree needs at least 2", e.getMessage());
  }
}
