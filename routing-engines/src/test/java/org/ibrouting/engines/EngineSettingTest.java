package org.ibrouting.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.ibrouting.engines.dfsssp.DfssspProvider;
import org.ibrouting.engines.ftree.FtreeProvider;
import org.ibrouting.engines.lash.LashEngine;
import org.ibrouting.engines.lash.LashProvider;
import org.ibrouting.engines.minhop.MinhopEngine;
import org.ibrouting.engines.multiupdn.MultiUpdnEngine;
import org.ibrouting.engines.multiupdn.MultiUpdnProvider;
import org.ibrouting.engines.sar.SarProvider;
import org.ibrouting.engines.testing.JobLists;
import org.ibrouting.engines.torus2qos.Torus2QosEngine;
import org.ibrouting.engines.torus2qos.Torus2QosProvider;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.GuidList;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.simulation.JobList;
import org.ibrouting.topology.Topologies;
import org.ibrouting.topology.TorusConfig;
import org.junit.jupiter.api.Test;

/**
 * Typed settings and inputs: a key parses its {@code -P} string once with a clear error, the
 * registry refuses a typed setting an engine does not read, providers of the old contract (names
 * only) keep working, and the deprecated fixed-field methods of {@link EngineConfig} configure the
 * engines exactly as the keys do.
 */
class EngineSettingTest {
  private static final RoutingOptions OPTIONS = RoutingOptions.seeded(42).withThreads(1);

  @Test
  void aBadValueNamesTheSettingAndWhatWasExpected() {
    EngineSettingException e =
        assertThrows(EngineSettingException.class, () -> LashProvider.START_VL.parse("two"));
    assertEquals("parameter lash_start_vl=two: expected an integer 0..14", e.getMessage());
    assertEquals("lash_start_vl", e.key());
    e =
        assertThrows(
            EngineSettingException.class,
            () -> EngineConfig.none().with(LashProvider.START_VL, 15));
    assertEquals("parameter lash_start_vl=15: expected 0..14", e.getMessage());
    e =
        assertThrows(
            EngineSettingException.class,
            () -> Engines.create("torus-2QoS:torus_sl2vl=both", EngineConfig.none()));
    assertEquals("torus-2QoS", e.engine().orElseThrow());
    assertEquals("one of port, identity", e.expected());
    assertEquals("parameter torus_sl2vl=both: expected one of port, identity", e.getMessage());
    e = assertThrows(EngineSettingException.class, () -> DfssspProvider.BALANCE.parse("maybe"));
    assertEquals("true or false", e.expected());
    assertThrows(IllegalArgumentException.class, () -> EngineSetting.flag("Balance", false, "x"));
    assertThrows(
        UnsupportedOperationException.class, () -> EngineInputs.ROOTS.parse("0x0002c90200400a10"));
  }

  @Test
  void aTypedSettingIsKeptInItsParameterFormAndReadBackTyped() {
    EngineConfig config =
        EngineConfig.none()
            .with(MultiUpdnProvider.CHOICE, MultiUpdnEngine.Choice.LOAD)
            .with(MultiUpdnProvider.TREES, 3);
    assertEquals(Map.of("multiupdn_choice", "load", "updn_trees", "3"), config.params());
    assertEquals(MultiUpdnEngine.Choice.LOAD, config.get(MultiUpdnProvider.CHOICE));
    assertEquals(3, (int) config.get(MultiUpdnProvider.TREES));
    EngineConfig byName =
        EngineConfig.none().withParam("UPDN_TREES", " 3").withParam("multiupdn_choice", "LOAD");
    assertEquals(
        config.with(MultiUpdnProvider.CHOICE, null), byName.with(MultiUpdnProvider.CHOICE, null));
    assertEquals(MultiUpdnEngine.Choice.LOAD, byName.get(MultiUpdnProvider.CHOICE));
    assertEquals(Torus2QosEngine.Sl2Vl.PORT, EngineConfig.none().get(Torus2QosProvider.SL2VL));
    assertEquals(Optional.empty(), EngineConfig.none().find(Torus2QosProvider.SL2VL));
    assertEquals(
        Map.of(),
        config.with(MultiUpdnProvider.TREES, null).with(MultiUpdnProvider.CHOICE, null).params());
    for (String name : Engines.names().subList(0, 14)) {
      for (EngineSetting<?> key : Engines.readsOf(name)) {
        assertRoundTrip(key);
      }
    }
  }

  /** The default of every built-in setting reads back from its string form (all but 0 trees). */
  private static <T> void assertRoundTrip(EngineSetting<T> key) {
    if (!key.isSetting() || key == MultiUpdnProvider.TREES) {
      return;
    }
    T value = key.defaultValue().orElseThrow();
    assertEquals(value, key.parse(key.format(value)), key.name());
    assertEquals(value, EngineConfig.none().with(key, value).get(key), key.name());
  }

  @Test
  void aTypedSettingAnEngineDoesNotReadIsRefused() {
    EngineSettingException e =
        assertThrows(
            EngineSettingException.class,
            () -> Engines.create("dfsssp", EngineConfig.none().with(LashProvider.START_VL, 1)));
    assertEquals("dfsssp", e.engine().orElseThrow());
    assertEquals("lash_start_vl", e.key());
    assertEquals("1", e.value().orElseThrow());
    assertEquals("a setting dfsssp read(s): balance", e.expected());
    e =
        assertThrows(
            EngineSettingException.class,
            () ->
                Engines.chain("lash,minhop", EngineConfig.none().with(SarProvider.BALANCE, true)));
    assertTrue(e.engine().isEmpty());
    List<RoutingEngine> chain =
        Engines.chain("dfsssp,lash", EngineConfig.none().with(LashProvider.START_VL, 2));
    assertEquals(2, ((LashEngine) chain.get(1)).lashStartVl());
    // a setting of the same name is read by each engine with its own key
    assertEquals(
        2,
        Engines.chain("dfsssp,sar", EngineConfig.none().with(DfssspProvider.BALANCE, true)).size());
  }

  @Test
  void inputsGoToEveryEngineAndAreReadTyped() throws RoutingException {
    Fabric tree = Topologies.kAryNTree(4, 2);
    GuidList roots = GuidList.of(tree.nodeGuid(0));
    EngineConfig config = EngineConfig.none().with(EngineInputs.ROOTS, roots);
    assertEquals(roots, config.get(EngineInputs.ROOTS));
    assertEquals(
        EngineConfig.none().withParam("balance", "yes"),
        EngineConfig.none().with(SarProvider.BALANCE, true).withParam("balance", "yes"));
    assertNull(EngineConfig.none().get(EngineInputs.ROOTS));
    assertEquals(Map.of(), config.params());
    assertEquals(EngineConfig.none(), config.with(EngineInputs.ROOTS, null));
    Routing minhop = Engines.create("minhop", config).route(tree, OPTIONS);
    assertEquals(0, minhop.differingEntries(new MinhopEngine().route(tree, OPTIONS)));
    assertThrows(
        IllegalArgumentException.class,
        () -> {
          @SuppressWarnings({"unchecked", "rawtypes"})
          EngineSetting<Object> raw = (EngineSetting) EngineInputs.ROOTS;
          EngineConfig.none().with(raw, "0x1");
        });
  }

  @Test
  void theRegistryListsTheKeysEachEngineReads() {
    assertEquals(
        Set.of(
            FtreeProvider.MAX_REVERSE_HOPS,
            FtreeProvider.CONNECT_ROOTS,
            EngineInputs.ROOTS,
            EngineInputs.COMPUTE_NODES,
            EngineInputs.IO_NODES),
        Engines.readsOf("ftree"));
    assertEquals(Set.of("max_reverse_hops", "connect_roots"), Engines.settingsOf("ftree"));
    assertEquals(Set.of(), Engines.readsOf("no-such-engine"));
    for (String name : Engines.names().subList(0, 14)) {
      for (EngineSetting<?> key : Engines.readsOf(name)) {
        assertTrue(!key.description().isEmpty() && !key.expected().isEmpty(), key.toString());
        assertEquals(key.isSetting(), Engines.settingsOf(name).contains(key.name()), name);
      }
    }
  }

  @Test
  void aProviderOfFixedSettingsListsThemInOrderAndRefusesOneNamedTwice() {
    EngineSetting<Boolean> flag = EngineSetting.flag("fixed_flag", false, "a flag");
    final class Fixed extends AbstractEngineProvider {
      Fixed(EngineSetting<?>... reads) {
        super("fixed", true, reads);
      }

      @Override
      public RoutingEngine create(EngineConfig config) {
        return new MinhopEngine();
      }
    }
    Fixed fixed = new Fixed(EngineInputs.ROOTS, flag, EngineInputs.IO_NODES);
    assertEquals(
        List.of(EngineInputs.ROOTS, flag, EngineInputs.IO_NODES), List.copyOf(fixed.reads()));
    assertEquals(Set.of("fixed_flag"), fixed.settings());
    assertTrue(fixed.offersRepair());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new Fixed(flag, flag));
    assertTrue(e.getMessage().contains("fixed_flag twice"), e.getMessage());
  }

  /** A provider written before typed keys: names its settings, reads them (and inputs) by hand. */
  private static final class OldContractProvider implements EngineProvider {
    @Override
    public String name() {
      return "old-contract";
    }

    @Override
    public Set<String> settings() {
      return Set.of("old_start_vl");
    }

    @Override
    @SuppressWarnings("deprecation")
    public RoutingEngine create(EngineConfig config) {
      if (config.roots().isPresent() && config.roots().get().size() != 1) {
        throw new IllegalArgumentException("old-contract: one root at most");
      }
      return new LashEngine(config.intParam("old_start_vl", 0, 0, 14));
    }
  }

  @Test
  void aPlugInOfTheOldContractStillWorks() throws RoutingException {
    try (Engines.Registration old = Engines.registerUntilClosed(new OldContractProvider())) {
      assertEquals(Set.of("old_start_vl"), Engines.settingsOf(old.name()));
      assertEquals(Set.of(), Engines.readsOf(old.name()));
      LashEngine engine =
          (LashEngine) Engines.create("old-contract:old_start_vl=3", EngineConfig.none());
      assertEquals(3, engine.lashStartVl());
      // a caller's typed key of the same name reaches it in the -P form
      EngineSetting<Integer> mine = EngineSetting.integer("old_start_vl", 0, 0, 14, "start VL");
      engine = (LashEngine) Engines.create(old.name(), EngineConfig.none().with(mine, 5));
      assertEquals(5, engine.lashStartVl());
      EngineSettingException e =
          assertThrows(
              EngineSettingException.class,
              () -> Engines.create("old-contract:old_start_vl=99", EngineConfig.none()));
      assertEquals("old-contract", e.engine().orElseThrow());
      assertEquals("0..14", e.expected());
      Fabric tree = Topologies.kAryNTree(4, 2);
      EngineConfig tworoots =
          EngineConfig.none().with(EngineInputs.ROOTS, GuidList.of(tree.nodeGuid(0), 1));
      assertThrows(IllegalArgumentException.class, () -> Engines.create(old.name(), tworoots));
      Routing routing = Engines.create(old.name(), EngineConfig.none()).route(tree, OPTIONS);
      assertEquals(0, routing.differingEntries(new LashEngine(0).route(tree, OPTIONS)));
    }
  }

  @Test
  void aPlugInDeclaresItsKeysAndReadsThemTyped() {
    EngineSetting<Integer> width = EngineSetting.integer("mine_start_vl", 1, 0, 14, "start VL");
    try (Engines.Registration mine =
        Engines.registerUntilClosed(
            EngineProvider.of(
                "typed-plugin", config -> new LashEngine(config.get(width)), width))) {
      assertEquals(Set.of("mine_start_vl"), Engines.settingsOf(mine.name()));
      assertEquals(Set.of(width), Engines.readsOf(mine.name()));
      assertEquals(
          1, ((LashEngine) Engines.create(mine.name(), EngineConfig.none())).lashStartVl());
      RoutingEngine seven =
          Engines.create(mine.name(), EngineConfig.none().withParam("mine_start_vl", "7"));
      assertEquals(7, ((LashEngine) seven).lashStartVl());
      EngineSettingException e =
          assertThrows(
              EngineSettingException.class,
              () -> Engines.create(mine.name() + ":mine_start_vl=-1", EngineConfig.none()));
      assertEquals("typed-plugin", e.engine().orElseThrow());
      assertEquals("parameter mine_start_vl=-1: expected 0..14", e.getMessage());
    }
    EngineSetting<Boolean> one = EngineSetting.flag("twice", false, "one");
    EngineSetting<Integer> two = EngineSetting.integer("twice", 0, 0, 1, "two");
    assertThrows(
        IllegalArgumentException.class,
        () -> Engines.register(EngineProvider.of("twice", config -> new MinhopEngine(), one, two)));
    assertTrue(!Engines.names().contains("twice"));
  }

  /** The deprecated methods set the keys the engines read: the same config, the same tables. */
  @Test
  @SuppressWarnings("deprecation")
  void theDeprecatedFixedFieldMethodsRouteAsTheKeys() throws RoutingException {
    Fabric tree = Topologies.kAryNTree(4, 3);
    GuidList roots = GuidList.of(tree.nodeGuid(tree.numSwitches() - 1));
    GuidList cas = caPorts(tree, 0);
    GuidList io = caPorts(tree, 1);
    JobList jobs = jobs(tree);
    EngineConfig old =
        EngineConfig.none().withRoots(roots).withComputeNodes(cas).withIoNodes(io).withJobs(jobs);
    EngineConfig typed =
        EngineConfig.none()
            .with(EngineInputs.ROOTS, roots)
            .with(EngineInputs.COMPUTE_NODES, cas)
            .with(EngineInputs.IO_NODES, io)
            .with(EngineInputs.JOBS, jobs);
    assertEquals(typed, old);
    assertEquals(Optional.of(roots), old.roots());
    assertEquals(Optional.of(cas), typed.computeNodes());
    assertEquals(Optional.of(io), typed.ioNodes());
    assertEquals(Optional.of(jobs), typed.jobs());
    assertEquals(Optional.empty(), typed.torusConfig());
    for (String engine : List.of("updn", "multiupdn", "sssp", "dfsssp", "sar")) {
      Routing byOld = Engines.create(engine, old).route(tree, OPTIONS);
      Routing byTyped = Engines.create(engine, typed).route(tree, OPTIONS);
      assertEquals(0, byOld.differingEntries(byTyped), engine);
    }
    Routing autoRoot = Engines.create("updn", EngineConfig.none()).route(tree, OPTIONS);
    Routing givenRoot = Engines.create("updn", old).route(tree, OPTIONS);
    assertTrue(autoRoot.differingEntries(givenRoot) > 0, "the root given is not read");
    Fabric torus = Topologies.torus(new int[] {4, 4}, 2);
    TorusConfig conf = Topologies.torusConfig(new int[] {4, 4}, 2, true);
    Routing byOld =
        Engines.create("torus-2QoS", EngineConfig.none().withTorusConfig(conf))
            .route(torus, OPTIONS);
    Routing byTyped =
        Engines.create("torus-2QoS", EngineConfig.none().with(EngineInputs.TORUS_CONFIG, conf))
            .route(torus, OPTIONS);
    assertEquals(0, byOld.differingEntries(byTyped));
  }

  /** Every other CA's port GUID, starting at the {@code first}'s. */
  private static GuidList caPorts(Fabric fabric, int first) {
    long[] guids = new long[(fabric.numNodes() - fabric.numSwitches() - first + 1) / 2];
    for (int i = 0; i < guids.length; i++) {
      guids[i] = fabric.portGuid(fabric.port(fabric.numSwitches() + first + 2 * i, 1));
    }
    return GuidList.of(guids);
  }

  private static JobList jobs(Fabric fabric) {
    StringBuilder text = new StringBuilder();
    for (int node = fabric.numSwitches(); node < fabric.numNodes(); node++) {
      text.append(String.format(Locale.ROOT, "0x%016x job%d%n", fabric.nodeGuid(node), node % 3));
    }
    return JobLists.parse(text.toString());
  }
}
