package org.ibrouting.engines.reroute;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.interop.OpenSmInteropTest;
import org.ibrouting.interop.OpenSmSimulation;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.lft.LftDumpWriter;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.Failures;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The recipe's last step with the real OpenSM: on the damaged fabric under ibsim, OpenSM's file
 * engine loads our re-routed tables and programs them unchanged ({@code opensm -R file -U}), where
 * OpenSM's own re-route of the same fabric changes more entries of the old tables.
 */
class RerouteInteropTest extends OpenSmInteropTest {
  @ParameterizedTest
  @ValueSource(strings = {"minhop", "updn"})
  void openSmLoadsTheRerouteAndChangesMoreOnItsOwn(String engine) throws Exception {
    Fabric intact = Topologies.kAryNTree(4, 3);
    RoutingEngine ours = Engines.create(engine, EngineConfig.none());
    Routing before = ours.route(intact, RoutingOptions.seeded(0));
    Fabric damaged = Failures.failLinks(intact, 2, true, 3);
    Routing old = Reroute.carryOver(before, damaged);
    Routing rerouted = Reroute.reroute(ours, old, RoutingOptions.seeded(0)).routing();
    Path dump = dir.resolve("rerouted.lfts");
    LftDumpWriter.write(rerouted, dump, DumpFormat.FULL);
    Path net = dir.resolve("damaged.net");
    IbnetdiscoverWriter.write(damaged, net);
    try (OpenSmSimulation sim = OpenSmSimulation.start(net, dir.resolve("sim"))) {
      OpenSmSimulation.Result loaded = sim.runOpenSm("file", List.of("-U", dump.toString()));
      assertEquals("file", loaded.engineUsed(), "OpenSM fell back; see " + loaded.log());
      assertNotNull(loaded.lftDump(), "OpenSM wrote no dump; see " + loaded.log());
      assertArrayEquals(
          Files.readAllBytes(dump),
          Files.readAllBytes(loaded.lftDump()),
          "OpenSM programmed other tables than the re-route's; see " + loaded.lftDump());
      OpenSmSimulation.Result own = sim.runOpenSm(engine, List.of());
      assertEquals(engine, own.engineUsed(), "see " + own.log());
      Routing theirs = LftDumpReader.read(damaged, own.lftDump());
      long oursChanged = old.differingEntries(rerouted);
      long theirsChanged = old.differingEntries(theirs);
      assertTrue(
          oursChanged > 0 && oursChanged < theirsChanged,
          engine
              + ": the re-route changes "
              + oursChanged
              + " entries, OpenSM's own route "
              + theirsChanged);
    }
  }
}
