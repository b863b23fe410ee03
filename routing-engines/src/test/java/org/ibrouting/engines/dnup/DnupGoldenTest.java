package org.ibrouting.engines.dnup;

import java.util.stream.Stream;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Our Down*&#47;Up* tables equal OpenSM 3.3.23's dnup on every reference fabric. */
class DnupGoldenTest {
  static Stream<String> names() {
    return ReferenceFabrics.names().stream();
  }

  @ParameterizedTest
  @MethodSource("names")
  void equalsOpenSmDnup(String name) throws RoutingException {
    Routing theirs = ReferenceFabrics.openSmRouting(name, "dnup");
    Routing ours = new DnupEngine().route(theirs.fabric(), RoutingOptions.defaults());
    GoldenLfts.assertSameLfts(theirs, ours, name + " dnup");
  }
}
