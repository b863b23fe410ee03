package org.ibrouting.engines.torus2qos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.interop.OpenSmInteropTest;
import org.ibrouting.interop.OpenSmRuns;
import org.ibrouting.interop.OpenSmSimulation;
import org.ibrouting.io.torus.TorusConfigWriter;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.topology.TopologySpec;
import org.ibrouting.topology.TorusConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * torus-2QoS against the real OpenSM 3.3.23 on ibsim ({@code opensm -Q -R torus-2QoS --torus_config
 * FILE}): the same tables entry for entry where OpenSM routes, a refusal with the same ERR code
 * where it falls back. Scenarios: {@code SPEC[;links=N][;switch][;seed=S]}, a generated torus or
 * mesh with N random switch-to-switch links or one random switch failed.
 */
class Torus2QosInteropTest extends OpenSmInteropTest {
  private static final Pattern ERR = Pattern.compile("ERR (4E[0-9A-F]{2})");

  @ParameterizedTest
  @ValueSource(
      strings = {
        "torus 4,4,4 2",
        "torus 3,5 2",
        "mesh 4,3 2",
        "mesh 3,3,3 1",
        "torus 8 2",
        "torus 6,5 1;links=3;seed=1",
        "torus 5,4,3 1;links=4;seed=2",
        "torus 5,5 1;switch;seed=3",
        "torus 4,4,3 1;switch;seed=4",
        "mesh 5,4 1;links=1;seed=5",
        "torus 6,6 1;links=8;seed=6"
      })
  void sameTablesOrSameRefusal(String scenario) throws Exception {
    compare(scenario);
  }

  /** A longer sweep over random failures (about 2 s a scenario): {@code -Dgroups=slow}. */
  @Tag("slow")
  @ParameterizedTest
  @ValueSource(
      strings = {
        "torus 5,5 1",
        "torus 4,4,4 1",
        "torus 6,4 1",
        "mesh 5,5 1",
        "torus 3,3,3 1",
        "mesh 3,4,3 1"
      })
  void randomFailures(String spec) throws Exception {
    java.util.Map<String, Integer> outcomes = new java.util.TreeMap<>();
    for (int seed = 1; seed <= 12; seed++) {
      String kind = seed % 3 == 0 ? "switch" : "links=" + (seed % 3 == 1 ? 1 : 1 + seed % 5);
      outcomes.merge(compare(spec + ";" + kind + ";seed=" + seed), 1, Integer::sum);
    }
    System.out.println(spec + ": " + outcomes);
  }

  static Fabric damaged(String scenario) {
    String[] parts = scenario.split(";");
    Fabric fabric = TopologySpec.parse(parts[0]).build();
    long seed = 0;
    for (String part : parts) {
      if (part.startsWith("seed=")) {
        seed = Long.parseLong(part.substring(5));
      }
    }
    for (String part : parts) {
      if (part.startsWith("links=")) {
        fabric =
            FabricArbitraries.failLinks(fabric, Integer.parseInt(part.substring(6)), false, seed);
      } else if (part.equals("switch")) {
        fabric = FabricArbitraries.failSwitch(fabric, false, seed);
      }
    }
    return fabric;
  }

  static TorusConfig config(String scenario) {
    return TopologySpec.parse(scenario.split(";")[0]).torusConfig();
  }

  /**
   * Configurations beyond the generated one: parallel links (round robin per port group, in
   * placement order), port_order, a seed away from the origin with and without datelines, a backup
   * seed when the first seed's switch failed, LMC 1.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "parallel",
        "parallel+port_order",
        "seed elsewhere",
        "seed elsewhere+datelines",
        "backup seed",
        "lmc",
        "radix too small",
        "radix too large",
        "mesh config on a torus",
        "torus config on a mesh"
      })
  void configurations(String what) throws Exception {
    List<String> extra = List.of();
    Fabric fabric;
    TorusConfig config;
    switch (what) {
      case "parallel", "parallel+port_order" -> {
        fabric =
            withParallelLinks(
                TopologySpec.parse("torus", List.of("3,4", "3", "radix=9")).build(), 2, 3);
        TorusConfig.Builder b =
            TorusConfig.builder(3, 4, 1)
                .link(0, true, 0x200000L, 0x200004L)
                .link(1, true, 0x200000L, 0x200001L)
                .link(1, false, 0x200000L, 0x200003L);
        config = (what.endsWith("port_order") ? b.portOrder(7, 6, 5, 0) : b).build();
      }
      case "seed elsewhere", "seed elsewhere+datelines" -> {
        fabric = TopologySpec.parse("torus", List.of("4,5", "1")).build();
        // S1_2 is 0x200007; its +x neighbour S2_2 0x20000c, -x S0_2 0x200002, +y S1_3 0x200008
        TorusConfig.Builder b =
            TorusConfig.builder(4, 5, 1)
                .link(0, true, 0x200007L, 0x20000cL)
                .link(0, false, 0x200007L, 0x200002L)
                .link(1, true, 0x200007L, 0x200008L);
        config = (what.endsWith("datelines") ? b.dateline(0, -1).dateline(1, -2) : b).build();
      }
      case "backup seed" -> {
        // the first seed's switch S2_2 has failed (OpenSM runs on H0_0_0, which stays)
        Fabric intact = TopologySpec.parse("torus", List.of("5,5", "1")).build();
        fabric = isolate(intact, 0x20000cL);
        config =
            TorusConfig.builder(5, 5, 1)
                .link(0, true, 0x20000cL, 0x200011L)
                .link(1, true, 0x20000cL, 0x20000dL)
                .nextSeed()
                .link(0, true, 0x200006L, 0x20000bL)
                .link(1, true, 0x200006L, 0x200007L)
                .dateline(0, -1)
                .dateline(1, -1)
                .build();
      }
      case "lmc" -> {
        fabric = TopologySpec.parse("torus", List.of("3,4", "2", "lmc=1")).build();
        config = TopologySpec.parse("torus", List.of("3,4", "2")).torusConfig();
        extra = List.of("-l", "1");
      }
      default -> {
        // misconfigurations: whatever OpenSM makes of them, so must we
        String[] shapes =
            switch (what) {
              case "radix too small" -> new String[] {"torus 6,5 1", "torus 3,5 1"};
              case "radix too large" -> new String[] {"torus 5,5 1", "torus 7,5 1"};
              case "mesh config on a torus" -> new String[] {"torus 4,5 1", "mesh 4,5 1"};
              default -> new String[] {"mesh 4,5 1", "torus 4,5 1"};
            };
        fabric = damaged(shapes[0]);
        config = config(shapes[1]);
      }
    }
    String outcome = compare(fabric, config, what, extra);
    if (!what.startsWith("radix") && !what.contains("config on")) {
      assertEquals("routed", outcome);
    }
  }

  /**
   * {@code ibrouting torus-config}'s configuration ({@link TorusLayout}), derived from a fabric
   * with random GUIDs, node order and ports (and from the bundled 4x4 torus), is one OpenSM
   * accepts: its torus-2QoS routes with it, and ours with it gives the same tables, coordinates and
   * SL2VL maps.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "examples/torus2d_4x4.ibnd",
        "torus 4,4,4 1;seed=11",
        "torus 5,4,3 1;seed=12",
        "torus 3,5 2;seed=13",
        "mesh 4,3 1;seed=14",
        "mesh 3,3,3 1;seed=15"
      })
  void aDerivedConfigRoutesAsOpenSmDoes(String scenario) throws Exception {
    Fabric fabric;
    if (scenario.startsWith("examples/")) {
      fabric = org.ibrouting.io.FabricFiles.read(Path.of("..", scenario));
    } else {
      String[] parts = scenario.split(";seed=");
      fabric =
          ScrambledFabrics.scrambled(
              TopologySpec.parse(parts[0]).build(), Long.parseLong(parts[1]));
    }
    TorusConfig derived = TorusLayout.of(fabric).config();
    assertEquals("routed", compare(fabric, derived, "derived " + scenario, List.of()));
  }

  /**
   * Path SLs from OpenSM's SA: a running OpenSM with torus-2QoS answers {@code saquery -p} for
   * every pair of CAs with exactly our SLs, on an intact 3D torus and around a failed switch (the
   * SLs do not change with failures).
   */
  @ParameterizedTest
  @ValueSource(strings = {"torus 3,3,3 1", "torus 3,3,3 1;switch;seed=2"})
  void pathSlsEqualOpenSmsSaAnswers(String scenario) throws Exception {
    Fabric fabric = damaged(scenario);
    TorusConfig config = config(scenario);
    Path work =
        Files.createDirectories(dir.resolve("sa-" + scenario.replaceAll("[^A-Za-z0-9]+", "_")));
    Path net = work.resolve("fabric.net");
    Path conf = work.resolve("torus-2QoS.conf");
    org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter.write(fabric, net);
    TorusConfigWriter.write(config, scenario, conf);
    try (OpenSmSimulation sim = OpenSmSimulation.start(net, work.resolve("sim"));
        OpenSmSimulation.RunningOpenSm opensm =
            sim.startOpenSm(
                List.of("-Q", "-R", "torus-2QoS", "--torus_config", conf.toString()), 120)) {
      assertEquals("torus-2QoS", opensm.engineUsed(), "see " + opensm.log());
      Fabric discovered =
          org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader.read(
              new java.io.StringReader(sim.ibnetdiscover()), scenario);
      Routing ours = new Torus2QosEngine(config).route(discovered, RoutingOptions.defaults());
      org.ibrouting.routing.SlTable theirs = sim.caPathRecords(discovered).slTable();
      boolean[] seen = new boolean[16];
      int pairs = 0;
      for (int src = 1; src <= discovered.maxLid(); src++) {
        for (int dst = 1; dst <= discovered.maxLid(); dst++) {
          if (src != dst && isCaLid(discovered, src) && isCaLid(discovered, dst)) {
            int sl = ours.slTable().sl(src, dst);
            assertEquals(theirs.sl(src, dst), sl, scenario + ": SL of " + src + " -> " + dst);
            seen[sl] = true;
            pairs++;
          }
        }
      }
      System.out.println(scenario + ": " + pairs + " path SLs identical to OpenSM's SA answers");
      assertTrue(seen[7] && seen[0], scenario + ": SL 0 and 7 among them");
    }
  }

  private static boolean isCaLid(Fabric fabric, int lid) {
    int port = fabric.portOfLid(lid);
    return port >= 0 && fabric.baseLid(port) == lid && !fabric.isSwitch(fabric.nodeOfPort(port));
  }

  /** A second link beside every link of dimension 0, on the spare ports after the hosts. */
  static Fabric withParallelLinks(Fabric fabric, int dims, int hosts) {
    org.ibrouting.fabric.FabricBuilder b = org.ibrouting.fabric.FabricBuilder.from(fabric);
    int spare = 2 * dims + hosts + 1;
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      int peer = fabric.peerPort(fabric.port(sw, 1));
      b.connect(sw, spare, fabric.nodeOfPort(peer), spare + 1, fabric.linkRate(fabric.port(sw, 1)));
    }
    return b.build();
  }

  /** The fabric with every link of one switch cut (it and its CAs drop out of discovery). */
  static Fabric isolate(Fabric fabric, long guid) {
    org.ibrouting.fabric.FabricBuilder b = org.ibrouting.fabric.FabricBuilder.from(fabric);
    int sw = fabric.nodeOfGuid(guid);
    for (int p = 1; p <= fabric.numPorts(sw); p++) {
      int peer = fabric.peerPort(fabric.port(sw, p));
      if (peer >= 0 && !fabric.isSwitch(fabric.nodeOfPort(peer))) {
        b.disconnect(fabric.nodeOfPort(peer), fabric.portNum(peer));
      } else if (peer >= 0) {
        b.disconnect(sw, p);
      }
    }
    return b.build();
  }

  /**
   * OpenSM's {@code opensm-torus.dump} ({@code switch i,j,k GUID 0x... (desc)}) lists the same
   * switches at the same coordinates as our discovery; path SLs are a function of them.
   */
  static void assertSameCoordinates(Fabric fabric, TorusConfig config, Path dump, String what)
      throws IOException, RoutingException {
    Torus t = TorusDiscovery.discover(fabric, config);
    java.util.Map<Long, String> ours = new java.util.TreeMap<>();
    for (int s = 0; s < t.numSlots; s++) {
      int pos = t.posOfSlot[s];
      ours.put(
          fabric.nodeGuid(t.nodeOfSlot[s]),
          t.coord(pos, 0) + "," + t.coord(pos, 1) + "," + t.coord(pos, 2));
    }
    java.util.Map<Long, String> theirs = new java.util.TreeMap<>();
    Pattern line = Pattern.compile("^switch (\\d+,\\d+,\\d+) GUID 0x([0-9a-f]+) ");
    for (String text : Files.readAllLines(dump, StandardCharsets.ISO_8859_1)) {
      Matcher m = line.matcher(text);
      if (m.find()) {
        theirs.put(Long.parseUnsignedLong(m.group(2), 16), m.group(1));
      }
    }
    assertEquals(theirs, ours, what + ": switch coordinates (GUID -> x,y,z)");
  }

  /**
   * Every row of OpenSM's {@code opensm-sl2vl.dump} (per switch: input port, output port, the VL of
   * SL 0..15; per CA port one row) equals what our per-port maps give.
   */
  static void assertSameSl2Vl(Fabric fabric, Routing ours, Path dump, String what)
      throws IOException {
    org.ibrouting.routing.PortSl2Vl map = ours.slTable().portSl2Vl();
    Pattern header = Pattern.compile("^(Switch|Channel Adapter) 0x([0-9a-f]{16}),");
    int node = -1;
    int caPort = -1;
    int rows = 0;
    for (String text : Files.readAllLines(dump, StandardCharsets.ISO_8859_1)) {
      Matcher m = header.matcher(text);
      if (m.find()) {
        long guid = Long.parseUnsignedLong(m.group(2), 16);
        node = m.group(1).equals("Switch") ? fabric.nodeOfGuid(guid) : -1;
        caPort = node < 0 ? fabric.portOfGuid(guid) : -1;
        continue;
      }
      if (text.startsWith("#") || text.isBlank()) {
        continue;
      }
      String[] f = text.replace(":", " ").trim().split("\\s+");
      int in = Integer.parseInt(f[0]);
      int out = Integer.parseInt(f[1]);
      for (int sl = 0; sl < 16; sl++) {
        int vl =
            node >= 0
                ? map.vl(fabric.port(node, in), fabric.port(node, out), sl)
                : map.vl(caPort, caPort, sl);
        assertEquals(
            Integer.parseInt(f[2 + sl]),
            vl,
            what
                + ": SL2VL of "
                + (node >= 0 ? fabric.nodeName(node) : fabric.portName(caPort))
                + " in "
                + in
                + " out "
                + out
                + " SL "
                + sl);
      }
      rows++;
    }
    assertTrue(rows > fabric.numSwitches(), what + ": only " + rows + " SL2VL rows in " + dump);
  }

  /** Compares one scenario; returns "routed" or OpenSM's ERR code. */
  String compare(String scenario) throws IOException, RoutingException {
    return compare(damaged(scenario), config(scenario), scenario, List.of());
  }

  private String compare(Fabric fabric, TorusConfig config, String scenario, List<String> extraArgs)
      throws IOException, RoutingException {
    String name = scenario.replaceAll("[^A-Za-z0-9]+", "_");
    Path work = Files.createDirectories(dir.resolve(name));
    Path conf = work.resolve("torus-2QoS.conf");
    TorusConfigWriter.write(config, scenario, conf);
    List<String> args = new java.util.ArrayList<>(List.of("--torus_config", conf.toString()));
    args.addAll(extraArgs);
    OpenSmRuns.Run run = OpenSmRuns.run(fabric, "torus-2QoS", work, args);
    Fabric discovered = run.fabric();
    OpenSmSimulation.Result result = run.result();
    Torus2QosEngine engine = new Torus2QosEngine(config);
    if ("torus-2QoS".equals(result.engineUsed())) {
      Routing ours = engine.route(discovered, RoutingOptions.defaults());
      GoldenLfts.assertSameLfts(run.routing(), ours, scenario);
      assertSameCoordinates(
          discovered, config, result.dumpDir().resolve("opensm-torus.dump"), scenario);
      assertSameSl2Vl(discovered, ours, result.dumpDir().resolve("opensm-sl2vl.dump"), scenario);
      System.out.println(
          scenario + ": routed, LFTs, coordinates and SL2VL maps identical to OpenSM's");
      return "routed";
    }
    String log = Files.readString(result.log(), StandardCharsets.ISO_8859_1);
    Matcher m = ERR.matcher(log);
    assertTrue(
        m.find(),
        "OpenSM fell back to " + result.engineUsed() + " without an ERR 4Exx; see " + result.log());
    RoutingException e =
        assertThrows(
            RoutingException.class,
            () -> engine.route(discovered, RoutingOptions.defaults()),
            scenario + ": OpenSM refused with ERR " + m.group(1) + " but we routed");
    assertTrue(
        e.getMessage().contains("ERR " + m.group(1)),
        scenario + ": OpenSM's first error is ERR " + m.group(1) + ", ours: " + e.getMessage());
    System.out.println(scenario + ": both refuse, " + e.getMessage());
    return "ERR " + m.group(1);
  }
}
