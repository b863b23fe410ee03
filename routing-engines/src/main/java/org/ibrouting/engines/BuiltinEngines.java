package org.ibrouting.engines;

import java.util.List;
import java.util.Set;
import org.ibrouting.routing.RoutingEngine;

/**
 * The registry's former name, kept while the branches written against it are merged.
 *
 * @deprecated use {@link Engines}, which also holds engines of your own
 */
@Deprecated(forRemoval = true)
public final class BuiltinEngines {
  private BuiltinEngines() {}

  /** See {@link Engines#settingsOf}. */
  public static Set<String> paramsOf(String name) {
    return Engines.settingsOf(name);
  }

  /** See {@link Engines#names}. */
  public static List<String> names() {
    return Engines.names();
  }

  /** See {@link Engines#create}. */
  public static RoutingEngine create(String spec, EngineConfig config) {
    return Engines.create(spec, config);
  }

  /** See {@link Engines#nameOf}. */
  public static String nameOf(String spec) {
    return Engines.nameOf(spec);
  }

  /** See {@link Engines#chain}. */
  public static List<RoutingEngine> chain(String names, EngineConfig config) {
    return Engines.chain(names, config);
  }
}
