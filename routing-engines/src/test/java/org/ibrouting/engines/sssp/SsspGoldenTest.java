package org.ibrouting.engines.sssp;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.stream.Stream;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Our P-SSSP tables equal OpenSM 3.3.23's sssp on every reference fabric, entry for entry. */
class SsspGoldenTest {
  static Stream<String> names() {
    return ReferenceFabrics.names().stream();
  }

  @ParameterizedTest
  @MethodSource("names")
  void equalsOpenSmSssp(String name) throws RoutingException {
    assumeTrue("sssp".equals(ReferenceFabrics.resultString(name, "sssp", "engine_used")));
    Routing theirs = ReferenceFabrics.openSmRouting(name, "sssp");
    Routing ours = new SsspEngine().route(theirs.fabric(), RoutingOptions.defaults());
    GoldenLfts.assertSameLfts(theirs, ours, name + " sssp");
  }
}
