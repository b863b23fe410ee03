package org.ibrouting.engines.nue;

import org.ibrouting.engines.AbstractEngineProvider;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineSetting;
import org.ibrouting.routing.RoutingEngine;

/** Nue's entry in the engine registry ({@code -R nue}), named in this jar's services file. */
public final class NueProvider extends AbstractEngineProvider {
  /** {@code nue_max_num_vls}: VLs Nue may use, 1-15 (OpenSM's option). */
  public static final EngineSetting<Integer> MAX_NUM_VLS =
      EngineSetting.integer("nue_max_num_vls", 1, 1, 15, "VLs Nue may use");

  /** {@code nue_include_switches}: make the switches' LIDs destinations of the layers too. */
  public static final EngineSetting<Boolean> INCLUDE_SWITCHES =
      EngineSetting.flag(
          "nue_include_switches", false, "make the switches' LIDs destinations of the layers");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public NueProvider() {
    super("nue", false, MAX_NUM_VLS, INCLUDE_SWITCHES);
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new NueEngine(config.get(MAX_NUM_VLS), config.get(INCLUDE_SWITCHES));
  }
}
