package org.ibrouting.engines.robustness;

import java.util.Locale;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.testing.JobLists;
import org.ibrouting.fabric.Fabric;

/** The engine configurations of the robustness tests: sar gets a job map so that it routes. */
final class SarJobMaps {
  private SarJobMaps() {}

  /**
   * No configuration, except for sar: a job map of every CA (by node GUID) in two interleaved jobs.
   */
  static EngineConfig configFor(String engine, Fabric fabric) {
    if (!engine.equals("sar")) {
      return EngineConfig.none();
    }
    StringBuilder jobs = new StringBuilder();
    int i = 0;
    for (int node = fabric.numSwitches(); node < fabric.numNodes(); node++) {
      jobs.append(String.format(Locale.ROOT, "0x%016x job%d%n", fabric.nodeGuid(node), i++ % 2));
    }
    return EngineConfig.none().with(EngineInputs.JOBS, JobLists.parse(jobs.toString()));
  }
}
