package org.ibrouting.routing;

/**
 * An engine's refusal to route a fabric, with the reason ({@code dor: not a mesh/torus: ...},
 * {@code lash: needs 9 VLs, limit is 8}). Checked, because refusal is an expected outcome that a
 * caller handles, for example by trying the next engine of a chain.
 */
public class RoutingException extends Exception {
  private static final long serialVersionUID = 1L;

  /** Creates the exception; the message should start with the engine name. */
  public RoutingException(String message) {
    super(message);
  }

  /** Creates the exception with a cause. */
  public RoutingException(String message, Throwable cause) {
    super(message, cause);
  }
}
