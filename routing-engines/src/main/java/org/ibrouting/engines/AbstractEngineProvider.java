package org.ibrouting.engines;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * An {@link EngineProvider} whose name, settings and repair capability are fixed when it is made: a
 * subclass says only how it creates its engine (and, if it needs to, when the engine does not
 * apply). Every built-in engine's provider is one; a plug-in may extend it too.
 */
public abstract class AbstractEngineProvider implements EngineProvider {
  private final String name;
  private final boolean offersRepair;
  private final Set<EngineSetting<?>> reads;

  /**
   * A provider of the engine {@code name} that reads {@code reads} (listed in that order).
   *
   * @param offersRepair whether {@code reroute} and {@code serve} can repair the engine's routings
   *     ({@link #offersRepair()})
   * @throws IllegalArgumentException when a setting is named twice
   */
  protected AbstractEngineProvider(String name, boolean offersRepair, EngineSetting<?>... reads) {
    this.name = name;
    this.offersRepair = offersRepair;
    LinkedHashSet<EngineSetting<?>> set = new LinkedHashSet<>();
    for (EngineSetting<?> setting : List.of(reads)) {
      if (!set.add(setting)) {
        throw new IllegalArgumentException(name + " reads " + setting.name() + " twice");
      }
    }
    this.reads = Collections.unmodifiableSet(set);
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final Set<EngineSetting<?>> reads() {
    return reads;
  }

  @Override
  public final boolean offersRepair() {
    return offersRepair;
  }
}
