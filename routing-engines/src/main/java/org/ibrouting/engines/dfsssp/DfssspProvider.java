package org.ibrouting.engines.dfsssp;

import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.routing.RoutingEngine;

/** DFSSSP's entry in the engine registry ({@code -R dfsssp}), named in this jar's services file. */
public final class DfssspProvider implements EngineProvider {
  private static final Set<String> SETTINGS = Set.of("balance");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public DfssspProvider() {}

  @Override
  public String name() {
    return "dfsssp";
  }

  @Override
  public Set<String> settings() {
    return SETTINGS;
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new DfssspEngine(
        new DfssspEngine.Settings(
            config.booleanParam("balance", false),
            config.computeNodes().orElse(null),
            config.ioNodes().orElse(null)));
  }
}
