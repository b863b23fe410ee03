package org.ibrouting.engines.dor;

import org.ibrouting.engines.AbstractEngineProvider;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineSetting;
import org.ibrouting.routing.RoutingEngine;

/** DOR's entry in the engine registry ({@code -R dor}), named in this jar's services file. */
public final class DorProvider extends AbstractEngineProvider {
  /** {@code dor_require_cube}: refuse a fabric that is not a cube (false: route any, as OpenSM). */
  public static final EngineSetting<Boolean> REQUIRE_CUBE =
      EngineSetting.flag(
          "dor_require_cube", true, "refuse a fabric that is not a cube (false: route any)");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public DorProvider() {
    super("dor", false, REQUIRE_CUBE);
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new DorEngine(config.get(REQUIRE_CUBE));
  }
}
