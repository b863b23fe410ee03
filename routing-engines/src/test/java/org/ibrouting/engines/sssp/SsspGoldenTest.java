package org.ibrouting.engines.sssp;

import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.routing.RoutingException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Our P-SSSP tables equal OpenSM 3.3.23's sssp on every reference fabric, entry for entry. */
class SsspGoldenTest {
  @ParameterizedTest
  @MethodSource(GoldenLfts.REFERENCE_FABRICS)
  void equalsOpenSmSssp(String name) throws RoutingException {
    GoldenLfts.assertSameWhereOpenSmUsed(name, "sssp", new SsspEngine());
  }
}
