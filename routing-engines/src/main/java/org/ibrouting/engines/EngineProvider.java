package org.ibrouting.engines;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingEngine;

/**
 * A routing engine's entry in the {@link Engines} registry: its {@code -R} name, the names of the
 * settings it reads, and how to build it from an {@link EngineConfig}. The service-provider
 * interface of the registry, as OpenSM's {@code struct osm_routing_engine} is a name plus a setup
 * callback.
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
 */
public interface EngineProvider {
  /**
   * The name the engine is chosen by: non-empty, without white space, {@code ','}, {@code ':'} or
   * {@code '='}; unique in the registry.
   */
  String name();

  /**
   * The names of the {@link EngineConfig#params() settings} {@link #create} reads (lower case). The
   * registry refuses a setting that the engine does not read, so that a typo is an error.
   */
  default Set<String> settings() {
    return Set.of();
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
   * A provider from its parts, for {@link Engines#register}.
   *
   * @param name the engine's name
   * @param settings the settings {@code factory} reads
   * @param factory builds the engine from a configuration
   */
  static EngineProvider of(
      String name, Set<String> settings, Function<EngineConfig, ? extends RoutingEngine> factory) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(factory, "factory");
    Set<String> reads = Set.copyOf(settings);
    return new EngineProvider() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Set<String> settings() {
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
