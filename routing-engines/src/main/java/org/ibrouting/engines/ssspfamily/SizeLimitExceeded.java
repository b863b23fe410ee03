package org.ibrouting.engines.ssspfamily;

/**
 * Not API. A table of the VL assignment would exceed 2^31 entries. Unchecked so that it can leave
 * the worker threads; {@link DfssspLanes#assign} and {@link DfssspLanes.Overlapped} turn it into a
 * refusal ({@code RoutingException.Reason.TOO_LARGE}).
 */
final class SizeLimitExceeded extends RuntimeException {
  private static final long serialVersionUID = 1L;

  SizeLimitExceeded(String message) {
    super(message);
  }
}
