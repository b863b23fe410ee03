package org.ibrouting.engines.dfsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.stream.Stream;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.RoutingAssertions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** DFSSSP: OpenSM's tables and VL counts on every reference fabric, deadlock-free per VL. */
class DfssspTest {
  static Stream<String> names() {
    return ReferenceFabrics.names().stream();
  }

  @ParameterizedTest
  @MethodSource("names")
  void equalsOpenSmTablesAndVlCount(String name) throws RoutingException {
    assumeTrue("dfsssp".equals(ReferenceFabrics.resultString(name, "dfsssp", "engine_used")));
    Routing theirs = ReferenceFabrics.openSmRouting(name, "dfsssp");
    Routing ours = new DfssspEngine().route(theirs.fabric(), RoutingOptions.defaults());
    GoldenLfts.assertSameLfts(theirs, ours, name + " dfsssp");
    assertEquals((int) ReferenceFabrics.resultNumber(name, "dfsssp", "vls_needed"), ours.slTable().numVls(),
        name + ": VLs needed");
    RoutingAssertions.assertDeadlockFreePerVl(ours);
  }
}
