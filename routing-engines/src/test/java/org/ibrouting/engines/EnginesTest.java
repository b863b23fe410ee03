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
            "sar",
            "torus-2QoS"),
        Engines.names().subList(0, 13));
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

  /** An engine of {@code name} that routes as MINHOP under the name its "label" setting gives. */
  private static EngineProvider renamedMinhop(String name) {
    return EngineProvider.of(
        name,
        Set.of("label"),
        config ->
            new RoutingEngine() {
              @Override
              public String name() {
                return name;
              }

              @Override
              public Routing route(Fabric fabric, RoutingOptions options) throws RoutingException {
                Routing minhop = new MinhopEngine().route(fabric, options);
                return minhop.withSlTable(
                    config.params().getOrDefault("label", name()), minhop.slTable());
              }
            });
  }

  /**
   * An engine registered for a scope works by name, in specs and chains, with its own setting, and
   * is unknown again once its registration is closed.
   */
  @Test
  void anEngineRegisteredForAScopeWorksByNameUntilClosed() throws RoutingException {
    try (Engines.Registration registration =
        Engines.registerUntilClosed(renamedMinhop("enginestest-renamed"))) {
      assertEquals("enginestest-renamed", registration.name());
      assertTrue(Engines.names().indexOf("enginestest-renamed") > Engines.names().indexOf("sar"));
      Routing routing =
          EngineChain.route(
                  Engines.chain("dor,enginestest-renamed:label=mine,minhop", EngineConfig.none()),
                  FABRIC,
                  RoutingOptions.seeded(1))
              .routing();
      assertEquals(
          "mine", routing.engineName(), "dor refuses a Jellyfish; the next engine routes it");
    }
    assertEquals(
        -1,
        Engines.names().indexOf("enginestest-renamed"),
        "the other tests see the registry as it was");
    UnknownEngineException gone =
        assertThrows(
            UnknownEngineException.class,
            () -> Engines.create("enginestest-renamed", EngineConfig.none()));
    assertEquals("enginestest-renamed", gone.name());
  }

  /**
   * A closed registration removes only its own provider: closing twice, or after another provider
   * took the name, leaves the registry alone.
   */
  @Test
  void closingARegistrationRemovesOnlyItsOwnProvider() {
    Engines.Registration first = Engines.registerUntilClosed(renamedMinhop("enginestest-twice"));
    first.close();
    try (Engines.Registration second =
        Engines.registerUntilClosed(renamedMinhop("enginestest-twice"))) {
      first.close();
      assertTrue(Engines.names().contains("enginestest-twice"), "the second registration stays");
      assertTrue(second.name().equals("enginestest-twice"));
    }
    assertEquals(-1, Engines.names().indexOf("enginestest-twice"));
  }

  /** A duplicate name is a typed error whose message names the built-in engine, not a class. */
  @Test
  void aDuplicateNameIsRefusedNamingWhoHasIt() {
    DuplicateEngineException e =
        assertThrows(
            DuplicateEngineException.class,
            () ->
                Engines.register(
                    EngineProvider.of("minhop", Set.of(), config -> new MinhopEngine())));
    assertEquals("minhop", e.name());
    assertEquals(
        "engine name 'minhop' is taken by the built-in engine minhop; EngineProvider.of(\"minhop\","
            + " ...) cannot have it too: choose another name",
        e.getMessage());
    assertTrue(!e.getMessage().contains(".internal."), e.getMessage());
    try (Engines.Registration mine =
        Engines.registerUntilClosed(renamedMinhop("enginestest-dup"))) {
      assertEquals("enginestest-dup", mine.name());
      e =
          assertThrows(
              DuplicateEngineException.class,
              () -> Engines.registerUntilClosed(new NamedProvider("enginestest-dup")));
      assertEquals(
          "engine name 'enginestest-dup' is taken by EngineProvider.of(\"enginestest-dup\", ...);"
              + " provider org.ibrouting.engines.EnginesTest$NamedProvider cannot have it too:"
              + " choose another name",
          e.getMessage());
    }
    IllegalArgumentException malformed =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Engines.register(EngineProvider.of("a,b", Set.of(), config -> new MinhopEngine())));
    assertTrue(
        malformed.getMessage().contains("must be non-empty, without white space, ',', ':' or '='"),
        malformed.getMessage());
  }

  /** A provider class of the user's own. */
  static final class NamedProvider implements EngineProvider {
    private final String name;

    NamedProvider(String name) {
      this.name = name;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public RoutingEngine create(EngineConfig config) {
      return new MinhopEngine();
    }
  }

  /** An unknown engine is a typed error that carries the name and the known names. */
  @Test
  void anUnknownEngineCarriesTheKnownNames() {
    for (org.junit.jupiter.api.function.Executable call :
        List.<org.junit.jupiter.api.function.Executable>of(
            () -> Engines.create("nosuch:x=1", EngineConfig.none()),
            () -> Engines.chain("minhop,nosuch", EngineConfig.none()),
            () -> Engines.provider("nosuch"))) {
      UnknownEngineException e = assertThrows(UnknownEngineException.class, call);
      assertEquals("nosuch", e.name());
      assertEquals(Engines.names(), e.knownNames());
      assertEquals(
          "unknown routing engine 'nosuch'; known engines: " + String.join(", ", Engines.names()),
          e.getMessage());
    }
  }

  /**
   * A setting an engine cannot take is a typed error with its key, value, expectation and (where
   * one engine refused it) the engine.
   */
  @Test
  void aBadSettingCarriesKeyValueAndExpectation() {
    EngineSettingException e =
        assertThrows(
            EngineSettingException.class,
            () -> Engines.create("lash", EngineConfig.none().withParam("lash_start_vl", "99")));
    assertSetting(e, "lash", "lash_start_vl", "99", "0..14");
    assertEquals("parameter lash_start_vl=99: expected 0..14", e.getMessage());
    e =
        assertThrows(
            EngineSettingException.class,
            () -> Engines.create("lash:lash_start_vl=x", EngineConfig.none()));
    assertSetting(e, "lash", "lash_start_vl", "x", "an integer 0..14");
    e =
        assertThrows(
            EngineSettingException.class,
            () ->
                Engines.create("dor", EngineConfig.none().withParam("dor_require_cube", "maybe")));
    assertSetting(e, "dor", "dor_require_cube", "maybe", "true or false");
    e =
        assertThrows(
            EngineSettingException.class,
            () -> Engines.create("multiupdn:multiupdn_choice=best", EngineConfig.none()));
    assertSetting(e, "multiupdn", "multiupdn_choice", "best", "one of random, load");
    e =
        assertThrows(
            EngineSettingException.class,
            () -> Engines.create("dfsssp", EngineConfig.none().withParam("balanse", "true")));
    assertSetting(e, "dfsssp", "balanse", "true", "a setting dfsssp read(s): balance");
    e =
        assertThrows(
            EngineSettingException.class,
            () -> Engines.create("updn:updn_trees=2", EngineConfig.none()));
    assertSetting(e, "updn", "updn_trees", "2", "a setting updn read(s): updn_auto_root");
    e =
        assertThrows(
            EngineSettingException.class, () -> Engines.create("multiupdn:3", EngineConfig.none()));
    assertEquals("multiupdn", e.engine().orElseThrow());
    assertEquals("3", e.key());
    assertTrue(e.value().isEmpty());
    assertEquals("NAME=VALUE after ':'", e.expected());
    e =
        assertThrows(
            EngineSettingException.class,
            () -> Engines.chain("lash,minhop", EngineConfig.none().withParam("balance", "yes")));
    assertTrue(e.engine().isEmpty(), "no engine of the chain reads it");
    assertEquals("balance", e.key());
    assertEquals("yes", e.value().orElseThrow());
    assertEquals("a setting the engines of 'lash,minhop' read(s): lash_start_vl", e.expected());
    e =
        assertThrows(
            EngineSettingException.class,
            () -> EngineConfig.none().withParam("n", "7").intParam("n", 1, 1, 5));
    assertTrue(e.engine().isEmpty(), "EngineConfig alone knows no engine");
    assertSetting(e, null, "n", "7", "1..5");
  }

  private static void assertSetting(
      EngineSettingException e, String engine, String key, String value, String expected) {
    assertEquals(java.util.Optional.ofNullable(engine), e.engine(), e.getMessage());
    assertEquals(key, e.key(), e.getMessage());
    assertEquals(value, e.value().orElseThrow(), e.getMessage());
    assertEquals(expected, e.expected(), e.getMessage());
  }
}
