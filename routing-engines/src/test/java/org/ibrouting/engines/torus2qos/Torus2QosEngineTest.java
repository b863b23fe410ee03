package org.ibrouting.engines.torus2qos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.sl.SlFileReader;
import org.ibrouting.io.sl.SlFileWriter;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.simulation.RoutingQuality;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.topology.Topologies;
import org.ibrouting.topology.TorusConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Path SLs, the per-port VL rule against the verifier, the SL file, and the refusals. */
class Torus2QosEngineTest {
  private static Routing route(int[] radix, int hosts, Torus2QosEngine.Sl2Vl sl2vl)
      throws RoutingException {
    return new Torus2QosEngine(Topologies.torusConfig(radix, hosts, true), sl2vl)
        .route(Topologies.torus(radix, hosts), RoutingOptions.defaults());
  }

  /** Generated switch names are S<x>_<y>[_<z>]: the coordinates, since the seed is S0_0_0. */
  private static int[] coordinates(Fabric fabric, int lid) {
    int port = fabric.portOfLid(lid);
    int sw = fabric.nodeOfPort(fabric.switchPortOf(port));
    String[] parts = fabric.description(sw).substring(1).split("_");
    int[] c = new int[parts.length];
    for (int i = 0; i < c.length; i++) {
      c[i] = Integer.parseInt(parts[i]);
    }
    return c;
  }

  /**
   * Bit d of the SL is set exactly when the shorter way in dimension d wraps around (ties go
   * direct).
   */
  @Test
  void pathSlMarksTheDatelinesCrossed() throws RoutingException {
    int[] radix = {5, 4, 3};
    Routing routing = route(radix, 1, Torus2QosEngine.Sl2Vl.PORT);
    Fabric fabric = routing.fabric();
    int crossing = 0;
    for (int src = 1; src <= fabric.maxLid(); src++) {
      if (fabric.isSwitch(fabric.nodeOfLid(src))) {
        continue;
      }
      for (int dst = 1; dst <= fabric.maxLid(); dst++) {
        if (src == dst || fabric.isSwitch(fabric.nodeOfLid(dst))) {
          continue;
        }
        int[] a = coordinates(fabric, src);
        int[] b = coordinates(fabric, dst);
        int expected = 0;
        for (int d = 0; d < 3; d++) {
          int direct = Math.abs(a[d] - b[d]);
          expected |= direct > radix[d] - direct ? 1 << d : 0;
        }
        assertEquals(expected, routing.slTable().sl(src, dst), "SL " + src + " -> " + dst);
        crossing += expected == 7 ? 1 : 0;
      }
    }
    assertTrue(crossing > 0, "some paths cross all three datelines");
  }

  /**
   * Without VLs a torus of radix 5 has credit loops (radix 4 has none: its shortest paths are too
   * short to close a ring); the per-port rule removes them with 2 VLs, VL = SL with 8.
   */
  @Test
  void twoVlsPerPortMakeATorusDeadlockFree() throws Exception {
    Routing routing = route(new int[] {5, 5, 3}, 2, Torus2QosEngine.Sl2Vl.PORT);
    assertFalse(CreditLoopVerifier.defaults().ignoringSls(true).verify(routing).isDeadlockFree());
    CdgReport cdg = CreditLoopVerifier.defaults().verify(routing);
    assertTrue(cdg.isDeadlockFree(), cdg.toString());
    assertEquals(2, cdg.numVls());
    assertEquals(2, routing.slTable().numVls());
    assertTrue(cdg.numVertices(0) > 0 && cdg.numVertices(1) > 0, cdg.toString());
    RoutingAssertions.assertVlsWithin(routing, 2);
    CdgReport withEndpoints =
        CreditLoopVerifier.defaults().withEndpointChannels(true).verify(routing);
    assertTrue(withEndpoints.isDeadlockFree(), withEndpoints.toString());

    Routing identity = route(new int[] {5, 5, 3}, 2, Torus2QosEngine.Sl2Vl.IDENTITY);
    assertEquals(8, identity.slTable().numVls());
    assertEquals(null, identity.slTable().portSl2Vl());
    RoutingAssertions.assertDeadlockFreePerVl(identity);
  }

  /**
   * The benchmark: on the 4x4x4 torus with 2 hosts per switch torus-2QoS reaches an
   * effective bisection bandwidth of at least 0.66 over 1,000 random bisections (OpenSM's: 0.661),
   * above DOR's 0.632 on the same patterns.
   */
  @Test
  void lambdaOnTheFourCubeTorus() throws Exception {
    Routing routing = route(new int[] {4, 4, 4}, 2, Torus2QosEngine.Sl2Vl.PORT);
    double lambda =
        RoutingQuality.measure(routing, new RoutingQuality.Options(1000, 0, 2, null)).lambda();
    Routing dor =
        new org.ibrouting.engines.dor.DorEngine()
            .route(routing.fabric(), RoutingOptions.defaults());
    double dorLambda =
        RoutingQuality.measure(dor, new RoutingQuality.Options(1000, 0, 2, null)).lambda();
    assertTrue(lambda >= 0.66 && lambda > dorLambda, "torus-2QoS " + lambda + ", dor " + dorLambda);
  }

  /**
   * A missing switch makes paths turn against dimension order; the hop after such a turn goes on VL
   * 2 or 3 and keeps the torus deadlock-free, which the same tables on 2 VLs are not.
   */
  @Test
  void turnsAroundAMissingSwitchNeedTheTurnVls() throws Exception {
    int[] radix = {5, 5};
    Fabric fabric = FabricArbitraries.failSwitch(Topologies.torus(radix, 1), true, 1);
    TorusConfig config = Topologies.torusConfig(radix, 1, true);
    Routing routing = new Torus2QosEngine(config).route(fabric, RoutingOptions.defaults());
    assertEquals(4, routing.slTable().numVls());
    CdgReport cdg = CreditLoopVerifier.defaults().verify(routing);
    assertTrue(cdg.isDeadlockFree(), cdg.toString());
    assertTrue(cdg.numVertices(2) + cdg.numVertices(3) > 0, "some hops follow a turn: " + cdg);
    Routing twoVls =
        new Torus2QosEngine(config).route(fabric, RoutingOptions.defaults().withMaxVls(2));
    assertEquals(2, twoVls.slTable().numVls());
    CdgReport without = CreditLoopVerifier.defaults().verify(twoVls);
    assertFalse(
        without.isDeadlockFree(),
        "with 2 data VLs OpenSM warns a failed switch may deadlock: " + without);
    assertTrue(
        without
            .creditLoop(without.cyclicVls()[0])
            .orElseThrow()
            .channelNames()
            .get(0)
            .contains("(VL "),
        "the witness names each channel's VL");
  }

  /** The SL file carries the per-port maps: read back, the verifier gives the same answer. */
  @Test
  void slFileKeepsThePerPortRule() throws Exception {
    Routing routing = route(new int[] {5, 4}, 2, Torus2QosEngine.Sl2Vl.PORT);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    SlFileWriter.write(routing, out);
    String text = out.toString(StandardCharsets.US_ASCII);
    assertTrue(text.startsWith(SlFileWriter.MAGIC_V2), text.substring(0, 30));
    Routing back =
        routing.withSlTable(
            "file", SlFileReader.read(routing.fabric(), new StringReader(text), "t.sl"));
    assertEquals(routing.slTable().portSl2Vl(), back.slTable().portSl2Vl());
    assertEquals(
        CreditLoopVerifier.defaults().verify(routing).toString(),
        CreditLoopVerifier.defaults().verify(back).toString());
  }

  @Test
  void registeredWithItsSettingAndConfig() throws Exception {
    TorusConfig config = Topologies.torusConfig(new int[] {3, 3}, 1, true);
    Fabric fabric = Topologies.torus(new int[] {3, 3}, 1);
    Routing port =
        Engines.create("torus-2QoS", EngineConfig.none().with(EngineInputs.TORUS_CONFIG, config))
            .route(fabric, RoutingOptions.defaults());
    assertTrue(port.slTable().portSl2Vl() != null);
    Routing identity =
        Engines.create(
                "torus-2QoS:torus_sl2vl=identity",
                EngineConfig.none().with(EngineInputs.TORUS_CONFIG, config))
            .route(fabric, RoutingOptions.defaults());
    assertEquals(null, identity.slTable().portSl2Vl());
    RoutingException e =
        assertThrows(
            RoutingException.class,
            () ->
                Engines.create("torus-2QoS", EngineConfig.none())
                    .route(fabric, RoutingOptions.defaults()));
    assertTrue(e.getMessage().startsWith("torus-2QoS: no torus-2QoS.conf given"), e.getMessage());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "vls|4E48",
        "port_order|4E21",
        "no xm on radix 4|4E23",
        "xp and xm from different switches|4E24",
        "no y link|4E2E",
        "x and y from different switches|4E2F",
        "seed switch missing|4E30",
        "too many hosts|4E1E",
        "two links cut in a ring|4E33",
        "two switches missing in different columns|4E38"
      })
  void refusesWithOpenSmsCodeNamingTheCause(String what, String code) {
    int[] radix = {5, 4};
    Fabric fabric = Topologies.torus(radix, 2);
    TorusConfig.Builder b = seeded(5, 4, 0x200004L);
    RoutingOptions options = RoutingOptions.defaults();
    switch (what) {
      case "vls" -> options = options.withMaxVls(1);
      case "port_order" -> b.portOrder(9);
      case "no xm on radix 4" -> b = seeded(4, 4, 0x200004L);
      case "xp and xm from different switches" ->
          b = seeded(4, 4, 0x200004L).link(0, false, 0x200001L, 0x20000dL);
      case "no y link" -> b = TorusConfig.builder(5, 3, 1).link(0, true, 0x200000L, 0x200004L);
      case "x and y from different switches" ->
          b =
              TorusConfig.builder(5, 3, 1)
                  .link(0, true, 0x200000L, 0x200004L)
                  .link(1, true, 0x200004L, 0x200005L);
      case "seed switch missing" -> b = seeded(5, 4, 0x299999L);
      case "too many hosts" -> fabric = Topologies.torus(radix, 16);
      case "two links cut in a ring" ->
          fabric = cut(fabric, List.of(0x200000L, 0x200004L, 0x200008L, 0x20000cL));
      default -> fabric = cutSwitches(fabric, 0x200006L, 0x20000bL);
    }
    Fabric damaged = fabric;
    TorusConfig config = b.build();
    RoutingOptions opts = options;
    RoutingException e =
        assertThrows(
            RoutingException.class, () -> new Torus2QosEngine(config).route(damaged, opts));
    assertTrue(
        e.getMessage().startsWith("torus-2QoS: ERR " + code + ": "), what + ": " + e.getMessage());
  }

  /**
   * A 1-plane config of an x-by-y torus seeded at switch 0x200000: its x+ link to {@code xPlus},
   * its y+ link to 0x200001 and its y- link to 0x200003.
   */
  private static TorusConfig.Builder seeded(int x, int y, long xPlus) {
    return TorusConfig.builder(x, y, 1)
        .link(0, true, 0x200000L, xPlus)
        .link(1, true, 0x200000L, 0x200001L)
        .link(1, false, 0x200000L, 0x200003L);
  }

  /** Cuts the x links from each listed switch to the next listed one. */
  private static Fabric cut(Fabric fabric, List<Long> chain) {
    org.ibrouting.fabric.FabricBuilder b = org.ibrouting.fabric.FabricBuilder.from(fabric);
    for (int i = 0; i + 1 < chain.size(); i += 2) {
      int a = fabric.nodeOfGuid(chain.get(i));
      for (int p = 1; p <= fabric.numPorts(a); p++) {
        int peer = fabric.peerPort(fabric.port(a, p));
        if (peer >= 0 && fabric.nodeGuid(fabric.nodeOfPort(peer)) == chain.get(i + 1)) {
          b.disconnect(a, p);
        }
      }
    }
    return b.build();
  }

  /** Cuts every link of the listed switches. */
  private static Fabric cutSwitches(Fabric fabric, long... guids) {
    org.ibrouting.fabric.FabricBuilder b = org.ibrouting.fabric.FabricBuilder.from(fabric);
    for (long guid : guids) {
      int sw = fabric.nodeOfGuid(guid);
      for (int p = 1; p <= fabric.numPorts(sw); p++) {
        if (fabric.peerPort(fabric.port(sw, p)) >= 0) {
          b.disconnect(sw, p);
        }
      }
    }
    return b.build();
  }
}
