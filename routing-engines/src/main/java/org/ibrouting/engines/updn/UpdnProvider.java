package org.ibrouting.engines.updn;

import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.engines.EngineSetting;
import org.ibrouting.routing.RoutingEngine;

/**
 * Up*&#47;Down*'s entry in the engine registry ({@code -R updn}), named in this jar's services
 * file.
 */
public final class UpdnProvider implements EngineProvider {
  /**
   * {@code updn_auto_root}: where root detection finds none, take the most central switch (false:
   * refuse there, as OpenSM does).
   */
  public static final EngineSetting<Boolean> AUTO_ROOT =
      EngineSetting.flag(
          "updn_auto_root", true, "where no root is found, take the most central switch");

  private static final Set<EngineSetting<?>> READS = Set.of(AUTO_ROOT, EngineInputs.ROOTS);

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public UpdnProvider() {}

  @Override
  public String name() {
    return "updn";
  }

  @Override
  public Set<EngineSetting<?>> reads() {
    return READS;
  }

  @Override
  public boolean offersRepair() {
    return true;
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new UpdnEngine(
        new UpdnEngine.Settings(config.get(EngineInputs.ROOTS), config.get(AUTO_ROOT)));
  }
}
