package org.ibrouting.engines.lash;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.stream.Stream;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Our LASH tables equal OpenSM 3.3.23's on every reference fabric, entry for entry. */
class LashGoldenTest {
  static Stream<String> names() {
    return ReferenceFabrics.names().stream();
  }

  @ParameterizedTest
  @MethodSource("names")
  void equalsOpenSmLash(String name) throws RoutingException {
    assumeTrue("lash".equals(ReferenceFabrics.resultString(name, "lash", "engine_used")));
    Routing theirs = ReferenceFabrics.openSmRouting(name, "lash");
    Routing ours = new LashEngine().route(theirs.fabric(), RoutingOptions.defaults());
    GoldenLfts.assertSameLfts(theirs, ours, name + " lash");
  }
}
