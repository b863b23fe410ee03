package org.ibrouting.engines.internal;

import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.routing.RoutingEngine;

/**
 * Not API. An {@link EngineProvider} from its parts: a name, the settings it reads and the factory
 * of its engine. {@link EngineProvider#of} builds one; the built-in providers extend it.
 */
public class ProviderParts implements EngineProvider {
  private final String name;
  private final Set<String> settings;
  private final Function<EngineConfig, ? extends RoutingEngine> factory;

  /**
   * A provider of {@code name}'s engines, built by {@code factory}, which reads {@code settings}.
   */
  public ProviderParts(
      String name, Set<String> settings, Function<EngineConfig, ? extends RoutingEngine> factory) {
    this.name = Objects.requireNonNull(name, "name");
    this.settings = Set.copyOf(settings);
    this.factory = Objects.requireNonNull(factory, "factory");
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final Set<String> settings() {
    return settings;
  }

  @Override
  public final RoutingEngine create(EngineConfig config) {
    return factory.apply(config);
  }

  @Override
  public String toString() {
    return "EngineProvider[" + name + "]";
  }
}
