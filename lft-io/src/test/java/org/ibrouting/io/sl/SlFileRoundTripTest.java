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
import org.ibrouting.routing.PortSl2Vl;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.SlTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An SL file read back gives the SL of every (source LID, destination LID) pair it was written
 * with.
 */
class SlFileRoundTripTest {
  @TempDir Path dir;

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
        assertEquals(
            expected.groupOfSrcLid(src) == expected.groupOfSrcLid(src - 1),
            actual.groupOfSrcLid(src) == actual.groupOfSrcLid(src - 1),
            "grouping at LID " + src);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("names")
  void perSwitchGroupsSurviveWriteAndRead(String name) throws Exception {
    Fabric fabric = ReferenceFabrics.fabric(name);
    SlTable sls =
        randomSls(SlTable.perSourceSwitch(fabric), fabric, fabric.numSwitches(), name.hashCode());
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
    SlTable back =
        SlFileReader.read(
            fabric, new StringReader(out.toString(StandardCharsets.US_ASCII)), "x.sl");
    assertSameSls(fabric, sls, back);
  }

  /** A per-port map with random classes and VLs, seeded. */
  static PortSl2Vl randomPortMap(Fabric fabric, int numClasses, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    byte[] classes = new byte[fabric.numPortSlots()];
    for (int port = 0; port < classes.length; port++) {
      classes[port] = (byte) (random.nextInt(3) == 0 ? random.nextInt(numClasses) : numClasses - 1);
    }
    byte[] vls = new byte[numClasses * numClasses * SlTable.NUM_SLS];
    for (int i = 0; i < vls.length; i++) {
      vls[i] = (byte) random.nextInt(4);
    }
    return new PortSl2Vl("random", classes, numClasses, vls, 4);
  }

  /** Version 2: per-port SL2VL maps come back equal, and the file says which kind it is. */
  @ParameterizedTest
  @MethodSource("names")
  void perPortMapsSurviveWriteAndRead(String name) throws Exception {
    Fabric fabric = ReferenceFabrics.fabric(name);
    SlTable.Builder b = SlTable.perSourceSwitch(fabric);
    randomSls(b, fabric, fabric.numSwitches(), name.hashCode() + 1);
    PortSl2Vl map = randomPortMap(fabric, 5, name.hashCode());
    SlTable sls = b.setPortSl2Vl(map).build();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    SlFileWriter.write(withSls(name, sls), out);
    String text = out.toString(StandardCharsets.US_ASCII);
    assertTrue(text.startsWith(SlFileWriter.MAGIC_V2 + "\n"), text.substring(0, 40));
    assertTrue(
        text.lines().anyMatch(l -> l.startsWith("# VLs: per port (random)")), "says which kind");
    SlTable back = SlFileReader.read(fabric, new StringReader(text), "x.sl");
    assertSameSls(fabric, sls, back);
    assertEquals(map, back.portSl2Vl());
    assertEquals(4, back.numVls());
  }

  @Test
  void versionOneFilesSayTheirKindAndHaveNoPortMaps() throws Exception {
    Fabric fabric = ReferenceFabrics.fabric("torus2d_4x4");
    SlTable sls = randomSls(SlTable.perSourceSwitch(fabric), fabric, fabric.numSwitches(), 3);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    SlFileWriter.write(withSls("torus2d_4x4", sls), out);
    String text = out.toString(StandardCharsets.US_ASCII);
    assertTrue(text.startsWith(SlFileWriter.MAGIC + "\n"));
    assertTrue(text.lines().anyMatch(l -> l.startsWith("# VLs: the sl2vl map on every port")));
    assertEquals(null, SlFileReader.read(fabric, new StringReader(text), "x.sl").portSl2Vl());
  }

  @ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource(
      delimiter = '|',
      value = {
        "port-vl 0 0 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0|5|1|before the 'port-sl2vl' line",
        "port-sl2vl r classes 2 default 2|5|32|not below 2",
        "port-sl2vl r classes 2 default 0\\nport-vl 0 3 0|6|11|port class 3 is not below 2",
        "port-sl2vl r classes 1 default 0\\nport-vl 0 0 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,15|6|43|VL 15",
        "port-sl2vl r classes 1 default 0\\nport-class 0x77 0|6|12|no node of the fabric",
        "port-sl2vl r classes 1 default 0\\nport-class 0x0000000000200000 0,0|6|34|found only 2",
        "port-sl2vl r classes 2 default 0\\nport-vl 0 0 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0|5|1|no 'port-vl 0 1"
      })
  void badPortMapLinesNameTheLine(String lines, int line, int column, String fragment) {
    String text =
        SlFileWriter.MAGIC_V2
            + "\n# c\nvls 1\nsl2vl 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n"
            + lines.replace("\\n", "\n")
            + "\n";
    Fabric fabric = ReferenceFabrics.fabric("torus2d_4x4");
    ParseException e = refused(fabric, text, "p.sl");
    assertEquals(line, e.line(), e.getMessage());
    assertEquals(column, e.column(), e.getMessage());
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
  }

  /** The parse error of SL file {@code text}, read as {@code name}. */
  private static ParseException refused(Fabric fabric, String text, String name) {
    return assertThrows(
        ParseException.class, () -> SlFileReader.read(fabric, new StringReader(text), name));
  }

  /** The parse error of an SL file of ft4_3 with these lines after the magic, read as bad.sl. */
  private static ParseException refusedOnFt43(String lines) {
    return refused(ReferenceFabrics.fabric("ft4_3"), SlFileWriter.MAGIC + "\n" + lines, "bad.sl");
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
    ParseException e = refusedOnFt43("vls 1\nsrc 0x0001\n0x0001-0x0070 16\n");
    assertEquals(4, e.line());
    assertTrue(e.getMessage().startsWith("bad.sl:4:"), e.getMessage());
  }

  @Test
  void aVlCountThatDisagreesWithTheEntriesNamesTheLine() throws Exception {
    ParseException e = refusedOnFt43("vls 2\nsrc 0x0001\n0x0001-0x0070 3\n");
    assertEquals(2, e.line());
    assertTrue(e.getMessage().contains("4 VLs"), e.getMessage());
  }
}
