package org.ibrouting.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.GuidListReader;
import org.ibrouting.io.JobListReader;
import org.ibrouting.io.torus.TorusConfigReader;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.simulation.JobList;
import org.ibrouting.simulation.JobMap;
import picocli.CommandLine.Option;

/** Options that choose and configure routing engines. */
final class EngineOptions {
  @Option(
      names = "--seed",
      paramLabel = "N",
      description =
          "Seed of every random choice: the engine's, and the simulator's patterns and mappings (default 0).")
  long seed;

  @Option(
      names = "--max-vls",
      paramLabel = "N",
      description = "VLs a VL-assigning engine may use, 1-15 (default 8, as OpenSM sees on ibsim).")
  int maxVls = RoutingOptions.DEFAULT_MAX_VLS;

  @Option(
      names = {"-a", "--root-guid-file"},
      paramLabel = "FILE",
      description = "Root switch GUIDs for updn and ftree (OpenSM's -a).")
  Path rootGuidFile;

  @Option(
      names = {"-u", "--cn-guid-file"},
      paramLabel = "FILE",
      description =
          "Compute-node port GUIDs (OpenSM's -u): sssp and dfsssp route them first; ftree ranks by them.")
  Path cnGuidFile;

  @Option(
      names = {"-G", "--io-guid-file"},
      paramLabel = "FILE",
      description =
          "I/O-node port GUIDs (OpenSM's -G): sssp and dfsssp route them after the compute nodes;"
              + " sar balances them in a pass of their own; ftree allows them reverse hops (-P max_reverse_hops).")
  Path ioGuidFile;

  @Option(
      names = "--jobs",
      paramLabel = "FILE",
      description =
          "Job-to-node map (node name, job id per line): what sar routes by; job metrics in simulate and compare.")
  Path jobFile;

  @Option(
      names = "--torus-config",
      paramLabel = "FILE",
      description =
          "torus-2QoS's torus-2QoS.conf (OpenSM's --torus_config): torus size, seed links, datelines.")
  Path torusConfigFile;

  @Option(
      names = {"-P", "--param"},
      paramLabel = "NAME=VALUE",
      description =
          "An engine setting, repeatable (e.g. -P lash_start_vl=1, -P balance=true); "
              + "each engine's settings are listed in the README.")
  Map<String, String> params = new LinkedHashMap<>();

  /**
   * The files read (a malformed one is a {@code ParseException}: exit 2 before any engine runs) and
   * the settings.
   */
  EngineConfig config() throws IOException {
    return EngineConfig.none()
        .with(EngineInputs.ROOTS, rootGuidFile == null ? null : GuidListReader.read(rootGuidFile))
        .with(
            EngineInputs.COMPUTE_NODES, cnGuidFile == null ? null : GuidListReader.read(cnGuidFile))
        .with(EngineInputs.IO_NODES, ioGuidFile == null ? null : GuidListReader.read(ioGuidFile))
        .with(EngineInputs.JOBS, jobs())
        .with(
            EngineInputs.TORUS_CONFIG,
            torusConfigFile == null ? null : TorusConfigReader.read(torusConfigFile))
        .withParams(params);
  }

  /** The job map of {@code --jobs}, read once; null until then. */
  private JobList jobList;

  /** The job map file, read (once, however often a command asks); null without {@code --jobs}. */
  JobList jobs() throws IOException {
    if (jobList == null && jobFile != null) {
      jobList = JobListReader.read(jobFile);
    }
    return jobList;
  }

  /**
   * The job map resolved against {@code fabric}, or null without {@code --jobs}: a node the fabric
   * does not have is bad input in every command (exit 2), before any engine runs.
   */
  JobMap jobMap(Fabric fabric) throws IOException {
    JobList jobs = jobs();
    return jobs == null ? null : JobMap.resolve(jobs, fabric);
  }

  List<RoutingEngine> chain(String names) throws IOException {
    return Engines.chain(names, config());
  }

  RoutingOptions routingOptions(CommonOptions common) {
    return new RoutingOptions(seed, common.threads, maxVls, common.progress());
  }
}
