package org.ibrouting.engines.nue;

import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.routing.RoutingEngine;

/** Nue's entry in the engine registry ({@code -R nue}), named in this jar's services file. */
public final class NueProvider implements EngineProvider {
  private static final Set<String> SETTINGS = Set.of("nue_max_num_vls", "nue_include_switches");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public NueProvider() {}

  @Override
  public String name() {
    return "nue";
  }

  @Override
  public Set<String> settings() {
    return SETTINGS;
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new NueEngine(
        config.intParam("nue_max_num_vls", 1, 1, 15),
        config.booleanParam("nue_include_switches", false));
  }
}
