package org.ibrouting.cli.testing;

import org.ibrouting.engines.AbstractEngineProvider;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.Engines;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;

/**
 * An engine in a jar of its own, for the distribution's {@code IBROUTING_CLASSPATH}: MINHOP's
 * tables under the name {@code plugin-minhop}. Uses nothing but the API (a provider of fixed
 * settings), so that it runs against the distribution's jar; not named in the test class path's
 * services file.
 */
public final class PluginEngineProvider extends AbstractEngineProvider {
  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public PluginEngineProvider() {
    super("plugin-minhop", false);
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    RoutingEngine minhop = Engines.create("minhop", EngineConfig.none());
    return RoutingEngine.named(
        name(),
        (fabric, options) -> {
          Routing routing = minhop.route(fabric, options);
          return routing.withSlTable(name(), routing.slTable());
        });
  }
}
