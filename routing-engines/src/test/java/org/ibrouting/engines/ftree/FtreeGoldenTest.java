package org.ibrouting.engines.ftree;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.stream.Stream;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Our fat-tree tables equal OpenSM 3.3.23's ftree on every reference fabric it routed. */
class FtreeGoldenTest {
  static Stream<String> names() {
    return ReferenceFabrics.names().stream();
  }

  @ParameterizedTest
  @MethodSource("names")
  void equalsOpenSmFtree(String name) throws RoutingException {
    assumeTrue("ftree".equals(ReferenceFabrics.resultString(name, "ftree", "engine_used")),
        () -> name + ": OpenSM fell back from ftree there");
    Routing theirs = ReferenceFabrics.openSmRouting(name, "ftree");
    Routing ours = new FtreeEngine().route(theirs.fabric(), RoutingOptions.defaults());
    GoldenLfts.assertSameLfts(theirs, ours, name + " ftree");
  }
}
