package org.ibrouting.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.topology.Failures;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parts of {@code serve} that need no OpenSM: its log lines, fabric differences, tools. */
class ServePartsTest {
  @TempDir Path dir;

  private static final ZoneId UTC = ZoneId.of("UTC");

  @Test
  void openSmLogLinesAreClassifiedWithTheirTime() {
    Instant now = Instant.parse("2026-11-29T06:00:00Z");
    OpenSmLogTail.Line trap =
        OpenSmLogTail.classify(
            "Nov 29 05:15:40 024542 [ADF626C0] 0x01 -> log_trap_info: Received Generic Notice"
                + " type:1 num:128 (Link state change) Producer:2 (Switch) from LID:13 TID:0x0",
            UTC,
            now);
    assertEquals(OpenSmLogTail.Kind.TRAP, trap.kind());
    assertEquals(Instant.parse("2026-11-29T05:15:40.024542Z"), trap.time());
    assertEquals(128, OpenSmLogTail.trapNumber(trap));
    assertEquals("trap 128 (Link state change) from LID 13", OpenSmLogTail.describeTrap(trap));
    assertEquals(
        OpenSmLogTail.Kind.SUBNET_UP,
        OpenSmLogTail.classify("Nov 29 05:15:05 159698 [9A4D36C0] 0x02 -> SUBNET UP", UTC, now)
            .kind());
    assertEquals(
        OpenSmLogTail.Kind.TABLES_CONFIGURED,
        OpenSmLogTail.classify(
                "Nov 29 05:15:04 966953 [9A4D36C0] 0x02 -> osm_ucast_mgr_process: file tables"
                    + " configured on all switches",
                UTC,
                now)
            .kind());
    assertEquals(
        OpenSmLogTail.Kind.DUMP_ERROR,
        OpenSmLogTail.classify(
                "Nov 29 05:15:04 966953 [9A4D36C0] 0x01 -> ERR 6302: Can't open ucast dump file",
                UTC,
                now)
            .kind());
    assertNull(
        OpenSmLogTail.classify(
            "Nov 29 05:15:04 894363 [9D4DA740] 0x80 -> Entering DISCOVERING state", UTC, now));
    assertNull(OpenSmLogTail.classify("not a log line", UTC, now));
    // a December line read in January belongs to the year before
    Instant january = Instant.parse("2027-01-01T00:00:10Z");
    assertEquals(
        Instant.parse("2026-12-31T23:59:59.000001Z"),
        OpenSmLogTail.classify("Dec 31 23:59:59 000001 [1] 0x02 -> SUBNET UP", UTC, january)
            .time());
  }

  @Test
  void theLogIsFollowedFromItsEndThroughRotationAndTruncation() throws IOException {
    Path log = dir.resolve("opensm.log");
    Files.writeString(log, "Nov 29 05:15:05 159698 [1] 0x02 -> SUBNET UP\n");
    OpenSmLogTail tail = new OpenSmLogTail(log);
    assertTrue(tail.poll().isEmpty(), "what was there before is not news");
    Files.writeString(
        log,
        "Nov 29 05:16:05 000001 [1] 0x02 -> SUBNET UP\nNov 29 05:16:06 0000",
        java.nio.file.StandardOpenOption.APPEND);
    assertEquals(1, tail.poll().size(), "an unfinished line waits");
    Files.writeString(log, "02 [1] 0x02 -> SUBNET UP\n", java.nio.file.StandardOpenOption.APPEND);
    assertEquals(1, tail.poll().size());
    // logrotate: a new, shorter file under the same name
    Files.delete(log);
    Files.writeString(log, "Nov 29 05:17:00 000003 [1] 0x80 -> Entering MASTER state\n");
    List<OpenSmLogTail.Line> lines = tail.poll();
    assertEquals(1, lines.size());
    assertEquals(OpenSmLogTail.Kind.MASTER, lines.get(0).kind());
  }

  @Test
  void keptRoutesAreFoundByTheStateOfTheFabricAndOnlyTheNewestAreKept() {
    Fabric tree = TopologySpec.parse("ktree", List.of("2", "3")).build();
    Fabric cut = Failures.failLinks(tree, 1, true, 7);
    Fabric otherCut = Failures.failLinks(tree, 2, true, 8);
    KeptRoutes kept = new KeptRoutes();
    Deployed intact = deployed(tree);
    kept.remember(intact);
    kept.remember(deployed(cut));
    // the same state again, read as another fabric object: found, and kept once
    Fabric again = TopologySpec.parse("ktree", List.of("2", "3")).build();
    assertEquals(intact, kept.of(again));
    Deployed newer = deployed(again);
    kept.remember(newer);
    assertEquals(newer, kept.of(tree));
    kept.remember(deployed(otherCut));
    assertNull(kept.of(cut), "only " + KeptRoutes.KEPT + " are kept, the newest");
    assertEquals(newer, kept.of(tree));
    assertTrue(kept.graphs(newer).isEmpty(), "none of them has a graph");
  }

  private static Deployed deployed(Fabric fabric) {
    return new Deployed(
        fabric,
        org.ibrouting.routing.Routing.builder(fabric, "minhop").build(),
        "minhop",
        true,
        null);
  }

  @Test
  void aFabricDiffNamesCablesSwitchesAndCasAndTheKindOfEvent() {
    Fabric tree = TopologySpec.parse("ktree", List.of("2", "3")).build();
    assertTrue(FabricDiff.of(tree, tree).isEmpty());
    Fabric cut = Failures.failLinks(tree, 1, true, 7);
    FabricDiff lost = FabricDiff.of(tree, cut);
    assertEquals("link_down", lost.kind());
    assertEquals(1, lost.linksLost().size());
    assertTrue(lost.linksLost().get(0).matches("\"[^\"]+\"\\[\\d+\\] -- \"[^\"]+\"\\[\\d+\\]"));
    assertFalse(lost.hasGains());
    FabricDiff back = FabricDiff.of(cut, tree);
    assertEquals("link_up", back.kind());
    assertEquals(lost.linksLost(), back.linksGained());
    assertTrue(back.hasGains());
    Fabric noSwitch = Failures.failSwitch(tree, false, 3);
    FabricDiff down = FabricDiff.of(tree, noSwitch);
    assertEquals("switch_down", down.kind(), down.summary());
    assertEquals(1, down.switchesLost().size());
    assertEquals("switch_up", FabricDiff.of(noSwitch, tree).kind());
    assertTrue(down.summary().startsWith("1 switch lost ("), down.summary());
  }

  @Test
  void toolsRunUnderTheWrapperAndAFailureNamesTheCommand() throws IOException {
    DiagnosticTools tools = new DiagnosticTools("env X_WRAPPED=1", dir.resolve("work"));
    assertEquals("1\n", tools.run(List.of("sh", "-c", "echo $X_WRAPPED"), 10));
    IOException e =
        assertThrows(
            IOException.class, () -> tools.run(List.of("sh", "-c", "echo oops >&2; exit 3"), 10));
    assertTrue(e.getMessage().contains("exited with status 3: oops"), e.getMessage());
    List<String> outs =
        tools.runAll(
            List.of(List.of("echo", "a"), List.of("echo", "b"), List.of("echo", "c")), 2, 10);
    assertEquals(List.of("a\n", "b\n", "c\n"), outs);
    DiagnosticTools port = new DiagnosticTools("echo", "mlx5_1", 2, dir.resolve("work"));
    assertEquals("ibnetdiscover -C mlx5_1 -P 2 -s\n", port.run(List.of("ibnetdiscover", "-s"), 10));
    assertEquals("sh -c x\n", port.run(List.of("sh", "-c", "x"), 10), "only the diags get them");
    assertEquals("-C mlx5_1 -P 2", port.portOptions());
    IOException missing =
        assertThrows(
            IOException.class,
            () -> new DiagnosticTools(null, dir).run(List.of("no-such-tool-here"), 10));
    assertTrue(missing.getMessage().contains("infiniband-diags"), missing.getMessage());
  }

  @Test
  void openSmsCommandLineSaysWhereItLogsAndWhatItReads() {
    OpenSmProcess p =
        new OpenSmProcess(
            1,
            List.of("/usr/sbin/opensm", "-d2", "-f", "/var/log/x.log", "-F", "/etc/o/opensm.conf"));
    assertTrue(p.isOpenSm());
    assertEquals(Path.of("/var/log/x.log"), p.logFile().orElseThrow());
    assertEquals(Path.of("/etc/o/opensm.conf"), p.conf().orElseThrow());
    OpenSmProcess stdout = new OpenSmProcess(1, List.of("opensm", "--log_file=stdout"));
    assertTrue(stdout.logFile().isEmpty());
    OpenSmProcess plain = new OpenSmProcess(1, List.of("opensm"));
    assertEquals(OpenSmProcess.DEFAULT_LOG, plain.logFile().orElseThrow());
    assertFalse(new OpenSmProcess(1, List.of("/bin/sleep", "9")).isOpenSm());
  }

  @Test
  void aProbeOfTheTrappingSwitchGivesTheFabricWithoutItsDownCables() {
    Fabric tree = TopologySpec.parse("ktree", List.of("2", "3")).build();
    int sw = 0;
    int up = -1;
    for (int p = 1; p <= tree.numPorts(sw) && up < 0; p++) {
      int peer = tree.peerPort(tree.port(sw, p));
      up = peer >= 0 && tree.isSwitch(tree.nodeOfPort(peer)) ? p : -1;
    }
    String header = String.format("Switch: 0x%016x S0_0:%n", tree.nodeGuid(sw));
    String active =
        "           1    %d[  ] ==( 4X           2.5 Gbps Active/  LinkUp)==>      13    2[  ]"
            + " \"x\" (Could be 12X)%n";
    String down =
        "           1    %d[  ] ==(                Down/ Polling)==>             [  ] \"\" ( )%n";
    StringBuilder output = new StringBuilder(header);
    for (int p = 1; p <= tree.numPorts(sw); p++) {
      output.append(String.format(p == up ? down : active, p));
    }
    it.unimi.dsi.fastutil.ints.IntArrayList lost = new it.unimi.dsi.fastutil.ints.IntArrayList();
    List<LinkProbe.Cable> back = new java.util.ArrayList<>();
    assertTrue(LinkProbe.lostPorts(tree, output.toString(), lost, back));
    assertEquals(List.of(), back);
    assertEquals(List.of(tree.port(sw, up)), lost);
    Fabric cut = Failures.withoutLinks(tree, lost.toIntArray(), 0);
    FabricDiff diff = FabricDiff.of(tree, cut);
    assertEquals("link_down", diff.kind(), diff.summary());
    assertEquals(1, diff.linksLost().size());
    // a port up that was not cabled, whose far end is no free port of a known switch: give up
    Fabric without = cut;
    it.unimi.dsi.fastutil.ints.IntArrayList none = new it.unimi.dsi.fastutil.ints.IntArrayList();
    String allUp = header + String.format(active, up);
    assertFalse(LinkProbe.lostPorts(without, allUp, none, back));
    assertFalse(LinkProbe.lostPorts(tree, "Switch: 0x00000000deadbeef nobody:\n", none, back));
    // the same port back, naming its far end (still Initialize): the cable returns
    int far = tree.peerPort(tree.port(sw, up));
    int farNode = tree.nodeOfPort(far);
    String init =
        String.format(
            "           1    %d[  ] ==( 4X           2.5 Gbps Initialize/  LinkUp)==>      %d"
                + "    %d[  ] \"%s\" ( )%n",
            up, tree.baseLid(tree.port(farNode, 0)), tree.portNum(far), tree.description(farNode));
    assertTrue(LinkProbe.lostPorts(without, header + init, none, back));
    assertEquals(1, back.size());
    assertEquals("4xSDR", back.get(0).rate());
    Fabric again = LinkProbe.withCables(without, back);
    assertTrue(FabricDiff.of(tree, again).isEmpty(), FabricDiff.of(tree, again).summary());
    assertNull(LinkProbe.withCables(tree, back), "a port already cabled");
    back.clear();
    String wrongName = init.replace("\"" + tree.description(farNode) + "\"", "\"elsewhere\"");
    assertFalse(LinkProbe.lostPorts(without, header + wrongName, none, back));
    // a switch whose every cable failed goes, with the CAs behind it
    int[] all = new int[tree.numPorts(5)];
    for (int p = 1; p <= all.length; p++) {
      all[p - 1] = tree.port(5, p);
    }
    Fabric alone = Failures.withoutLinks(tree, all, 0);
    assertEquals(tree.numSwitches() - 1, alone.numSwitches());
    assertEquals("switch_down", FabricDiff.of(tree, alone).kind());
  }

  @Test
  void aDirectedRouteLeavesEachHopByThePortToTheNext() {
    Fabric tree = TopologySpec.parse("ktree", List.of("2", "3")).build();
    assertEquals("0", LinkProbe.directedRoute(tree, 0, 0));
    for (int to = 1; to < tree.numNodes(); to += 3) {
      String path = LinkProbe.directedRoute(tree, 0, to);
      int node = 0;
      String[] hops = path.split(",");
      assertEquals("0", hops[0]);
      for (int i = 1; i < hops.length; i++) {
        node = tree.nodeOfPort(tree.peerPort(tree.port(node, Integer.parseInt(hops[i]))));
      }
      assertEquals(to, node, path);
    }
    int[] cut = new int[tree.numPorts(0)];
    for (int p = 1; p <= cut.length; p++) {
      cut[p - 1] = tree.port(0, p);
    }
    org.ibrouting.fabric.FabricBuilder b = org.ibrouting.fabric.FabricBuilder.from(tree);
    for (int p = 1; p <= tree.numPorts(0); p++) {
      b.disconnect(0, p);
    }
    assertNull(LinkProbe.directedRoute(b.build(), 0, 5), "an island is not reached");
  }

  @Test
  void underBestTheDeployedEngineKeepsItsOwnRule() {
    org.ibrouting.engines.EngineConfig config = org.ibrouting.engines.EngineConfig.none();
    ServeSettings best =
        settings(List.of(org.ibrouting.engines.EngineAdvisor.defaults().asEngine(config)), config);
    assertTrue(best.chosenByAdvisor());
    assertEquals("dfsssp", best.engine("dfsssp").name());
    assertNull(best.engine("no-such-engine"));
    ServeSettings chain = settings(org.ibrouting.engines.Engines.chain("minhop", config), config);
    assertFalse(chain.chosenByAdvisor());
    assertEquals("minhop", chain.engine("minhop").name());
    assertNull(chain.engine("dfsssp"), "a chain without it has no rule for it");
  }

  private ServeSettings settings(
      List<org.ibrouting.routing.RoutingEngine> chain, org.ibrouting.engines.EngineConfig config) {
    return new ServeSettings(
        dir,
        null,
        chain,
        config,
        org.ibrouting.routing.RoutingOptions.defaults(),
        8,
        0,
        50,
        10,
        1,
        0,
        1,
        0,
        false);
  }

  @Test
  void aSampleOfPairsIsDistinctAndCoversAllPairsWhenAskedForMore() {
    Fabric tree = TopologySpec.parse("ktree", List.of("2", "3")).build();
    int[][] all = LiveAudit.samplePairs(tree, 1000, 1);
    int cas = tree.numCas();
    assertEquals(cas * (cas - 1), all[0].length);
    int[][] some = LiveAudit.samplePairs(tree, 20, 1);
    assertEquals(20, some[0].length);
    java.util.Set<Long> seen = new java.util.HashSet<>();
    for (int i = 0; i < 20; i++) {
      assertTrue(some[0][i] != some[1][i]);
      assertTrue(seen.add((long) some[0][i] << 32 | some[1][i]), "pair " + i + " twice");
    }
  }
}
