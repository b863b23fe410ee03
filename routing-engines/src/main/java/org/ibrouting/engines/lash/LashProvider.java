package org.ibrouting.engines.lash;

import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.engines.EngineSetting;
import org.ibrouting.routing.RoutingEngine;

/** LASH's entry in the engine registry ({@code -R lash}), named in this jar's services file. */
public final class LashProvider implements EngineProvider {
  /** {@code lash_start_vl}: the first VL LASH assigns (OpenSM's option). */
  public static final EngineSetting<Integer> START_VL =
      EngineSetting.integer("lash_start_vl", 0, 0, 14, "the first VL LASH assigns");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public LashProvider() {}

  @Override
  public String name() {
    return "lash";
  }

  @Override
  public Set<EngineSetting<?>> reads() {
    return Set.of(START_VL);
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new LashEngine(config.get(START_VL));
  }
}
