package org.ibrouting.engines.minhop;

import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.engines.EngineSetting;
import org.ibrouting.routing.RoutingEngine;

/** MINHOP's entry in the engine registry ({@code -R minhop}), named in this jar's services file. */
public final class MinhopProvider implements EngineProvider {

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public MinhopProvider() {}

  @Override
  public String name() {
    return "minhop";
  }

  @Override
  public Set<EngineSetting<?>> reads() {
    return Set.of();
  }

  @Override
  public boolean offersRepair() {
    return true;
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new MinhopEngine();
  }
}
