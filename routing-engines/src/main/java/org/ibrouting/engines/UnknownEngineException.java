package org.ibrouting.engines;

import java.util.List;

/**
 * No engine of the registry has the name asked for ({@link Engines#create}, {@link Engines#chain},
 * {@link Engines#provider}). Carries the name and the names that are known, so that a program can
 * offer them; the message lists them too.
 */
public final class UnknownEngineException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String name;
  private final List<String> knownNames;

  /**
   * An unknown {@code name}, with the registry's {@code knownNames} in their order.
   *
   * @param name the engine name asked for
   * @param knownNames the names the registry has
   */
  public UnknownEngineException(String name, List<String> knownNames) {
    super("unknown routing engine '" + name + "'; known engines: " + String.join(", ", knownNames));
    this.name = name;
    this.knownNames = List.copyOf(knownNames);
  }

  /** The name asked for. */
  public String name() {
    return name;
  }

  /** The names of the registry's engines, built-in ones first, as {@link Engines#names()}. */
  public List<String> knownNames() {
    return knownNames;
  }
}
