package org.ibrouting.routing;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * An engine's refusal to route a fabric, with a typed {@link Reason} and a message that says why
 * ({@code dor: not a mesh, torus or hypercube ...}, {@code lash: needs 9 VLs, limit is 8}).
 * Checked, because refusal is an expected outcome that a caller handles, for example by trying the
 * next engine of a chain. Messages start with the engine name and never name command-line flags.
 *
 * <pre>{@code
 * try {
 *   routing = engine.route(fabric, options);
 * } catch (RoutingException e) {
 *   if (e.reason() == RoutingException.Reason.VLS_EXCEEDED) {
 *     routing = engine.route(fabric, options.withMaxVls(e.vlsNeeded().orElse(15)));
 *   }
 * }
 * }</pre>
 */
public class RoutingException extends Exception {
  private static final long serialVersionUID = 1L;

  /** Why an engine refused. */
  public enum Reason {
    /** The fabric has no switch (or no LID) to route. */
    NOTHING_TO_ROUTE,
    /** The fabric does not have the shape the algorithm needs: not a fat tree, mesh, torus, ... */
    UNSUPPORTED_TOPOLOGY,
    /**
     * Switches with CAs that links join but no path the algorithm allows connects (for example no
     * legal Up*&#47;Down* turn sequence), or switches the algorithm cannot reach.
     */
    DISCONNECTED,
    /** Deadlock freedom needs more virtual lanes than allowed: see {@link #vlsNeeded()}. */
    VLS_EXCEEDED,
    /**
     * The engine's settings do not fit this fabric: a root or node GUID it does not have, a job map
     * of another fabric, a first VL that leaves too few VLs, ...
     */
    SETTINGS_MISMATCH,
    /** The fabric exceeds a size limit of the engine's data structures. */
    TOO_LARGE,
    /**
     * Every engine of a chain refused; their refusals are {@linkplain #getSuppressed() suppressed}.
     */
    ALL_REFUSED,
    /** Any other reason; the message says which. */
    OTHER
  }

  private final Reason reason;
  private final int vlsNeeded;
  private final int vlsAllowed;

  /** A refusal for {@link Reason#OTHER}; the message should start with the engine name. */
  public RoutingException(String message) {
    this(Reason.OTHER, message, null);
  }

  /** A refusal for {@link Reason#OTHER} with a cause. */
  public RoutingException(String message, Throwable cause) {
    this(Reason.OTHER, message, cause);
  }

  /** A refusal for {@code reason}; the message should start with the engine name. */
  public RoutingException(Reason reason, String message) {
    this(reason, message, null);
  }

  /** A refusal for {@code reason} with a cause (may be null). */
  public RoutingException(Reason reason, String message, Throwable cause) {
    this(reason, message, cause, 0, 0);
  }

  private RoutingException(
      Reason reason, String message, Throwable cause, int vlsNeeded, int vlsAllowed) {
    super(message, cause);
    this.reason = Objects.requireNonNull(reason, "reason");
    this.vlsNeeded = vlsNeeded;
    this.vlsAllowed = vlsAllowed;
  }

  /**
   * A refusal for {@link Reason#VLS_EXCEEDED}.
   *
   * @param vlsNeeded the VLs the routing needs; a lower bound when the engine stopped counting
   *     (OpenSM's DFSSSP stops at the limit: then {@code vlsAllowed + 1})
   * @param vlsAllowed the limit it was given
   */
  public static RoutingException vlsExceeded(String message, int vlsNeeded, int vlsAllowed) {
    if (vlsNeeded <= vlsAllowed || vlsAllowed < 1) {
      throw new IllegalArgumentException(
          "VLs needed " + vlsNeeded + " must exceed the allowed " + vlsAllowed + " (at least 1)");
    }
    return new RoutingException(Reason.VLS_EXCEEDED, message, null, vlsNeeded, vlsAllowed);
  }

  /** Why the engine refused. */
  public Reason reason() {
    return reason;
  }

  /**
   * For {@link Reason#VLS_EXCEEDED}, the VLs the routing needs (a lower bound when the engine
   * stopped counting); empty for other reasons.
   */
  public OptionalInt vlsNeeded() {
    return vlsNeeded == 0 ? OptionalInt.empty() : OptionalInt.of(vlsNeeded);
  }

  /** For {@link Reason#VLS_EXCEEDED}, the VL limit the engine was given; empty otherwise. */
  public OptionalInt vlsAllowed() {
    return vlsAllowed == 0 ? OptionalInt.empty() : OptionalInt.of(vlsAllowed);
  }
}
