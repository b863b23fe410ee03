package org.ibrouting.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.topology.Connectivity;
import org.ibrouting.topology.Failures;
import org.ibrouting.topology.OpenSmLids;

class FabricArbitrariesTest {

  @Provide
  Arbitrary<Fabric> regular() {
    return FabricArbitraries.regular();
  }

  @Provide
  Arbitrary<Fabric> random() {
    return FabricArbitraries.randomConnectedWithMultiPortCas();
  }

  @Provide
  Arbitrary<Fabric> lmcFatTrees() {
    return FabricArbitraries.withLmc(FabricArbitraries.fatTrees(), 2);
  }

  @Property(tries = 150)
  void regularFabricsAreConnectedWithOpenSmLids(@ForAll("regular") Fabric fabric) {
    assertTrue(Connectivity.isConnected(fabric), fabric.toString());
    assertTrue(fabric.numCas() > 0 || fabric.numSwitches() > 0);
    Fabric relabelled = OpenSmLids.reassign(fabric, 0, 0);
    for (int port = 0; port < fabric.numPortSlots(); port++) {
      assertEquals(relabelled.baseLid(port), fabric.baseLid(port), fabric.portName(port));
    }
    int endPorts = fabric.numSwitches();
    for (int ca = fabric.numSwitches(); ca < fabric.numNodes(); ca++) {
      endPorts += fabric.numPorts(ca);
    }
    assertEquals(endPorts, fabric.numEndPorts());
  }

  @Property(tries = 150)
  void randomFabricsAreConnectedAndEveryEndPortHasALid(@ForAll("random") Fabric fabric) {
    assertTrue(Connectivity.isConnected(fabric), fabric.toString());
    assertTrue(fabric.numCas() >= 2);
    for (int node = 0; node < fabric.numNodes(); node++) {
      boolean sw = fabric.isSwitch(node);
      for (int p = sw ? 0 : 1; p <= (sw ? 0 : fabric.numPorts(node)); p++) {
        int port = fabric.port(node, p);
        assertTrue(fabric.baseLid(port) > 0, fabric.portName(port));
        assertEquals(port, fabric.portOfLid(fabric.baseLid(port)));
      }
    }
  }

  @Property(tries = 50)
  void lmcRangesAreAligned(@ForAll("lmcFatTrees") Fabric fabric) {
    for (int ca = fabric.numSwitches(); ca < fabric.numNodes(); ca++) {
      for (int p = 1; p <= fabric.numPorts(ca); p++) {
        int port = fabric.port(ca, p);
        assertEquals(0, fabric.baseLid(port) % (1 << fabric.lmc(port)), fabric.portName(port));
      }
    }
  }

  @Property(tries = 100)
  void failedLinksKeepConnectivityWhenAsked(@ForAll("regular") Fabric fabric, @ForAll long seed) {
    Fabric damaged = Failures.failLinks(fabric, 3, true, seed);
    assertTrue(Connectivity.isConnected(damaged));
    assertTrue(damaged.numLinks() >= fabric.numLinks() - 3);
    assertEquals(caLinks(fabric), caLinks(damaged));
  }

  @Property(tries = 100)
  void failedLinksWithoutConnectivityRemoveExactlyThatMany(
      @ForAll("random") Fabric fabric, @ForAll long seed) {
    int switchLinks = fabric.numLinks() - caLinks(fabric);
    Fabric damaged = Failures.failLinks(fabric, 2, false, seed);
    assertEquals(fabric.numLinks() - Math.min(2, switchLinks), damaged.numLinks());
  }

  @Property(tries = 100)
  void failedSwitchLeavesTheRestConnected(@ForAll("regular") Fabric fabric, @ForAll long seed) {
    Fabric damaged = Failures.failSwitch(fabric, true, seed);
    assertTrue(Connectivity.isConnected(damaged));
    assertTrue(damaged == fabric || damaged.numSwitches() == fabric.numSwitches() - 1);
    Fabric any = Failures.failSwitch(fabric, false, seed);
    assertEquals(Math.max(1, fabric.numSwitches() - 1), any.numSwitches());
  }

  @Property(tries = 30)
  void randomFabricsAreReproducibleFromTheirSeed(@ForAll long seed) {
    Fabric a = FabricArbitraries.randomConnected(8, 6, 2, true, seed);
    Fabric b = FabricArbitraries.randomConnected(8, 6, 2, true, seed);
    assertEquals(a.toString(), b.toString());
    for (int port = 0; port < a.numPortSlots(); port++) {
      assertEquals(a.peerPort(port), b.peerPort(port));
      assertEquals(a.baseLid(port), b.baseLid(port));
    }
  }

  @org.junit.jupiter.api.Test
  void randomFabricsCoverParallelLinksFreePortsAndBothLidSchemes() {
    boolean parallel = false;
    boolean freePort = false;
    boolean gappedLids = false;
    boolean lmc = false;
    for (long seed = 0; seed < 40; seed++) {
      Fabric f = FabricArbitraries.randomConnected(6, 8, 2, false, seed);
      gappedLids |= f.maxLid() > f.numEndPorts() * (1 << 2);
      for (int sw = 0; sw < f.numSwitches(); sw++) {
        freePort |= f.outDegree(sw) < f.numPorts(sw);
        for (int i = 1; i < f.outDegree(sw); i++) {
          for (int j = 0; j < i; j++) {
            parallel |=
                f.channelHead(f.outChannel(sw, i)) == f.channelHead(f.outChannel(sw, j))
                    && f.isSwitch(f.channelHead(f.outChannel(sw, i)));
          }
        }
      }
      lmc |= f.lmc(f.port(f.numSwitches(), 1)) > 0;
    }
    assertTrue(
        parallel && freePort && gappedLids && lmc,
        "parallel "
            + parallel
            + ", free ports "
            + freePort
            + ", random LIDs "
            + gappedLids
            + ", LMC "
            + lmc);
  }

  /**
   * The number of links with a CA (or router) at one end: a CA port always has a switch peer here.
   */
  private static int caLinks(Fabric fabric) {
    int count = 0;
    for (int node = fabric.numSwitches(); node < fabric.numNodes(); node++) {
      count += fabric.outDegree(node);
    }
    return count;
  }
}
