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
    register("dor", Set.of(), config -> new org.ibrouting.engines.dor.DorEngine());
    register("lash", Set.of("lash_start_vl"), config -> new org.ibrouting.engines.lash.LashEngine(
        config.intParam("lash_start_vl", 0, 0, 14)));
    register("updn", Set.of(), config -> new org.ibrouting.engines.updn.UpdnEngine(config.rootGuidFile()));
    register("dnup", Set.of(), config -> new org.ibrouting.engines.dnup.DnupEngine());
    register("sssp", Set.of("minimal"), config -> new org.ibrouting.engines.sssp.SsspEngine(
        config.booleanParam("minimal", true), config.cnGuidFile(), config.ioGuidFile()));
    register("dfsssp", Set.of("balance"), config -> new org.ibrouting.engines.dfsssp.DfssspEngine(
        config.booleanParam("balance", false), config.cnGuidFile(), config.ioGuidFile()));
    register("p2sssp", Set.of(), config -> new org.ibrouting.engines.p2sssp.P2ssspEngine());
    register("sar", Set.of("balance"), config -> new org.ibrouting.engines.sar.SarEngine(
        config.jobFile(), config.ioGuidFile(), config.booleanParam("balance", false)));
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
   * Creates the engine called {@code name}.
   *
   * @throws IllegalArgumentException for an unknown name; the message lists the known ones
   */
  public static RoutingEngine create(String name, EngineConfig config) {
    Function<EngineConfig, RoutingEngine> factory = FACTORIES.get(name);
    if (factory == null) {
      throw new IllegalArgumentException("unknown routing engine '" + name + "'; known engines: "
          + String.join(", ", FACTORIES.keySet()));
    }
    return factory.apply(config);
  }

  /** Creates the engines of a comma-separated chain such as {@code dor,minhop}. */
  public static List<RoutingEngine> chain(String names, EngineConfig config) {
    List<RoutingEngine> engines = new ArrayList<>();
    TreeSet<String> known = new TreeSet<>();
    for (String name : names.split(",")) {
      String trimmed = name.trim();
      if (!trimmed.isEmpty()) {
        engines.add(create(trimmed, config));
        known.addAll(paramsOf(trimmed));
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
