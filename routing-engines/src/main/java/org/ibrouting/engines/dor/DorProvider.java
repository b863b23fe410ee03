package org.ibrouting.engines.dor;

import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.routing.RoutingEngine;

/** DOR's entry in the engine registry ({@code -R dor}), named in this jar's services file. */
public final class DorProvider implements EngineProvider {
  private static final Set<String> SETTINGS = Set.of("dor_require_cube");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public DorProvider() {}

  @Override
  public String name() {
    return "dor";
  }

  @Override
  public Set<String> settings() {
    return SETTINGS;
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new DorEngine(config.booleanParam("dor_require_cube", true));
  }
}
