package org.ibrouting.engines.updn;

import org.ibrouting.engines.AbstractEngineProvider;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.EngineSetting;
import org.ibrouting.routing.RoutingEngine;

/**
 * Up*&#47;Down*'s entry in the engine registry ({@code -R updn}), named in this jar's services
 * file.
 */
public final class UpdnProvider extends AbstractEngineProvider {
  /**
   * {@code updn_auto_root}: where root detection finds none, take the most central switch (false:
   * refuse there, as OpenSM does).
   */
  public static final EngineSetting<Boolean> AUTO_ROOT =
      EngineSetting.flag(
          "updn_auto_root", true, "where no root is found, take the most central switch");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public UpdnProvider() {
    super("updn", true, AUTO_ROOT, EngineInputs.ROOTS);
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new UpdnEngine(
        new UpdnEngine.Settings(config.get(EngineInputs.ROOTS), config.get(AUTO_ROOT)));
  }
}
