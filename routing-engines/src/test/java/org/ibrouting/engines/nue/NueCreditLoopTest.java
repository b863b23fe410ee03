package org.ibrouting.engines.nue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Routings that held a credit loop when nue took OpenSM 3.3.23's shortcut step as it is: the step
 * takes dependencies its tree keeps using out of the layer's graph, and a later destination closed
 * a cycle through one of them. Each now hides such dependencies (the step ran) and is deadlock-free
 * on every VL.
 */
class NueCreditLoopTest {
  @ParameterizedTest(name = "{0}, {1} VLs, switches {2}, seed {3}")
  @CsvSource(
      delimiter = '|',
      value = {
        // the property's failure (jqwik seed 504000262217291521): a loop of 4 channels on VL 3
        "torus 5,5,5 2 | 4 | false | -9",
        // smaller: 36 switches (72 and 108 CAs), 2 dimensions
        "torus 6,6 2 | 3 | true | 141",
        "torus 6,6 3 | 8 | false | 96",
        "torus 3,5,5 3 | 3 | true | 13",
        // OpenSM's own split (seed 0): OpenSM 3.3.23 holds this loop (NueInteropTest)
        "torus 10,10 3 | 7 | false | 0"
      })
  void deadlockFreeWhereOpenSmsShortcutStepClosedALoop(
      String spec, int vls, boolean includeSwitches, long seed) throws RoutingException {
    Fabric fabric = TopologySpec.parse(spec).build();
    NueEngine.Checked checked =
        new NueEngine(vls, includeSwitches)
            .routeChecked(fabric, RoutingOptions.seeded(seed).withMaxVls(vls));
    Routing routing = checked.routing();
    RoutingAssertions.assertRoutedWithoutLoops(routing);
    RoutingAssertions.assertDeadlockFreePerVl(routing);
    RoutingAssertions.assertVlsWithin(routing, vls);
    NueEngine.Stats stats = checked.stats();
    assertTrue(stats.hiddenDependencies() > 0, "the shortcut step hid nothing: " + stats);
    assertEquals(0, stats.unrecordedDependencies(), stats.toString());
    assertEquals(0, stats.unorderedLayers(), stats.toString());
  }
}
