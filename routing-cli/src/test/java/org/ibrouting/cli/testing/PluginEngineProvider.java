package org.ibrouting.cli.testing;

import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * An engine in a jar of its own, for the distribution's {@code IBROUTING_CLASSPATH}: MINHOP's
 * tables under the name {@code plugin-minhop}. Uses nothing but the API, so that it runs against
 * the distribution's jar; not named in the test class path's services file.
 */
public final class PluginEngineProvider implements EngineProvider {
  @Override
  public String name() {
    return "plugin-minhop";
  }

  @Override
  public Set<String> settings() {
    return Set.of();
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    RoutingEngine minhop = Engines.create("minhop", EngineConfig.none());
    return new RoutingEngine() {
      @Override
      public String name() {
        return "plugin-minhop";
      }

      @Override
      public Routing route(Fabric fabric, RoutingOptions options) throws RoutingException {
        Routing routing = minhop.route(fabric, options);
        return routing.withSlTable(name(), routing.slTable());
      }
    };
  }
}
