package org.ibrouting.engines.sar;

import java.util.Optional;
import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingEngine;

/** SAR's entry in the engine registry ({@code -R sar}), named in this jar's services file. */
public final class SarProvider implements EngineProvider {
  private static final Set<String> SETTINGS = Set.of("balance");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public SarProvider() {}

  @Override
  public String name() {
    return "sar";
  }

  @Override
  public Set<String> settings() {
    return SETTINGS;
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new SarEngine(
        new SarEngine.Settings(
            config.jobs().orElse(null),
            config.ioNodes().orElse(null),
            config.booleanParam("balance", false)));
  }

  /** SAR routes by jobs: without a job map there is nothing it adds to DFSSSP. */
  @Override
  public Optional<String> whyNotApplicable(Fabric fabric, EngineConfig config) {
    return config.jobs().isPresent()
        ? Optional.empty()
        : Optional.of("sar: needs a job-to-node map (which nodes every job runs on)");
  }
}
