package org.ibrouting.engines.reroute;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.ibrouting.engines.dmodc.DmodcEngine;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.topology.Connectivity;
import org.ibrouting.topology.Failures;
import org.junit.jupiter.api.Test;

/**
 * {@link DamageScan#deadPorts}, which reads only the rows of switches with an unconnected port,
 * eight entries at a time, finds on Dmodc's tables exactly the broken entries the full scan finds
 * (empty entries kept), on random failures and on a switch wider than 128 ports.
 */
class DeadPortScanTest {
  @Provide
  Arbitrary<Fabric> trees() {
    return Arbitraries.oneOf(
        FabricArbitraries.fatTrees(), FabricArbitraries.withLmc(FabricArbitraries.fatTrees(), 1));
  }

  @Property(tries = 120)
  void findsWhatTheFullScanFinds(
      @ForAll("trees") Fabric intact,
      @ForAll @IntRange(min = 0, max = 5) int failures,
      @ForAll long seed) {
    Fabric damaged =
        failures == 0
            ? Failures.failSwitch(intact, false, seed)
            : Failures.failLinks(intact, failures, false, seed);
    Routing old;
    try {
      old = Reroute.carryOver(new DmodcEngine().route(intact, RoutingOptions.seeded(0)), damaged);
    } catch (RoutingException e) {
      return;
    }
    assertSameBrokenEntries(old);
  }

  /**
   * Two leaves on a spine of 200 ports, cabled to its ports 150 and 130: when the first cable
   * fails, the spine's entries towards ports above 127 are found by the word test's upper half.
   */
  @Test
  void portsAbove127() throws RoutingException {
    FabricBuilder b = Fabric.builder();
    int t = b.addNode(NodeType.SWITCH, 200, 0x20L, "T");
    int u = b.addNode(NodeType.SWITCH, 4, 0x21L, "U");
    int[] leaf = {
      b.addNode(NodeType.SWITCH, 4, 0x10L, "A"), b.addNode(NodeType.SWITCH, 4, 0x11L, "B")
    };
    int lid = 1;
    for (int sw : new int[] {t, u, leaf[0], leaf[1]}) {
      b.setLid(sw, 0, lid++, 0);
    }
    for (int i = 0; i < 2; i++) {
      b.connect(leaf[i], 3, t, i == 0 ? 150 : 130, null).connect(leaf[i], 4, u, i + 1, null);
      for (int p = 1; p <= 2; p++) {
        int ca = b.addNode(NodeType.CA, 1, 0x100L + 4 * i + 2 * p, "h" + i + p);
        b.setLid(ca, 1, lid++, 0).connect(leaf[i], p, ca, 1, null);
      }
    }
    Fabric intact = b.build();
    // the fabric numbers its nodes anew (switches first, by GUID): look them up by name
    Fabric damaged =
        FabricBuilder.from(intact).disconnect(intact.nodeByDescription("A"), 3).build();
    Routing old =
        Reroute.carryOver(new DmodcEngine().route(intact, RoutingOptions.seeded(0)), damaged);
    int h01 = intact.baseLid(intact.port(intact.nodeByDescription("h01"), 1));
    assertTrue(old.outPort(intact.nodeByDescription("T"), h01) == 150, "T routes h01 by 150");
    long[] found = assertSameBrokenEntries(old);
    assertTrue(found.length > 0, "no broken entry found");
  }

  private static long[] assertSameBrokenEntries(Routing old) {
    Fabric fabric = old.fabric();
    boolean[] destination = new boolean[fabric.maxLid() + 1];
    for (int lid = 1; lid <= fabric.maxLid(); lid++) {
      destination[lid] = fabric.portOfLid(lid) >= 0;
    }
    int[] component = Connectivity.switchComponents(fabric);
    long[] full =
        DamageScan.run(fabric, old.toBuilder("x"), destination, component, false, true, 1)
            .brokenEntries;
    long[] dead = DamageScan.deadPorts(fabric, old, destination, 2).brokenEntries;
    // the full scan counts a LID whose port lost its switch as broken where its entries lead
    // nowhere; Reroute sets those LIDs to no route everywhere before either scan matters
    assertArrayEquals(withoutSwitchlessLids(fabric, full), dead, fabric.toString());
    return dead;
  }

  private static long[] withoutSwitchlessLids(Fabric fabric, long[] entries) {
    return java.util.Arrays.stream(entries)
        .filter(e -> fabric.switchPortOf(fabric.portOfLid((int) (e >>> 32))) >= 0)
        .toArray();
  }
}
