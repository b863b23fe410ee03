package org.ibrouting.engines;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.ibrouting.routing.RoutingEngine;

/**
 * The registry of engines, by their OpenSM {@code -R} names: an explicit list of factories, like
 * OpenSM's {@code static_routing_modules[]}. It lists only engines that work.
 */
public final class BuiltinEngines {
  private static final Map<String, Function<EngineConfig, RoutingEngine>> FACTORIES =
      new LinkedHashMap<>();
  private static final Map<String, Set<String>> PARAMS = new LinkedHashMap<>();

  static {
    register("minhop", Set.of(), config -> new org.ibrouting.engines.minhop.MinhopEngine());
    register("dor", Set.of("dor_require_cube"), config -> new org.ibrouting.engines.dor.DorEngine(
        config.booleanParam("dor_require_cube", true)));
    register("lash", Set.of("lash_start_vl"), config -> new org.ibrouting.engines.lash.LashEngine(
        config.intParam("lash_start_vl", 0, 0, 14)));
    register("updn", Set.of("updn_auto_root"), config -> new org.ibrouting.engines.updn.UpdnEngine(
        config.rootGuidFile(), config.booleanParam("updn_auto_root", true)));
    register("dnup", Set.of(), config -> new org.ibrouting.engines.dnup.DnupEngine());
    register("sssp", Set.of("minimal"), config -> new org.ibrouting.engines.sssp.SsspEngine(
        config.booleanParam("minimal", true), config.cnGuidFile(), config.ioGuidFile()));
    register("dfsssp", Set.of("balance"), config -> new org.ibrouting.engines.dfsssp.DfssspEngine(
        config.booleanParam("balance", false), config.cnGuidFile(), config.ioGuidFile()));
    register("multiupdn", Set.of("updn_trees", "multiupdn_choice"), config ->
        new org.ibrouting.engines.multiupdn.MultiUpdnEngine(config.intParam("updn_trees", 0, 1, 15),
            org.ibrouting.engines.multiupdn.MultiUpdnEngine.Choice.valueOf(config.choiceParam(
                "multiupdn_choice", "random", "random", "load").toUpperCase(java.util.Locale.ROOT)),
            config.rootGuidFile()));
    register("p2sssp", Set.of(), config -> new org.ibrouting.engines.p2sssp.P2ssspEngine());
    register("ftree", Set.of("max_reverse_hops", "connect_roots"),
        config -> new org.ibrouting.engines.ftree.FtreeEngine(config.rootGuidFile(),
            config.cnGuidFile(), config.ioGuidFile(), config.intParam("max_reverse_hops", 0, 0, 255),
            config.booleanParam("connect_roots", false)));
    register("nue", Set.of("nue_max_num_vls", "nue_include_switches"),
        config -> new org.ibrouting.engines.nue.NueEngine(config.intParam("nue_max_num_vls", 1, 1, 15),
            config.booleanParam("nue_include_switches", false)));
    register("sar", Set.of("balance"), config -> new org.ibrouting.engines.sar.SarEngine(
        config.jobFile(), config.ioGuidFile(), config.booleanParam("balance", false)));
    register(org.ibrouting.engines.torus2qos.Torus2QosEngine.NAME, Set.of("torus_sl2vl"),
        config -> new org.ibrouting.engines.torus2qos.Torus2QosEngine(config.torusConfig(),
            org.ibrouting.engines.torus2qos.Torus2QosEngine.Sl2Vl.valueOf(config.choiceParam(
                "torus_sl2vl", "port", "port", "identity").toUpperCase(java.util.Locale.ROOT))));
  }

  private BuiltinEngines() {}

  /**
   * Registers an engine under {@code name}; {@code params} are the names of the
   * {@link EngineConfig#params() settings} its factory reads.
   */
  private static void register(String name, Set<String> params,
      Function<EngineConfig, RoutingEngine> factory) {
    if (FACTORIES.putIfAbsent(name, factory) != null) {
      throw new IllegalStateException("engine " + name + " registered twice");
    }
    PARAMS.put(name, Set.copyOf(params));
  }

  /** The names of the settings that engine {@code name} reads (empty for an unknown engine). */
  public static Set<String> paramsOf(String name) {
    return PARAMS.getOrDefault(name, Set.of());
  }

  /** The names of all engines, in registration order. */
  public static List<String> names() {
    return Collections.unmodifiableList(new ArrayList<>(FACTORIES.keySet()));
  }

  /**
   * Creates the engine a spec names: {@code NAME} or {@code NAME:SETTING=VALUE[:SETTING=VALUE...]}
   * (e.g. {@code multiupdn:updn_trees=3}). Settings in the spec apply to this engine only and
   * override those of {@code config}; each must be one the engine reads.
   *
   * @throws IllegalArgumentException for an unknown name (the message lists the known ones) or a
   *     setting the engine does not read
   */
  public static RoutingEngine create(String spec, EngineConfig config) {
    String name = nameOf(spec);
    Function<EngineConfig, RoutingEngine> factory = FACTORIES.get(name);
    if (factory == null) {
      throw new IllegalArgumentException("unknown routing engine '" + name + "'; known engines: "
          + String.join(", ", FACTORIES.keySet()));
    }
    EngineConfig own = config;
    String[] parts = spec.split(":");
    for (int i = 1; i < parts.length; i++) {
      String setting = parts[i].trim();
      int eq = setting.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("engine spec '" + spec + "': expected NAME=VALUE after ':', found '"
            + setting + "'");
      }
      String param = setting.substring(0, eq).trim().toLowerCase(java.util.Locale.ROOT);
      if (!paramsOf(name).contains(param)) {
        throw new IllegalArgumentException("engine spec '" + spec + "': " + name + " does not read '" + param
            + "'" + (paramsOf(name).isEmpty() ? "; it takes no settings" : "; it reads: "
            + String.join(", ", new TreeSet<>(paramsOf(name)))));
      }
      own = own.withParam(param, setting.substring(eq + 1));
    }
    return factory.apply(own);
  }

  /** The engine name of a spec such as {@code multiupdn:updn_trees=3} (the part before the first ':'). */
  public static String nameOf(String spec) {
    int colon = spec.indexOf(':');
    return (colon < 0 ? spec : spec.substring(0, colon)).trim();
  }

  /**
   * Creates the engines of a comma-separated chain such as {@code dor,minhop}; each element is a
   * spec as {@link #create} takes it, so {@code updn,multiupdn:updn_trees=3} works.
   */
  public static List<RoutingEngine> chain(String names, EngineConfig config) {
    List<RoutingEngine> engines = new ArrayList<>();
    TreeSet<String> known = new TreeSet<>();
    for (String name : names.split(",")) {
      String trimmed = name.trim();
      if (!trimmed.isEmpty()) {
        engines.add(create(trimmed, config));
        known.addAll(paramsOf(nameOf(trimmed)));
      }
    }
    if (engines.isEmpty()) {
      throw new IllegalArgumentException("no routing engine named in '" + names + "'");
    }
    for (String param : config.params().keySet()) {
      if (!known.contains(param)) {
        throw new IllegalArgumentException("no engine of '" + names + "' reads parameter '" + param
            + "'" + (known.isEmpty() ? "; these engines take no parameters" : "; they read: "
            + String.join(", ", known)));
      }
    }
    return engines;
  }
}
