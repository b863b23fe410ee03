package org.ibrouting.engines.torus2qos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.io.torus.TorusConfigReader;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.TorusConfig;
import org.junit.jupiter.api.Test;

/** The reference 4x4 torus: OpenSM 3.3.23's torus-2QoS dump, entry for entry. */
class Torus2QosGoldenTest {
  @Test
  void equalsOpenSmOnTheReferenceTorus() throws IOException, RoutingException {
    assertEquals(
        "torus-2QoS", ReferenceFabrics.resultString("torus2d_4x4", "torus-2QoS", "engine_used"));
    Routing theirs = ReferenceFabrics.openSmRouting("torus2d_4x4", "torus-2QoS");
    TorusConfig config =
        TorusConfigReader.read(ReferenceFabrics.resource("torus2d_4x4", "torus-2QoS.conf"));
    for (int threads : new int[] {1, 3}) {
      Routing ours =
          new Torus2QosEngine(config)
              .route(theirs.fabric(), RoutingOptions.defaults().withThreads(threads));
      GoldenLfts.assertSameLfts(theirs, ours, "torus2d_4x4 torus-2QoS, " + threads + " threads");
    }
  }
}
