package org.ibrouting.simulation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.testkit.TestRoutings;
import org.junit.jupiter.api.Test;

/** Compares the simulator with a slow, obviously correct reference on seeded random inputs. */
class ReferenceSimulatorTest {

  /** The path of src -> dst walked straight from the LFTs into a list of channels. */
  private static List<Integer> naivePath(Routing routing, EndPorts endpoints, int src, int dst) {
    Fabric fabric = routing.fabric();
    List<Integer> path = new ArrayList<>();
    int channel = endpoints.port(src);
    path.add(channel);
    int node = fabric.channelHead(channel);
    while (fabric.isSwitch(node)) {
      channel = fabric.port(node, routing.outPort(node, endpoints.lid(dst)));
      path.add(channel);
      node = fabric.channelHead(channel);
    }
    return path;
  }

  private static int[] naiveCongestion(
      Routing routing, EndPorts endpoints, Pattern pattern, int[] map) {
    int[] out = new int[pattern.numStreams()];
    for (int l = 0; l < pattern.numLevels(); l++) {
      Map<Integer, Integer> tau = new HashMap<>();
      List<List<Integer>> paths = new ArrayList<>();
      for (int k = pattern.levelStart(l); k < pattern.levelStart(l + 1); k++) {
        List<Integer> path =
            naivePath(routing, endpoints, map[pattern.sender(k)], map[pattern.receiver(k)]);
        paths.add(path);
        for (int c : path) {
          tau.merge(c, 1, Integer::sum);
        }
      }
      for (int k = pattern.levelStart(l); k < pattern.levelStart(l + 1); k++) {
        int max = 0;
        for (int c : paths.get(k - pattern.levelStart(l))) {
          max = Math.max(max, tau.get(c));
        }
        out[k] = max;
      }
    }
    return out;
  }

  @Test
  void streamCongestionMatchesNaiveReference() {
    Routing tree = TestRoutings.dModK(4, 3, false);
    Routing single = TestRoutings.dModK(4, 3, true);
    SplittableRandom random = new SplittableRandom(2024);
    String[] patterns = {
      "rand",
      "bisect",
      "bruck",
      "recdbl",
      "6neighbor",
      "gather",
      "alltoall",
      "ptrnvsptrn(tree,rand,30)"
    };
    for (Routing t : new Routing[] {tree, single}) {
      EndPorts endpoints = EndPorts.cabledCas(t.fabric());
      for (long budget : new long[] {PathTable.DEFAULT_EXPLICIT_BUDGET, 0}) {
        PathTable table = PathTable.build(t, endpoints, budget);
        for (String name : patterns) {
          for (int trial = 0; trial < 5; trial++) {
            int n = 40 + random.nextInt(25);
            Pattern p = PatternSpec.parse(name).generate(n, random);
            int[] pool = new int[endpoints.size()];
            for (int i = 0; i < pool.length; i++) {
              pool[i] = i;
            }
            for (int i = pool.length - 1; i > 0; i--) {
              int j = random.nextInt(i + 1);
              int x = pool[i];
              pool[i] = pool[j];
              pool[j] = x;
            }
            int[] map = java.util.Arrays.copyOf(pool, n);
            assertArrayEquals(
                naiveCongestion(t, endpoints, p, map),
                Simulator.streamCongestion(table, p, map),
                name + " on " + n + " ranks");
          }
        }
      }
    }
  }
}
