package org.ibrouting.topology;

import java.util.List;
import org.ibrouting.testkit.FabricAssertions;
import org.junit.jupiter.api.Test;

/** {@link Topologies#parse} builds what the generator it names builds, accessor by accessor. */
class TopologyParseTest {
  @Test
  void parseMatchesTheGenerator() {
    FabricAssertions.assertSameFabric(
        Topologies.torus(new int[] {4, 4}, 4), Topologies.parse("torus", List.of("4,4", "4")));
    FabricAssertions.assertSameFabric(
        Topologies.kAryNTree(4, 2), Topologies.parse("ktree", List.of("4", "2")));
  }
}
