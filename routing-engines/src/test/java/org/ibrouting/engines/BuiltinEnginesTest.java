package org.ibrouting.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;

/** Engine specs: {@code NAME[:SETTING=VALUE...]}, settings per engine of a chain. */
class BuiltinEnginesTest {
  private static final Fabric FABRIC = Topologies.jellyfish(16, 4, 2, 3);

  private static int vls(RoutingEngine engine) throws RoutingException {
    return engine.route(FABRIC, RoutingOptions.defaults()).slTable().numVls();
  }

  @Test
  void specSettingsReachOnlyTheirEngine() throws RoutingException {
    List<RoutingEngine> chain = BuiltinEngines.chain(
        "multiupdn:updn_trees=3, multiupdn:updn_trees=1:multiupdn_choice=load, multiupdn", EngineConfig.none());
    assertEquals(3, vls(chain.get(0)));
    assertEquals(1, vls(chain.get(1)));
    assertEquals(2, vls(chain.get(2)), "the default, untouched by the other elements");
    RoutingEngine overridden = BuiltinEngines.create("multiupdn:UPDN_TREES=1",
        EngineConfig.none().withParam("updn_trees", "3"));
    assertEquals(1, vls(overridden), "a spec setting overrides -P");
    assertEquals("multiupdn", BuiltinEngines.nameOf(" multiupdn :updn_trees=2"));
    assertEquals("updn", BuiltinEngines.nameOf("updn"));
  }

  @Test
  void badSpecsAreErrorsThatSayWhy() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> BuiltinEngines.create("dnup:updn_trees=2", EngineConfig.none()));
    assertEquals("engine spec 'dnup:updn_trees=2': dnup does not read 'updn_trees'; it takes no settings",
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> BuiltinEngines.create("updn:updn_trees=2", EngineConfig.none()));
    assertEquals("engine spec 'updn:updn_trees=2': updn does not read 'updn_trees'; it reads: updn_auto_root",
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> BuiltinEngines.create("multiupdn:trees=2", EngineConfig.none()));
    assertEquals("engine spec 'multiupdn:trees=2': multiupdn does not read 'trees'; it reads: multiupdn_choice,"
        + " updn_trees", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> BuiltinEngines.create("multiupdn:3", EngineConfig.none()));
    assertEquals("engine spec 'multiupdn:3': expected NAME=VALUE after ':', found '3'", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> BuiltinEngines.create("multiupdn:updn_trees=16", EngineConfig.none()));
    assertEquals("parameter updn_trees=16: expected 1..15", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> BuiltinEngines.create("nosuch:x=1", EngineConfig.none()));
    assertEquals(true, e.getMessage().startsWith("unknown routing engine 'nosuch'; known engines:"), e.getMessage());
  }
}
