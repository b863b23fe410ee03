package org.ibrouting.engines.ftree;

import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.routing.RoutingEngine;

/**
 * Fat-tree routing's entry in the engine registry ({@code -R ftree}), named in this jar's services
 * file.
 */
public final class FtreeProvider implements EngineProvider {
  private static final Set<String> SETTINGS = Set.of("max_reverse_hops", "connect_roots");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public FtreeProvider() {}

  @Override
  public String name() {
    return "ftree";
  }

  @Override
  public Set<String> settings() {
    return SETTINGS;
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new FtreeEngine(
        new FtreeEngine.Settings(
            config.roots().orElse(null),
            config.computeNodes().orElse(null),
            config.ioNodes().orElse(null),
            config.intParam("max_reverse_hops", 0, 0, 255),
            config.booleanParam("connect_roots", false)));
  }
}
