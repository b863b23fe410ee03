package org.ibrouting.engines.nue;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.stream.Stream;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** With one VL our Nue tables equal OpenSM 3.3.23's nue on every reference fabric, entry for entry. */
class NueGoldenTest {
  static Stream<String> names() {
    return ReferenceFabrics.names().stream();
  }

  @ParameterizedTest
  @MethodSource("names")
  void equalsOpenSmNue(String name) throws RoutingException {
    assumeTrue("nue".equals(ReferenceFabrics.resultString(name, "nue", "engine_used")));
    Routing theirs = ReferenceFabrics.openSmRouting(name, "nue");
    Routing ours = new NueEngine().route(theirs.fabric(), RoutingOptions.defaults());
    GoldenLfts.assertSameLfts(theirs, ours, name + " nue");
  }
}
