package org.ibrouting.engines.torus2qos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.opensm.OpenSmSimulation;
import org.ibrouting.io.torus.TorusConfigWriter;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.topology.TopologySpec;
import org.ibrouting.topology.TorusConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * torus-2QoS against the real OpenSM 3.3.23 on ibsim ({@code opensm -Q -R torus-2QoS
 * --torus_config FILE}): the same tables entry for entry where OpenSM routes, a refusal with the
 * same ERR code where it falls back. Scenarios: {@code SPEC[;links=N][;switch][;seed=S]}, a
 * generated torus or mesh with N random switch-to-switch links or one random switch failed.
 */
@Tag("interop")
class Torus2QosInteropTest {
  private static final Pattern ERR = Pattern.compile("ERR (4E[0-9A-F]{2})");

  @TempDir
  Path dir;

  @ParameterizedTest
  @ValueSource(strings = {
      "torus 4,4,4 2", "torus 3,5 2", "mesh 4,3 2", "mesh 3,3,3 1",
      "torus 6,5 1;links=3;seed=1", "torus 5,4,3 1;links=4;seed=2", "torus 5,5 1;switch;seed=3",
      "torus 4,4,3 1;switch;seed=4", "mesh 5,4 1;links=1;seed=5", "torus 6,6 1;links=8;seed=6"})
  void sameTablesOrSameRefusal(String scenario) throws Exception {
    assumeTrue(OpenSmSimulation.available(), "ibsim/opensm not installed (apt-get install opensm"
        + " ibsim-utils infiniband-diags); .ci/run installs them");
    compare(scenario);
  }

  /** A longer sweep over random failures (about 2 s a scenario): {@code -Dgroups=slow}. */
  @Tag("slow")
  @ParameterizedTest
  @ValueSource(strings = {"torus 5,5 1", "torus 4,4,4 1", "torus 6,4 1", "mesh 5,5 1", "torus 3,3,3 1", "mesh 3,4,3 1"})
  void randomFailures(String spec) throws Exception {
    assumeTrue(OpenSmSimulation.available(), "ibsim/opensm not installed");
    java.util.Map<String, Integer> outcomes = new java.util.TreeMap<>();
    for (int seed = 1; seed <= 12; seed++) {
      String kind = seed % 3 == 0 ? "switch" : "links=" + (seed % 3 == 1 ? 1 : 1 + seed % 5);
      outcomes.merge(compare(spec + ";" + kind + ";seed=" + seed), 1, Integer::sum);
    }
    System.out.println(spec + ": " + outcomes);
  }

  static Fabric damaged(String scenario) {
    String[] parts = scenario.split(";");
    String[] words = parts[0].split(" ");
    Fabric fabric = TopologySpec.parse(words[0], List.of(words).subList(1, words.length)).build();
    long seed = 0;
    for (String part : parts) {
      if (part.startsWith("seed=")) {
        seed = Long.parseLong(part.substring(5));
      }
    }
    for (String part : parts) {
      if (part.startsWith("links=")) {
        fabric = FabricArbitraries.failLinks(fabric, Integer.parseInt(part.substring(6)), false, seed);
      } else if (part.equals("switch")) {
        fabric = FabricArbitraries.failSwitch(fabric, false, seed);
      }
    }
    return fabric;
  }

  static TorusConfig config(String scenario) {
    String[] words = scenario.split(";")[0].split(" ");
    return TopologySpec.parse(words[0], List.of(words).subList(1, words.length)).torusConfig();
  }

  /** Compares one scenario; returns "routed" or OpenSM's ERR code. */
  String compare(String scenario) throws IOException, RoutingException {
    String name = scenario.replaceAll("[^A-Za-z0-9]+", "_");
    Fabric fabric = damaged(scenario);
    TorusConfig config = config(scenario);
    Path net = dir.resolve(name + ".net");
    Path conf = dir.resolve(name + ".conf");
    IbnetdiscoverWriter.write(fabric, net);
    TorusConfigWriter.write(config, scenario, conf);
    try (OpenSmSimulation sim = OpenSmSimulation.start(net, dir.resolve("sim-" + name))) {
      OpenSmSimulation.Result result = sim.runOpenSm("torus-2QoS",
          List.of("-Q", "--torus_config", conf.toString()));
      Fabric discovered = IbnetdiscoverReader.read(new StringReader(sim.ibnetdiscover()), name);
      Torus2QosEngine engine = new Torus2QosEngine(config);
      if ("torus-2QoS".equals(result.engineUsed())) {
        Routing theirs = LftDumpReader.read(discovered, result.lftDump());
        Routing ours = engine.route(discovered, RoutingOptions.defaults());
        GoldenLfts.assertSameLfts(theirs, ours, scenario);
        System.out.println(scenario + ": routed, tables identical to OpenSM's");
        return "routed";
      } else {
        String log = Files.readString(result.log(), StandardCharsets.ISO_8859_1);
        Matcher m = ERR.matcher(log);
        assertTrue(m.find(), "OpenSM fell back to " + result.engineUsed() + " without an ERR 4Exx; see " + result.log());
        RoutingException e = assertThrows(RoutingException.class,
            () -> engine.route(discovered, RoutingOptions.defaults()),
            scenario + ": OpenSM refused with ERR " + m.group(1) + " but we routed");
        assertTrue(e.getMessage().contains("ERR " + m.group(1)), scenario + ": OpenSM's first error is ERR "
            + m.group(1) + ", ours: " + e.getMessage());
        System.out.println(scenario + ": both refuse, " + e.getMessage());
        return "ERR " + m.group(1);
      }
    }
  }
}
