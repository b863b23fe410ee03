package org.ibrouting.engines.dnup;

import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.routing.RoutingEngine;

/**
 * Down*&#47;Up*'s entry in the engine registry ({@code -R dnup}), named in this jar's services
 * file.
 */
public final class DnupProvider implements EngineProvider {
  private static final Set<String> SETTINGS = Set.of();

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public DnupProvider() {}

  @Override
  public String name() {
    return "dnup";
  }

  @Override
  public Set<String> settings() {
    return SETTINGS;
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new DnupEngine();
  }
}
