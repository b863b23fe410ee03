package org.ibrouting.engines.multiupdn;

import org.ibrouting.engines.AbstractEngineProvider;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.EngineSetting;
import org.ibrouting.routing.RoutingEngine;

/**
 * Multi-tree Up*&#47;Down*'s entry in the engine registry ({@code -R multiupdn}), named in this
 * jar's services file.
 */
public final class MultiUpdnProvider extends AbstractEngineProvider {
  /** {@code updn_trees}: how many Up*&#47;Down* trees, 1-15; not given: two (fewer if few VLs). */
  public static final EngineSetting<Integer> TREES =
      EngineSetting.integer(
          "updn_trees", 0, 1, 15, "how many Up*/Down* trees (default: two, fewer if few VLs)");

  /** {@code multiupdn_choice}: how ties between next hops and between trees are broken. */
  public static final EngineSetting<MultiUpdnEngine.Choice> CHOICE =
      EngineSetting.choice(
          "multiupdn_choice",
          MultiUpdnEngine.Choice.class,
          MultiUpdnEngine.Choice.RANDOM,
          "how ties between next hops and trees are broken: at random or by load");

  /** The provider ({@link java.util.ServiceLoader} instantiates it). */
  public MultiUpdnProvider() {
    super("multiupdn", false, TREES, CHOICE, EngineInputs.ROOTS);
  }

  @Override
  public RoutingEngine create(EngineConfig config) {
    return new MultiUpdnEngine(
        new MultiUpdnEngine.Settings(
            config.get(TREES), config.get(CHOICE), config.get(EngineInputs.ROOTS)));
  }
}
