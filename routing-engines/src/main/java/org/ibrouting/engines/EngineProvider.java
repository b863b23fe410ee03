package org.ibrouting.engines;

import java.util.Collections;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingEngine;

/**
 * A routing engine's entry in the {@link Engines} registry: its {@code -R} name, the typed settings
 * and inputs it reads ({@link EngineSetting}), and how to build it from an {@link EngineConfig}.
 * The service-provider interface of the registry, as OpenSM's {@code struct osm_routing_engine} is
 * a name plus a setup callback.
 *
 * <p>An engine of your own becomes usable by name ({@code Engines.create("myengine", ...)}, {@code
 * Engines.chain("myengine,minhop", ...)}, the command line's {@code -R} and {@code compare}) in one
 * of two ways:
 *
 * <ul>
 *   <li>a public class with a public no-argument constructor implementing this interface, named in
 *       {@code META-INF/services/org.ibrouting.engines.EngineProvider} of your jar ({@link
 *       java.util.ServiceLoader}); the built-in engines are registered this way;
 *   <li>{@code Engines.register(EngineProvider.of("myengine", Set.of("my_setting"),
 *       MyEngine::new))} at run time.
 * </ul>
 *
 * <p>A provider declares its settings as typed keys, and reads them back typed:
 *
 * <pre>{@code
 * public static final EngineSetting<Integer> WIDTH =
 *     EngineSetting.integer("my_width", 2, 1, 8, "paths per destination");
 * public Set<EngineSetting<?>> reads() { return Set.of(WIDTH, EngineInputs.ROOTS); }
 * public RoutingEngine create(EngineConfig config) {
 *   return new MyEngine(config.get(WIDTH), config.get(EngineInputs.ROOTS));  // roots: null if none
 * }
 * }</pre>
 *
 * A provider written before typed keys names its settings in {@link #settings()} and reads them
 * with {@link EngineConfig#intParam} and its kin; it keeps working.
 */
public interface EngineProvider {
  /**
   * The name the engine is chosen by: non-empty, without white space, {@code ','}, {@code ':'} or
   * {@code '='}; unique in the registry.
   */
  String name();

  /**
   * The names of the {@link EngineConfig#params() settings} {@link #create} reads (lower case). The
   * registry refuses a setting that the engine does not read, so that a typo is an error. By
   * default the names of the settings among {@link #reads()}; a provider that reads settings by
   * name alone lists them here. The registry takes the union of the two.
   */
  default Set<String> settings() {
    Set<String> names = new TreeSet<>();
    for (EngineSetting<?> key : reads()) {
      if (key.isSetting()) {
        names.add(key.name());
      }
    }
    return Collections.unmodifiableSet(names);
  }

  /**
   * The typed keys {@link #create} reads: its settings, which the registry refuses for an engine
   * that does not read them, and the inputs ({@link EngineInputs}) it uses, for help text. Empty by
   * default (a provider that reads its settings by name, through {@link #settings()}).
   */
  default Set<EngineSetting<?>> reads() {
    return Set.of();
  }

  /**
   * Whether the engines {@link #create} builds implement {@link
   * org.ibrouting.engines.reroute.RepairCapability}, so that {@link
   * org.ibrouting.engines.reroute.Reroute#supportedEngines()} lists the engine without creating it
   * (an engine that needs an input to be created is listed too). By default false: then {@code
   * supportedEngines()} creates the engine without inputs or settings and asks it.
   */
  default boolean offersRepair() {
    return false;
  }

  /**
   * Builds the engine. {@code config} carries only the settings named by {@link #settings()}.
   *
   * @throws IllegalArgumentException when a setting has a value the engine cannot take, saying
   *     which
   */
  RoutingEngine create(EngineConfig config);

  /**
   * Why the engine cannot route {@code fabric} with {@code config}, found without routing: an input
   * it needs that {@code config} lacks (sar's job map, torus-2QoS's torus-2QoS.conf), or a cheap
   * look at the fabric; empty when it may route it. {@link EngineAdvisor} leaves such an engine out
   * with this reason instead of running it. An engine that finds out only while routing refuses
   * with a {@link org.ibrouting.routing.RoutingException} instead, which the advisor reports as
   * well. The default answers empty: every engine is tried.
   *
   * @param fabric the fabric to route
   * @param config the inputs and settings the engine would be created with
   */
  default Optional<String> whyNotApplicable(Fabric fabric, EngineConfig config) {
    return Optional.empty();
  }

  /**
   * A provider from its parts, with typed keys, for {@link Engines#register}.
   *
   * @param name the engine's name
   * @param factory builds the engine from a configuration
   * @param reads the keys {@code factory} reads
   */
  static EngineProvider of(
      String name,
      Function<EngineConfig, ? extends RoutingEngine> factory,
      EngineSetting<?>... reads) {
    return fromParts(name, null, Set.of(reads), factory);
  }

  /**
   * A provider from its parts, for {@link Engines#register}.
   *
   * @param name the engine's name
   * @param settings the settings {@code factory} reads
   * @param factory builds the engine from a configuration
   */
  static EngineProvider of(
      String name, Set<String> settings, Function<EngineConfig, ? extends RoutingEngine> factory) {
    return fromParts(name, Set.copyOf(settings), Set.of(), factory);
  }

  /**
   * The provider {@link #of} builds: it reads {@code settings} by name, or (when null) the settings
   * among {@code reads}.
   */
  private static EngineProvider fromParts(
      String name,
      Set<String> settings,
      Set<EngineSetting<?>> reads,
      Function<EngineConfig, ? extends RoutingEngine> factory) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(factory, "factory");
    return new EngineProvider() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Set<String> settings() {
        return settings == null ? EngineProvider.super.settings() : settings;
      }

      @Override
      public Set<EngineSetting<?>> reads() {
        return reads;
      }

      @Override
      public RoutingEngine create(EngineConfig config) {
        return factory.apply(config);
      }

      @Override
      public String toString() {
        return "EngineProvider[" + name + "]";
      }
    };
  }
}
