package org.ibrouting.engines.lash;

import org.ibrouting.engines.AbstractEngineProvider;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineSetting;
import org.ibrouting.routing.RoutingEngine;

/** LASH's entry in the engine registry ({@code -R lash}), named in this jar's services file. */
public final class LashProvider extends AbstractEngineProvider {
  /** {@code lash_start_vl}: the first VL LASH assigns (OpenSM's option). */
  public static final EngineSetting<Integer> START_VL =
      EngineSetting.integer("lash_start_vl", 0, 0, 14, "the first VL LASH assigns");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public LashProvider() {
    super("lash", false, START_VL);
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new LashEngine(config.get(START_VL));
  }
}
