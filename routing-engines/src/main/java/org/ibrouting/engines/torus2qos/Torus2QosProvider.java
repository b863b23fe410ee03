package org.ibrouting.engines.torus2qos;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingEngine;

/**
 * torus-2QoS's entry in the engine registry ({@code -R torus-2QoS}), named in this jar's services
 * file.
 */
public final class Torus2QosProvider implements EngineProvider {
  private static final Set<String> SETTINGS = Set.of("torus_sl2vl");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public Torus2QosProvider() {}

  @Override
  public String name() {
    return Torus2QosEngine.NAME;
  }

  @Override
  public Set<String> settings() {
    return SETTINGS;
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new Torus2QosEngine(
        config.torusConfig().orElse(null),
        Torus2QosEngine.Sl2Vl.valueOf(
            config
                .choiceParam("torus_sl2vl", "port", "port", "identity")
                .toUpperCase(Locale.ROOT)));
  }

  /** torus-2QoS learns the torus's size, seed links and datelines from its torus-2QoS.conf. */
  @Override
  public Optional<String> whyNotApplicable(Fabric fabric, EngineConfig config) {
    return config.torusConfig().isPresent()
        ? Optional.empty()
        : Optional.of(
            Torus2QosEngine.NAME
                + ": needs its torus-2QoS.conf (the torus's size, seed links and datelines)");
  }
}
