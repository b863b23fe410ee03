package org.ibrouting.engines;

import java.util.List;
import org.ibrouting.fabric.GuidList;
import org.ibrouting.simulation.JobList;
import org.ibrouting.topology.TorusConfig;

/**
 * The inputs OpenSM takes as files, as typed keys of an {@link EngineConfig}: lft-io reads the
 * files ({@code GuidListReader}, {@code JobListReader}, {@code TorusConfigReader}) and the command
 * line's {@code -a}, {@code -u}, {@code -G}, {@code --jobs} and {@code --torus-config} put them
 * here. They live in one place because several engine families read them and the command line, the
 * advisor and the warm-up hand them to any engine; an engine that does not read one leaves it
 * alone.
 *
 * <pre>{@code
 * EngineConfig config = EngineConfig.none()
 *     .with(EngineInputs.ROOTS, GuidListReader.read(Path.of("roots.txt")));
 * }</pre>
 */
public final class EngineInputs {
  /** Root switches by node GUID (OpenSM's {@code -a}, {@code root_guid_file}): updn, ftree, ... */
  public static final EngineSetting<GuidList> ROOTS =
      EngineSetting.input(
          "roots", GuidList.class, "root switches by node GUID (OpenSM's -a root_guid_file)");

  /**
   * Compute-node ports by port GUID (OpenSM's {@code -u}, {@code cn_guid_file}): sssp, dfsssp,
   * ftree.
   */
  public static final EngineSetting<GuidList> COMPUTE_NODES =
      EngineSetting.input(
          "compute_nodes",
          GuidList.class,
          "compute-node ports by port GUID (OpenSM's -u cn_guid_file)");

  /**
   * I/O-node ports by port GUID (OpenSM's {@code -G}, {@code io_guid_file}): sssp, dfsssp, ftree,
   * sar.
   */
  public static final EngineSetting<GuidList> IO_NODES =
      EngineSetting.input(
          "io_nodes", GuidList.class, "I/O-node ports by port GUID (OpenSM's -G io_guid_file)");

  /** Which nodes every job runs on (the command line's {@code --jobs}): sar. */
  public static final EngineSetting<JobList> JOBS =
      EngineSetting.input("jobs", JobList.class, "which nodes every job runs on (--jobs)");

  /** torus-2QoS's {@code torus-2QoS.conf}, already read (OpenSM's {@code --torus_config}). */
  public static final EngineSetting<TorusConfig> TORUS_CONFIG =
      EngineSetting.input(
          "torus_config",
          TorusConfig.class,
          "torus-2QoS's torus-2QoS.conf: size, seed links, datelines (--torus_config)");

  /** All of them, in the order above. */
  public static final List<EngineSetting<?>> ALL =
      List.of(ROOTS, COMPUTE_NODES, IO_NODES, JOBS, TORUS_CONFIG);

  private EngineInputs() {}
}
