package org.ibrouting.engines.minhop;

import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Our MINHOP tables equal OpenSM 3.3.23's on every reference fabric, entry for entry. */
class MinhopGoldenTest {
  @ParameterizedTest
  @MethodSource(GoldenLfts.REFERENCE_FABRICS)
  void equalsOpenSmMinhop(String name) throws RoutingException {
    GoldenLfts.assumeOpenSmUsed(name, "minhop", "minhop");
    for (int threads : new int[] {1, 2}) {
      GoldenLfts.assertSameAsOpenSm(
          name, "minhop", new MinhopEngine(), RoutingOptions.defaults().withThreads(threads));
    }
  }
}
