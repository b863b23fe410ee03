package org.ibrouting.io.testing;

import static org.ibrouting.testkit.FabricAssertions.assertSameFabric;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.testkit.FabricArbitraries;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a fabric file writer owes, as an abstract test its reader's test extends: every reference
 * fabric, and generated ones, written and read back, is the same fabric.
 */
public abstract class WriterRoundTripContract {
  /** Writes {@code fabric} in the format under test and reads it back. */
  protected abstract Fabric roundTrip(Fabric fabric) throws Exception;

  @ParameterizedTest
  @MethodSource("org.ibrouting.io.testing.ReferenceFabrics#names")
  void referenceFabricsSurviveWriteAndRead(String name) throws Exception {
    Fabric fabric = ReferenceFabrics.fabric(name);
    assertSameFabric(fabric, roundTrip(fabric));
  }

  @Provide
  Arbitrary<Fabric> roundTripFabrics() {
    return FabricArbitraries.fatTreesToriAndRandom();
  }

  @Property(tries = 100)
  void generatedFabricsSurviveWriteAndRead(@ForAll("roundTripFabrics") Fabric fabric)
      throws Exception {
    assertSameFabric(fabric, roundTrip(fabric));
  }
}
