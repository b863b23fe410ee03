package org.ibrouting.engines.dor;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.stream.Stream;
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
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** DOR equals OpenSM's on every reference fabric; minimal on meshes and hypercubes; loops on tori. */
class DorGoldenTest {
  static Stream<String> names() {
    return ReferenceFabrics.names().stream();
  }

  @ParameterizedTest
  @MethodSource("names")
  void equalsOpenSmDor(String name) throws RoutingException {
    assumeTrue("dor".equals(ReferenceFabrics.resultString(name, "dor", "engine_used")));
    Routing theirs = ReferenceFabrics.openSmRouting(name, "dor");
    Routing ours = new DorEngine().route(theirs.fabric(), RoutingOptions.defaults());
    GoldenLfts.assertSameLfts(theirs, ours, name + " dor");
  }

  @Provide
  Arbitrary<Fabric> meshesAndHypercubes() {
    return Arbitraries.oneOf(FabricArbitraries.meshes(), FabricArbitraries.hypercubes());
  }

  @Property(tries = 60)
  void minimalAndDeadlockFreeOnMeshesAndHypercubes(@ForAll("meshesAndHypercubes") Fabric fabric)
      throws RoutingException {
    Routing routing = new DorEngine().route(fabric, RoutingOptions.defaults());
    RoutingAssertions.assertAllPairsRouted(routing);
    RoutingAssertions.assertMinimal(routing);
    RoutingAssertions.assertDeadlockFreePerVl(routing);
  }

  @Property(tries = 30)
  void theVerifierFindsCreditLoopsOnTori(@ForAll("tori") Fabric fabric) throws RoutingException {
    Routing routing = new DorEngine().route(fabric, RoutingOptions.defaults());
    RoutingAssertions.assertAllPairsRouted(routing);
    RoutingAssertions.assertMinimal(routing);
    CdgReport cdg = CreditLoopVerifier.defaults().verify(routing);
    Assertions.assertFalse(cdg.isDeadlockFree(), "DOR alone should close a ring's credit loop on " + fabric);
  }

  /** Tori with a ring of at least 5 switches, where minimal paths of 2 hops chain around the ring. */
  @Provide
  Arbitrary<Fabric> tori() {
    return net.jqwik.api.Combinators.combine(Arbitraries.integers().between(5, 7),
            Arbitraries.integers().between(1, 2), Arbitraries.integers().between(1, 2))
        .as((radix, dims, hosts) -> {
          int[] radices = new int[dims];
          java.util.Arrays.fill(radices, radix);
          return org.ibrouting.topology.Topologies.torus(radices, hosts);
        });
  }
}
