package org.ibrouting.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.ibrouting.engines.minhop.MinhopEngine;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;

/**
 * The registry: the built-in engines found through ServiceLoader in their fixed order, engines
 * registered at run time, specs {@code NAME[:SETTING=VALUE...]}, settings checked per engine.
 */
class EnginesTest {
  private static final Fabric FABRIC = Topologies.jellyfish(16, 4, 2, 3);

  private static int vls(RoutingEngine engine) throws RoutingException {
    return engine.route(FABRIC, RoutingOptions.defaults()).slTable().numVls();
  }

  @Test
  void specSettingsReachOnlyTheirEngine() throws RoutingException {
    List<RoutingEngine> chain =
        Engines.chain(
            "multiupdn:updn_trees=3, multiupdn:updn_trees=1:multiupdn_choice=load, multiupdn",
            EngineConfig.none());
    assertEquals(3, vls(chain.get(0)));
    assertEquals(1, vls(chain.get(1)));
    assertEquals(2, vls(chain.get(2)), "the default, untouched by the other elements");
    RoutingEngine overridden =
        Engines.create("multiupdn:UPDN_TREES=1", EngineConfig.none().withParam("updn_trees", "3"));
    assertEquals(1, vls(overridden), "a spec setting overrides -P");
    assertEquals("multiupdn", Engines.nameOf(" multiupdn :updn_trees=2"));
    assertEquals("updn", Engines.nameOf("updn"));
  }

  @Test
  void badSpecsAreErrorsThatSayWhy() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Engines.create("dnup:updn_trees=2", EngineConfig.none()));
    assertEquals(
        "engine spec 'dnup:updn_trees=2': dnup does not read 'updn_trees'; it takes no settings",
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Engines.create("updn:updn_trees=2", EngineConfig.none()));
    assertEquals(
        "engine spec 'updn:updn_trees=2': updn does not read 'updn_trees'; it reads: updn_auto_root",
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Engines.create("multiupdn:trees=2", EngineConfig.none()));
    assertEquals(
        "engine spec 'multiupdn:trees=2': multiupdn does not read 'trees'; it reads: multiupdn_choice,"
            + " updn_trees",
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Engines.create("multiupdn:3", EngineConfig.none()));
    assertEquals(
        "engine spec 'multiupdn:3': expected NAME=VALUE after ':', found '3'", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Engines.create("multiupdn:updn_trees=16", EngineConfig.none()));
    assertEquals("parameter updn_trees=16: expected 1..15", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Engines.create("nosuch:x=1", EngineConfig.none()));
    assertEquals(
        true,
        e.getMessage().startsWith("unknown routing engine 'nosuch'; known engines:"),
        e.getMessage());
  }

  @Test
  void theBuiltinEnginesAreListedInTheirFixedOrder() {
    assertEquals(
        List.of(
            "minhop",
            "dor",
            "lash",
            "updn",
            "dnup",
            "sssp",
            "dfsssp",
            "multiupdn",
            "p2sssp",
            "ftree",
            "nue",
            "sar"),
        Engines.names().subList(0, 12));
    assertEquals(Set.of("updn_trees", "multiupdn_choice"), Engines.settingsOf("multiupdn"));
  }

  @Test
  void createRefusesASettingTheEngineDoesNotRead() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Engines.create("dfsssp", EngineConfig.none().withParam("balanse", "true")));
    assertEquals("dfsssp does not read parameter 'balanse'; it reads: balance", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Engines.create("minhop", EngineConfig.none().withParam("balance", "true")));
    assertEquals("minhop does not read parameter 'balance'; it takes no settings", e.getMessage());
  }

  @Test
  void aChainHandsEachSettingToTheEnginesThatReadIt() {
    List<RoutingEngine> chain =
        Engines.chain("dfsssp,minhop", EngineConfig.none().withParam("balance", "yes"));
    assertEquals(List.of("dfsssp", "minhop"), chain.stream().map(RoutingEngine::name).toList());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Engines.chain("lash,minhop", EngineConfig.none().withParam("balance", "yes")));
    assertEquals(
        "no engine of 'lash,minhop' reads parameter 'balance'; they read: lash_start_vl",
        e.getMessage());
  }

  /** An engine registered at run time works by name, in specs and chains, with its own setting. */
  @Test
  void anEngineRegisteredAtRunTimeWorksByName() throws RoutingException {
    Engines.register(
        EngineProvider.of(
            "enginestest-renamed",
            Set.of("label"),
            config ->
                new RoutingEngine() {
                  @Override
                  public String name() {
                    return "enginestest-renamed";
                  }

                  @Override
                  public Routing route(Fabric fabric, RoutingOptions options)
                      throws RoutingException {
                    Routing minhop = new MinhopEngine().route(fabric, options);
                    return minhop.withSlTable(
                        config.params().getOrDefault("label", name()), minhop.slTable());
                  }
                }));
    try {
      assertTrue(Engines.names().indexOf("enginestest-renamed") > Engines.names().indexOf("sar"));
      Routing routing =
          EngineChain.route(
                  Engines.chain("dor,enginestest-renamed:label=mine,minhop", EngineConfig.none()),
                  FABRIC,
                  RoutingOptions.seeded(1))
              .routing();
      assertEquals(
          "mine", routing.engineName(), "dor refuses a Jellyfish; the next engine routes it");
    } finally {
      Engines.unregister("enginestest-renamed");
    }
    assertEquals(
        -1,
        Engines.names().indexOf("enginestest-renamed"),
        "the other tests see the registry as it was");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Engines.register(
                    EngineProvider.of("minhop", Set.of(), config -> new MinhopEngine())));
    assertTrue(
        e.getMessage()
            .startsWith(
                "engine name 'minhop' registered twice: by "
                    + "org.ibrouting.engines.internal.BuiltinProviders$Minhop and "),
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Engines.register(EngineProvider.of("a,b", Set.of(), config -> new MinhopEngine())));
    assertTrue(
        e.getMessage().contains("must be non-empty, without white space, ',', ':' or '='"),
        e.getMessage());
  }
}
