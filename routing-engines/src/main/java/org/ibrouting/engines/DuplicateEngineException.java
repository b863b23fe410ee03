package org.ibrouting.engines;

/**
 * An engine name that the registry already has ({@link Engines#register}, {@link
 * Engines#registerUntilClosed}, or two providers of one name on the class path), as OpenSM refuses
 * two routing engines of one name.
 */
public final class DuplicateEngineException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String name;

  /**
   * A duplicate of {@code name}.
   *
   * @param name the engine name registered twice
   * @param message the whole message, naming both registrations
   */
  public DuplicateEngineException(String name, String message) {
    super(message);
    this.name = name;
  }

  /** The engine name registered twice. */
  public String name() {
    return name;
  }
}
