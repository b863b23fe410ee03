package org.ibrouting.engines;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.ibrouting.topology.TorusConfig;

/**
 * Engine-specific parameters, as the command line collects them; {@link BuiltinEngines} hands each
 * engine the ones it understands. Null means "not given".
 *
 * <p>{@code params} holds named settings in OpenSM's {@code opensm.conf} spirit
 * ({@code lash_start_vl=1}, {@code nue_max_num_vls=2}, ...). Each engine declares the names it
 * reads when it is registered; {@link BuiltinEngines#chain} rejects a name that no engine of the
 * chain reads, so a typo is an error rather than a silently ignored setting.
 *
 * @param rootGuidFile Up*&#47;Down* and fat-tree root switches, one GUID a line (OpenSM's {@code -a})
 * @param cnGuidFile compute-node port GUIDs (OpenSM's {@code -u})
 * @param ioGuidFile I/O-node port GUIDs (OpenSM's {@code -G})
 * @param jobFile SAR's job-to-node map
 * @param params named engine settings (never null; keys are lower case)
 * @param torusConfig torus-2QoS's {@code torus-2QoS.conf}, already read (lft-io's
 *     {@code TorusConfigReader}; OpenSM's {@code --torus_config})
 */
public record EngineConfig(Path rootGuidFile, Path cnGuidFile, Path ioGuidFile, Path jobFile,
    Map<String, String> params, TorusConfig torusConfig) {

  /** Copies {@code params} (null means none) and lower-cases its keys. */
  public EngineConfig {
    TreeMap<String, String> copy = new TreeMap<>();
    if (params != null) {
      params.forEach((k, v) -> copy.put(k.trim().toLowerCase(Locale.ROOT), v.trim()));
    }
    params = java.util.Collections.unmodifiableMap(copy);
  }

  /** The four files and named settings, no torus configuration. */
  public EngineConfig(Path rootGuidFile, Path cnGuidFile, Path ioGuidFile, Path jobFile,
      Map<String, String> params) {
    this(rootGuidFile, cnGuidFile, ioGuidFile, jobFile, params, null);
  }

  /** The four files, no named settings. */
  public EngineConfig(Path rootGuidFile, Path cnGuidFile, Path ioGuidFile, Path jobFile) {
    this(rootGuidFile, cnGuidFile, ioGuidFile, jobFile, Map.of());
  }

  /** No engine-specific parameters. */
  public static EngineConfig none() {
    return new EngineConfig(null, null, null, null, Map.of());
  }

  /** A copy with one more named setting. */
  public EngineConfig withParam(String name, String value) {
    TreeMap<String, String> copy = new TreeMap<>(params);
    copy.put(name, value);
    return new EngineConfig(rootGuidFile, cnGuidFile, ioGuidFile, jobFile, copy, torusConfig);
  }

  /** A copy with another root GUID file. */
  public EngineConfig withRootGuidFile(Path file) {
    return new EngineConfig(file, cnGuidFile, ioGuidFile, jobFile, params, torusConfig);
  }

  /** A copy with another job map. */
  public EngineConfig withJobFile(Path file) {
    return new EngineConfig(rootGuidFile, cnGuidFile, ioGuidFile, file, params, torusConfig);
  }

  /** A copy with another torus-2QoS configuration. */
  public EngineConfig withTorusConfig(TorusConfig config) {
    return new EngineConfig(rootGuidFile, cnGuidFile, ioGuidFile, jobFile, params, config);
  }

  /**
   * The integer setting {@code name}, or {@code defaultValue} when not given.
   *
   * @throws IllegalArgumentException when the value is not an integer in {@code [min, max]}
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
      throw new IllegalArgumentException("parameter " + name + "=" + value + ": expected an integer "
          + min + ".." + max);
    }
    if (parsed < min || parsed > max) {
      throw new IllegalArgumentException("parameter " + name + "=" + value + ": expected "
          + min + ".." + max);
    }
    return parsed;
  }

  /**
   * The boolean setting {@code name} ({@code true/false}, {@code yes/no}, {@code 1/0}), or
   * {@code defaultValue} when not given.
   *
   * @throws IllegalArgumentException for any other value
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
      default -> throw new IllegalArgumentException("parameter " + name + "=" + value
          + ": expected true or false");
    }
  }

  /**
   * The setting {@code name}, one of {@code allowed}, or {@code defaultValue} when not given.
   *
   * @throws IllegalArgumentException for a value not in {@code allowed}
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
    throw new IllegalArgumentException("parameter " + name + "=" + value + ": expected one of "
        + String.join(", ", allowed));
  }
}
