package org.ibrouting.engines;

import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.ibrouting.routing.RoutingEngine;

/** An {@link EngineProvider} from its parts, as {@link EngineProvider#of} builds it. */
final class PartsProvider implements EngineProvider {
  private final String name;
  private final Set<String> settings;
  private final Function<EngineConfig, ? extends RoutingEngine> factory;

  PartsProvider(
      String name, Set<String> settings, Function<EngineConfig, ? extends RoutingEngine> factory) {
    this.name = Objects.requireNonNull(name, "name");
    this.settings = Set.copyOf(settings);
    this.factory = Objects.requireNonNull(factory, "factory");
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Set<String> settings() {
    return settings;
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return factory.apply(config);
  }

  @Override
  public String toString() {
    return "EngineProvider[" + name + "]";
  }
}
