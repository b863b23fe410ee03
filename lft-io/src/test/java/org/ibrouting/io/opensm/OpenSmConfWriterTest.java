package org.ibrouting.io.opensm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.SlTable;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.api.Test;

/** The opensm.conf of a deployment: its SL-to-VL map, VL arbitration, and keys OpenSM accepts. */
class OpenSmConfWriterTest {
  static Map<String, String> options(String text) {
    Map<String, String> options = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      int hash = line.indexOf('#');
      String content = (hash >= 0 ? line.substring(0, hash) : line).strip();
      if (!content.isEmpty()) {
        int space = content.indexOf(' ');
        options.put(content.substring(0, space), content.substring(space + 1).strip());
      }
    }
    return options;
  }

  /** SLs 1 and 3 used, SL 2 not: a map with a gap, as lash with lash_start_vl or a sparse table. */
  static Routing sparseRouting(Fabric fabric) {
    SlTable.Builder b = SlTable.perSourceSwitch(fabric);
    b.setSl(0, 1, 1);
    b.setSl(0, 2, 3);
    return Routing.builder(fabric, "test").setSlTable(b.build()).build();
  }

  @Test
  void usedSlsKeepTheirVlsAndEveryVlGetsWeight() {
    Fabric fabric = ReferenceFabrics.fabric("ft4_3");
    Routing routing = sparseRouting(fabric);
    int used = 0b1011;
    byte[] map = OpenSmConfWriter.sl2vl(routing.slTable(), used);
    assertArrayEquals(new byte[] {0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3}, map);
    Map<String, String> options =
        options(OpenSmConfWriter.text(routing, Path.of("/d/lfts"), Path.of("/d/qos"), used));
    for (String prefix : List.of("qos", "qos_ca", "qos_rtr", "qos_sw0", "qos_swe")) {
      assertEquals("0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3", options.get(prefix + "_sl2vl"), prefix);
      assertEquals("0:64,1:64,2:64,3:64", options.get(prefix + "_vlarb_low"), prefix);
      assertEquals("0:0", options.get(prefix + "_vlarb_high"), prefix);
      assertEquals("4", options.get(prefix + "_max_vls"), prefix);
    }
    assertEquals("file,no_fallback", options.get("routing_engine"));
    assertEquals("/d/lfts", options.get("lfts_file"));
    assertEquals("/d/qos", options.get("qos_policy_file"));
    assertEquals("TRUE", options.get("qos"));
    assertEquals("0", options.get("lmc"));
  }

  @Test
  void oneVlRoutingPutsEverySlOnVl0() {
    Routing routing = Routing.builder(ReferenceFabrics.fabric("ft4_3"), "minhop").build();
    Map<String, String> options =
        options(OpenSmConfWriter.text(routing, Path.of("/d/lfts"), Path.of("/d/qos"), 1));
    assertEquals("0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0", options.get("qos_sl2vl"));
    assertEquals("0:64", options.get("qos_vlarb_low"));
  }

  @Test
  void aUsedSlOnVl15AndUnreadablePathsAreRefused() {
    Fabric fabric = ReferenceFabrics.fabric("ft4_3");
    SlTable.Builder b = SlTable.perSourceSwitch(fabric);
    b.setSl(0, 1, 2);
    byte[] map = SlTable.identity();
    map[2] = 15;
    SlTable table = b.setSlToVl(map).build();
    assertThrows(IllegalArgumentException.class, () -> OpenSmConfWriter.sl2vl(table, 0b101));
    Routing routing = sparseRouting(fabric);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> OpenSmConfWriter.text(routing, Path.of("/d#1/lfts"), Path.of("/d/qos"), 1));
    assertTrue(e.getMessage().contains("'#'"), e.getMessage());
  }

  @Test
  void lmcOfTheCaPortsIsKept() {
    Fabric fabric = TopologySpec.parse("ktree", List.of("2", "2", "lmc=2")).build();
    Routing routing = Routing.builder(fabric, "minhop").build();
    assertEquals(
        "2",
        options(OpenSmConfWriter.text(routing, Path.of("/d/lfts"), Path.of("/d/qos"), 1))
            .get("lmc"));
  }
}
