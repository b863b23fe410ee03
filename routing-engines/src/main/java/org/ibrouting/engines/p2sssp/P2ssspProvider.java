package org.ibrouting.engines.p2sssp;

import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.engines.EngineSetting;
import org.ibrouting.routing.RoutingEngine;

/**
 * P²-SSSP's entry in the engine registry ({@code -R p2sssp}), named in this jar's services file.
 */
public final class P2ssspProvider implements EngineProvider {

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public P2ssspProvider() {}

  @Override
  public String name() {
    return "p2sssp";
  }

  @Override
  public Set<EngineSetting<?>> reads() {
    return Set.of();
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new P2ssspEngine();
  }
}
