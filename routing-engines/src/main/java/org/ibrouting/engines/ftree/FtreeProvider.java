package org.ibrouting.engines.ftree;

import org.ibrouting.engines.AbstractEngineProvider;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.EngineSetting;
import org.ibrouting.routing.RoutingEngine;

/**
 * Fat-tree routing's entry in the engine registry ({@code -R ftree}), named in this jar's services
 * file.
 */
public final class FtreeProvider extends AbstractEngineProvider {
  /** {@code max_reverse_hops}: reverse hops an I/O node's paths may take (OpenSM's option). */
  public static final EngineSetting<Integer> MAX_REVERSE_HOPS =
      EngineSetting.integer(
          "max_reverse_hops", 0, 0, 255, "reverse hops the paths of I/O nodes may take");

  /** {@code connect_roots}: keep the roots connected to each other (OpenSM's option). */
  public static final EngineSetting<Boolean> CONNECT_ROOTS =
      EngineSetting.flag("connect_roots", false, "keep the roots connected to each other");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public FtreeProvider() {
    super(
        "ftree",
        false,
        MAX_REVERSE_HOPS,
        CONNECT_ROOTS,
        EngineInputs.ROOTS,
        EngineInputs.COMPUTE_NODES,
        EngineInputs.IO_NODES);
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new FtreeEngine(
        new FtreeEngine.Settings(
            config.get(EngineInputs.ROOTS),
            config.get(EngineInputs.COMPUTE_NODES),
            config.get(EngineInputs.IO_NODES),
            config.get(MAX_REVERSE_HOPS),
            config.get(CONNECT_ROOTS)));
  }
}
