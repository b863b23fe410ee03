package org.ibrouting.io.sl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.ParseException;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.SlTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** An SL file read back gives the SL of every (source LID, destination LID) pair it was written with. */
class SlFileRoundTripTest {
  @TempDir
  Path dir;

  static Stream<String> names() {
    return ReferenceFabrics.names().stream();
  }

  /** SLs in runs (as VL engines produce them) with random breaks, seeded. */
  static SlTable randomSls(SlTable.Builder b, Fabric fabric, int numGroups, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    for (int group = 0; group < numGroups; group++) {
      int sl = random.nextInt(4);
      for (int dst = 1; dst <= fabric.maxLid(); dst++) {
        if (random.nextInt(8) == 0) {
          sl = random.nextInt(SlTable.NUM_SLS);
        }
        b.setSl(group, dst, sl);
      }
    }
    byte[] map = SlTable.identity();
    map[15] = 3;
    return b.setSlToVl(map).build();
  }

  static Routing withSls(String name, SlTable sls) {
    Routing lfts = ReferenceFabrics.openSmRouting(name, "minhop");
    return Routing.builder(lfts.fabric(), "test").setSlTable(sls).build();
  }

  static void assertSameSls(Fabric fabric, SlTable expected, SlTable actual) {
    assertEquals(expected.numVls(), actual.numVls(), "VLs");
    for (int sl = 0; sl < SlTable.NUM_SLS; sl++) {
      assertEquals(expected.vlOfSl(sl), actual.vlOfSl(sl), "VL of SL " + sl);
    }
    for (int src = 1; src <= fabric.maxLid(); src++) {
      for (int dst = 1; dst <= fabric.maxLid(); dst++) {
        if (expected.sl(src, dst) != actual.sl(src, dst)) {
          assertEquals(expected.sl(src, dst), actual.sl(src, dst), "SL " + src + " -> " + dst);
        }
      }
      // same grouping: sources share a group in one table exactly when they do in the other
      if (expected.groupOfSrcLid(src) >= 0 && src > 1 && expected.groupOfSrcLid(src - 1) >= 0) {
        assertEquals(expected.groupOfSrcLid(src) == expected.groupOfSrcLid(src - 1),
            actual.groupOfSrcLid(src) == actual.groupOfSrcLid(src - 1), "grouping at LID " + src);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("names")
  void perSwitchGroupsSurviveWriteAndRead(String name) throws Exception {
    Fabric fabric = ReferenceFabrics.fabric(name);
    SlTable sls = randomSls(SlTable.perSourceSwitch(fabric), fabric, fabric.numSwitches(), name.hashCode());
    Path file = dir.resolve(name + ".sl");
    SlFileWriter.write(withSls(name, sls), file);
    assertSameSls(fabric, sls, SlFileReader.read(fabric, file));
  }

  @ParameterizedTest
  @MethodSource("names")
  void perLidGroupsSurviveWriteAndRead(String name) throws Exception {
    Fabric fabric = ReferenceFabrics.fabric(name);
    SlTable sls = randomSls(SlTable.perSourceLid(fabric), fabric, fabric.maxLid() + 1, 7);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    SlFileWriter.write(withSls(name, sls), out);
    SlTable back = SlFileReader.read(fabric, new StringReader(out.toString(StandardCharsets.US_ASCII)), "x.sl");
    assertSameSls(fabric, sls, back);
  }

  @Test
  void runsShareALine() throws Exception {
    Fabric fabric = ReferenceFabrics.fabric("ft4_3");
    SlTable.Builder b = SlTable.perSourceSwitch(fabric);
    for (int dst = 1; dst <= fabric.maxLid(); dst++) {
      b.setSl(0, dst, dst <= 10 ? 2 : 0);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    SlFileWriter.write(withSls("ft4_3", b.build()), out);
    String text = out.toString(StandardCharsets.US_ASCII);
    assertTrue(text.startsWith(SlFileWriter.MAGIC + "\n"), text);
    assertTrue(text.contains("\nvls 3\n"), text);
    assertTrue(text.contains("\n0x0001-0x000a 2\n0x000b-0x0070 0\n"), text);
    // 48 switch groups of one destination run each, except the first, which has two
    assertEquals(2 + 47, text.lines().filter(l -> l.startsWith("0x")).count());
  }

  @Test
  void anSlOutsideTheRangeNamesTheLine() throws Exception {
    Fabric fabric = ReferenceFabrics.fabric("ft4_3");
    String text = SlFileWriter.MAGIC + "\nvls 1\nsrc 0x0001\n0x0001-0x0070 16\n";
    ParseException e = assertThrows(ParseException.class,
        () -> SlFileReader.read(fabric, new StringReader(text), "bad.sl"));
    assertEquals(4, e.line());
    assertTrue(e.getMessage().startsWith("bad.sl:4:"), e.getMessage());
  }

  @Test
  void aVlCountThatDisagreesWithTheEntriesNamesTheLine() throws Exception {
    Fabric fabric = ReferenceFabrics.fabric("ft4_3");
    String text = SlFileWriter.MAGIC + "\nvls 2\nsrc 0x0001\n0x0001-0x0070 3\n";
    ParseException e = assertThrows(ParseException.class,
        () -> SlFileReader.read(fabric, new StringReader(text), "bad.sl"));
    assertEquals(2, e.line());
    assertTrue(e.getMessage().contains("4 VLs"), e.getMessage());
  }
}
