package org.ibrouting.engines.torus2qos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.io.FabricFiles;
import org.ibrouting.io.torus.TorusConfigWriter;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.topology.TopologySpec;
import org.ibrouting.topology.TorusConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The torus-2QoS.conf read from a fabric's links: the bundled 4x4 torus, generated 2D and 3D tori
 * and meshes with random GUIDs, node order and ports, and fabrics that are no torus, refused with
 * the switch that breaks them.
 */
class TorusLayoutTest {
  /** The dimensions (radix, ring) of a configuration, largest first. */
  private static List<String> dims(TorusConfig config) {
    List<String> dims = new ArrayList<>();
    for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
      if (config.radix(d) > 1) {
        dims.add(config.radix(d) + (config.isMesh(d) ? "m" : "t"));
      }
    }
    return dims;
  }

  /** The layout's config routes every pair, free of credit loops on its VLs. */
  private static void assertRoutes(TorusLayout layout) throws RoutingException {
    Routing routing =
        new Torus2QosEngine(layout.config()).route(layout.fabric(), RoutingOptions.seeded(1));
    RoutingAssertions.assertAllPairsRouted(routing);
    RoutingAssertions.assertDeadlockFreePerVl(routing);
  }

  @Test
  void theBundledTorusGivesItsConfig() throws Exception {
    Fabric fabric = FabricFiles.read(Path.of("..", "examples", "torus2d_4x4.ibnd"));
    TorusLayout layout = TorusLayout.of(fabric);
    assertEquals("2D torus 4x4", layout.shape());
    assertEquals(
        String.join(
            "\n",
            "torus 4 4 1",
            "xp_link 0x0000000000200000 0x0000000000200004",
            "xm_link 0x0000000000200000 0x000000000020000c",
            "yp_link 0x0000000000200000 0x0000000000200001",
            "ym_link 0x0000000000200000 0x0000000000200003",
            ""),
        TorusConfigWriter.format(layout.config(), null),
        "radix 4 needs both seed links per ring (OpenSM's ERR 4E29 otherwise)");
    assertEquals(0x200000L, fabric.nodeGuid(layout.origin()));
    assertRoutes(layout);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "torus 4,4 1| '4t,4t'",
        "torus 3,5 2| '5t,3t'",
        "torus 6,6 1| '6t,6t'",
        "torus 4,4,4 1| '4t,4t,4t'",
        "torus 5,4,3 1| '5t,4t,3t'",
        "torus 3,3,3 2| '3t,3t,3t'",
        "mesh 4,3 2| '4m,3m'",
        "mesh 2,2 1| '2m,2m'",
        "mesh 3,3,3 1| '3m,3m,3m'",
        "mesh 5,2,4 1| '5m,4m,2m'",
        "mesh 6,5 1| '6m,5m'"
      })
  void generatedToriAndMeshesInAnyNumbering(String spec, String expected) throws Exception {
    Fabric generated = TopologySpec.parse(spec).build();
    for (long seed = 0; seed < 4; seed++) {
      Fabric fabric = seed == 0 ? generated : ScrambledFabrics.scrambled(generated, seed);
      TorusLayout layout = TorusLayout.of(fabric);
      assertEquals(List.of(expected.split(",")), dims(layout.config()), spec + " seed " + seed);
      TorusConfig config = layout.config();
      for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
        TorusConfig.SeedLink plus = config.seeds().get(0).link(d, true);
        assertEquals(config.radix(d) > 1, plus != null, spec + ": the +link of dimension " + d);
        boolean radix4Ring = config.radix(d) == 4 && !config.isMesh(d);
        assertEquals(radix4Ring, config.seeds().get(0).link(d, false) != null, spec);
      }
      for (int sw = 0; sw < fabric.numSwitches(); sw++) {
        for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
          int c = layout.coordinate(sw, d);
          assertTrue(c >= 0 && c < config.radix(d), spec + ": coordinate " + c);
        }
      }
      assertRoutes(layout);
    }
  }

  @Test
  void theGeneratorsOwnConfigForItsTorus() throws Exception {
    Fabric generated = TopologySpec.parse("torus 5,4,3 1").build();
    TorusConfig expected = TopologySpec.parse("torus 5,4,3 1").torusConfig();
    assertEquals(expected, TorusLayout.of(generated).config(), "the generator's own config");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "torus 8 2| 'they form one ring of 8 switches; torus-2QoS finds its dimensions from squares'",
        "mesh 7 1| 'they form one line of 7 switches'",
        "ktree 4 3| 'switch 0x'",
        "hypercube 7 1| 'links to 7 other switches'",
        "jellyfish 16 6 2 3| 'switch 0x'"
      })
  void fabricsThatAreNoTorusAreRefusedNamingWhy(String spec, String reason) {
    Fabric fabric = TopologySpec.parse(spec).build();
    RoutingException e =
        RoutingAssertions.assertRefused(
            RoutingException.Reason.UNSUPPORTED_TOPOLOGY, () -> TorusLayout.of(fabric));
    assertTrue(
        e.getMessage().startsWith("torus-2QoS: the switches are not a 2D or 3D torus or mesh: "),
        e.getMessage());
    assertTrue(e.getMessage().contains(reason), e.getMessage());
  }

  /**
   * A torus whose x rings are cut open between x=4 and x=0 is open in x and closed in y; parallel
   * links count once and widen the port groups.
   */
  @Test
  void openAndClosedDimensionsAndParallelLinks() throws Exception {
    Fabric torus = TopologySpec.parse("torus 5,4 1").build();
    FabricBuilder b = FabricBuilder.from(torus);
    for (int j = 0; j < 4; j++) {
      int last = torus.nodeOfGuid(0x200000L + 4 * 4 + j);
      int first = torus.nodeOfGuid(0x200000L + j);
      for (int p = 1; p <= torus.numPorts(last); p++) {
        int peer = torus.peerPort(torus.port(last, p));
        if (peer >= 0 && torus.nodeOfPort(peer) == first) {
          b.disconnect(last, p);
        }
      }
    }
    Fabric open = ScrambledFabrics.scrambled(b.build(), 7);
    TorusLayout layout = TorusLayout.of(open);
    assertEquals("2D torus 5x4 (x open)", layout.shape());
    assertEquals(List.of("5m", "4t"), dims(layout.config()));
    assertRoutes(layout);
    Fabric parallel =
        Torus2QosInteropTest.withParallelLinks(
            TopologySpec.parse("torus", List.of("3,4", "3", "radix=9")).build(), 2, 3);
    TorusLayout doubled = TorusLayout.of(ScrambledFabrics.scrambled(parallel, 3));
    assertEquals(List.of("4t", "3t"), dims(doubled.config()));
    assertEquals(16, doubled.config().portgroupMaxPorts(), "2 parallel links, 3 hosts + port 0");
    assertRoutes(doubled);
    Fabric crowded = TopologySpec.parse("torus", List.of("3,4", "17")).build();
    assertEquals(18, TorusLayout.of(crowded).config().portgroupMaxPorts(), "17 hosts + port 0");
  }

  /** A 6-cube is a 4x4x4 torus, a 5-cube a 4x4x2 one: torus-2QoS can route them as such. */
  @Test
  void hypercubesOfFiveAndSixDimensionsAreTori() throws Exception {
    assertEquals(
        "3D torus 4x4x4", TorusLayout.of(TopologySpec.parse("hypercube 6 1").build()).shape());
    TorusLayout five = TorusLayout.of(TopologySpec.parse("hypercube 5 1").build());
    assertEquals("3D torus 4x4x2 (z open)", five.shape());
    assertRoutes(five);
  }

  /** A torus with one diagonal link too many: the refusal names a switch it joins. */
  @Test
  void aLinkAcrossTheGridIsRefusedNamingItsSwitch() {
    Fabric torus = TopologySpec.parse("torus", List.of("5,5", "1", "radix=8")).build();
    int a = torus.nodeOfGuid(0x200000L + 6);
    int z = torus.nodeOfGuid(0x200000L + 12);
    FabricBuilder b = FabricBuilder.from(torus);
    b.connect(a, 8, z, 8, null);
    Fabric fabric = b.build();
    RoutingException e = assertThrows(RoutingException.class, () -> TorusLayout.of(fabric));
    assertTrue(
        e.getMessage().contains(fabric.nodeName(fabric.nodeOfGuid(0x200006L)))
            || e.getMessage().contains(fabric.nodeName(fabric.nodeOfGuid(0x20000cL))),
        e.getMessage());
  }

  /** Two tori side by side are one grid too many. */
  @Test
  void twoToriAreNotOne() {
    Fabric one = TopologySpec.parse("torus 4,5 1").build();
    FabricBuilder b = FabricBuilder.from(one);
    for (int node = 0; node < one.numNodes(); node++) {
      b.addNode(one.nodeType(node), one.numPorts(node), one.nodeGuid(node) + 0x1000000L, "twin");
    }
    for (int c = 0; c < one.numPortSlots(); c++) {
      int peer = one.peerPort(c);
      if (peer > c) {
        b.connect(
            one.numNodes() + one.nodeOfPort(c),
            one.portNum(c),
            one.numNodes() + one.nodeOfPort(peer),
            one.portNum(peer),
            null);
      }
    }
    Fabric fabric = b.build();
    RoutingException e = assertThrows(RoutingException.class, () -> TorusLayout.of(fabric));
    assertTrue(
        e.getMessage().contains("grid of 20 switches, but the fabric has 40"), e.getMessage());
  }
}
