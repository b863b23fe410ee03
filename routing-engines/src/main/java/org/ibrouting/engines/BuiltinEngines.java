package org.ibrouting.engines;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.ibrouting.routing.RoutingEngine;

/**
 * The registry of engines, by their OpenSM {@code -R} names: an explicit list of factories, like
 * OpenSM's {@code static_routing_modules[]}. It lists only engines that work.
 */
public final class BuiltinEngines {
  private static final Map<String, Function<EngineConfig, RoutingEngine>> FACTORIES =
      new LinkedHashMap<>();

  static {
    register("minhop", config -> new org.ibrouting.engines.minhop.MinhopEngine());
    register("dor", config -> new org.ibrouting.engines.dor.DorEngine());
    register("lash", config -> new org.ibrouting.engines.lash.LashEngine(0));
    register("updn", config -> new org.ibrouting.engines.updn.UpdnEngine(config.rootGuidFile()));
    register("dnup", config -> new org.ibrouting.engines.dnup.DnupEngine());
    register("sssp", config -> new org.ibrouting.engines.sssp.SsspEngine());
    register("dfsssp", config -> new org.ibrouting.engines.dfsssp.DfssspEngine());
    register("p2sssp", config -> new org.ibrouting.engines.p2sssp.P2ssspEngine());
  }

  private BuiltinEngines() {}

  private static void register(String name, Function<EngineConfig, RoutingEngine> factory) {
    if (FACTORIES.putIfAbsent(name, factory) != null) {
      throw new IllegalStateException("engine " + name + " registered twice");
    }
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
    for (String name : names.split(",")) {
      String trimmed = name.trim();
      if (!trimmed.isEmpty()) {
        engines.add(create(trimmed, config));
      }
    }
    if (engines.isEmpty()) {
      throw new IllegalArgumentException("no routing engine named in '" + names + "'");
    }
    return engines;
  }
}
