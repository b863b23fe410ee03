package org.ibrouting.engines;

import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.ibrouting.routing.RoutingEngine;

/** The provider {@link EngineProvider#of} builds from a name, what it reads and a factory. */
final class PartsProvider implements EngineProvider {
  private final String name;
  private final Set<String> settings;
  private final Set<EngineSetting<?>> reads;
  private final Function<EngineConfig, ? extends RoutingEngine> factory;

  /**
   * A provider reading {@code settings} by name, or (when null) the settings among {@code reads}.
   */
  PartsProvider(
      String name,
      Set<String> settings,
      Set<EngineSetting<?>> reads,
      Function<EngineConfig, ? extends RoutingEngine> factory) {
    this.name = Objects.requireNonNull(name, "name");
    this.reads = reads;
    this.factory = Objects.requireNonNull(factory, "factory");
    this.settings = settings == null ? EngineProvider.super.settings() : settings;
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
}
