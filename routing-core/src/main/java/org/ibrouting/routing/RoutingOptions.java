package org.ibrouting.routing;

/**
 * The knobs every engine understands. Engine-specific parameters (Up*&#47;Down* roots, SAR's job
 * map, ...) go to that engine's constructor instead.
 *
 * @param seed seed for every random choice; the same seed gives byte-identical LFTs
 * @param threads worker threads (results never depend on it)
 * @param maxVls the number of VLs a VL-assigning engine may use (1..15; OpenSM sees 8 under ibsim)
 * @param progress receives progress of long phases; with a cancellation, the listener kept here
 *     checks it at each report before passing the report on
 * @param cancellation asks the engine to stop: it ends with a {@link
 *     java.util.concurrent.CancellationException} at its next progress report once cancelled
 */
public record RoutingOptions(
    long seed, int threads, int maxVls, ProgressListener progress, Cancellation cancellation) {
  /** The default VL budget, as OpenSM sees it on ibsim's and most real fabrics. */
  public static final int DEFAULT_MAX_VLS = 8;

  /** Checks the ranges. */
  public RoutingOptions {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, not " + threads);
    }
    if (maxVls < 1 || maxVls > 15) {
      throw new IllegalArgumentException(
          "maxVls must be 1..15 (InfiniBand data VLs), not " + maxVls);
    }
    if (progress == null) {
      progress = ProgressListener.SILENT;
    }
    if (cancellation == null) {
      cancellation = Cancellation.NONE;
    }
    if (progress instanceof Checked checked) {
      progress = checked.listener();
    }
    if (cancellation != Cancellation.NONE) {
      progress = new Checked(progress, cancellation);
    }
  }

  /** The options without a cancellation. */
  public RoutingOptions(long seed, int threads, int maxVls, ProgressListener progress) {
    this(seed, threads, maxVls, progress, Cancellation.NONE);
  }

  /** A listener that checks the cancellation before each report. */
  private record Checked(ProgressListener listener, Cancellation cancellation)
      implements ProgressListener {
    @Override
    public void progress(String phase, long done, long total) {
      cancellation.check();
      listener.progress(phase, done, total);
    }
  }

  /**
   * The thread count every part of the library uses unless told otherwise (engines, checker,
   * verifier, simulator): the available processors. Results never depend on it.
   */
  public static int defaultThreads() {
    return Runtime.getRuntime().availableProcessors();
  }

  /** Seed 0, {@link #defaultThreads()}, 8 VLs, no progress output. */
  public static RoutingOptions defaults() {
    return new RoutingOptions(0, defaultThreads(), DEFAULT_MAX_VLS, ProgressListener.SILENT);
  }

  /** The defaults with another seed. */
  public static RoutingOptions seeded(long seed) {
    return defaults().withSeed(seed);
  }

  /** A copy with another seed. */
  public RoutingOptions withSeed(long newSeed) {
    return new RoutingOptions(newSeed, threads, maxVls, progress, cancellation);
  }

  /** A copy with another thread count. */
  public RoutingOptions withThreads(int newThreads) {
    return new RoutingOptions(seed, newThreads, maxVls, progress, cancellation);
  }

  /** A copy with another VL budget. */
  public RoutingOptions withMaxVls(int newMaxVls) {
    return new RoutingOptions(seed, threads, newMaxVls, progress, cancellation);
  }

  /** A copy with another progress listener. */
  public RoutingOptions withProgress(ProgressListener listener) {
    return new RoutingOptions(seed, threads, maxVls, listener, cancellation);
  }

  /**
   * A copy that stops at {@code newCancellation}: the engine ends with a {@link
   * java.util.concurrent.CancellationException} at its next progress report once it is cancelled
   * ({@link Cancellation#NONE} for none).
   */
  public RoutingOptions withCancellation(Cancellation newCancellation) {
    return new RoutingOptions(seed, threads, maxVls, progress, newCancellation);
  }
}
