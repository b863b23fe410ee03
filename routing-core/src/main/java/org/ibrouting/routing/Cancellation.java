package org.ibrouting.routing;

import java.util.concurrent.CancellationException;

/**
 * Asks a routing to stop: an engine given {@link RoutingOptions#withCancellation} options checks it
 * at each progress report (the listener of {@link RoutingOptions#progress()} does it before passing
 * the report on) and ends with a {@link CancellationException}. An engine may also call {@link
 * #check()} where it reports nothing.
 *
 * <pre>{@code
 * AtomicBoolean stop = new AtomicBoolean();
 * RoutingOptions options = RoutingOptions.defaults().withCancellation(stop::get);
 * // another thread: stop.set(true); engine.route(fabric, options) then throws
 * }</pre>
 */
@FunctionalInterface
public interface Cancellation {
  /** Never cancelled. */
  Cancellation NONE = () -> false;

  /** Whether the work should stop; called often, from worker threads too, so it must be cheap. */
  boolean isCancelled();

  /**
   * Throws once cancelled.
   *
   * @throws CancellationException when {@link #isCancelled()}
   */
  default void check() {
    if (isCancelled()) {
      throw new CancellationException("routing cancelled");
    }
  }
}
