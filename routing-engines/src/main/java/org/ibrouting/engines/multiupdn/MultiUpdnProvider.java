package org.ibrouting.engines.multiupdn;

import java.util.Locale;
import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.routing.RoutingEngine;

/**
 * Multi-tree Up*&#47;Down*'s entry in the engine registry ({@code -R multiupdn}), named in this
 * jar's services file.
 */
public final class MultiUpdnProvider implements EngineProvider {
  private static final Set<String> SETTINGS = Set.of("updn_trees", "multiupdn_choice");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public MultiUpdnProvider() {}

  @Override
  public String name() {
    return "multiupdn";
  }

  @Override
  public Set<String> settings() {
    return SETTINGS;
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new MultiUpdnEngine(
        new MultiUpdnEngine.Settings(
            config.intParam("updn_trees", 0, 1, 15),
            MultiUpdnEngine.Choice.valueOf(
                config
                    .choiceParam("multiupdn_choice", "random", "random", "load")
                    .toUpperCase(Locale.ROOT)),
            config.roots().orElse(null)));
  }
}
