package org.ibrouting.engines.dnup;

import org.ibrouting.engines.AbstractEngineProvider;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.routing.RoutingEngine;

/**
 * Down*&#47;Up*'s entry in the engine registry ({@code -R dnup}), named in this jar's services
 * file.
 */
public final class DnupProvider extends AbstractEngineProvider {

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public DnupProvider() {
    super("dnup", true);
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new DnupEngine();
  }
}
