package org.ibrouting.cli;

import static org.ibrouting.cli.Cli.cli;
import static org.ibrouting.cli.Cli.run;
import static org.ibrouting.cli.Cli.succeeds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.ibrouting.cli.Cli.Run;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The commands as a user runs them: exit status, output, files. */
class CommandLineTest {
  @TempDir Path dir;

  static Stream<Arguments> everyDump() {
    return ReferenceFabrics.names().stream()
        .flatMap(
            name ->
                ReferenceFabrics.engines(name).stream().map(engine -> Arguments.of(name, engine)));
  }

  /** Every OpenSM dump of every reference fabric is reported as fully routed and loop-free. */
  @ParameterizedTest
  @MethodSource("everyDump")
  void checkReportsEveryOpenSmDumpFullyRouted(String name, String engine) {
    Path fabric = ReferenceFabrics.resource(name, "fabric.ibnd");
    Path dump = ReferenceFabrics.resource(name, engine + ".lfts.dump.gz");
    Run r = run("check", fabric.toString(), dump.toString(), "--json");
    assertEquals(0, r.status(), r.out() + r.err());
    assertTrue(r.out().contains("\"all_routed\":true"), r.out());
  }

  @Test
  void infoSummarisesTheFabric() {
    Path fabric = ReferenceFabrics.resource("ft4_3", "fabric.ibnd");
    Run r = run("info", fabric.toString(), "--json");
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().contains("\"switches\":48,\"cas\":64,\"routers\":0,\"links\":192"), r.out());
    Run text = run("info", fabric.toString());
    assertTrue(text.out().contains("switches     48"), text.out());
  }

  @Test
  void deadlockCheckFindsOpenSmsUpdnCreditLoop() {
    Path fabric = ReferenceFabrics.resource("jellyfish32", "fabric.ibnd");
    Path dump = ReferenceFabrics.resource("jellyfish32", "updn+roots.lfts.dump.gz");
    Run r = run("check", fabric.toString(), dump.toString(), "--deadlock");
    assertEquals(IbRouting.EXIT_CHECK_FAILED, r.status(), r.out());
    assertTrue(r.out().contains("deadlock     CREDIT LOOP, every path on VL 0\n"), r.out());
    assertTrue(
        r.out().contains("note         no SLs were given (--sl SLFILE or --sl-saquery FILE)"),
        r.out());
  }

  @Test
  void routeWritesADumpThatChecksClean() throws Exception {
    Path fabric = ReferenceFabrics.resource("torus2d_4x4", "fabric.ibnd");
    Path out = dir.resolve("lash.dump");
    Run r = run("route", "-R", "lash", fabric.toString(), "-o", out.toString(), "--quiet");
    assertEquals(0, r.status(), r.err());
    assertTrue(Files.exists(out));
    assertTrue(Files.exists(dir.resolve("lash.dump.sl")), "SL file next to the dump");
    Run check = cli("check {} {} --sl {} --deadlock", fabric, out, dir.resolve("lash.dump.sl"));
    assertEquals(0, check.status(), check.out());
    assertTrue(check.out().contains("deadlock     free: 2 VL(s)"), check.out());
  }

  /**
   * torus-2QoS end to end: generate writes the torus and its config, route writes the dump and a
   * version 2 SL file with the per-port maps, check proves the torus free of credit loops on 2 VLs.
   */
  @Test
  void torus2QosFromGenerateToDeadlockCheck() throws Exception {
    Path fabric = dir.resolve("t.ibnd");
    Path conf = dir.resolve("t.conf");
    Run gen = succeeds("generate torus 5,3,3 2 -o {} --torus-config {}", fabric, conf);
    assertTrue(Files.readString(conf).contains("\ntorus 5 3 3\n"), Files.readString(conf));
    Path out = dir.resolve("t.dump");
    Run r = succeeds("route -R torus-2QoS {} --torus-config {} -o {}", fabric, conf, out);
    assertTrue(r.out().contains("2 VL(s), per-port sl2vl (torus-2QoS)"), r.out());
    assertTrue(Files.readString(dir.resolve("t.dump.sl")).startsWith("# ibrouting SL file v2\n"));
    Run check = cli("check {} {} --sl {} --deadlock", fabric, out, dir.resolve("t.dump.sl"));
    assertEquals(0, check.status(), check.out());
    assertTrue(
        check.out().contains("deadlock     free: 2 VL(s)")
            && check.out().contains("(per-port sl2vl (torus-2QoS))"),
        check.out());
    Run noSls = run("check", fabric.toString(), out.toString(), "--deadlock");
    assertEquals(
        IbRouting.EXIT_CHECK_FAILED,
        noSls.status(),
        "without the SL file everything is on VL 0: " + noSls.out());

    Run identity =
        succeeds(
            "route -R torus-2QoS {} --torus-config {} -P torus_sl2vl=identity -o {} --json",
            fabric,
            conf,
            dir.resolve("i.dump"));
    assertTrue(
        identity.out().contains("\"vls\":8") && identity.out().contains("\"sl2vl\":\"sl2vl map\""),
        identity.out());

    Run deployPorts =
        cli(
            "route -R torus-2QoS {} --torus-config {} --opensm-dir {}",
            fabric,
            conf,
            dir.resolve("deploy"));
    assertEquals(IbRouting.EXIT_BAD_INPUT, deployPorts.status(), deployPorts.err());
    assertTrue(deployPorts.err().contains("-P torus_sl2vl=identity"), deployPorts.err());

    Files.writeString(conf, "torus 5 3 3\nxp_link 0x200000 zz\n");
    Run bad = cli("route -R torus-2QoS {} --torus-config {} -o {}", fabric, conf, out);
    assertEquals(IbRouting.EXIT_BAD_INPUT, bad.status(), bad.err());
    assertTrue(bad.err().contains(conf + ":2:18: expected"), bad.err());
    Run none = run("route", "-R", "torus-2QoS", fabric.toString(), "-o", out.toString());
    assertEquals(IbRouting.EXIT_ROUTING_FAILED, none.status(), none.err());
    assertTrue(none.err().contains("--torus-config"), none.err());
    Run notTorus =
        cli(
            "generate ktree 2 2 -o {} --torus-config {}",
            dir.resolve("k.ibnd"),
            dir.resolve("k.conf"));
    assertEquals(IbRouting.EXIT_BAD_INPUT, notTorus.status(), notTorus.err());
    assertFalse(
        Files.exists(dir.resolve("k.ibnd")), "nothing written for a kind without a torus config");
  }

  @Test
  void chainSaysWhichEngineProducedTheTables() {
    Path fabric = ReferenceFabrics.resource("torus2d_4x4", "fabric.ibnd");
    Run r = cli("route -R lash,lash {} -o {} --max-vls 1 --json", fabric, dir.resolve("x.dump"));
    assertEquals(IbRouting.EXIT_ROUTING_FAILED, r.status(), r.out());
    assertTrue(r.err().contains("every engine failed: lash: needs"), r.err());
    assertTrue(
        r.err().contains("ibrouting: hint: --max-vls N allows more VLs (up to 15)"), r.err());
    assertFalse(Files.exists(dir.resolve("x.dump")), "no file written when routing fails");
  }

  /**
   * Where OpenSM finds no Up*&#47;Down* root, updn says which root it took and why (stderr, or the
   * JSON's notes); -P updn_auto_root=false refuses as OpenSM does and the chain falls back.
   */
  @Test
  void updnNamesTheRootItTookAndRefusesOnRequest() {
    Path fabric = ReferenceFabrics.resource("jellyfish32", "fabric.ibnd");
    String out = dir.resolve("updn.dump").toString();
    Run text = run("route", "-R", "updn", fabric.toString(), "-o", out);
    assertEquals(0, text.status(), text.err());
    assertTrue(
        text.err()
            .matches(
                "(?s).*note: updn: OpenSM finds no root here .* took switch 0x[0-9a-f]{16} \"[^\"]+\","
                    + " the switch with the least total hop distance to all others.*"),
        text.err());
    Run json = run("route", "-R", "updn", fabric.toString(), "-o", out, "--json");
    assertEquals(0, json.status(), json.err());
    assertTrue(json.out().contains("\"notes\":[\"updn: OpenSM finds no root here"), json.out());
    assertFalse(json.err().contains("note:"), json.err());
    Run quiet = run("route", "-R", "updn", fabric.toString(), "-o", out, "--quiet");
    assertEquals("", quiet.err());

    Run chain = succeeds("route -R updn,minhop {} -o {} -P updn_auto_root=false", fabric, out);
    assertTrue(chain.out().contains("skipped      updn: no root nodes were found"), chain.out());
    assertTrue(chain.out().contains("engine       minhop"), chain.out());
    assertFalse(chain.err().contains("note:"), chain.err());
    Run alone =
        cli("route -R updn {} -o {} -P updn_auto_root=false", fabric, dir.resolve("none.dump"));
    assertEquals(IbRouting.EXIT_ROUTING_FAILED, alone.status(), alone.out());
    assertTrue(alone.err().contains("updn: no root nodes were found"), alone.err());
    // on a fat tree OpenSM's detection finds the roots: nothing to say
    Run tree =
        succeeds(
            "route -R updn {} -o {} -P updn_auto_root=false --json",
            ReferenceFabrics.resource("ft4_3", "fabric.ibnd"),
            out);
    assertTrue(
        tree.out().contains("\"engine\":\"updn\"") && tree.out().contains("\"notes\":[]"),
        tree.out());
  }

  @Test
  void engineParametersReachTheEngineAndTyposAreErrors() throws Exception {
    Path fabric = ReferenceFabrics.resource("torus2d_4x4", "fabric.ibnd");
    Path out = dir.resolve("lash1.dump");
    Run r = succeeds("route -R lash {} -o {} -P lash_start_vl=1 --json", fabric, out);
    Path sl = dir.resolve("lash1.dump.sl");
    assertTrue(
        Files.readString(sl).lines().anyMatch(l -> l.matches("0x[0-9a-f]{4}-0x[0-9a-f]{4} [12]")),
        "lash_start_vl=1 puts the layers on SL 1 and up");
    assertFalse(
        Files.readString(sl).lines().anyMatch(l -> l.matches("0x[0-9a-f]{4}-0x[0-9a-f]{4} 0")),
        "no path on SL 0 with lash_start_vl=1");
    Run typo =
        cli("route -R lash,minhop {} -o {} -P lash_strat_vl=1", fabric, dir.resolve("t.dump"));
    assertEquals(IbRouting.EXIT_BAD_INPUT, typo.status(), typo.out());
    assertTrue(
        typo.err()
            .contains(
                "no engine of 'lash,minhop' reads parameter 'lash_strat_vl'; they read: lash_start_vl"),
        typo.err());
    Run range = cli("route -R lash {} -o {} -P lash_start_vl=15", fabric, dir.resolve("t.dump"));
    assertEquals(IbRouting.EXIT_BAD_INPUT, range.status(), range.out());
    assertTrue(range.err().contains("lash_start_vl=15: expected 0..14"), range.err());
    assertFalse(Files.exists(dir.resolve("t.dump")));
  }

  /** A file the user may not write or read is named, with what was denied. */
  @Test
  void permissionDeniedNamesTheFile() {
    assertEquals(
        "permission denied: /srv/x.dump (cannot create a file in /srv)",
        IbRouting.inputMessage(
            new java.nio.file.AccessDeniedException(
                "/srv/x.dump", null, "cannot create a file in /srv")));
    assertEquals(
        "permission denied: /srv/fabric.ibnd",
        IbRouting.inputMessage(new java.nio.file.AccessDeniedException("/srv/fabric.ibnd")));
    assertEquals(
        "no such file: /srv/nope.ibnd",
        IbRouting.inputMessage(new java.nio.file.NoSuchFileException("/srv/nope.ibnd")));
  }

  @Test
  void badInputIsAMessageNotAStackTrace() throws Exception {
    Path fabric = dir.resolve("bad.ibnd");
    Files.writeString(
        fabric, "Switch\tfour \"S-0000000000000001\"\t\t# \"x\" base port 0 lid 1 lmc 0\n");
    Run r = run("info", fabric.toString());
    assertEquals(IbRouting.EXIT_BAD_INPUT, r.status());
    assertTrue(r.err().startsWith("ibrouting: " + fabric + ":1:"), r.err());
    assertFalse(r.err().contains("at org."), r.err());
    Run missing = run("info", dir.resolve("nope.ibnd").toString());
    assertEquals(IbRouting.EXIT_BAD_INPUT, missing.status());
    assertTrue(missing.err().contains("no such file"), missing.err());
    Run unknown = run("route", "-R", "nosuch", fabric.toString(), "-o", "x");
    assertEquals(IbRouting.EXIT_BAD_INPUT, unknown.status());
    assertTrue(
        unknown.err().contains("unknown routing engine 'nosuch'; known engines:"), unknown.err());
  }

  @Test
  void generateWritesAFabricThatRoutes() throws Exception {
    Path fabric = dir.resolve("torus.ibnd");
    Run r = run("generate", "torus", "4,4", "2", "-o", fabric.toString());
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().contains("16 switches, 32 CAs"), r.out());
    Run info = run("info", fabric.toString(), "--json");
    assertTrue(info.out().contains("\"switches\":16,\"cas\":32"), info.out());
    Run route = succeeds("route -R minhop {} -o {} -q", fabric, dir.resolve("t.dump"));
    Run bad = run("generate", "torus", "1,4", "2", "-o", dir.resolve("bad.ibnd").toString());
    assertEquals(IbRouting.EXIT_BAD_INPUT, bad.status());
    assertTrue(bad.err().contains("torus"), bad.err());
    assertFalse(Files.exists(dir.resolve("bad.ibnd")));
  }

  @Test
  void compareMeasuresEveryRoutingOnTheSamePatterns() {
    Path fabric = ReferenceFabrics.resource("ft4_3", "fabric.ibnd");
    Path minhop = ReferenceFabrics.resource("ft4_3", "minhop.lfts.dump.gz");
    Path dfsssp = ReferenceFabrics.resource("ft4_3", "dfsssp.lfts.dump.gz");
    Run r =
        succeeds(
            "compare {} -R minhop --dump {} --dump {} --patterns 300 --csv",
            fabric,
            "opensm-minhop=" + minhop,
            "opensm-dfsssp=" + dfsssp);
    String[] lines = r.out().split("\n");
    assertEquals(4, lines.length, r.out());
    // our minhop equals OpenSM's, so the same patterns give the same Lambda
    String oursLambda = lines[1].split(",")[9];
    assertEquals(oursLambda, lines[2].split(",")[9], r.out());
    double minhopLambda = Double.parseDouble(oursLambda);
    double dfssspLambda = Double.parseDouble(lines[3].split(",")[9]);
    assertTrue(dfssspLambda > minhopLambda + 0.1, r.out());
  }

  /** multiupdn writes its SL table next to the dump: one SL per tree. */
  @Test
  void multiupdnWritesTheSlOfEveryTree() throws Exception {
    Path fabric = ReferenceFabrics.resource("dragonfly_a4p2h2", "fabric.ibnd");
    Path out = dir.resolve("multi.dump");
    Run r = succeeds("route -R multiupdn {} -o {} -P updn_trees=3 -q", fabric, out);
    java.util.Set<String> sls = new java.util.TreeSet<>();
    Files.readString(dir.resolve("multi.dump.sl"))
        .lines()
        .filter(l -> l.matches("0x[0-9a-f]{4}-0x[0-9a-f]{4} \\d+"))
        .forEach(l -> sls.add(l.split(" ")[1]));
    assertEquals(java.util.Set.of("0", "1", "2"), sls, "every tree carries routes");
  }

  /** Per-engine settings give one engine several rows; the row is named by its spec. */
  @Test
  void compareTakesPerEngineSettings() {
    Path fabric = ReferenceFabrics.resource("jellyfish32", "fabric.ibnd");
    Run r =
        succeeds(
            "compare {} -R updn,multiupdn:updn_trees=1,multiupdn:updn_trees=3 --patterns 50 --csv",
            fabric);
    String[] lines = r.out().split("\n");
    assertEquals(4, lines.length, r.out());
    assertTrue(lines[2].startsWith("multiupdn:updn_trees=1,multiupdn,"), r.out());
    assertEquals("1", lines[2].split(",")[3], r.out());
    assertTrue(lines[3].startsWith("multiupdn:updn_trees=3,multiupdn,"), r.out());
    assertEquals("3", lines[3].split(",")[3], r.out());
    assertTrue(
        Double.parseDouble(lines[3].split(",")[4]) < Double.parseDouble(lines[1].split(",")[4]),
        "three trees give shorter routes than updn: " + r.out());
    Run typo = run("compare", fabric.toString(), "-R", "multiupdn:updn_tres=2", "--patterns", "10");
    assertEquals(IbRouting.EXIT_BAD_INPUT, typo.status(), typo.out());
    assertTrue(typo.err().contains("multiupdn does not read 'updn_tres'"), typo.err());
  }

  /**
   * Every command answers --help with its usage and status 0, and nothing on stderr (picocli warns
   * there when a description is not a valid format string, e.g. a bare "5%").
   */
  @ParameterizedTest
  @org.junit.jupiter.params.provider.MethodSource("commands")
  void everyCommandPrintsItsHelp(String command) {
    for (String flag : List.of("--help", "-h")) {
      Run r = run(command, flag);
      assertEquals(0, r.status(), r.err());
      assertTrue(r.out().startsWith("Usage: ibrouting " + command), r.out());
      assertTrue(r.err().isEmpty(), r.err());
    }
  }

  /** The top-level help lists every command, with nothing on stderr. */
  @Test
  void topLevelHelpListsEveryCommand() {
    Run r = run("--help");
    assertEquals(0, r.status(), r.err());
    assertTrue(r.err().isEmpty(), r.err());
    for (String command : commands()) {
      assertTrue(r.out().contains("\n  " + command + " "), command + " in:\n" + r.out());
    }
  }

  static List<String> commands() {
    return new picocli.CommandLine(new IbRouting())
        .getSubcommands().keySet().stream().filter(c -> !c.equals("help")).toList();
  }

  /**
   * The default output of simulate, read as a user would: a handful of lines (the summary with the
   * mean and its interval, the runs per bandwidth bin), not a line per run; the ORCS listing only
   * with --listing, and in bandwidth (not "Congestion sum") for hist_acc_band.
   */
  @Test
  void simulateDefaultOutputIsAShortSummary() {
    Path fabric = ReferenceFabrics.resource("ft4_3", "fabric.ibnd");
    Path dump = ReferenceFabrics.resource("ft4_3", "minhop.lfts.dump.gz");
    Run r = run("simulate", fabric.toString(), dump.toString(), "--num-runs", "2000");
    assertEquals(0, r.status(), r.err());
    String[] lines = r.out().split("\\R");
    assertTrue(lines.length <= 22, lines.length + " lines:\n" + r.out());
    assertTrue(
        lines[0].startsWith("bisect hist_acc_band on 64 ranks, 2000 runs: mean 0.5"), lines[0]);
    assertTrue(lines[0].contains("+-") && lines[0].contains("(95% CI)"), lines[0]);
    assertEquals("runs by fraction of peak bandwidth:", lines[1]);
    long binned = 0;
    for (int i = 2; i < lines.length; i++) {
      java.util.regex.Matcher m =
          java.util.regex.Pattern.compile("  (\\d\\.\\d\\d)-(\\d\\.\\d\\d) +(\\d+)  #+")
              .matcher(lines[i]);
      assertTrue(m.matches(), lines[i]);
      binned += Long.parseLong(m.group(3));
    }
    assertEquals(2000, binned, "every run in one bin");
    assertFalse(r.out().contains("Congestion sum"), r.out());

    Run listing =
        run("simulate", fabric.toString(), dump.toString(), "--num-runs", "50", "--listing");
    assertEquals(0, listing.status(), listing.err());
    assertTrue(listing.out().startsWith("Bandwidth of 0."), listing.out());
    assertFalse(listing.out().contains("Congestion sum"), listing.out());
    Run sum = cli("simulate {} {} --metric sum_max_cong --num-runs 50", fabric, dump);
    assertTrue(sum.out().contains("quartiles: "), sum.out());
    Run sumListing =
        cli("simulate {} {} --metric sum_max_cong --num-runs 50 --listing", fabric, dump);
    assertTrue(sumListing.out().startsWith("Congestion sum of "), sumListing.out());
  }

  @Test
  void simulatePrintsOrcsHistogramsAndRejectsBadInput() throws Exception {
    Path fabric = ReferenceFabrics.resource("ft4_3", "fabric.ibnd");
    Path dump = ReferenceFabrics.resource("ft4_3", "minhop.lfts.dump.gz");
    Path svg = dir.resolve("hist.svg");
    Run r =
        succeeds(
            "simulate {} {} --ptrn bruck --metric hist_max_cong --num-runs 3 --plot {}",
            fabric,
            dump,
            svg);
    assertTrue(r.out().contains("runs by fraction of peak bandwidth"), r.out());
    Run orcs =
        cli(
            "simulate {} {} --ptrn bruck --metric hist_max_cong --num-runs 3 --listing",
            fabric,
            dump);
    assertTrue(orcs.out().contains("BW: ") && orcs.out().contains("of the "), orcs.out());
    assertTrue(
        Files.readString(svg).startsWith("<svg") || Files.readString(svg).startsWith("<?xml"));
    Run big = run("simulate", fabric.toString(), dump.toString(), "--commsize", "65");
    assertEquals(IbRouting.EXIT_BAD_INPUT, big.status());
    assertTrue(big.err().contains("exceeds the 64 endpoints"), big.err());
    Run unknown = run("simulate", fabric.toString(), dump.toString(), "--ptrn", "nosuch");
    assertEquals(IbRouting.EXIT_BAD_INPUT, unknown.status());
    Path jobs = dir.resolve("jobs.txt");
    Files.writeString(jobs, "H0 a\nH999 a\n");
    Run badJobs = cli("simulate {} {} --jobs {} --num-runs 2", fabric, dump, jobs);
    assertEquals(IbRouting.EXIT_BAD_INPUT, badJobs.status());
    assertTrue(badJobs.err().contains(jobs + ":2:"), badJobs.err());
  }

  @Test
  void sarRoutesByTheJobMapWritesDumpAndSlFileAndNamesTheLineOfABadJobFile() throws Exception {
    Path fabricFile = dir.resolve("torus.ibnd");
    assertEquals(0, run("generate", "torus", "4,4", "2", "-o", fabricFile.toString()).status());
    org.ibrouting.fabric.Fabric fabric = org.ibrouting.io.FabricFiles.read(fabricFile);
    StringBuilder text = new StringBuilder("# node job\n");
    int i = 0;
    for (int node = fabric.numSwitches(); node < fabric.numNodes(); node++, i++) {
      text.append(
          String.format("0x%016x %s%n", fabric.nodeGuid(node), i % 3 == 0 ? "small" : "big"));
    }
    Path jobs = Files.writeString(dir.resolve("jobs.txt"), text);
    Path out = dir.resolve("lfts.dump");
    Run r = succeeds("route -R sar --jobs {} {} -o {} -q", jobs, fabricFile, out);
    assertTrue(Files.exists(out));
    Path sl = dir.resolve("lfts.dump.sl");
    assertTrue(Files.exists(sl), "a torus needs several VLs: SL file next to the dump");
    Run check =
        run("check", fabricFile.toString(), out.toString(), "--sl", sl.toString(), "--deadlock");
    assertEquals(0, check.status(), check.out() + check.err());
    assertTrue(
        check.out().contains("routed of 992 (unreachable 0, black holes 0, loops 0)"), check.out());
    assertTrue(
        check.out().matches("(?s).*deadlock     free: [2-8] VL\\(s\\).*no cycle.*"), check.out());

    Run compare =
        succeeds("compare {} -R dfsssp,sar --jobs {} --patterns 20 --csv", fabricFile, jobs);
    String[] lines = compare.out().split("\n");
    assertTrue(lines[0].endsWith(",job_efi_max,dark_fibre_share"), lines[0]);
    assertEquals(14, lines[2].split(",", -1).length, lines[2]);

    Path bad = Files.writeString(dir.resolve("bad-jobs.txt"), text + "nosuchnode big\n");
    Path badOut = dir.resolve("bad.dump");
    Run badRun = cli("route -R sar --jobs {} {} -o {}", bad, fabricFile, badOut);
    assertEquals(IbRouting.EXIT_BAD_INPUT, badRun.status(), badRun.out());
    assertTrue(
        badRun.err().contains(bad + ":" + (i + 2) + ":1: unknown node 'nosuchnode'"), badRun.err());
    assertFalse(Files.exists(badOut), "no dump when the job file is bad");
    Run badCompare = run("compare", fabricFile.toString(), "-R", "sar", "--jobs", bad.toString());
    assertEquals(IbRouting.EXIT_BAD_INPUT, badCompare.status(), badCompare.out());
    assertTrue(badCompare.err().contains(bad + ":" + (i + 2) + ":1:"), badCompare.err());
    Run noJobs = run("route", "-R", "sar", fabricFile.toString(), "-o", badOut.toString());
    assertEquals(IbRouting.EXIT_ROUTING_FAILED, noJobs.status());
    assertTrue(
        noJobs.err().contains("sar: needs a job-to-node map (which nodes every job runs on)"),
        noJobs.err());
  }
}
