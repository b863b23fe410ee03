package org.example.routing;

import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.routing.RoutingEngine;

/**
 * Makes {@link FirstPortEngine} known by name ({@code Engines.create("first-port", ...)}, chains,
 * {@code bin/ibrouting -R first-port} with this jar on {@code IBROUTING_CLASSPATH}); named in
 * {@code META-INF/services/org.ibrouting.engines.EngineProvider}.
 */
public final class FirstPortProvider implements EngineProvider {
  @Override
  public String name() {
    return "first-port";
  }

  @Override
  public RoutingEngine create(EngineConfig config) {   // reads(): the typed keys it reads, none here
    return new FirstPortEngine();
  }
}
