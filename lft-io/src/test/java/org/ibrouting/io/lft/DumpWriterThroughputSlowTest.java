package org.ibrouting.io.lft;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How fast the FULL dump is formatted (into a counting stream) and written (to a file), on a 16-ary
 * 3-tree (768 switches, 4,096 CAs, 3.7 million LFT lines). Prints the figures; asserts only the
 * size, which is computed independently from the line layout.
 */
@Tag("slow")
class DumpWriterThroughputSlowTest {
  @TempDir Path dir;

  private static final class CountingStream extends OutputStream {
    long bytes;

    @Override
    public void write(int b) {
      bytes++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      bytes += len;
    }
  }

  @Test
  void fullDumpThroughput() throws IOException {
    Fabric fabric = Topologies.kAryNTree(16, 3);
    RoutingBuilder b = Routing.builder(fabric, "synthetic");
    long expectedBytes = 0;
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      expectedBytes +=
          String.format(
                      "Unicast lids [0-%d] of switch Lid %d guid 0x%016x ('%s'):%n",
                      fabric.maxLid(),
                      fabric.baseLid(fabric.port(sw, 0)),
                      fabric.nodeGuid(sw),
                      fabric.description(sw))
                  .length()
              + (fabric.maxLid() + " lids dumped\n").length();
      for (int lid = 1; lid <= fabric.maxLid(); lid++) {
        b.setOutPort(sw, lid, 1 + (sw + lid) % fabric.numPorts(sw));
        int port = fabric.portOfLid(lid);
        expectedBytes +=
            "0x0000 000 # ".length()
                + fabric.nodeType(fabric.nodeOfPort(port)).openSmName().length()
                + " portguid 0x0000000000000000: ''\n".length()
                + fabric.description(fabric.nodeOfPort(port)).length();
      }
    }
    Routing routing = b.build();
    long lines = (long) fabric.numSwitches() * fabric.maxLid();

    CountingStream counter = new CountingStream();
    long t0 = System.nanoTime();
    LftDumpWriter.write(routing, counter, DumpFormat.FULL);
    double formatSeconds = (System.nanoTime() - t0) / 1e9;
    assertEquals(expectedBytes, counter.bytes);

    Path file = dir.resolve("lfts.dump");
    t0 = System.nanoTime();
    LftDumpWriter.write(routing, file, DumpFormat.FULL);
    double fileSeconds = (System.nanoTime() - t0) / 1e9;
    assertEquals(expectedBytes, Files.size(file));

    System.out.printf(
        "LftDumpWriter FULL, 16-ary 3-tree: %,d lines, %,d bytes; formatting %.2f s"
            + " (%.0f MB/s), to a file %.2f s (%.0f MB/s)%n",
        lines,
        counter.bytes,
        formatSeconds,
        counter.bytes / 1e6 / formatSeconds,
        fileSeconds,
        counter.bytes / 1e6 / fileSeconds);
  }
}
