package org.ibrouting.io.torus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ibrouting.io.ParseException;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.topology.TopologySpec;
import org.ibrouting.topology.TorusConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** torus-2QoS.conf: OpenSM's keywords and number syntax, positioned errors, round trips. */
class TorusConfigReaderTest {
  @TempDir Path dir;

  private static TorusConfig parse(String text) throws IOException {
    return TorusConfigReader.read(new StringReader(text), "t.conf");
  }

  @Test
  void readsTheReferenceTorusConfig() throws IOException {
    TorusConfig c =
        TorusConfigReader.read(ReferenceFabrics.resource("torus2d_4x4", "torus-2QoS.conf"));
    assertEquals(List.of(4, 4, 1), List.of(c.radix(0), c.radix(1), c.radix(2)));
    assertFalse(c.isMesh(0) || c.isMesh(1));
    assertEquals(1, c.seeds().size());
    TorusConfig.Seed seed = c.seeds().get(0);
    assertEquals(new TorusConfig.SeedLink(0x200000L, 0x200004L), seed.link(0, true));
    assertEquals(new TorusConfig.SeedLink(0x200000L, 0x20000cL), seed.link(0, false));
    assertEquals(new TorusConfig.SeedLink(0x200000L, 0x200003L), seed.link(1, false));
    assertNull(seed.link(2, true));
    assertEquals(TorusConfig.DEFAULT_PORTGROUP_MAX_PORTS, c.portgroupMaxPorts());
  }

  /** The example of torus-2QoS.conf(5): two seeds, datelines that move the second one back. */
  @Test
  void readsTheManPageExample() throws IOException {
    TorusConfig c =
        parse(
            """
        # Look for a 2D (since x radix is one) 4x5 torus.
        torus 1 4 5

        # y is radix-4 torus dimension, need both
        yp_link 0x200000 0x200005  # sw @ y=0,z=0 -> sw @ y=1,z=0
        ym_link 0x200000 0x20000f  # sw @ y=0,z=0 -> sw @ y=3,z=0
        zp_link 0x200000 0x200001  # sw @ y=0,z=0 -> sw @ y=0,z=1

        next_seed

        yp_link 0x20000b 0x200010  # sw @ y=2,z=1 -> sw @ y=3,z=1
        ym_link 0x20000b 0x200006  # sw @ y=2,z=1 -> sw @ y=1,z=1
        zp_link 0x20000b 0x20000c  # sw @ y=2,z=1 -> sw @ y=2,z=2

        y_dateline -2  # Move the dateline for this seed
        z_dateline -1  # back to its original position.
        port_order 7 10 8 11 9 12 25 28 26 29 27 30 7
        """);
    assertEquals(2, c.seeds().size());
    assertEquals(0, c.seeds().get(0).dateline(1));
    assertEquals(-2, c.seeds().get(1).dateline(1));
    assertEquals(-1, c.seeds().get(1).dateline(2));
    assertEquals(new TorusConfig.SeedLink(0x20000bL, 0x20000cL), c.seeds().get(1).link(2, true));
    assertArrayEquals(new int[] {7, 10, 8, 11, 9, 12, 25, 28, 26, 29, 27, 30}, c.portOrder());
    int[] order = c.effectivePortOrder();
    assertEquals(255, order.length);
    assertArrayEquals(
        new int[] {7, 10, 8, 11, 9, 12, 25, 28, 26, 29, 27, 30, 0, 1, 2, 3, 4, 5, 6, 13},
        java.util.Arrays.copyOf(order, 20));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {
        "mesh 3T 4 5; false,true,true",
        "torus 3 4M 5; false,true,false",
        "torus 2 4 5; true,false,false",
        "mesh 4 4 4; true,true,true",
        "torus 0x4 010 4t; false,false,false"
      })
  void meshSuffixesAndRadixTwo(String line, String meshes) throws IOException {
    TorusConfig c = parse(line + "\nxp_link 1 2\n");
    String[] expected = meshes.split(",");
    for (int d = 0; d < 3; d++) {
      assertEquals(Boolean.parseBoolean(expected[d]), c.isMesh(d), line + " dimension " + d);
    }
    if (line.contains("010")) {
      assertEquals(8, c.radix(1), "a leading 0 is octal, as strtoul reads it");
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "torus 4,4 2",
        "torus 5,5,5 1",
        "mesh 3,4 2",
        "mesh 2,2,2 20",
        "torus 3 4",
        "mesh 6 1"
      })
  void generatedConfigsRoundTrip(String spec) throws IOException {
    TorusConfig c = TopologySpec.parse(spec).torusConfig();
    Path file = dir.resolve("torus-2QoS.conf");
    TorusConfigWriter.write(c, "generated " + spec, file);
    assertEquals(c, TorusConfigReader.read(file));
    assertTrue(Files.readString(file).startsWith("# generated " + spec + "\n"));
  }

  @Test
  void everySettingRoundTrips() throws IOException {
    TorusConfig c =
        TorusConfig.builder(5, 4, 2)
            .mesh(0, true)
            .link(0, true, 1, 2)
            .link(1, false, 1, 3)
            .dateline(1, -3)
            .nextSeed()
            .link(1, true, 7, 8)
            .dateline(0, 4)
            .portgroupMaxPorts(40)
            .portOrder(3, 2, 3, 1)
            .maxChanges(5)
            .build();
    assertEquals(c, parse(TorusConfigWriter.format(c, null)));
    assertEquals(c, parse(TorusConfigWriter.format(c, "two\nlines")));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "torus 4 4 4\\nfoo 1 2|2|1|found 'foo'",
        "torus 4 4 4\\nxp_link 0x1|2|12|found the end of the line",
        "torus 4 4 4\\nxp_link 0x1 0xg2|2|13|found '0xg2'",
        "torus 4 x 4|1|9|radix of dimension y",
        "torus 4 0 4|1|9|radix 0",
        "torus 4 4 4\\nmesh 2 2 2|2|1|second 'mesh' line",
        "x_dateline 1\\ntorus 4 4 4|1|1|before the torus",
        "torus 4 4 4\\nz_dateline -4|2|12|strictly between -4 and 4",
        "torus 4 4 4\\ny_dateline 4|2|12|strictly between -4 and 4",
        "xp_link 1 2|1|1|no 'torus' or 'mesh' line",
        "torus 4 4 4\\nport_order 1 2 255|2|16|above 254",
        "torus 4 4 4\\nxp_link 0x1 0x10000000000000000|2|13|found '0x10000000000000000'",
        "torus 4 4 4\\nportgroup_max_ports|2|20|end of the line"
      })
  void errorsNameLineAndColumn(String text, int line, int column, String fragment) {
    ParseException e = assertThrows(ParseException.class, () -> parse(text.replace("\\n", "\n")));
    assertEquals(line, e.line(), e.getMessage());
    assertEquals(column, e.column(), e.getMessage());
    assertTrue(e.getMessage().startsWith("t.conf:" + line + ":" + column + ": "), e.getMessage());
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
  }

  /**
   * OpenSM ignores tokens after a keyword's arguments, and any line whose first token starts with
   * '#'.
   */
  @Test
  void trailingTokensAndCommentsAreIgnored() throws IOException {
    TorusConfig c =
        parse(
            "#comment\n  # indented comment\n\ttorus 3 3 3 extra words\r\n"
                + "xp_link 0x10 0x11 and more\n#xm_link 1 2\n");
    assertEquals(3, c.radix(2));
    assertEquals(new TorusConfig.SeedLink(0x10, 0x11), c.seeds().get(0).link(0, true));
    assertNull(c.seeds().get(0).link(0, false));
  }

  /** OpenSM starts a seed at next_seed, and at the first link or dateline when none is open. */
  @Test
  void seedsAreCountedAsOpenSmCountsThem() throws IOException {
    assertEquals(1, parse("next_seed\ntorus 3 3 3\nxp_link 1 2\n").seeds().size());
    assertEquals(2, parse("torus 3 3 3\nnext_seed\nnext_seed\nxp_link 1 2\n").seeds().size());
    assertEquals(2, parse("torus 3 3 3\nxp_link 1 2\nnext_seed\n").seeds().size());
    assertEquals(0, parse("torus 3 3 3\n").seeds().size());
  }
}
