package org.ibrouting.io.lft;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.simulation.SimulationOptions;
import org.ibrouting.simulation.SimulationResult;
import org.ibrouting.simulation.Simulator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our effective bisection bandwidth of OpenSM's minhop and dfsssp dumps agrees with the independent
 * evaluation shipped with them ({@code lambda} in {@code ENGINE.result.json}, 1,000 seeded bisect
 * patterns of another generator): both are means of 1,000 patterns, so they may differ by the sum
 * of the two 95% half-widths; 4 half-widths is a comfortable bound that still separates every pair
 * of engines whose Λ differs materially.
 */
class OpenSmDumpLambdaTest {
  static Stream<Arguments> dumps() {
    List<Arguments> all = new ArrayList<>();
    for (String name : ReferenceFabrics.names()) {
      for (String engine : List.of("minhop", "dfsssp")) {
        all.add(Arguments.of(name, engine));
      }
    }
    return all.stream();
  }

  @ParameterizedTest
  @MethodSource("dumps")
  void lambdaAgreesWithTheIndependentEvaluation(String name, String engine) {
    Routing routing = ReferenceFabrics.openSmRouting(name, engine);
    SimulationResult result =
        Simulator.effectiveBisectionBandwidth(
            routing, SimulationOptions.of(1000, 7).withThreads(2));
    double theirs = ReferenceFabrics.resultNumber(name, engine, "lambda");
    assertEquals(
        theirs,
        result.mean(),
        4 * result.confidence95() + 1e-9,
        name + "/" + engine + ": ours " + result.mean() + " +- " + result.confidence95());
  }
}
