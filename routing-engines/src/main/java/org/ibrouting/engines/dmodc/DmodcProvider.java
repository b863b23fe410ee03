package org.ibrouting.engines.dmodc;

import org.ibrouting.engines.AbstractEngineProvider;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineSetting;
import org.ibrouting.routing.RoutingEngine;

/** Dmodc's entry in the engine registry ({@code -R dmodc}), named in this jar's services file. */
public final class DmodcProvider extends AbstractEngineProvider {
  /**
   * {@code dmodc_variant}: how the up group is chosen when several reach a destination ({@link
   * DmodcFormula.Variant}).
   */
  public static final EngineSetting<DmodcFormula.Variant> VARIANT =
      EngineSetting.choice(
          "dmodc_variant",
          DmodcFormula.Variant.class,
          DmodcFormula.Variant.KEEP,
          "keep: the d-mod-k group when it reaches the destination; paper: the paper's modulo");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public DmodcProvider() {
    super(DmodcEngine.NAME, true, VARIANT);
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new DmodcEngine(config.get(VARIANT));
  }
}
