package org.ibrouting.engines.reroute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.engines.Engines;
import org.ibrouting.engines.minhop.MinhopEngine;
import org.ibrouting.engines.minhop.MinhopLftBuilder;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.Failures;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;

/** The repair capability: which engines offer one, and a plug-in engine that offers one. */
class RepairCapabilityTest {
  private static final RoutingOptions OPTIONS = RoutingOptions.seeded(0).withThreads(1);

  /** A plug-in engine: MINHOP's tables under another name, repaired by MINHOP's rule. */
  private static final class PlugIn implements RoutingEngine, RepairCapability {
    private final MinhopEngine minhop = new MinhopEngine();

    @Override
    public String name() {
      return "plugin-minhop";
    }

    @Override
    public Routing route(Fabric fabric, RoutingOptions options) throws RoutingException {
      return minhop.route(fabric, options);
    }

    @Override
    public RepairRule repairRule(Routing old, RoutingOptions options, int threads) {
      return RepairRule.minimumHops(MinhopLftBuilder.destinationOrder(old.fabric()));
    }
  }

  @Test
  void theBuiltInEnginesWithARuleAreThoseThatOfferOne() {
    assertEquals(
        List.of("minhop", "updn", "dnup", "sssp", "dfsssp", "dmodc"), Reroute.supportedEngines());
    assertFalse(Reroute.supports(Engines.create("lash", EngineConfig.none())));
  }

  @Test
  void aPlugInEngineIsRepairedByTheRuleItOffers() throws RoutingException {
    try (Engines.Registration mine =
        Engines.registerUntilClosed(
            EngineProvider.of("plugin-minhop", Set.of(), config -> new PlugIn()))) {
      assertTrue(Reroute.supportedEngines().contains(mine.name()));
      Fabric tree = Topologies.kAryNTree(4, 3);
      Fabric damaged = Failures.failLinks(tree, 2, true, 7);
      RoutingEngine plugIn = Engines.create(mine.name(), EngineConfig.none());
      MinhopEngine minhop = new MinhopEngine();
      Routing old = Reroute.carryOver(minhop.route(tree, OPTIONS), damaged);
      Routing byPlugIn = Reroute.reroute(plugIn, old, OPTIONS).routing();
      Routing byMinhop = Reroute.reroute(minhop, old, OPTIONS).routing();
      assertEquals(0, byMinhop.differingEntries(byPlugIn));
      assertTrue(old.differingEntries(byPlugIn) > 0, "the failures broke no path");
    }
    assertFalse(Reroute.supportedEngines().contains("plugin-minhop"));
  }

  /**
   * A built-in provider says it offers a repair rule exactly when the engine it creates has one, so
   * that {@code supportedEngines()} need not create it.
   */
  @Test
  void aBuiltInProviderOffersRepairExactlyWhenItsEngineHasARule() {
    List<String> offering = new ArrayList<>();
    for (String name : Engines.names().subList(0, 14)) {
      boolean hasRule = Reroute.supports(Engines.create(name, EngineConfig.none()));
      assertEquals(hasRule, Engines.provider(name).offersRepair(), name);
      if (hasRule) {
        offering.add(name);
      }
    }
    assertEquals(List.of("minhop", "updn", "dnup", "sssp", "dfsssp", "dmodc"), offering);
  }

  /**
   * A plug-in that cannot be created without an input of its own is listed when its provider says
   * it offers a rule; one that says nothing is not (creating it fails), as before.
   */
  @Test
  void aPlugInThatNeedsSettingsIsListedWhenItsProviderOffersRepair() {
    EngineProvider needy =
        new EngineProvider() {
          @Override
          public String name() {
            return "plugin-needy";
          }

          @Override
          public Set<String> settings() {
            return Set.of("needy_port");
          }

          @Override
          public RoutingEngine create(EngineConfig config) {
            if (!config.params().containsKey("needy_port")) {
              throw new IllegalArgumentException("plugin-needy: needs -P needy_port=N");
            }
            return new PlugIn();
          }

          @Override
          public boolean offersRepair() {
            return true;
          }
        };
    try (Engines.Registration mine = Engines.registerUntilClosed(needy)) {
      assertThrows(
          IllegalArgumentException.class, () -> Engines.create(mine.name(), EngineConfig.none()));
      assertTrue(Reroute.supportedEngines().contains(mine.name()));
    }
    try (Engines.Registration silent =
        Engines.registerUntilClosed(
            EngineProvider.of(
                "plugin-silent",
                Set.of(),
                config -> {
                  throw new IllegalArgumentException("plugin-silent: needs an input");
                }))) {
      assertFalse(Reroute.supportedEngines().contains(silent.name()));
    }
    assertFalse(Reroute.supportedEngines().contains("plugin-needy"));
  }

  @Test
  void anEngineWithoutARuleIsRefusedNamingThoseWithOne() throws RoutingException {
    Fabric tree = Topologies.kAryNTree(4, 2);
    RoutingEngine lash = Engines.create("lash", EngineConfig.none());
    Routing old = lash.route(tree, OPTIONS);
    RoutingException e =
        assertThrows(RoutingException.class, () -> Reroute.reroute(lash, old, OPTIONS));
    assertTrue(e.getMessage().startsWith("lash: no incremental re-routing"), e.getMessage());
    assertTrue(e.getMessage().contains("minhop, updn, dnup, sssp, dfsssp, dmodc"), e.getMessage());
  }
}
