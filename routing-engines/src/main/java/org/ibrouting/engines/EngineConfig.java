package org.ibrouting.engines;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
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
 * What the registry hands an {@link EngineProvider}: typed values by {@link EngineSetting} key.
 * <em>Settings</em> in OpenSM's {@code opensm.conf} spirit ({@code lash_start_vl=1}, {@code
 * nue_max_num_vls=2}, ...) are kept in their string form, as {@code -P} gives them ({@link
 * #withParam}) or as their key formats a typed value ({@link #with}); their key parses them where
 * an engine reads them ({@link #get}), and a bad value is an {@link EngineSettingException} naming
 * the setting and what was expected. <em>Inputs</em> ({@link EngineInputs}: roots, compute and I/O
 * nodes, jobs, torus-2QoS.conf) are the data OpenSM takes as files, already read (lft-io's {@code
 * GuidListReader}, {@code JobListReader}, {@code TorusConfigReader}).
 *
 * <p>Each provider declares what it reads ({@link EngineProvider#reads()}, or by name {@link
 * EngineProvider#settings()}); {@link Engines#create} rejects a setting the engine does not read
 * and {@link Engines#chain} one that no engine of the chain reads, so a typo is an error rather
 * than a silently ignored setting. Inputs go to every engine; one that does not read an input
 * leaves it alone. Immutable.
 *
 * <pre>{@code
 * EngineConfig config = EngineConfig.none()
 *     .with(EngineInputs.ROOTS, GuidListReader.read(Path.of("roots.txt")))
 *     .with(FtreeProvider.MAX_REVERSE_HOPS, 1);
 * RoutingEngine ftree = Engines.create("ftree", config);
 * int hops = config.get(FtreeProvider.MAX_REVERSE_HOPS);         // in a provider's create
 * }</pre>
 */
public final class EngineConfig {
  private static final EngineConfig NONE = new EngineConfig(Map.of(), Map.of());

  private final Map<EngineSetting<?>, Object> inputs;
  private final Map<String, String> params;

  private EngineConfig(Map<EngineSetting<?>, Object> inputs, Map<String, String> params) {
    this.inputs = Collections.unmodifiableMap(new LinkedHashMap<>(inputs));
    TreeMap<String, String> copy = new TreeMap<>();
    params.forEach((k, v) -> copy.put(k.trim().toLowerCase(Locale.ROOT), v.trim()));
    this.params = Collections.unmodifiableMap(copy);
  }

  /** No inputs, no settings. */
  public static EngineConfig none() {
    return NONE;
  }

  /**
   * A copy with {@code value} for {@code key}; null removes it. A setting is checked and kept in
   * its {@code -P} form ({@link EngineSetting#format}), so that engines which read it by name see
   * it too.
   *
   * @throws EngineSettingException when the setting does not take {@code value} (out of range)
   */
  public <T> EngineConfig with(EngineSetting<T> key, T value) {
    Objects.requireNonNull(key, "key");
    if (key.isSetting()) {
      TreeMap<String, String> copy = new TreeMap<>(params);
      if (value == null) {
        copy.remove(key.name());
      } else {
        copy.put(key.name(), key.format(value));
      }
      return new EngineConfig(inputs, copy);
    }
    LinkedHashMap<EngineSetting<?>, Object> copy = new LinkedHashMap<>(inputs);
    if (value == null) {
      copy.remove(key);
    } else {
      copy.put(key, key.check(value));
    }
    return new EngineConfig(copy, params);
  }

  /**
   * The value of {@code key}: the one given, else the key's default (null for an input not given).
   *
   * @throws EngineSettingException when a setting's given string is not one the key takes
   */
  public <T> T get(EngineSetting<T> key) {
    return find(key).orElseGet(() -> key.defaultValue().orElse(null));
  }

  /**
   * The value given for {@code key}, without the default; empty when none was given.
   *
   * @throws EngineSettingException when a setting's given string is not one the key takes
   */
  public <T> Optional<T> find(EngineSetting<T> key) {
    if (key.isSetting()) {
      String value = params.get(key.name());
      return value == null ? Optional.empty() : Optional.of(key.parse(value));
    }
    return Optional.ofNullable(inputs.get(key)).map(key.type()::cast);
  }

  /**
   * Root switches by node GUID (OpenSM's {@code -a}): updn, multiupdn, ftree.
   *
   * @deprecated use {@code find(EngineInputs.ROOTS)}
   */
  @Deprecated(since = "0.1.0")
  public Optional<GuidList> roots() {
    return find(EngineInputs.ROOTS);
  }

  /**
   * Compute-node ports by port GUID (OpenSM's {@code -u}): sssp, dfsssp, ftree.
   *
   * @deprecated use {@code find(EngineInputs.COMPUTE_NODES)}
   */
  @Deprecated(since = "0.1.0")
  public Optional<GuidList> computeNodes() {
    return find(EngineInputs.COMPUTE_NODES);
  }

  /**
   * I/O-node ports by port GUID (OpenSM's {@code -G}): sssp, dfsssp, ftree, sar.
   *
   * @deprecated use {@code find(EngineInputs.IO_NODES)}
   */
  @Deprecated(since = "0.1.0")
  public Optional<GuidList> ioNodes() {
    return find(EngineInputs.IO_NODES);
  }

  /**
   * Which nodes every job runs on: sar.
   *
   * @deprecated use {@code find(EngineInputs.JOBS)}
   */
  @Deprecated(since = "0.1.0")
  public Optional<JobList> jobs() {
    return find(EngineInputs.JOBS);
  }

  /**
   * torus-2QoS's {@code torus-2QoS.conf}, already read (lft-io's {@code TorusConfigReader};
   * OpenSM's {@code --torus_config}).
   *
   * @deprecated use {@code find(EngineInputs.TORUS_CONFIG)}
   */
  @Deprecated(since = "0.1.0")
  public Optional<TorusConfig> torusConfig() {
    return find(EngineInputs.TORUS_CONFIG);
  }

  /** The settings in their {@code -P} string form, by name (lower case). */
  public Map<String, String> params() {
    return params;
  }

  /**
   * A copy with these root switches (null: none).
   *
   * @deprecated use {@code with(EngineInputs.ROOTS, guids)}
   */
  @Deprecated(since = "0.1.0")
  public EngineConfig withRoots(GuidList guids) {
    return with(EngineInputs.ROOTS, guids);
  }

  /**
   * A copy with these compute-node ports (null: none).
   *
   * @deprecated use {@code with(EngineInputs.COMPUTE_NODES, guids)}
   */
  @Deprecated(since = "0.1.0")
  public EngineConfig withComputeNodes(GuidList guids) {
    return with(EngineInputs.COMPUTE_NODES, guids);
  }

  /**
   * A copy with these I/O-node ports (null: none).
   *
   * @deprecated use {@code with(EngineInputs.IO_NODES, guids)}
   */
  @Deprecated(since = "0.1.0")
  public EngineConfig withIoNodes(GuidList guids) {
    return with(EngineInputs.IO_NODES, guids);
  }

  /**
   * A copy with this job list (null: none).
   *
   * @deprecated use {@code with(EngineInputs.JOBS, jobList)}
   */
  @Deprecated(since = "0.1.0")
  public EngineConfig withJobs(JobList jobList) {
    return with(EngineInputs.JOBS, jobList);
  }

  /**
   * A copy with this torus-2QoS configuration (null: none).
   *
   * @deprecated use {@code with(EngineInputs.TORUS_CONFIG, config)}
   */
  @Deprecated(since = "0.1.0")
  public EngineConfig withTorusConfig(TorusConfig config) {
    return with(EngineInputs.TORUS_CONFIG, config);
  }

  /** A copy with one more named setting. */
  public EngineConfig withParam(String name, String value) {
    TreeMap<String, String> copy = new TreeMap<>(params);
    copy.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
    return new EngineConfig(inputs, copy);
  }

  /** A copy with these named settings added (replacing those of the same name). */
  public EngineConfig withParams(Map<String, String> more) {
    TreeMap<String, String> copy = new TreeMap<>(params);
    copy.putAll(more);
    return new EngineConfig(inputs, copy);
  }

  /** A copy with only those named settings whose names are in {@code names}. */
  public EngineConfig onlyParams(Set<String> names) {
    TreeMap<String, String> copy = new TreeMap<>(params);
    copy.keySet().retainAll(names);
    return new EngineConfig(inputs, copy);
  }

  /**
   * The integer setting {@code name}, or {@code defaultValue} when not given: for a provider that
   * reads its settings by name; {@link EngineSetting#integer} is the typed way.
   *
   * @throws EngineSettingException when the value is not an integer in {@code [min, max]}
   */
  public int intParam(String name, int defaultValue, int min, int max) {
    String value = params.get(name);
    return value == null
        ? defaultValue
        : EngineSetting.integer(name, defaultValue, min, max, name).parse(value);
  }

  /**
   * The boolean setting {@code name} ({@code true/false}, {@code yes/no}, {@code 1/0}), or {@code
   * defaultValue} when not given: for a provider that reads its settings by name; {@link
   * EngineSetting#flag} is the typed way.
   *
   * @throws EngineSettingException for any other value
   */
  public boolean booleanParam(String name, boolean defaultValue) {
    String value = params.get(name);
    return value == null ? defaultValue : EngineSetting.flag(name, defaultValue, name).parse(value);
  }

  /**
   * The setting {@code name}, one of {@code allowed}, or {@code defaultValue} when not given: for a
   * provider that reads its settings by name; {@link EngineSetting#choice} is the typed way.
   *
   * @throws EngineSettingException for a value not in {@code allowed}
   */
  public String choiceParam(String name, String defaultValue, String... allowed) {
    String value = params.get(name);
    if (value == null) {
      return defaultValue;
    }
    List<String> choices = List.of(allowed);
    return EngineSetting.parameter(
            name,
            String.class,
            defaultValue,
            "one of " + String.join(", ", choices),
            name,
            v -> choices.stream().filter(v::equalsIgnoreCase).findFirst().orElse(null),
            v -> v)
        .parse(value);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof EngineConfig c && inputs.equals(c.inputs) && params.equals(c.params);
  }

  @Override
  public int hashCode() {
    return Objects.hash(inputs, params);
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder("EngineConfig[");
    inputs.forEach(
        (key, value) ->
            text.append(key.name())
                .append('=')
                .append(
                    value instanceof JobList jobs
                        ? jobs.entries().size() + " entries from " + jobs.source()
                        : value instanceof TorusConfig ? "given" : value)
                .append(", "));
    return text.append("params=").append(params).append(']').toString();
  }
}
