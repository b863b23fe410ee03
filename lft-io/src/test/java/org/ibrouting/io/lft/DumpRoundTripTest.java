package org.ibrouting.io.lft;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Reading every OpenSM dump and writing it again gives the same bytes. */
class DumpRoundTripTest {
  static Stream<Arguments> dumps() {
    List<Arguments> all = new ArrayList<>();
    for (String name : ReferenceFabrics.names()) {
      for (String engine : ReferenceFabrics.engines(name)) {
        all.add(Arguments.of(name, engine));
      }
    }
    return all.stream();
  }

  @ParameterizedTest
  @MethodSource("dumps")
  void fullDumpIsByteIdentical(String name, String engine) throws IOException {
    Routing routing = ReferenceFabrics.openSmRouting(name, engine);
    ByteArrayOutputStream ours = new ByteArrayOutputStream();
    LftDumpWriter.write(routing, ours, DumpFormat.FULL);
    assertSameOnThreads(routing, ours.toByteArray());
    byte[] theirs;
    try (InputStream in =
        new GZIPInputStream(
            ReferenceFabrics.class
                .getClassLoader()
                .getResourceAsStream("fabrics/" + name + "/" + engine + ".lfts.dump.gz"))) {
      theirs = in.readAllBytes();
    }
    byte[] mine = ours.toByteArray();
    if (!java.util.Arrays.equals(theirs, mine)) {
      String[] a = new String(theirs, StandardCharsets.UTF_8).split("\n", -1);
      String[] b = new String(mine, StandardCharsets.UTF_8).split("\n", -1);
      for (int i = 0; i < Math.min(a.length, b.length); i++) {
        if (!a[i].equals(b[i])) {
          fail(
              name
                  + "/"
                  + engine
                  + " line "
                  + (i + 1)
                  + ": OpenSM '"
                  + a[i]
                  + "', ours '"
                  + b[i]
                  + "'");
        }
      }
      assertEquals(a.length, b.length, "line count");
    }
  }

  /**
   * The same bytes when switch sections are formatted on several threads, one or a few switches per
   * block, written in order.
   */
  private static void assertSameOnThreads(Routing routing, byte[] sequential) throws IOException {
    int lineBytes = 80 * routing.fabric().maxLid();
    for (int threads = 1; threads <= 3; threads++) {
      for (int blockBytes : new int[] {1, 3 * lineBytes, 1 << 20}) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        LftDumpWriter.write(routing, out, DumpFormat.FULL, threads, blockBytes);
        assertArrayEquals(
            sequential,
            out.toByteArray(),
            threads + " threads, blocks of " + blockBytes + " bytes");
      }
    }
  }

  /**
   * A stream that fails half-way: its IOException reaches the caller, and the formatting threads
   * are gone when the call returns.
   */
  @Test
  void aFailingStreamStopsTheFormattingThreads() throws IOException {
    String name = ReferenceFabrics.names().get(0);
    Routing routing = ReferenceFabrics.openSmRouting(name, ReferenceFabrics.engines(name).get(0));
    OutputStream failing =
        new OutputStream() {
          private long written;

          @Override
          public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
          }

          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            written += len;
            if (written > 1000) {
              throw new IOException("disk full");
            }
          }
        };
    IOException e =
        assertThrows(
            IOException.class, () -> LftDumpWriter.write(routing, failing, DumpFormat.FULL, 2, 1));
    assertEquals("disk full", e.getMessage());
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      assertFalse(t.getName().startsWith("ibrouting-dump") && t.isAlive(), t.getName());
    }
  }

  @ParameterizedTest
  @MethodSource("dumps")
  void compactDumpsReadBackToTheSameTables(String name, String engine) throws IOException {
    Routing routing = ReferenceFabrics.openSmRouting(name, engine);
    for (DumpFormat format : DumpFormat.values()) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      LftDumpWriter.write(routing, out, format);
      Routing back =
          LftDumpReader.read(
              routing.fabric(),
              new java.io.StringReader(out.toString(StandardCharsets.UTF_8)),
              format.name());
      assertEquals(true, routing.sameLfts(back), format + " round trip of " + name + "/" + engine);
    }
  }
}
