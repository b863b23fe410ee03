package org.ibrouting.engines.nue;

import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.routing.RoutingException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * With one VL our Nue tables equal OpenSM 3.3.23's nue on every reference fabric, entry for entry.
 */
class NueGoldenTest {
  @ParameterizedTest
  @MethodSource(GoldenLfts.REFERENCE_FABRICS)
  void equalsOpenSmNue(String name) throws RoutingException {
    GoldenLfts.assertSameWhereOpenSmUsed(name, "nue", new NueEngine());
  }
}
