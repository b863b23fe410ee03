package org.ibrouting.engines.dmodc;

import java.util.Locale;
import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.routing.RoutingEngine;

/** Dmodc's entry in the engine registry ({@code -R dmodc}), named in this jar's services file. */
public final class DmodcProvider implements EngineProvider {
  private static final Set<String> SETTINGS = Set.of("dmodc_variant");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public DmodcProvider() {}

  @Override
  public String name() {
    return DmodcEngine.NAME;
  }

  @Override
  public Set<String> settings() {
    return SETTINGS;
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new DmodcEngine(
        DmodcFormula.Variant.valueOf(
            config.choiceParam("dmodc_variant", "keep", "keep", "paper").toUpperCase(Locale.ROOT)));
  }
}
