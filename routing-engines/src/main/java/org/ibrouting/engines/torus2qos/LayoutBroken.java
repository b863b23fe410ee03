package org.ibrouting.engines.torus2qos;

/** A reason the switches are not the grid a {@link LayoutAttempt} assumed. */
final class LayoutBroken extends Exception {
  private static final long serialVersionUID = 1L;

  LayoutBroken(String message) {
    super(message, null, false, false);
  }
}
