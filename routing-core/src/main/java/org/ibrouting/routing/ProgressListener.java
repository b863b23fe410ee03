package org.ibrouting.routing;

/** Receives progress of long-running work, for example to print it on stderr. */
@FunctionalInterface
public interface ProgressListener {
  /** Does nothing. */
  ProgressListener SILENT = (phase, done, total) -> {};

  /** {@code done} of {@code total} units of {@code phase} are finished. */
  void progress(String phase, long done, long total);
}
