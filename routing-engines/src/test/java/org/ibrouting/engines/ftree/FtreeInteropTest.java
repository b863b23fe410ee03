package org.ibrouting.engines.ftree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.engines.testing.GuidLists;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.Lids;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.interop.OpenSmInteropTest;
import org.ibrouting.interop.OpenSmSimulation;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.topology.Topologies;
import org.ibrouting.topology.TopologyOptions;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** OpenSM 3.3.23's ftree, run on ibsim, and ours give the same tables on generated fat trees. */
class FtreeInteropTest extends OpenSmInteropTest {
  private static Fabric parse(String spec) {
    return TopologySpec.parse(spec).build();
  }

  private OpenSmSimulation start(Fabric fabric, String name) throws Exception {
    Path net = dir.resolve(name + ".net");
    IbnetdiscoverWriter.write(fabric, net);
    return OpenSmSimulation.start(net, dir.resolve(name));
  }

  private static Routing openSm(OpenSmSimulation sim, Fabric fabric, List<String> args)
      throws Exception {
    OpenSmSimulation.Result result = sim.runOpenSm("ftree", args);
    assertEquals("ftree", result.engineUsed(), "OpenSM fell back; see " + result.log());
    return LftDumpReader.read(fabric, result.lftDump());
  }

  /** k-ary n-trees and XGFTs: equal tables, every pair routed. */
  @ParameterizedTest
  @ValueSource(
      strings = {"ktree 2 3", "ktree 4 2", "ktree 4 3", "xgft 2 4,4 1,2", "xgft 3 2,3,2 1,2,2"})
  void equalsOpenSm(String spec) throws Exception {
    Fabric fabric = parse(spec);
    try (OpenSmSimulation sim = start(fabric, "f")) {
      Routing theirs = openSm(sim, fabric, List.of());
      Routing ours = new FtreeEngine().route(fabric, RoutingOptions.defaults());
      GoldenLfts.assertSameLfts(theirs, ours, spec + " ftree");
      RoutingAssertions.assertAllPairsRouted(ours);
    }
  }

  /**
   * A 4-ary 3-tree with a compute-node file naming every third CA (leaves get dummy destinations,
   * the others are routed after them), then with {@code connect_roots} (-z).
   */
  @Test
  void computeNodeFileAndConnectRootsEqualOpenSm() throws Exception {
    Fabric fabric = Topologies.kAryNTree(4, 3);
    Path cns = dir.resolve("cns.guids");
    List<String> lines = new ArrayList<>();
    for (int ca = fabric.numSwitches(); ca < fabric.numSwitches() + fabric.numCas(); ca += 3) {
      lines.add(Lids.guidHex(fabric.portGuid(fabric.port(ca, 1))));
    }
    Files.write(cns, lines);
    try (OpenSmSimulation sim = start(fabric, "cn")) {
      Routing theirs = openSm(sim, fabric, List.of("-u", cns.toString()));
      Routing ours =
          new FtreeEngine(new FtreeEngine.Settings(null, GuidLists.read(cns), null, 0, false))
              .route(fabric, RoutingOptions.defaults());
      GoldenLfts.assertSameLfts(theirs, ours, "ktree 4 3 with -u");
      Routing theirsConnected = openSm(sim, fabric, List.of("-z"));
      Routing oursConnected =
          new FtreeEngine(new FtreeEngine.Settings(null, null, null, 0, true))
              .route(fabric, RoutingOptions.defaults());
      GoldenLfts.assertSameLfts(theirsConnected, oursConnected, "ktree 4 3 with -z");
    }
  }

  /**
   * An I/O node on a root switch of a 4-ary 2-tree: roots (-a), compute nodes (-u), I/O nodes (-G)
   * and two reverse hops (-H 2), as OpenSM's documentation describes the feature.
   */
  @Test
  void ioNodeOnARootWithReverseHopsEqualsOpenSm() throws Exception {
    Fabric tree = Topologies.kAryNTree(4, 2, TopologyOptions.DEFAULT.withRadix(10));
    FabricBuilder builder = FabricBuilder.from(tree);
    int root = 0;
    while (tree.outDegree(root) != 4 || hasCa(tree, root)) {
      root++;
    }
    int io = builder.addNode(NodeType.CA, 1, 0x0003000000000001L, "io-node");
    builder.setLid(io, 1, tree.maxLid() + 1, 0);
    builder.connect(io, 1, root, tree.numPorts(root), "4xSDR");
    Fabric fabric = builder.build();
    Path roots = dir.resolve("roots.guids");
    Path cns = dir.resolve("cns.guids");
    Path ios = dir.resolve("ios.guids");
    List<String> rootLines = new ArrayList<>();
    List<String> cnLines = new ArrayList<>();
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      if (!hasCa(tree, fabric.nodeOfGuid(fabric.nodeGuid(sw)))) {
        rootLines.add(Lids.guidHex(fabric.nodeGuid(sw)));
      }
    }
    for (int ca = fabric.numSwitches(); ca < fabric.numSwitches() + fabric.numCas(); ca++) {
      if (!fabric.description(ca).equals("io-node")) {
        cnLines.add(Lids.guidHex(fabric.portGuid(fabric.port(ca, 1))));
      }
    }
    Files.write(roots, rootLines);
    Files.write(cns, cnLines);
    Files.writeString(ios, Lids.guidHex(0x0003000000000002L) + "\n");
    try (OpenSmSimulation sim = start(fabric, "io")) {
      Routing ours = sameAsOpenSm(sim, fabric, roots, cns, ios, 2);
      Routing oursNoReverse = sameAsOpenSm(sim, fabric, roots, cns, ios, 0);
      assertTrue(!ours.sameLfts(oursNoReverse), "reverse hops changed nothing");
    }
  }

  /**
   * OpenSM's ftree and ours with these root, compute-node and I/O-node files and {@code
   * max_reverse_hops} (OpenSM's {@code -H}, left out at 0): the same tables, every CA pair routed.
   */
  private static Routing sameAsOpenSm(
      OpenSmSimulation sim, Fabric fabric, Path roots, Path cns, Path ios, int reverseHops)
      throws Exception {
    List<String> args =
        new ArrayList<>(
            List.of("-a", roots.toString(), "-u", cns.toString(), "-G", ios.toString()));
    if (reverseHops > 0) {
      args.addAll(List.of("-H", Integer.toString(reverseHops)));
    }
    Routing theirs = openSm(sim, fabric, args);
    Routing ours =
        new FtreeEngine(
                new FtreeEngine.Settings(
                    GuidLists.read(roots),
                    GuidLists.read(cns),
                    GuidLists.read(ios),
                    reverseHops,
                    false))
            .route(fabric, RoutingOptions.defaults());
    GoldenLfts.assertSameLfts(theirs, ours, "ktree 4 2 + I/O node, " + String.join(" ", args));
    RoutingAssertions.assertAllPairsRouted(ours);
    return ours;
  }

  private static boolean hasCa(Fabric fabric, int sw) {
    for (int i = 0; i < fabric.outDegree(sw); i++) {
      if (!fabric.isSwitch(fabric.channelHead(fabric.outChannel(sw, i)))) {
        return true;
      }
    }
    return false;
  }

  private void assertOpenSmLeavesPairsUnreachable(Fabric fabric, String name) throws Exception {
    try (OpenSmSimulation sim = start(fabric, name)) {
      RouteReport theirs = RouteChecker.terminals().check(openSm(sim, fabric, List.of()));
      assertTrue(
          theirs.unreachablePairs() > 0,
          "OpenSM was expected to leave pairs unreachable: " + theirs);
    }
  }

  /**
   * On chains of directors (two-level fat trees joined leaf to leaf) OpenSM's ftree leaves CA pairs
   * unreachable. Ours routes the Deimos-like chain completely and deadlock-free, and refuses a
   * smaller chain, naming a switch without route. The tables cannot equal OpenSM's there: once a
   * leaf routes over a leaf-to-leaf link, OpenSM re-sorts its CA port groups by bytes it reads from
   * heap pointers (it compares CA records as if they were switch records), which changes the order
   * in which that leaf's compute nodes are routed; ours keeps port order.
   */
  @Test
  void directorChainsOpenSmLeavesPairsUnreachableOursRoutesAllOrRefuses() throws Exception {
    Fabric deimos = parse("directors 3 24 12 8 30");
    assertOpenSmLeavesPairsUnreachable(deimos, "deimos");
    Routing ours = new FtreeEngine().route(deimos, RoutingOptions.defaults());
    RoutingAssertions.assertAllPairsRouted(ours);
    RoutingAssertions.assertDeadlockFreePerVl(ours);
    Fabric fabric = parse("directors 3 6 3 2 4");
    assertOpenSmLeavesPairsUnreachable(fabric, "dir");
    RoutingException e =
        assertThrows(
            RoutingException.class,
            () -> new FtreeEngine().route(fabric, RoutingOptions.defaults()));
    assertTrue(
        e.getMessage()
            .matches(
                "ftree: up/down routing would leave \\d+ \\(switch, LID\\) entries that CAs need empty.*"
                    + "switch 0x[0-9a-f]{16} \"S\\d_[LS]\\d\" has no route to LID.*"),
        e.getMessage());
  }

  /**
   * Where no leaf's CA groups get re-sorted (one host per leaf), the tables we would refuse equal
   * OpenSM's incomplete ones entry for entry: the sibling handling is OpenSM's.
   */
  @ParameterizedTest
  @ValueSource(strings = {"directors 2 3 2 1 2", "directors 2 2 2 1 1"})
  void incompleteTablesOnDirectorChainsEqualOpenSms(String spec) throws Exception {
    Fabric fabric = parse(spec);
    try (OpenSmSimulation sim = start(fabric, "chain")) {
      Routing theirs = openSm(sim, fabric, List.of());
      assertTrue(RouteChecker.terminals().check(theirs).unreachablePairs() > 0);
      GoldenLfts.assertSameLfts(theirs, new FtreeEngine().route(fabric, true), spec + " ftree");
    }
    assertThrows(
        RoutingException.class, () -> new FtreeEngine().route(fabric, RoutingOptions.defaults()));
  }
}
