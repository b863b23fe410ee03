package org.ibrouting.engines.lash;

import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.routing.RoutingEngine;

/** LASH's entry in the engine registry ({@code -R lash}), named in this jar's services file. */
public final class LashProvider implements EngineProvider {
  private static final Set<String> SETTINGS = Set.of("lash_start_vl");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public LashProvider() {}

  @Override
  public String name() {
    return "lash";
  }

  @Override
  public Set<String> settings() {
    return SETTINGS;
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new LashEngine(config.intParam("lash_start_vl", 0, 0, 14));
  }
}
