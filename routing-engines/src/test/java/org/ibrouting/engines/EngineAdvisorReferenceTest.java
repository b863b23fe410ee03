package org.ibrouting.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.analysis.Verification;
import org.ibrouting.engines.EngineAdvice.Candidate;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.simulation.Simulator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 44's goal on the seven reference fabrics of {@code shared/fabrics}: the advisor's choice
 * has a Λ within 1% of the best deadlock-free engine's, found here the plain way (every engine
 * routed, verified and simulated one after the other, without the advisor's threads, budget or
 * pruning). The advisor's Λ of each eligible engine must equal the plain one: the same patterns for
 * every engine.
 */
class EngineAdvisorReferenceTest {
  private static final int PATTERNS = 300;
  private static final RoutingOptions OPTIONS = RoutingOptions.seeded(0);

  static java.util.List<String> fabrics() {
    return ReferenceFabrics.names();
  }

  @ParameterizedTest
  @MethodSource("fabrics")
  void theChoiceIsWithinOnePercentOfTheBestDeadlockFreeEngine(String name) throws RoutingException {
    Fabric fabric = ReferenceFabrics.fabric(name);
    EngineAdvice advice =
        EngineAdvisor.defaults()
            .withPatterns(PATTERNS)
            .advise(fabric, EngineConfig.none(), OPTIONS);
    double best = Double.NaN;
    String bestEngine = null;
    for (String engine : Engines.names()) {
      Routing routing;
      try {
        routing = Engines.create(engine, EngineConfig.none()).route(fabric, OPTIONS);
      } catch (RoutingException e) {
        continue;
      }
      Verification verdict = Verification.of(routing);
      if (!verdict.ok() || routing.slTable().numVls() > OPTIONS.maxVls()) {
        continue;
      }
      double lambda = Simulator.effectiveBisectionBandwidth(routing, PATTERNS, 0).mean();
      Candidate advised =
          advice.candidates().stream()
              .filter(c -> c.spec().equals(engine))
              .findFirst()
              .orElseThrow();
      assertTrue(!advised.verdict().leftOut(), engine + " is eligible:\n" + advice.format());
      assertEquals(lambda, advised.quality().lambda(), 0.0, engine + " on " + name);
      if (Double.isNaN(best) || lambda > best) {
        best = lambda;
        bestEngine = engine;
      }
    }
    Candidate chosen = advice.chosen().orElseThrow();
    assertTrue(
        chosen.quality().lambda() >= 0.99 * best,
        name
            + ": chose "
            + chosen.spec()
            + ", best "
            + bestEngine
            + " "
            + best
            + "\n"
            + advice.format());
  }
}
