package org.ibrouting.cli;

import java.nio.file.Path;
import java.util.List;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingOptions;

/**
 * What {@code serve} was told on its command line.
 *
 * @param dir the deployment directory OpenSM runs from
 * @param pidSpec OpenSM's process id or pid file, or null to find it by its command line
 * @param chain the engines, tried in order for a full route ({@code best}: the advisor's choice)
 * @param config the engines' inputs and settings, for the deployed engine's own rule
 * @param options the engines' options (seed, threads, VLs)
 * @param maxVls the VLs a switch-over plan may use
 * @param pollSeconds how often to discover the fabric without a trigger (0: never)
 * @param settleMillis how long to wait after a trigger for more traps before discovering
 * @param sweepTimeoutSeconds how long to wait for OpenSM's sweep after SIGHUP
 * @param drainSeconds how long a phased plan's drain step waits
 * @param auditPairs PathRecords to sample in each audit (0: none; -1: no audit at all)
 * @param auditParallel how many diagnostic tools an audit runs at once
 * @param warmUpRounds rounds of repairs to compile the code before the first failure (0: none)
 * @param strictSwitchOver whether a repair without a verified switch-over plan is refused (else it
 *     is loaded at once)
 */
record ServeSettings(
    Path dir,
    String pidSpec,
    List<RoutingEngine> chain,
    org.ibrouting.engines.EngineConfig config,
    RoutingOptions options,
    int maxVls,
    double pollSeconds,
    long settleMillis,
    long sweepTimeoutSeconds,
    double drainSeconds,
    int auditPairs,
    int auditParallel,
    int warmUpRounds,
    boolean strictSwitchOver) {
  /** Copies the chain. */
  ServeSettings {
    chain = List.copyOf(chain);
  }

  /**
   * The engine named {@code name}: the chain's, else (after {@code -R best} chose it) the
   * registry's with the same settings; null when there is none.
   */
  RoutingEngine engine(String name) {
    for (RoutingEngine e : chain) {
      if (e.name().equals(name)) {
        return e;
      }
    }
    if (!chosenByAdvisor()) {
      return null;
    }
    try {
      return org.ibrouting.engines.Engines.chain(name, config).get(0);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** Whether full routes are the advisor's choice ({@code -R best}). */
  boolean chosenByAdvisor() {
    return chain.size() == 1
        && chain.get(0).name().equals(org.ibrouting.engines.EngineAdvisor.NAME);
  }

  /** The configuration file of the deployment. */
  Path conf() {
    return dir.resolve(org.ibrouting.io.opensm.OpenSmDeployment.CONF);
  }
}
