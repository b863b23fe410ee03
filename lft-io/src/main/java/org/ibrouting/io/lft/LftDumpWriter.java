package org.ibrouting.io.lft;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
 * MAXLID lids dumped}. The writer streams: each line is formatted into a byte buffer from per-LID
 * suffixes computed once, so it stays I/O-bound (a 32,768-CA fat tree's dump is 7.3 GB).
 */
public final class LftDumpWriter {
  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
  private static final int BUFFER = 1 << 20;

  private LftDumpWriter() {}

  /** Writes the dump to {@code file} atomically (temporary file, then rename). */
  public static void write(Routing routing, Path file, DumpFormat format) throws IOException {
    AtomicFiles.write(file, out -> write(routing, out, format));
  }

  /** Writes the dump to a stream (not closed). */
  public static void write(Routing routing, OutputStream out, DumpFormat format)
      throws IOException {
    Fabric fabric = routing.fabric();
    int maxLid = fabric.maxLid();
    byte[][] suffixOfLid = new byte[maxLid + 1][];
    for (int lid = 1; lid <= maxLid; lid++) {
      suffixOfLid[lid] = suffix(fabric, lid, format);
    }
    byte[] trailer = (maxLid + " lids dumped\n").getBytes(StandardCharsets.UTF_8);
    byte[] buf = new byte[BUFFER];
    int n = 0;
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      int port0 = fabric.port(sw, 0);
      byte[] header =
          ("Unicast lids [0-"
                  + maxLid
                  + "] of switch Lid "
                  + fabric.baseLid(port0)
                  + " guid "
                  + String.format("0x%016x", fabric.nodeGuid(sw))
                  + " ('"
                  + fabric.description(sw)
                  + "'):\n")
              .getBytes(StandardCharsets.UTF_8);
      n = put(out, buf, n, header);
      for (int lid = 1; lid <= maxLid; lid++) {
        int port = routing.outPort(sw, lid);
        if (port == Routing.NO_ROUTE) {
          continue;
        }
        byte[] suffix = suffixOfLid[lid];
        if (n + 10 + suffix.length > buf.length) {
          out.write(buf, 0, n);
          n = 0;
        }
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
      n = put(out, buf, n, trailer);
    }
    out.write(buf, 0, n);
    out.flush();
  }

  private static int put(OutputStream out, byte[] buf, int n, byte[] bytes) throws IOException {
    if (n + bytes.length > buf.length) {
      out.write(buf, 0, n);
      n = 0;
    }
    if (bytes.length > buf.length) {
      out.write(bytes);
      return n;
    }
    System.arraycopy(bytes, 0, buf, n, bytes.length);
    return n + bytes.length;
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
