package org.ibrouting.io.ibnetdiscover;

import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.FabricAssertions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Writing a fabric in ibnetdiscover format and reading it back gives the same fabric. */
class WriterRoundTripTest {
  static Stream<String> names() {
    return ReferenceFabrics.names().stream();
  }

  static Fabric roundTrip(Fabric fabric) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IbnetdiscoverWriter.write(fabric, out);
    return IbnetdiscoverReader.read(
        new StringReader(out.toString(StandardCharsets.UTF_8)), "written");
  }

  static void assertSameFabric(Fabric a, Fabric b) {
    FabricAssertions.assertSameFabric(a, b);
  }

  @ParameterizedTest
  @MethodSource("names")
  void referenceFabricsSurviveWriteAndRead(String name) throws Exception {
    Fabric fabric = ReferenceFabrics.fabric(name);
    assertSameFabric(fabric, roundTrip(fabric));
  }

  @Provide
  Arbitrary<Fabric> fabrics() {
    return FabricArbitraries.fatTreesToriAndRandom();
  }

  @Property(tries = 100)
  void generatedFabricsSurviveWriteAndRead(@ForAll("fabrics") Fabric fabric) throws Exception {
    assertSameFabric(fabric, roundTrip(fabric));
  }
}
