package org.ibrouting.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.interop.OpenSmInteropTest;
import org.ibrouting.interop.OpenSmSimulation;
import org.ibrouting.interop.ServeProcess;
import org.ibrouting.io.FabricFiles;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.opensm.DeploymentState;
import org.ibrouting.io.opensm.OpenSmDeployment;
import org.ibrouting.routing.Routing;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code serve} beside the real OpenSM 3.3.23 on ibsim, with cables cut and restored and a switch
 * failed through ibsim's console. After each event the test reads the fabric back itself: the LFTs
 * every switch holds ({@code dump_fts}) deliver every pair of connected CA ports, and with the SLs
 * the SA answers for every such pair ({@code saquery -p}) they hold no credit loop.
 */
class ServeInteropTest extends OpenSmInteropTest {
  /** How long a test waits for one of serve's events (a loaded machine sweeps slowly). */
  static final int EVENT_SECONDS = 300;

  /** dfsssp needs 3 VLs here; 16 CAs, 240 ordered pairs. */
  static final String TORUS = "torus 4,4 1";

  private Fabric fabric;
  private Path deploy;

  /** Generates the torus and deploys {@code engine}'s routing of it. */
  private Path deployed(String engine) throws IOException {
    Path file = dir.resolve("fabric.ibnd");
    IbnetdiscoverWriter.write(TopologySpec.parse(TORUS).build(), file);
    fabric = FabricFiles.read(file);
    deploy = dir.resolve("deploy");
    Cli.Run route = Cli.cli("route -R {} {} --opensm-dir {} -q", engine, file, deploy);
    assertEquals(0, route.status(), route.err());
    return file;
  }

  /** ibsim on {@code file}, with its console. */
  private OpenSmSimulation simulation(Path file) throws IOException {
    return OpenSmSimulation.startWithConsole(file, dir.resolve("sim"), List.of());
  }

  /** OpenSM beside {@code sim}, from the deployment's configuration. */
  private OpenSmSimulation.RunningOpenSm openSm(OpenSmSimulation sim) throws IOException {
    return sim.startOpenSm(List.of("-F", deploy.resolve(OpenSmDeployment.CONF).toString()), 120);
  }

  /** A serve process beside {@code sim} with the test's options and {@code args}. */
  private ServeProcess serve(OpenSmSimulation sim, String name, String... args) throws IOException {
    List<String> all = new ArrayList<>(List.of("--warm-up", "1", "--threads", "2"));
    all.addAll(List.of(args));
    return new ServeProcess(sim, dir, name, deploy, all);
  }

  private static Predicate<String> event(String kind) {
    return ServeProcess.event(kind);
  }

  /**
   * What the switches and the SA hold now, checked: every pair of CA ports ibnetdiscover finds is
   * delivered, and free of credit loops with the SA's SLs.
   */
  private Fabric assertDeliveredAndDeadlockFree(OpenSmSimulation sim) throws IOException {
    Fabric now = IbnetdiscoverReader.read(new StringReader(sim.ibnetdiscover()), "ibnetdiscover");
    Routing held = LftDumpReader.read(now, new StringReader(sim.dumpFts()), "dump_fts");
    held = held.withSlTable("file", sim.caPathRecords(now).slTable());
    RouteReport routes = RouteChecker.terminals().check(held);
    assertTrue(routes.allRouted(), routes.toString());
    CdgReport cdg = CreditLoopVerifier.defaults().verify(held);
    assertTrue(cdg.isDeadlockFree(), cdg.toString());
    return now;
  }

  /** A port of switch 0 cabled to another switch. */
  private int switchLink() {
    for (int p = 1; p <= fabric.numPorts(0); p++) {
      int peer = fabric.peerPort(fabric.port(0, p));
      if (peer >= 0 && fabric.isSwitch(fabric.nodeOfPort(peer))) {
        return p;
      }
    }
    throw new IllegalStateException("switch 0 has no switch link");
  }

  @Test
  void aCutCableAFailedSwitchAndTheirReturnHealWithoutAPerson() throws Exception {
    Path file = deployed("dfsssp");
    try (OpenSmSimulation sim = simulation(file);
        OpenSmSimulation.RunningOpenSm opensm = openSm(sim);
        ServeProcess serve = serve(sim, "serve", "-R", "dfsssp", "--audit-pairs", "240")) {
      String found = serve.await(event("opensm"), EVENT_SECONDS);
      assertTrue(found.contains("\"pid\":" + opensm.pid() + ","), found);
      assertTrue(found.contains("\"reads_deployment\":true"), found);
      String start = serve.await(event("audit"), EVENT_SECONDS);
      assertTrue(start.contains("\"ok\":true"), start);
      int port = switchLink();
      sim.unlink(fabric, 0, port);
      String down = serve.await(event("link_down"), EVENT_SECONDS);
      assertTrue(down.contains("\"applied\":true") && down.contains("\"ok\":true"), down);
      assertTrue(down.contains("\"repair\":\"reroute\""), down);
      assertTrue(down.contains("\"discovery\":\"probe\""), "the trapping switch was read: " + down);
      assertTrue(down.matches(".*\"entries_changed\":[1-9].*"), down);
      // the deployment's graph was kept at start, and the repair's proofs counted against it
      assertTrue(down.matches(".*\"verified_from_baseline\":[0-9]+.*"), down);
      assertEquals(fabric.numNodes(), assertDeliveredAndDeadlockFree(sim).numNodes());
      sim.relink(fabric, 0, port);
      String up = serve.await(event("link_up"), EVENT_SECONDS);
      assertTrue(up.contains("\"applied\":true") && up.contains("\"ok\":true"), up);
      assertTrue(up.contains("\"discovery\":\"probe\""), "the cable back was read: " + up);
      // the fabric is as it was deployed again: the deployment's routing comes back, not routed
      // anew
      assertTrue(up.contains("\"repair\":\"restore\""), up);
      assertDeliveredAndDeadlockFree(sim);
      int sw = 5;
      sim.unlinkNode(fabric, sw);
      String switchDown = serve.await(event("switch_down"), EVENT_SECONDS);
      assertTrue(switchDown.contains("\"applied\":true"), switchDown);
      // after the restore, the deployment is still dfsssp's: its incremental rule repairs the loss
      assertTrue(switchDown.contains("\"repair\":\"reroute\""), switchDown);
      assertTrue(switchDown.contains("\"ok\":true"), switchDown);
      Fabric without = assertDeliveredAndDeadlockFree(sim);
      assertEquals(fabric.numSwitches() - 1, without.numSwitches());
      sim.relinkNode(fabric, sw);
      String switchUp = serve.await(event("switch_up"), EVENT_SECONDS);
      assertTrue(switchUp.contains("\"applied\":true"), switchUp);
      assertTrue(switchUp.contains("\"ok\":true"), switchUp);
      assertTrue(switchUp.contains("\"repair\":\"restore\""), switchUp);
      assertEquals(fabric.numNodes(), assertDeliveredAndDeadlockFree(sim).numNodes());
    }
  }

  /** Killed at a few moments after the cut: before, while and after it writes the repair. */
  @ParameterizedTest
  @ValueSource(ints = {100, 250, 700})
  void aServeKilledMidwayConvergesWhenStartedAgain(int killAfterMillis) throws Exception {
    Path file = deployed("dfsssp");
    try (OpenSmSimulation sim = simulation(file);
        OpenSmSimulation.RunningOpenSm opensm = openSm(sim)) {
      try (ServeProcess first = serve(sim, "first", "-R", "dfsssp", "--audit-pairs", "0")) {
        assertTrue(
            first.await(event("opensm"), EVENT_SECONDS).contains("\"pid\":" + opensm.pid() + ","));
        first.await(event("audit"), EVENT_SECONDS);
        sim.unlink(fabric, 0, switchLink());
        Thread.sleep(killAfterMillis);
        first.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
      try (ServeProcess second = serve(sim, "second", "-R", "dfsssp", "--audit-pairs", "240")) {
        String settled =
            second.await(
                line -> line.contains("\"audit\":{") || event("refused").test(line), EVENT_SECONDS);
        assertTrue(settled.contains("\"ok\":true"), settled);
        assertDeliveredAndDeadlockFree(sim);
        assertTrue(
            Files.readString(deploy.resolve(OpenSmDeployment.STATE)).contains("phase=complete"));
      }
    }
  }

  @Test
  void aDeploymentLeftHalfWrittenIsRepairedWhenServeStarts() throws Exception {
    Path file = deployed("dfsssp");
    try (OpenSmSimulation sim = simulation(file);
        OpenSmSimulation.RunningOpenSm opensm = openSm(sim)) {
      sim.unlink(fabric, 0, switchLink());
      // a serve stopped after writing the fabric as it is now, before its tables: the dump still
      // routes over the cut cable, and the state says the files were being written
      Fabric now = IbnetdiscoverReader.read(new StringReader(sim.ibnetdiscover()), "ibnetdiscover");
      assertEquals(fabric.numLinks() - 1, now.numLinks());
      IbnetdiscoverWriter.write(now, deploy.resolve(OpenSmDeployment.FABRIC));
      Path stateFile = deploy.resolve(OpenSmDeployment.STATE);
      DeploymentState state = DeploymentState.read(stateFile);
      Files.writeString(
          stateFile, state.next(state.engine(), 0, DeploymentState.COMPLETE).writing().text());
      try (ServeProcess serve = serve(sim, "serve", "-R", "dfsssp", "--audit-pairs", "240")) {
        assertTrue(
            serve.await(event("opensm"), EVENT_SECONDS).contains("\"pid\":" + opensm.pid() + ","));
        String settled =
            serve.await(
                line -> line.contains("\"audit\":{") || event("refused").test(line), EVENT_SECONDS);
        assertTrue(settled.contains("\"ok\":true"), settled);
        assertTrue(settled.contains("\"applied\":true"), settled);
        assertDeliveredAndDeadlockFree(sim);
        assertTrue(DeploymentState.read(stateFile).complete());
      }
    }
  }

  @Test
  void anOpenSmThatRestartsIsFoundAgainAndItsFabricStillHeals() throws Exception {
    Path file = deployed("dfsssp");
    List<String> args = List.of("-F", deploy.resolve(OpenSmDeployment.CONF).toString());
    try (OpenSmSimulation sim = simulation(file);
        ServeProcess serve = serve(sim, "serve", "-R", "dfsssp", "--audit-pairs", "60")) {
      try (OpenSmSimulation.RunningOpenSm first = sim.startOpenSm(args, 120)) {
        assertTrue(
            serve.await(event("opensm"), EVENT_SECONDS).contains("\"pid\":" + first.pid() + ","));
        serve.await(event("ready"), EVENT_SECONDS);
      }
      // the first OpenSM has ended; another starts with a log of its own
      assertTrue(serve.await(event("opensm"), 60).contains("\"running\":false"));
      try (OpenSmSimulation.RunningOpenSm second = sim.startOpenSm(args, 120)) {
        String found = serve.await(event("opensm"), 60);
        assertTrue(found.contains("\"pid\":" + second.pid() + ","), found);
        assertTrue(found.contains(second.log().toString()), found);
        sim.unlink(fabric, 0, switchLink());
        String down = serve.await(event("link_down"), EVENT_SECONDS);
        assertTrue(down.contains("\"applied\":true") && down.contains("\"ok\":true"), down);
        assertDeliveredAndDeadlockFree(sim);
      }
    }
  }

  @Test
  void aDeploymentWrittenButNeverLoadedIsLoadedWhenServeStarts() throws Exception {
    Path file = deployed("dfsssp");
    try (OpenSmSimulation sim = simulation(file);
        OpenSmSimulation.RunningOpenSm opensm = openSm(sim)) {
      // a serve stopped between writing a new deployment and OpenSM's sweep of it
      Cli.Run route = Cli.cli("route -R updn {} --opensm-dir {} -q", file, deploy);
      assertEquals(0, route.status(), route.err());
      try (ServeProcess serve = serve(sim, "serve", "-R", "updn", "--audit-pairs", "240")) {
        assertTrue(
            serve.await(event("opensm"), EVENT_SECONDS).contains("\"pid\":" + opensm.pid() + ","));
        String audit = serve.await(event("audit"), EVENT_SECONDS);
        assertTrue(audit.contains("\"reloaded\":\""), audit);
        assertTrue(audit.contains("\"ok\":true") && audit.contains("\"applied\":true"), audit);
      }
      Routing held = LftDumpReader.read(fabric, new StringReader(sim.dumpFts()), "dump_fts");
      Routing updn = LftDumpReader.read(fabric, deploy.resolve(OpenSmDeployment.LFT_DUMP));
      assertEquals(0, updn.differingEntries(held));
    }
  }

  @Test
  void aFabricItCannotRouteWithinTheVlsKeepsTheLastGoodTablesAndSaysWhy() throws Exception {
    Path file = deployed("updn");
    try (OpenSmSimulation sim = simulation(file);
        OpenSmSimulation.RunningOpenSm opensm = openSm(sim);
        ServeProcess serve =
            serve(sim, "serve", "-R", "dfsssp", "--max-vls", "1", "--audit-pairs", "0")) {
      assertTrue(
          serve.await(event("opensm"), EVENT_SECONDS).contains("\"pid\":" + opensm.pid() + ","));
      serve.await(event("audit"), EVENT_SECONDS);
      String before = Files.readString(deploy.resolve(OpenSmDeployment.LFT_DUMP));
      sim.unlink(fabric, 0, switchLink());
      String refused = serve.await(event("refused"), EVENT_SECONDS);
      assertTrue(refused.contains("\"kept_generation\":1"), refused);
      assertTrue(refused.contains("VL"), refused);
      assertEquals(before, Files.readString(deploy.resolve(OpenSmDeployment.LFT_DUMP)));
    }
  }
}
