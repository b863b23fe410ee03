package org.ibrouting.engines;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.ibrouting.fabric.GuidList;
import org.ibrouting.simulation.JobList;
import org.ibrouting.topology.TorusConfig;

/**
 * What the registry hands an {@link EngineProvider}: the inputs OpenSM takes as files, as data
 * (lft-io's {@code GuidListReader} and {@code JobListReader} read the files), and named settings in
 * OpenSM's {@code opensm.conf} spirit ({@code lash_start_vl=1}, {@code nue_max_num_vls=2}, ...).
 * Each provider declares the settings it reads ({@link EngineProvider#settings()}); {@link
 * Engines#create} rejects a setting the engine does not read and {@link Engines#chain} one that no
 * engine of the chain reads, so a typo is an error rather than a silently ignored setting.
 * Immutable.
 *
 * <pre>{@code
 * EngineConfig config = EngineConfig.none()
 *     .withRoots(GuidListReader.read(Path.of("roots.txt")))
 *     .withParam("max_reverse_hops", "1");
 * RoutingEngine ftree = Engines.create("ftree", config);
 * }</pre>
 */
public final class EngineConfig {
  private static final EngineConfig NONE = new EngineConfig(null, null, null, null, null, Map.of());

  private final GuidList roots;
  private final GuidList computeNodes;
  private final GuidList ioNodes;
  private final JobList jobs;
  private final TorusConfig torusConfig;
  private final Map<String, String> params;

  private EngineConfig(
      GuidList roots,
      GuidList computeNodes,
      GuidList ioNodes,
      JobList jobs,
      TorusConfig torusConfig,
      Map<String, String> params) {
    this.roots = roots;
    this.computeNodes = computeNodes;
    this.ioNodes = ioNodes;
    this.jobs = jobs;
    this.torusConfig = torusConfig;
    TreeMap<String, String> copy = new TreeMap<>();
    params.forEach((k, v) -> copy.put(k.trim().toLowerCase(Locale.ROOT), v.trim()));
    this.params = java.util.Collections.unmodifiableMap(copy);
  }

  /** No inputs, no settings. */
  public static EngineConfig none() {
    return NONE;
  }

  /** Root switches by node GUID (OpenSM's {@code -a}): updn, multiupdn, ftree. */
  public Optional<GuidList> roots() {
    return Optional.ofNullable(roots);
  }

  /** Compute-node ports by port GUID (OpenSM's {@code -u}): sssp, dfsssp, ftree. */
  public Optional<GuidList> computeNodes() {
    return Optional.ofNullable(computeNodes);
  }

  /** I/O-node ports by port GUID (OpenSM's {@code -G}): sssp, dfsssp, ftree, sar. */
  public Optional<GuidList> ioNodes() {
    return Optional.ofNullable(ioNodes);
  }

  /** Which nodes every job runs on: sar. */
  public Optional<JobList> jobs() {
    return Optional.ofNullable(jobs);
  }

  /**
   * torus-2QoS's {@code torus-2QoS.conf}, already read (lft-io's {@code TorusConfigReader};
   * OpenSM's {@code --torus_config}).
   */
  public Optional<TorusConfig> torusConfig() {
    return Optional.ofNullable(torusConfig);
  }

  /** The named settings (keys lower case). */
  public Map<String, String> params() {
    return params;
  }

  /** A copy with these root switches (null: none). */
  public EngineConfig withRoots(GuidList guids) {
    return new EngineConfig(guids, computeNodes, ioNodes, jobs, torusConfig, params);
  }

  /** A copy with these compute-node ports (null: none). */
  public EngineConfig withComputeNodes(GuidList guids) {
    return new EngineConfig(roots, guids, ioNodes, jobs, torusConfig, params);
  }

  /** A copy with these I/O-node ports (null: none). */
  public EngineConfig withIoNodes(GuidList guids) {
    return new EngineConfig(roots, computeNodes, guids, jobs, torusConfig, params);
  }

  /** A copy with this job list (null: none). */
  public EngineConfig withJobs(JobList jobList) {
    return new EngineConfig(roots, computeNodes, ioNodes, jobList, torusConfig, params);
  }

  /** A copy with this torus-2QoS configuration (null: none). */
  public EngineConfig withTorusConfig(TorusConfig config) {
    return new EngineConfig(roots, computeNodes, ioNodes, jobs, config, params);
  }

  /** A copy with one more named setting. */
  public EngineConfig withParam(String name, String value) {
    TreeMap<String, String> copy = new TreeMap<>(params);
    copy.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
    return new EngineConfig(roots, computeNodes, ioNodes, jobs, torusConfig, copy);
  }

  /** A copy with these named settings added (replacing those of the same name). */
  public EngineConfig withParams(Map<String, String> more) {
    TreeMap<String, String> copy = new TreeMap<>(params);
    copy.putAll(more);
    return new EngineConfig(roots, computeNodes, ioNodes, jobs, torusConfig, copy);
  }

  /** A copy with only those named settings whose names are in {@code names}. */
  public EngineConfig onlyParams(Set<String> names) {
    TreeMap<String, String> copy = new TreeMap<>(params);
    copy.keySet().retainAll(names);
    return new EngineConfig(roots, computeNodes, ioNodes, jobs, torusConfig, copy);
  }

  /**
   * The integer setting {@code name}, or {@code defaultValue} when not given.
   *
   * @throws EngineSettingException when the value is not an integer in {@code [min, max]}
   */
  public int intParam(String name, int defaultValue, int min, int max) {
    String value = params.get(name);
    if (value == null) {
      return defaultValue;
    }
    int parsed;
    try {
      parsed = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw badValue(name, value, "an integer " + min + ".." + max);
    }
    if (parsed < min || parsed > max) {
      throw badValue(name, value, min + ".." + max);
    }
    return parsed;
  }

  /**
   * The boolean setting {@code name} ({@code true/false}, {@code yes/no}, {@code 1/0}), or {@code
   * defaultValue} when not given.
   *
   * @throws EngineSettingException for any other value
   */
  public boolean booleanParam(String name, boolean defaultValue) {
    String value = params.get(name);
    if (value == null) {
      return defaultValue;
    }
    switch (value.toLowerCase(Locale.ROOT)) {
      case "true", "yes", "1", "on" -> {
        return true;
      }
      case "false", "no", "0", "off" -> {
        return false;
      }
      default -> throw badValue(name, value, "true or false");
    }
  }

  /**
   * The setting {@code name}, one of {@code allowed}, or {@code defaultValue} when not given.
   *
   * @throws EngineSettingException for a value not in {@code allowed}
   */
  public String choiceParam(String name, String defaultValue, String... allowed) {
    String value = params.get(name);
    if (value == null) {
      return defaultValue;
    }
    for (String a : allowed) {
      if (a.equalsIgnoreCase(value)) {
        return a;
      }
    }
    throw badValue(name, value, "one of " + String.join(", ", allowed));
  }

  private static EngineSettingException badValue(String name, String value, String expected) {
    return new EngineSettingException(
        "parameter " + name + "=" + value + ": expected " + expected, null, name, value, expected);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof EngineConfig c
        && Objects.equals(roots, c.roots)
        && Objects.equals(computeNodes, c.computeNodes)
        && Objects.equals(ioNodes, c.ioNodes)
        && Objects.equals(jobs, c.jobs)
        && Objects.equals(torusConfig, c.torusConfig)
        && params.equals(c.params);
  }

  @Override
  public int hashCode() {
    return Objects.hash(roots, computeNodes, ioNodes, jobs, torusConfig, params);
  }

  @Override
  public String toString() {
    return "EngineConfig[roots="
        + roots
        + ", computeNodes="
        + computeNodes
        + ", ioNodes="
        + ioNodes
        + ", jobs="
        + (jobs == null ? null : jobs.entries().size() + " entries from " + jobs.source())
        + ", torusConfig="
        + (torusConfig == null ? null : "given")
        + ", params="
        + params
        + "]";
  }
}
