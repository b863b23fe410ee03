package org.ibrouting.engines.updn;

import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.routing.RoutingEngine;

/**
 * Up*&#47;Down*'s entry in the engine registry ({@code -R updn}), named in this jar's services
 * file.
 */
public final class UpdnProvider implements EngineProvider {
  private static final Set<String> SETTINGS = Set.of("updn_auto_root");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public UpdnProvider() {}

  @Override
  public String name() {
    return "updn";
  }

  @Override
  public Set<String> settings() {
    return SETTINGS;
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new UpdnEngine(
        new UpdnEngine.Settings(
            config.roots().orElse(null), config.booleanParam("updn_auto_root", true)));
  }
}
