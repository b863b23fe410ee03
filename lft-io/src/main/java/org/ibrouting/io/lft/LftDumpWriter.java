package org.ibrouting.io.lft;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.AtomicFiles;
import org.ibrouting.routing.Routing;

/**
 * Writes the LFTs of a {@link Routing} as OpenSM's {@code opensm-lfts.dump}, which OpenSM's {@code
 * file} routing engine loads ({@code opensm -R file -U FILE}).
 *
 * <p>{@link DumpFormat#FULL} is byte-identical to what OpenSM 3.3.23 writes: switch sections in
 * OpenSM's order, a header {@code Unicast lids [0-MAXLID] of switch Lid N guid 0x... ('desc'):},
 * one line {@code 0xLLLL PPP # <type> portguid 0x...: 'desc'} per routed LID, and a trailer {@code
 * MAXLID lids dumped}. The writer streams: blocks of switch sections (about 1 MB) are formatted
 * into byte arrays from per-LID suffixes computed once, on several threads if asked, and written in
 * order (a 32,768-CA fat tree's dump is 7.3 GB).
 */
public final class LftDumpWriter {
  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
  private static final int BUFFER = 1 << 20;

  private LftDumpWriter() {}

  /** Writes the dump to {@code file} atomically (temporary file, then rename). */
  public static void write(Routing routing, Path file, DumpFormat format) throws IOException {
    write(routing, file, format, 1);
  }

  /**
   * Writes the dump to {@code file} atomically (temporary file, then rename), formatting switch
   * sections on {@code threads} threads; the bytes do not depend on {@code threads}.
   */
  public static void write(Routing routing, Path file, DumpFormat format, int threads)
      throws IOException {
    AtomicFiles.write(file, out -> write(routing, out, format, threads));
  }

  /** Writes the dump to a stream (not closed). */
  public static void write(Routing routing, OutputStream out, DumpFormat format)
      throws IOException {
    write(routing, out, format, 1);
  }

  /**
   * Writes the dump to a stream (not closed). With {@code threads} above 1, blocks of switch
   * sections are formatted on that many threads, a few blocks ahead at most, while the caller
   * writes them in order; with 1, the caller formats them itself. The bytes do not depend on {@code
   * threads}.
   */
  public static void write(Routing routing, OutputStream out, DumpFormat format, int threads)
      throws IOException {
    write(routing, out, format, threads, BUFFER);
  }

  /**
   * As above, in blocks of about {@code blockBytes} bytes (tests: many blocks on small fabrics).
   */
  static void write(
      Routing routing, OutputStream out, DumpFormat format, int threads, int blockBytes)
      throws IOException {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, not " + threads);
    }
    Sections sections = new Sections(routing, format, blockBytes);
    int numBlocks = sections.numBlocks();
    if (threads == 1 || numBlocks == 1) {
      byte[] buf = new byte[0];
      for (int b = 0; b < numBlocks; b++) {
        buf = sections.format(b, buf);
        out.write(buf, 0, sections.length(b));
      }
      out.flush();
      return;
    }
    // the blocks' buffers go round: a fresh one per block would touch new memory for every byte
    ConcurrentLinkedQueue<byte[]> spare = new ConcurrentLinkedQueue<>();
    AtomicInteger started = new AtomicInteger();
    // the pool's threads, joined at the end: a terminated pool's last thread may still be exiting
    Queue<Thread> formatters = new ConcurrentLinkedQueue<>();
    ExecutorService pool =
        Executors.newFixedThreadPool(
            threads,
            task -> {
              Thread t = new Thread(task, "ibrouting-dump-" + started.getAndIncrement());
              t.setDaemon(true);
              formatters.add(t);
              return t;
            });
    try {
      ArrayDeque<Future<byte[]>> ahead = new ArrayDeque<>();
      int next = 0;
      int written = 0;
      while (written < numBlocks) {
        while (next < numBlocks && ahead.size() < 2 * threads) {
          int block = next++;
          ahead.add(
              pool.submit(
                  () -> {
                    byte[] buf = spare.poll();
                    return sections.format(block, buf == null ? new byte[0] : buf);
                  }));
        }
        byte[] buf = await(ahead.poll());
        out.write(buf, 0, sections.length(written++));
        spare.add(buf);
      }
      out.flush();
    } finally {
      pool.shutdownNow();
      // after a failure, blocks being formatted end on their own (a block is about 1 MB)
      awaitTermination(pool, formatters);
    }
  }

  private static void awaitTermination(ExecutorService pool, Queue<Thread> formatters)
      throws InterruptedIOException {
    try {
      if (pool.awaitTermination(1, TimeUnit.MINUTES)) {
        for (Thread t : formatters) {
          t.join();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while writing the LFT dump");
    }
  }

  private static byte[] await(Future<byte[]> block) throws IOException {
    try {
      return block.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while writing the LFT dump");
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error r) {
        throw r;
      }
      throw new IOException(e.getCause());
    }
  }

  /** The dump's switch sections in blocks of about a given size, each formatted alone. */
  private static final class Sections {
    private final Routing routing;
    private final Fabric fabric;
    private final int maxLid;
    private final byte[][] suffixOfLid;
    private final byte[] trailer;
    private final int switchesPerBlock;
    // every LID's line once
    private final long lineBytes;
    // bytes of each block, known once it is formatted
    private final int[] lengthOfBlock;

    Sections(Routing routing, DumpFormat format, int blockBytes) {
      this.routing = routing;
      this.fabric = routing.fabric();
      this.maxLid = fabric.maxLid();
      suffixOfLid = new byte[maxLid + 1][];
      long bytes = 0;
      for (int lid = 1; lid <= maxLid; lid++) {
        suffixOfLid[lid] = suffix(fabric, lid, format);
        bytes += 10 + suffixOfLid[lid].length;
      }
      lineBytes = bytes;
      trailer = (maxLid + " lids dumped\n").getBytes(StandardCharsets.UTF_8);
      switchesPerBlock =
          (int) Math.max(1, Math.min(fabric.numSwitches(), blockBytes / (lineBytes + 1)));
      lengthOfBlock = new int[numBlocks()];
    }

    /** The bytes of block {@code b}, after {@link #format}. */
    int length(int b) {
      return lengthOfBlock[b];
    }

    int numBlocks() {
      return Math.max(1, (fabric.numSwitches() + switchesPerBlock - 1) / switchesPerBlock);
    }

    /**
     * The sections of block {@code b}'s switches, in {@code buf} if it is large enough, else in a
     * new array; {@link #length} bytes.
     */
    byte[] format(int b, byte[] buf) {
      int from = b * switchesPerBlock;
      int to = Math.min(fabric.numSwitches(), from + switchesPerBlock);
      byte[][] headers = new byte[to - from][];
      // at most every LID's line per switch
      long bound = 0;
      for (int sw = from; sw < to; sw++) {
        headers[sw - from] = header(sw);
        bound += headers[sw - from].length + lineBytes + trailer.length;
      }
      if (bound > Integer.MAX_VALUE - 16) {
        throw new IllegalStateException("a block of LFT sections exceeds 2 GB");
      }
      if (buf.length < bound) {
        buf = new byte[(int) bound];
      }
      int n = 0;
      for (int sw = from; sw < to; sw++) {
        byte[] header = headers[sw - from];
        System.arraycopy(header, 0, buf, n, header.length);
        n += header.length;
        for (int lid = 1; lid <= maxLid; lid++) {
          int port = routing.outPort(sw, lid);
          if (port == Routing.NO_ROUTE) {
            continue;
          }
          byte[] suffix = suffixOfLid[lid];
          buf[n++] = '0';
          buf[n++] = 'x';
          buf[n++] = HEX[(lid >>> 12) & 0xF];
          buf[n++] = HEX[(lid >>> 8) & 0xF];
          buf[n++] = HEX[(lid >>> 4) & 0xF];
          buf[n++] = HEX[lid & 0xF];
          buf[n++] = ' ';
          buf[n++] = (byte) ('0' + port / 100);
          buf[n++] = (byte) ('0' + port / 10 % 10);
          buf[n++] = (byte) ('0' + port % 10);
          System.arraycopy(suffix, 0, buf, n, suffix.length);
          n += suffix.length;
        }
        System.arraycopy(trailer, 0, buf, n, trailer.length);
        n += trailer.length;
      }
      lengthOfBlock[b] = n;
      return buf;
    }

    private byte[] header(int sw) {
      int port0 = fabric.port(sw, 0);
      return ("Unicast lids [0-"
              + maxLid
              + "] of switch Lid "
              + fabric.baseLid(port0)
              + " guid "
              + String.format("0x%016x", fabric.nodeGuid(sw))
              + " ('"
              + fabric.description(sw)
              + "'):\n")
          .getBytes(StandardCharsets.UTF_8);
    }
  }

  /** What follows the port number on a LID's line: comment, GUID, newline. */
  private static byte[] suffix(Fabric fabric, int lid, DumpFormat format) {
    int port = fabric.portOfLid(lid);
    String text =
        switch (format) {
          case COMPACT -> "\n";
          case COMPACT_WITH_GUID ->
              port < 0
                  ? "\n"
                  : String.format(" portguid 0x%016x%n", fabric.portGuid(port))
                      .replace("\r\n", "\n");
          case FULL -> {
            if (port < 0) {
              yield " # unknown node and type\n";
            }
            int node = fabric.nodeOfPort(port);
            yield " # "
                + fabric.nodeType(node).openSmName()
                + " portguid "
                + String.format("0x%016x", fabric.portGuid(port))
                + ": '"
                + fabric.description(node)
                + "'\n";
          }
        };
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
