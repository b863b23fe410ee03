package org.ibrouting.engines.dnup;

import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.engines.EngineSetting;
import org.ibrouting.routing.RoutingEngine;

/**
 * Down*&#47;Up*'s entry in the engine registry ({@code -R dnup}), named in this jar's services
 * file.
 */
public final class DnupProvider implements EngineProvider {

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public DnupProvider() {}

  @Override
  public String name() {
    return "dnup";
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
    return new DnupEngine();
  }
}
