package org.ibrouting.engines.dfsssp;

import org.ibrouting.engines.AbstractEngineProvider;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.EngineSetting;
import org.ibrouting.routing.RoutingEngine;

/** DFSSSP's entry in the engine registry ({@code -R dfsssp}), named in this jar's services file. */
public final class DfssspProvider extends AbstractEngineProvider {
  /** {@code balance}: spread paths over spare VLs as OpenSM does, seeded instead of random. */
  public static final EngineSetting<Boolean> BALANCE =
      EngineSetting.flag(
          "balance", false, "spread paths over spare VLs as OpenSM does (seeded, not random)");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public DfssspProvider() {
    super("dfsssp", true, BALANCE, EngineInputs.COMPUTE_NODES, EngineInputs.IO_NODES);
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new DfssspEngine(
        new DfssspEngine.Settings(
            config.get(BALANCE),
            config.get(EngineInputs.COMPUTE_NODES),
            config.get(EngineInputs.IO_NODES)));
  }
}
