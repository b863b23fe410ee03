package org.ibrouting.engines.sssp;

import org.ibrouting.engines.AbstractEngineProvider;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.EngineSetting;
import org.ibrouting.routing.RoutingEngine;

/** SSSP's entry in the engine registry ({@code -R sssp}), named in this jar's services file. */
public final class SsspProvider extends AbstractEngineProvider {
  /** {@code minimal}: start link weights at P² so that a longer path never wins (OpenSM's way). */
  public static final EngineSetting<Boolean> MINIMAL =
      EngineSetting.flag(
          "minimal", true, "minimal paths: weights start at P^2 (false: at 1, for balance)");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public SsspProvider() {
    super("sssp", true, MINIMAL, EngineInputs.COMPUTE_NODES, EngineInputs.IO_NODES);
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new SsspEngine(
        new SsspEngine.Settings(
            config.get(MINIMAL),
            config.get(EngineInputs.COMPUTE_NODES),
            config.get(EngineInputs.IO_NODES)));
  }
}
