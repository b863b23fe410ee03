package org.ibrouting.topology;

import static org.ibrouting.testkit.FabricAssertions.assertSameFabric;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The generators reproduce the reference fabrics of {@code shared/fabrics} (what ibnetdiscover
 * printed under ibsim, with OpenSM's LIDs) exactly. Here, not in routing-core, because reading them
 * takes lft-io's reader.
 */
class ReferenceTopologiesTest {
  @Test
  void ft43IsTheSharedFabric() {
    assertSameFabric(ReferenceFabrics.fabric("ft4_3"), Topologies.kAryNTree(4, 3));
  }

  @Test
  void ft83IsTheSharedFabric() {
    assertSameFabric(ReferenceFabrics.fabric("ft8_3"), Topologies.kAryNTree(8, 3));
  }

  @Test
  void torus4x4IsTheSharedFabric() {
    assertSameFabric(ReferenceFabrics.fabric("torus2d_4x4"), Topologies.torus(new int[] {4, 4}, 4));
  }

  @Test
  void hypercube5IsTheSharedFabric() {
    assertSameFabric(ReferenceFabrics.fabric("hypercube5"), Topologies.hypercube(5, 2));
  }

  @Test
  void dragonflyA4p2h2IsTheSharedFabric() {
    assertSameFabric(ReferenceFabrics.fabric("dragonfly_a4p2h2"), Topologies.dragonfly(4, 2, 2));
  }

  @Test
  void oversubscribedXgftIsTheSharedFabricUpToNames() {
    Fabric reference = ReferenceFabrics.fabric("oversub_2to1");
    Fabric generated =
        Topologies.xgft(
            new int[] {16, 12}, new int[] {1, 8}, TopologyOptions.DEFAULT.withRadix(24));
    // the reference names spines Sspine<j>, leaves Sleaf<i>, hosts H<leaf>_<j>
    Map<String, String> rename = new TreeMap<>();
    for (int j = 0; j < 8; j++) {
      rename.put("Sspine" + j, "S1_" + j);
    }
    for (int i = 0; i < 12; i++) {
      rename.put("Sleaf" + i, "S0_" + i);
      for (int j = 0; j < 16; j++) {
        rename.put("H" + i + "_" + j, "H" + (16 * i + j));
      }
    }
    assertEquals(linksByName(reference, rename), linksByName(generated, Map.of()));
    assertEquals(portCounts(reference, rename), portCounts(generated, Map.of()));
  }

  @Test
  void jellyfishHasTheShapeOfJellyfish32() {
    Fabric reference = ReferenceFabrics.fabric("jellyfish32");
    Fabric generated = Topologies.jellyfish(32, 12, 12, 32);
    assertEquals(reference.numSwitches(), generated.numSwitches());
    assertEquals(reference.numCas(), generated.numCas());
    assertEquals(reference.numLinks(), generated.numLinks());
    assertArrayEquals(degrees(reference), degrees(generated));
    assertTrue(Connectivity.isConnected(generated));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ft4_3",
        "ft8_3",
        "oversub_2to1",
        "torus2d_4x4",
        "hypercube5",
        "dragonfly_a4p2h2",
        "jellyfish32"
      })
  void openSmLidRuleReproducesEveryReferenceFabric(String name) {
    Fabric reference = ReferenceFabrics.fabric(name);
    Fabric relabelled = OpenSmLids.reassign(reference, 0, reference.nodeOfGuid(0x200000L));
    for (int port = 0; port < reference.numPortSlots(); port++) {
      assertEquals(reference.baseLid(port), relabelled.baseLid(port), reference.portName(port));
    }
  }

  static int[] degrees(Fabric f) {
    int[] d = new int[f.numNodes()];
    for (int node = 0; node < f.numNodes(); node++) {
      d[node] = f.outDegree(node) * 1000 + f.numPorts(node);
    }
    Arrays.sort(d);
    return d;
  }

  static List<String> linksByName(Fabric f, Map<String, String> rename) {
    List<String> links = new ArrayList<>();
    for (int channel = 0; channel < f.numPortSlots(); channel++) {
      int peer = f.peerPort(channel);
      if (peer < 0) {
        continue;
      }
      String from =
          rename.getOrDefault(
              f.description(f.nodeOfPort(channel)), f.description(f.nodeOfPort(channel)));
      String to =
          rename.getOrDefault(f.description(f.nodeOfPort(peer)), f.description(f.nodeOfPort(peer)));
      links.add(from + "[" + f.portNum(channel) + "]-" + to + "[" + f.portNum(peer) + "]");
    }
    links.sort(null);
    return links;
  }

  static Map<String, Integer> portCounts(Fabric f, Map<String, String> rename) {
    Map<String, Integer> counts = new TreeMap<>();
    for (int node = 0; node < f.numNodes(); node++) {
      counts.put(rename.getOrDefault(f.description(node), f.description(node)), f.numPorts(node));
    }
    return counts;
  }
}
