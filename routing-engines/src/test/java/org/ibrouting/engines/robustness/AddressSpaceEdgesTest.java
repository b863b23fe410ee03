package org.ibrouting.engines.robustness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.TestFabrics;
import org.ibrouting.topology.Topologies;
import org.ibrouting.topology.TopologyOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The edges of the InfiniBand address space, for every registered engine: each either routes every
 * pair of CAs that switches connect, or, exactly where {@link #EXPECTED_REFUSALS} says so, refuses
 * for a reason it documents ({@link DocumentedRefusals}) — never another exception or an internal
 * error. sar routes with a job map of two interleaved jobs.
 */
class AddressSpaceEdgesTest {
  /**
   * The (case: engine) pairs that refuse, each for a reason its engine documents; every other pair
   * routes. Without a switch nothing routes; ftree needs two switches, two CAs and LMC 0 and
   * refuses the two parallel-linked switches (both roots, OpenSM's ERR AB2B); dnup ranks from
   * switches with CAs; dmodc needs a leaf (a switch with a CA) and takes two linked switches with
   * CAs for two leaves cabled to each other; dor takes parallel links between two switches for two
   * dimensions to the same neighbour; torus-2QoS needs a torus-2QoS.conf, given to none.
   */
  static final Set<String> EXPECTED_REFUSALS = expectedRefusals();

  private static Set<String> expectedRefusals() {
    Set<String> refusals = new HashSet<>();
    for (String engine : Engines.names()) {
      refusals.add("two CAs on one link, no switch: " + engine);
    }
    for (int lmc = 1; lmc <= 7; lmc++) {
      refusals.add("LMC " + lmc + " on a 2-level tree: ftree");
    }
    for (String single :
        List.of(
            "LIDs up to 0xbfff",
            "254-port switch",
            "a single switch, no CA",
            "a single CA on a switch",
            "parallel links")) {
      refusals.add(single + ": ftree");
    }
    // no torus-2QoS.conf is given here, which torus-2QoS needs (OpenSM's ERR 4E11)
    fabrics()
        .map(a -> (String) a.get()[0])
        .distinct()
        .forEach(c -> refusals.add(c + ": torus-2QoS"));
    refusals.add("a single switch, no CA: dnup");
    // dmodc: no leaf without a CA; two leaves (both have CAs) cabled to each other
    refusals.add("a single switch, no CA: dmodc");
    refusals.add("parallel links: dmodc");
    refusals.add("parallel links: dor");
    return Set.copyOf(refusals);
  }

  private static Fabric singleSwitch(int cas, int ports, int firstLid, int lmc) {
    FabricBuilder b = Fabric.builder();
    int sw = b.addNode(NodeType.SWITCH, ports, 0x200000L, "sw");
    b.setLid(sw, 0, firstLid, 0);
    int lid = firstLid + (1 << lmc);
    for (int i = 0; i < cas; i++) {
      int ca = b.addNode(NodeType.CA, 1, 0x100000L + 2 * i, "h" + i);
      b.setLid(ca, 1, lid, lmc);
      lid += 1 << lmc;
      b.connect(sw, i + 1, ca, 1, null);
    }
    return b.build();
  }

  static Stream<Arguments> fabrics() {
    List<Arguments> all = new ArrayList<>();
    List<Object[]> cases = new ArrayList<>();
    for (int lmc = 0; lmc <= 7; lmc++) {
      int l = lmc;
      cases.add(
          new Object[] {
            "LMC " + lmc + " on a 2-level tree",
            (Supplier<Fabric>) () -> Topologies.kAryNTree(2, 2, new TopologyOptions(l, 0, null))
          });
    }
    cases.add(
        new Object[] {
          "LIDs up to 0xbfff", (Supplier<Fabric>) () -> singleSwitch(3, 4, 0xBFFF - 3, 0)
        });
    cases.add(
        new Object[] {"254-port switch", (Supplier<Fabric>) () -> singleSwitch(254, 254, 1, 0)});
    cases.add(
        new Object[] {"a single switch, no CA", (Supplier<Fabric>) () -> singleSwitch(0, 8, 1, 0)});
    cases.add(
        new Object[] {
          "a single CA on a switch", (Supplier<Fabric>) () -> singleSwitch(1, 8, 1, 0)
        });
    cases.add(
        new Object[] {
          "two CAs on one link, no switch", (Supplier<Fabric>) AddressSpaceEdgesTest::twoCasNoSwitch
        });
    cases.add(
        new Object[] {
          "a switch with no CAs in a chain", (Supplier<Fabric>) AddressSpaceEdgesTest::chainOfThree
        });
    cases.add(
        new Object[] {"parallel links", (Supplier<Fabric>) AddressSpaceEdgesTest::parallelLinks});
    cases.add(new Object[] {"CA ports down", (Supplier<Fabric>) AddressSpaceEdgesTest::caPortDown});
    for (Object[] c : cases) {
      for (String engine : Engines.names()) {
        all.add(Arguments.of(c[0], engine, c[1]));
      }
    }
    return all.stream();
  }

  /** Two CAs cabled to each other, no switch. */
  private static Fabric twoCasNoSwitch() {
    return TestFabrics.sketch("ca1: a@10#1 c@20#2", "a/1-c/1").build();
  }

  /** Three switches in a chain, a CA on each end one: the middle switch has none. */
  private static Fabric chainOfThree() {
    return TestFabrics.sketch(
            "sw4: s1@200#1 s2@300#2 s3@400#3 ca1: a@10#4 c@20#5",
            "s1/1-s2/1 s2/2-s3/1 a/1-s1/2 c/1-s3/2")
        .build();
  }

  /** Two switches joined by four parallel links, two CAs on each. */
  private static Fabric parallelLinks() {
    FabricBuilder b = Fabric.builder();
    int s1 = b.addNode(NodeType.SWITCH, 6, 0x200L, "s1");
    int s2 = b.addNode(NodeType.SWITCH, 6, 0x300L, "s2");
    b.setLid(s1, 0, 1, 0).setLid(s2, 0, 2, 0);
    for (int p = 1; p <= 4; p++) {
      b.connect(s1, p, s2, p, null);
    }
    for (int i = 0; i < 2; i++) {
      int h1 = b.addNode(NodeType.CA, 1, 0x1000L + i, "a" + i);
      int h2 = b.addNode(NodeType.CA, 1, 0x2000L + i, "b" + i);
      b.setLid(h1, 1, 3 + 2 * i, 0).setLid(h2, 1, 4 + 2 * i, 0);
      b.connect(s1, 5 + i, h1, 1, null).connect(s2, 5 + i, h2, 1, null);
    }
    return b.build();
  }

  /** A 2-level 2-ary tree whose first CA is cabled to nothing. */
  private static Fabric caPortDown() {
    FabricBuilder b = FabricBuilder.from(Topologies.kAryNTree(2, 2));
    Fabric f = Topologies.kAryNTree(2, 2);
    int ca = f.numSwitches();
    b.disconnect(ca, 1);
    return b.build();
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("fabrics")
  void routesOrRefusesWithADocumentedReason(String what, String engine, Supplier<Fabric> make) {
    Fabric fabric = make.get();
    Routing routing;
    try {
      routing =
          Engines.create(engine, SarJobMaps.configFor(engine, fabric))
              .route(fabric, RoutingOptions.defaults());
    } catch (RoutingException e) {
      assertNull(DocumentedRefusals.problem(engine, e.getMessage()), what + ": " + engine);
      assertTrue(
          EXPECTED_REFUSALS.contains(what + ": " + engine),
          what + ": " + engine + " refused where it was" + " expected to route: " + e.getMessage());
      return;
    }
    assertFalse(
        EXPECTED_REFUSALS.contains(what + ": " + engine),
        what + ": " + engine + " routed where it was" + " expected to refuse");
    RouteReport report = new RouteChecker(EndpointScope.TERMINALS, 1).check(routing);
    assertEquals(0, report.loopPairs(), what + " " + engine + ": " + report.witnesses());
    // every pair whose CAs sit on switches is routed; pairs with a CA cabled to another CA or to
    // nothing (port down) cannot be, and count as unreachable, never as black holes
    long switchless = 0;
    for (int a = fabric.numSwitches(); a < fabric.numNodes(); a++) {
      for (int b = fabric.numSwitches(); b < fabric.numNodes(); b++) {
        if (a != b
            && (fabric.switchPortOf(fabric.port(a, 1)) < 0
                || fabric.switchPortOf(fabric.port(b, 1)) < 0)) {
          switchless +=
              (1L << fabric.lmc(fabric.port(a, 1))) * (1L << fabric.lmc(fabric.port(b, 1)));
        }
      }
    }
    assertEquals(
        report.pairs() - switchless,
        report.validPairs(),
        what + " " + engine + ": " + report.witnesses());
    assertEquals(
        switchless, report.unreachablePairs(), what + " " + engine + ": " + report.witnesses());
  }
}
