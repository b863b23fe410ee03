package org.ibrouting.engines.lash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our LASH against OpenSM 3.3.23 on every reference fabric: the tables entry for entry, the paths
 * per layer before balancing as OpenSM logged them ({@code golden/lash/opensm-layers.txt}), and the
 * VLs needed.
 */
class LashGoldenTest {
  @ParameterizedTest
  @MethodSource(GoldenLfts.REFERENCE_FABRICS)
  void equalsOpenSmLash(String name) throws RoutingException {
    GoldenLfts.assertOpenSmUsed(name, "lash", "lash");
    GoldenLfts.assertSameAsOpenSm(name, "lash", new LashEngine(), RoutingOptions.defaults());
  }

  /** Paths per layer before balancing, per fabric, from OpenSM's log ("Lanes in layer N: M"). */
  static Map<String, long[]> openSmLayers() throws IOException {
    Map<String, long[]> layers = new LinkedHashMap<>();
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(
                LashGoldenTest.class
                    .getClassLoader()
                    .getResourceAsStream("golden/lash/opensm-layers.txt"),
                StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] fields = line.strip().split(" +");
        layers.put(
            fields[0],
            Arrays.stream(fields, 1, fields.length).mapToLong(Long::parseLong).toArray());
      }
    }
    return layers;
  }

  @Test
  void everyReferenceFabricHasItsLoggedLayers() throws IOException {
    assertEquals(
        new java.util.TreeSet<>(ReferenceFabrics.names()),
        new java.util.TreeSet<>(openSmLayers().keySet()));
  }

  /**
   * The layers before balancing hold as many paths as OpenSM's, layer by layer; the SL table uses
   * that many VLs, which is the "vls_needed" of OpenSM's run.
   */
  @ParameterizedTest
  @MethodSource(GoldenLfts.REFERENCE_FABRICS)
  void layersEqualOpenSmsLog(String name) throws Exception {
    long[] golden = openSmLayers().get(name);
    var fabric = ReferenceFabrics.fabric(name);
    assertArrayEquals(
        golden, LashEngine.pathsPerLayerBeforeBalancing(fabric), name + ": paths per layer");
    Routing ours = new LashEngine().route(fabric, RoutingOptions.defaults());
    assertEquals(golden.length, ours.slTable().numVls(), name + ": VLs needed");
    assertEquals(
        (int) ReferenceFabrics.resultNumber(name, "lash", "vls_needed"),
        ours.slTable().numVls(),
        name + ": VLs needed in OpenSM's run");
  }
}
