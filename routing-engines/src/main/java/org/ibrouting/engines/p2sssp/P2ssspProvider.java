package org.ibrouting.engines.p2sssp;

import org.ibrouting.engines.AbstractEngineProvider;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.routing.RoutingEngine;

/**
 * P²-SSSP's entry in the engine registry ({@code -R p2sssp}), named in this jar's services file.
 */
public final class P2ssspProvider extends AbstractEngineProvider {

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public P2ssspProvider() {
    super("p2sssp", false);
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new P2ssspEngine();
  }
}
