package org.ibrouting.engines.dor;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.RoutingAssertions;
import org.ibrouting.topology.Failures;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * DOR equals OpenSM's on every reference fabric; loops on tori (meshes and hypercubes: {@link
 * DorContractTest}).
 */
class DorGoldenTest {
  @ParameterizedTest
  @MethodSource(GoldenLfts.REFERENCE_FABRICS)
  void equalsOpenSmDor(String name) throws RoutingException {
    GoldenLfts.assertSameWhereOpenSmUsed(name, "dor", new DorEngine(false));
  }

  /** The cube check accepts exactly the reference tori and hypercube, and then changes nothing. */
  @ParameterizedTest
  @MethodSource(GoldenLfts.REFERENCE_FABRICS)
  void refusesWhatIsNotACubeAndRoutesCubesUnchanged(String name) throws RoutingException {
    Fabric fabric = ReferenceFabrics.openSmRouting(name, "dor").fabric();
    boolean cube = name.startsWith("torus") || name.startsWith("hypercube");
    if (cube) {
      Routing checked = new DorEngine().route(fabric, RoutingOptions.defaults());
      GoldenLfts.assertSameLfts(
          new DorEngine(false).route(fabric, RoutingOptions.defaults()), checked, name);
    } else {
      RoutingException e =
          Assertions.assertThrows(
              RoutingException.class,
              () -> new DorEngine().route(fabric, RoutingOptions.defaults()));
      Assertions.assertTrue(
          e.getMessage().startsWith("dor: not a mesh, torus or hypercube"), e.getMessage());
      Assertions.assertTrue(
          e.getMessage().contains("switch 0x"), "names the switch: " + e.getMessage());
    }
  }

  @Property(tries = 60)
  void acceptsEveryGeneratedCube(@ForAll("cubes") Fabric fabric) throws RoutingException {
    Assertions.assertNull(CubeStructure.whyNotACube(fabric));
  }

  @Provide
  Arbitrary<Fabric> cubes() {
    return Arbitraries.oneOf(FabricArbitraries.meshes(), FabricArbitraries.hypercubes(), tori());
  }

  @Property(tries = 60)
  void refusesFatTreesDragonfliesAndJellyfish(@ForAll("notCubes") Fabric fabric) {
    StringBuilder links = new StringBuilder();
    for (int c = 0; c < fabric.numPortSlots(); c++) {
      if (fabric.peerPort(c) >= 0
          && fabric.isSwitch(fabric.nodeOfPort(c))
          && fabric.isSwitch(fabric.nodeOfPort(fabric.peerPort(c)))) {
        links
            .append(fabric.portName(c))
            .append("->")
            .append(fabric.portName(fabric.peerPort(c)))
            .append("\n");
      }
    }
    Assertions.assertNotNull(CubeStructure.whyNotACube(fabric), fabric + "\n" + links);
  }

  @Provide
  Arbitrary<Fabric> notCubes() {
    // small ones or those of switch degree 2 can be a ring, which is a torus
    return Arbitraries.oneOf(
            FabricArbitraries.kAryNTrees(),
            FabricArbitraries.dragonflies(),
            FabricArbitraries.jellyfish())
        .filter(f -> f.numSwitches() > 4 && maxSwitchDegree(f) > 2);
  }

  private static int maxSwitchDegree(Fabric fabric) {
    int max = 0;
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      int degree = 0;
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        degree +=
            fabric.isSwitch(fabric.nodeOfPort(fabric.peerPort(fabric.outChannel(sw, i)))) ? 1 : 0;
      }
      max = Math.max(max, degree);
    }
    return max;
  }

  /** A torus with one cable moved or removed is no longer a cube, and the reason names a switch. */
  @Test
  void aMissingCableBreaksTheSquare() {
    Fabric torus = org.ibrouting.topology.Topologies.torus(new int[] {4, 4}, 1);
    Fabric broken = Failures.failLinks(torus, 1, true, 7);
    String why = CubeStructure.whyNotACube(broken);
    Assertions.assertNotNull(why);
    Assertions.assertTrue(why.contains("share no neighbour that closes the square"), why);
  }

  /**
   * Ports of one dimension after those of a higher one: the dimension order would differ per
   * switch.
   */
  @Test
  void dimensionsOutOfPortOrderAreRefused() {
    // a 2x2 mesh S<x>_<y>: x cabled on ports 1/2 except at S0_1, which uses port 5 (after its y
    // port 4)
    org.ibrouting.fabric.FabricBuilder b = Fabric.builder();
    int[] sw = new int[4];
    for (int i = 0; i < 4; i++) {
      sw[i] =
          b.addNode(
              org.ibrouting.fabric.NodeType.SWITCH, 6, 0x100 + i, "S" + (i >> 1) + "_" + (i & 1));
      b.setLid(sw[i], 0, i + 1, 0);
    }
    b.connect(sw[0], 1, sw[2], 2, null);
    b.connect(sw[1], 5, sw[3], 2, null);
    b.connect(sw[0], 3, sw[1], 4, null);
    b.connect(sw[2], 3, sw[3], 4, null);
    String why = CubeStructure.whyNotACube(b.build());
    Assertions.assertNotNull(why);
    Assertions.assertTrue(why.contains("S0_1") && why.contains("same dimension order"), why);
  }

  @Property(tries = 30)
  void theVerifierFindsCreditLoopsOnTori(@ForAll("tori") Fabric fabric) throws RoutingException {
    Routing routing = new DorEngine().route(fabric, RoutingOptions.defaults());
    RoutingAssertions.assertAllPairsRouted(routing);
    RoutingAssertions.assertMinimal(routing);
    CdgReport cdg = CreditLoopVerifier.defaults().verify(routing);
    Assertions.assertFalse(
        cdg.isDeadlockFree(), "DOR alone should close a ring's credit loop on " + fabric);
  }

  /**
   * Tori with a ring of at least 5 switches, where minimal paths of 2 hops chain around the ring.
   */
  @Provide
  Arbitrary<Fabric> tori() {
    return net.jqwik.api.Combinators.combine(
            Arbitraries.integers().between(5, 7),
            Arbitraries.integers().between(1, 2),
            Arbitraries.integers().between(1, 2))
        .as(
            (radix, dims, hosts) -> {
              int[] radices = new int[dims];
              java.util.Arrays.fill(radices, radix);
              return org.ibrouting.topology.Topologies.torus(radices, hosts);
            });
  }
}
