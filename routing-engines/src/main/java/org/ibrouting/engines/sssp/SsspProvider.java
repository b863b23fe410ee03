package org.ibrouting.engines.sssp;

import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.routing.RoutingEngine;

/** SSSP's entry in the engine registry ({@code -R sssp}), named in this jar's services file. */
public final class SsspProvider implements EngineProvider {
  private static final Set<String> SETTINGS = Set.of("minimal");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public SsspProvider() {}

  @Override
  public String name() {
    return "sssp";
  }

  @Override
  public Set<String> settings() {
    return SETTINGS;
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new SsspEngine(
        new SsspEngine.Settings(
            config.booleanParam("minimal", true),
            config.computeNodes().orElse(null),
            config.ioNodes().orElse(null)));
  }
}
