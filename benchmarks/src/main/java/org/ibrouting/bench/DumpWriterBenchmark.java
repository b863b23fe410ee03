package org.ibrouting.bench;

import java.io.IOException;
import java.io.OutputStream;
import org.ibrouting.engines.minhop.MinhopEngine;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.io.lft.LftDumpWriter;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.Topologies;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Throughput of the LFT dump writer into a stream that discards the bytes, so the figure is the
 * writer's own cost (compare it with the disk's write rate to see whether writing is I/O-bound).
 * The score is milliseconds per dump; the size is printed by {@link #bytes()}.
 */
public class DumpWriterBenchmark extends SingleShotBenchmark {
  /** The tree's arity (k-ary 3-tree). */
  @Param({"16"})
  public int k;

  /** The dump format. */
  @Param({"FULL", "COMPACT"})
  public DumpFormat format;

  private Routing routing;

  /** Routes the fabric once. */
  @Setup(Level.Trial)
  public void setUp() throws RoutingException {
    Fabric fabric = Topologies.kAryNTree(k, 3);
    routing = new MinhopEngine().route(fabric, RoutingOptions.defaults());
  }

  /** Writes the whole dump; returns the number of bytes. */
  @Benchmark
  public long write() throws IOException {
    CountingStream out = new CountingStream();
    LftDumpWriter.write(routing, out, format);
    return out.count;
  }

  /** The dump's size in bytes. */
  public long bytes() throws IOException {
    return write();
  }

  private static final class CountingStream extends OutputStream {
    long count;

    @Override
    public void write(int b) {
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      count += len;
    }
  }
}
