package org.ibrouting.engines.torus2qos;

import java.util.Optional;
import org.ibrouting.engines.AbstractEngineProvider;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.EngineSetting;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingEngine;

/**
 * torus-2QoS's entry in the engine registry ({@code -R torus-2QoS}), named in this jar's services
 * file.
 */
public final class Torus2QosProvider extends AbstractEngineProvider {
  /** {@code torus_sl2vl}: the SL-to-VL map, per port as OpenSM's or the identity. */
  public static final EngineSetting<Torus2QosEngine.Sl2Vl> SL2VL =
      EngineSetting.choice(
          "torus_sl2vl",
          Torus2QosEngine.Sl2Vl.class,
          Torus2QosEngine.Sl2Vl.PORT,
          "the SL-to-VL map: per port, as OpenSM's, or the identity");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public Torus2QosProvider() {
    super(Torus2QosEngine.NAME, false, SL2VL, EngineInputs.TORUS_CONFIG);
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new Torus2QosEngine(config.get(EngineInputs.TORUS_CONFIG), config.get(SL2VL));
  }

  /** torus-2QoS learns the torus's size, seed links and datelines from its torus-2QoS.conf. */
  @Override
  public Optional<String> whyNotApplicable(Fabric fabric, EngineConfig config) {
    return config.find(EngineInputs.TORUS_CONFIG).isPresent()
        ? Optional.empty()
        : Optional.of(
            Torus2QosEngine.NAME
                + ": needs its torus-2QoS.conf (the torus's size, seed links and datelines)");
  }
}
