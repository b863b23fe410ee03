package org.ibrouting.cli.testing;

import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.testkit.TestRoutings;

/**
 * An engine from outside the project, as a user writes one: the test kit's Up*&#47;Down* reference
 * routing around the switch of setting {@code tree_root} (default 0), registered through this test
 * class path's {@code META-INF/services/org.ibrouting.engines.EngineProvider}.
 */
public final class TreeEngineProvider implements EngineProvider {
  @Override
  public String name() {
    return "testkit-updown";
  }

  @Override
  public Set<String> settings() {
    return Set.of("tree_root");
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    int root = config.intParam("tree_root", 0, 0, Integer.MAX_VALUE);
    return RoutingEngine.named(
        name(),
        (fabric, options) -> {
          if (root >= fabric.numSwitches()) {
            throw new RoutingException(
                "testkit-updown: no switch " + root + " in a fabric of " + fabric.numSwitches());
          }
          Routing routing = TestRoutings.upDown(fabric, root);
          return routing.withSlTable(name(), routing.slTable());
        });
  }
}
