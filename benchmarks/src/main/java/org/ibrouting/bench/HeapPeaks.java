package org.ibrouting.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/** Peak heap use between two points of a benchmark, from the JVM's memory pools. */
final class HeapPeaks {
  private HeapPeaks() {}

  /** Collects garbage and restarts every pool's peak. */
  static void reset() {
    System.gc();
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      pool.resetPeakUsage();
    }
  }

  /** The sum of the heap pools' peaks since the last {@link #reset()}, in bytes. */
  static long peak() {
    long sum = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        sum += pool.getPeakUsage().getUsed();
      }
    }
    return sum;
  }
}
