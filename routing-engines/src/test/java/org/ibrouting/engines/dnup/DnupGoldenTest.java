package org.ibrouting.engines.dnup;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.FabricFiles;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Our Down*&#47;Up* tables equal OpenSM 3.3.23's dnup on every reference fabric, and on two fabrics
 * where links join switches of equal rank (golden/dnup: OpenSM's dump and the fabric as
 * ibnetdiscover printed it under ibsim): a chain of three small directors joined by leaf cables
 * ({@code generate directors 3 4 3 2 5}), and a two-level cluster of eight 36-port switches with
 * 144 HCAs, dual-cabled storage nodes and one cable between the leaves of each pair.
 */
class DnupGoldenTest {
  static Stream<String> names() {
    return ReferenceFabrics.names().stream();
  }

  @ParameterizedTest
  @MethodSource("names")
  void equalsOpenSmDnup(String name) throws Exception {
    Routing theirs = ReferenceFabrics.openSmRouting(name, "dnup");
    Routing ours = new DnupEngine().route(theirs.fabric(), RoutingOptions.defaults());
    GoldenLfts.assertSameLfts(theirs, ours, name + " dnup");
  }

  @ParameterizedTest
  @ValueSource(strings = {"directors_3_4_3_2_5", "two_level_leaf_pairs"})
  void equalsOpenSmWhereLinksJoinEqualRanks(String name) throws Exception {
    Path dir = Path.of(DnupGoldenTest.class.getResource("/golden/dnup/" + name).toURI());
    Fabric fabric = FabricFiles.read(dir.resolve("fabric.ibnd"));
    Routing theirs = LftDumpReader.read(fabric, dir.resolve("dnup.lfts.dump"));
    Routing ours = new DnupEngine().route(fabric, RoutingOptions.defaults());
    GoldenLfts.assertSameLfts(theirs, ours, name + " dnup");
  }
}
