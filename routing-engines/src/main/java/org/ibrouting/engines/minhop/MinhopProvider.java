package org.ibrouting.engines.minhop;

import org.ibrouting.engines.AbstractEngineProvider;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.routing.RoutingEngine;

/** MINHOP's entry in the engine registry ({@code -R minhop}), named in this jar's services file. */
public final class MinhopProvider extends AbstractEngineProvider {

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public MinhopProvider() {
    super("minhop", true);
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new MinhopEngine();
  }
}
