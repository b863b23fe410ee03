package org.ibrouting.io.opensm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.testing.QosPolicyModel;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.SlTable;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The QoS policy answers, for every ordered pair of end ports, the SL of the routing's table, read
 * with OpenSM's first-match semantics by an independent reading ({@link QosPolicyModel}).
 */
class QosPolicyWriterTest {
  @TempDir Path dir;

  /** How the SLs of a random table depend on the path. */
  enum Kind {
    PER_SOURCE_SWITCH,
    PER_DESTINATION,
    PER_SOURCE_LID
  }

  static Stream<Arguments> fabricsAndKinds() {
    return Stream.of("ft4_3", "torus2d_4x4", "hypercube5", "dragonfly_a4p2h2", "jellyfish32")
        .flatMap(name -> Stream.of(Kind.values()).map(kind -> Arguments.of(name, kind)))
        // a table per source LID of jellyfish32's 416 LIDs costs seconds and adds no case
        .filter(a -> !(a.get()[0].equals("jellyfish32") && a.get()[1] == Kind.PER_SOURCE_LID));
  }

  /** A random SL table of the given kind, SLs 0..numSls-1. */
  static SlTable randomTable(Fabric fabric, Kind kind, int numSls, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    SlTable.Builder b =
        switch (kind) {
          case PER_SOURCE_SWITCH -> SlTable.perSourceSwitch(fabric);
          case PER_SOURCE_LID -> SlTable.perSourceLid(fabric);
          case PER_DESTINATION -> {
            int[] group = new int[fabric.maxLid() + 1];
            for (int lid = 1; lid <= fabric.maxLid(); lid++) {
              group[lid] = fabric.portOfLid(lid) >= 0 ? 0 : -1;
            }
            yield new SlTable.Builder(group, 1, fabric.maxLid() + 1);
          }
        };
    int groups =
        switch (kind) {
          case PER_SOURCE_SWITCH -> fabric.numSwitches();
          case PER_SOURCE_LID -> fabric.maxLid() + 1;
          case PER_DESTINATION -> 1;
        };
    for (int group = 0; group < groups; group++) {
      for (int dst = 1; dst <= fabric.maxLid(); dst++) {
        b.setSl(group, dst, random.nextInt(4) == 0 ? 0 : random.nextInt(numSls));
      }
    }
    return b.build();
  }

  static String policy(Routing routing) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    QosPolicyWriter.write(routing, out);
    return out.toString(StandardCharsets.US_ASCII);
  }

  /** Asserts the policy gives every ordered pair of end ports (switch ports 0 included) its SL. */
  static void assertEveryPairGetsItsSl(Routing routing, QosPolicyModel model) {
    Fabric fabric = routing.fabric();
    SlTable table = routing.slTable();
    for (int src = 1; src <= fabric.maxLid(); src++) {
      int srcPort = fabric.portOfLid(src);
      if (srcPort < 0) {
        continue;
      }
      for (int dst = 1; dst <= fabric.maxLid(); dst++) {
        int dstPort = fabric.portOfLid(dst);
        if (dstPort < 0) {
          continue;
        }
        int sl = model.sl(fabric.portGuid(srcPort), fabric.portGuid(dstPort));
        if (sl != table.sl(src, dst)) {
          throw new AssertionError(
              "PathRecord "
                  + src
                  + " -> "
                  + dst
                  + ": the policy gives SL "
                  + sl
                  + ", the routing SL "
                  + table.sl(src, dst));
        }
      }
    }
  }

  @ParameterizedTest
  @MethodSource("fabricsAndKinds")
  void everyPairOfEndPortsGetsTheRoutingsSl(String name, Kind kind) throws IOException {
    Fabric fabric = ReferenceFabrics.fabric(name);
    Routing routing =
        Routing.builder(fabric, "test")
            .setSlTable(randomTable(fabric, kind, 4, name.hashCode() + kind.ordinal()))
            .build();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    QosPolicyWriter.Stats stats = QosPolicyWriter.write(routing, out);
    QosPolicyModel model = QosPolicyModel.parse(out.toString(StandardCharsets.US_ASCII));
    assertEveryPairGetsItsSl(routing, model);
    assertEquals(stats.rules(), model.numRules());
    assertEquals(stats.sourceGroups() + stats.destinationGroups(), model.numGroups());
    assertEquals(out.size(), stats.bytes());
    assertEquals(0b1111, stats.usedSls());
    if (kind == Kind.PER_DESTINATION) {
      assertEquals(1, stats.sourceGroups(), "SLs by destination only: one source group");
      assertEquals(3, stats.rules(), "one rule per SL other than 0");
    }
    if (kind == Kind.PER_SOURCE_SWITCH) {
      assertTrue(stats.sourceGroups() <= fabric.numSwitches(), stats.toString());
    }
  }

  @Test
  void oneVlRoutingGetsOnlyTheDefaultLevel() throws IOException {
    Routing routing = Routing.builder(ReferenceFabrics.fabric("ft4_3"), "minhop").build();
    String text = policy(routing);
    QosPolicyModel model = QosPolicyModel.parse(text);
    assertEquals(0, model.numRules());
    assertFalse(text.contains("port-group"), text);
    assertTrue(text.contains("name: DEFAULT"), text);
    assertEveryPairGetsItsSl(routing, model);
  }

  @Test
  void equalDestinationSetsShareAGroupAndConsecutiveGuidsFormRanges() throws IOException {
    Fabric fabric = ReferenceFabrics.fabric("ft4_3");
    SlTable.Builder b = SlTable.perSourceSwitch(fabric);
    // every leaf sends to the switches on SL 1; leaf k also sends to one CA on SL 2 (a set of its
    // own)
    int leaf = 0;
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      boolean hasCas = false;
      for (int p = 1; p <= fabric.numPorts(sw); p++) {
        int peer = fabric.peerPort(fabric.port(sw, p));
        hasCas |= peer >= 0 && !fabric.isSwitch(fabric.nodeOfPort(peer));
      }
      if (!hasCas) {
        continue;
      }
      for (int other = 0; other < fabric.numSwitches(); other++) {
        b.setSl(sw, fabric.baseLid(fabric.port(other, 0)), 1);
      }
      b.setSl(sw, fabric.baseLid(fabric.port(fabric.numSwitches() + leaf++, 1)), 2);
    }
    Routing routing = Routing.builder(fabric, "test").setSlTable(b.build()).build();
    String text = policy(routing);
    QosPolicyModel model = QosPolicyModel.parse(text);
    assertEveryPairGetsItsSl(routing, model);
    int leaves = leaf;
    assertEquals(2 * leaves, model.numRules(), "two SLs per leaf");
    assertEquals(
        2 * leaves + 1,
        model.numGroups(),
        "one source group per leaf, the switches' set"
            + " shared by all leaves, one CA set per leaf");
    // the 48 switch GUIDs are consecutive: one range, written once
    String range = "port-guid: 0x0000000000200000-0x000000000020002f\n";
    assertEquals(text.indexOf(range), text.lastIndexOf(range), text);
    assertTrue(text.contains(range), text);
  }

  @Test
  void lmcWhoseLidsNeedDifferentSlsIsRefusedNamingThePort() throws IOException {
    Fabric fabric = TopologySpec.parse("ktree", List.of("2", "2", "lmc=1")).build();
    int ca = fabric.numSwitches();
    int caPort = fabric.port(ca, 1);
    int other = fabric.port(ca + 1, 1);
    // per destination port: the two LIDs of CA 1 get different SLs
    SlTable.Builder byDestination = SlTable.perSourceLid(fabric);
    byDestination.setSl(
        byDestination.groupOfSrcLid(fabric.baseLid(caPort)), fabric.baseLid(other) + 1, 1);
    Routing routing = Routing.builder(fabric, "test").setSlTable(byDestination.build()).build();
    Path file = dir.resolve("qos-policy.conf");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> QosPolicyWriter.write(routing, file));
    assertTrue(e.getMessage().contains(fabric.portName(other)), e.getMessage());
    assertTrue(e.getMessage().contains("GUID"), e.getMessage());
    assertFalse(Files.exists(file), "nothing is written");
    // per source port: the two LIDs of CA 0 send on different SLs
    SlTable.Builder bySource = SlTable.perSourceLid(fabric);
    bySource.setSl(bySource.groupOfSrcLid(fabric.baseLid(caPort) + 1), fabric.baseLid(other), 2);
    bySource.setSl(
        bySource.groupOfSrcLid(fabric.baseLid(caPort) + 1), fabric.baseLid(other) + 1, 2);
    Routing routing2 = Routing.builder(fabric, "test").setSlTable(bySource.build()).build();
    e = assertThrows(IllegalArgumentException.class, () -> QosPolicyWriter.write(routing2, file));
    assertTrue(e.getMessage().contains(fabric.portName(caPort)), e.getMessage());
    // the same SL for all LIDs of each port pair is deployed
    SlTable.Builder consistent = SlTable.perSourceLid(fabric);
    for (int k = 0; k < 2; k++) {
      for (int j = 0; j < 2; j++) {
        consistent.setSl(
            consistent.groupOfSrcLid(fabric.baseLid(caPort) + k), fabric.baseLid(other) + j, 3);
      }
    }
    Routing routing3 = Routing.builder(fabric, "test").setSlTable(consistent.build()).build();
    QosPolicyWriter.Stats stats = QosPolicyWriter.write(routing3, file);
    assertEquals(1, stats.rules());
    assertEveryPairGetsItsSl(routing3, QosPolicyModel.parse(Files.readString(file)));
  }
}
