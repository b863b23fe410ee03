package org.ibrouting.engines.sar;

import java.util.Optional;
import org.ibrouting.engines.AbstractEngineProvider;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.EngineSetting;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingEngine;

/** SAR's entry in the engine registry ({@code -R sar}), named in this jar's services file. */
public final class SarProvider extends AbstractEngineProvider {
  /** {@code balance}: spread paths over spare VLs, as DFSSSP's setting of the same name. */
  public static final EngineSetting<Boolean> BALANCE =
      EngineSetting.flag(
          "balance", false, "spread paths over spare VLs as OpenSM does (seeded, not random)");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public SarProvider() {
    super("sar", false, BALANCE, EngineInputs.JOBS, EngineInputs.IO_NODES);
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new SarEngine(
        new SarEngine.Settings(
            config.get(EngineInputs.JOBS), config.get(EngineInputs.IO_NODES), config.get(BALANCE)));
  }

  /** SAR routes by jobs: without a job map there is nothing it adds to DFSSSP. */
  @Override
  public Optional<String> whyNotApplicable(Fabric fabric, EngineConfig config) {
    return config.find(EngineInputs.JOBS).isPresent()
        ? Optional.empty()
        : Optional.of("sar: needs a job-to-node map (which nodes every job runs on)");
  }
}
