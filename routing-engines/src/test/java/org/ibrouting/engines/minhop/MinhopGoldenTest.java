package org.ibrouting.engines.minhop;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.stream.Stream;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Our MINHOP tables equal OpenSM 3.3.23's on every reference fabric, entry for entry. */
class MinhopGoldenTest {
  static Stream<String> names() {
    return ReferenceFabrics.names().stream();
  }

  @ParameterizedTest
  @MethodSource("names")
  void equalsOpenSmMinhop(String name) throws RoutingException {
    assumeTrue("minhop".equals(ReferenceFabrics.resultString(name, "minhop", "engine_used")));
    Routing theirs = ReferenceFabrics.openSmRouting(name, "minhop");
    for (int threads : new int[] {1, 2}) {
      Routing ours = new MinhopEngine().route(theirs.fabric(), RoutingOptions.defaults().withThreads(threads));
      GoldenLfts.assertSameLfts(theirs, ours, name + " minhop, " + threads + " thread(s)");
    }
  }
}
