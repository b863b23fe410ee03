package org.ibrouting.engines.p2sssp;

import static org.ibrouting.testkit.FabricArbitraries.connected;
import static org.ibrouting.testkit.FabricArbitraries.kAryNTrees;
import static org.ibrouting.testkit.FabricArbitraries.randomConnected;
import static org.ibrouting.testkit.FabricArbitraries.tori;
import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.analysis.ForwardingIndex;
import org.ibrouting.analysis.RoutePaths;
import org.ibrouting.engines.sssp.SsspPaperExampleTest;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.RoutingAssertions;
import org.junit.jupiter.api.Test;

/**
 * P²-SSSP reproduces the paper's worked example and routes every fabric minimally; following a
 * source switch's fixed port instead of searching changes no entry.
 */
class P2ssspTest {
  /** The switches a route crosses, by description: "A,B,E". */
  static String switches(Routing routing, int srcLid, int dstLid) {
    String path = RoutePaths.describe(routing, srcLid, dstLid);
    StringBuilder names = new StringBuilder();
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("switch 0x[0-9a-f]+ \"([^\"]*)\"").matcher(path);
    while (m.find()) {
      names.append(names.length() == 0 ? "" : ",").append(m.group(1));
    }
    return names.toString();
  }

  @Test
  void networkXGivesThePublishedRoutesAndForwardingIndexOne() throws RoutingException {
    Routing routing =
        new P2ssspEngine().route(SsspPaperExampleTest.networkX(), RoutingOptions.defaults());
    // endpoints 0, 1, 2 have LIDs 10, 11, 12
    assertEquals("A,B,E", switches(routing, 10, 11));
    assertEquals("A,D,C", switches(routing, 10, 12));
    assertEquals("E,D,A", switches(routing, 11, 10));
    assertEquals("E,B,C", switches(routing, 11, 12));
    assertEquals("C,B,A", switches(routing, 12, 10));
    assertEquals("C,D,E", switches(routing, 12, 11));
    assertEquals(1, ForwardingIndex.of(routing).max());
  }

  @Provide
  Arbitrary<Fabric> fabrics() {
    return connected(randomConnected(), tori(), kAryNTrees()).filter(f -> f.numEndPorts() <= 80);
  }

  @Property(tries = 60)
  void routesEveryPairMinimallyAndDestinationBased(@ForAll("fabrics") Fabric fabric)
      throws RoutingException {
    Routing routing = new P2ssspEngine().route(fabric, RoutingOptions.defaults());
    RoutingAssertions.assertRoutedWithoutLoops(routing);
    RoutingAssertions.assertMinimal(routing);
  }

  @Provide
  Arbitrary<Fabric> fabricsWithLmc() {
    return FabricArbitraries.withLmc(
            Arbitraries.oneOf(
                FabricArbitraries.randomConnected(),
                FabricArbitraries.randomConnectedWithMultiPortCas(),
                FabricArbitraries.tori(),
                FabricArbitraries.kAryNTrees()),
            2)
        .filter(f -> f.numEndPorts() <= 80);
  }

  /**
   * A search that ends once no scan can shorten the source's path finds the path of a search that
   * runs until the source is settled.
   */
  @Property(tries = 60)
  void endingWhenTheSourceIsFinalGivesTheSameTables(@ForAll("fabricsWithLmc") Fabric fabric)
      throws RoutingException {
    for (boolean reuse : new boolean[] {false, true}) {
      GoldenLfts.assertSameLfts(
          new P2ssspEngine(reuse, false).route(fabric, RoutingOptions.defaults()),
          new P2ssspEngine(reuse, true).route(fabric, RoutingOptions.defaults()),
          "p2sssp searches ending at the settled source and once it is final");
    }
  }

  @Property(tries = 60)
  void followingFixedPortsGivesTheSearchedTables(@ForAll("fabricsWithLmc") Fabric fabric)
      throws RoutingException {
    GoldenLfts.assertSameLfts(
        new P2ssspEngine(false).route(fabric, RoutingOptions.defaults()),
        new P2ssspEngine().route(fabric, RoutingOptions.defaults()),
        "p2sssp with and without following fixed ports");
  }
}
