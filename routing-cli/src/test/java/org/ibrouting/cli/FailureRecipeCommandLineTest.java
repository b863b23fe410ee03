package org.ibrouting.cli;

import static org.ibrouting.cli.Cli.cli;
import static org.ibrouting.cli.Cli.succeeds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ibrouting.cli.Cli.Run;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.FabricFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's recipe after a failure, as an operator runs it: fail a link, reroute from the old
 * tables (and SLs), check the switch-over, check the new tables; and the same commands on an unsafe
 * switch-over and on bad input.
 */
class FailureRecipeCommandLineTest {
  @TempDir Path dir;

  private String path(String name) {
    return dir.resolve(name).toString();
  }

  /** Runs {@code reroute} and checks that it ended well and routed every pair. */
  private static Run rerouteAllRouted(String line, Object... words) {
    Run reroute = succeeds(line, words);
    assertTrue(reroute.out().contains("\"all_routed\":true"), reroute.out());
    return reroute;
  }

  @Test
  void failRerouteCheckUpdateOnAFatTree() throws Exception {
    assertEquals(0, Cli.run("generate", "ktree", "4", "3", "-o", path("ft.ibnd"), "-q").status());
    Run route =
        succeeds(
            "route -R dfsssp {} -o {} --sl-out {} -q",
            path("ft.ibnd"),
            path("old.lfts"),
            path("old.sl"));
    Run fail = succeeds("fail {} --links 2 --seed 4 -o {}", path("ft.ibnd"), path("ft-2.ibnd"));
    assertTrue(fail.out().contains("190 of 192 links"), fail.out());
    Run reroute =
        rerouteAllRouted(
            "reroute -R dfsssp {} --from {} --from-sl {} -o {} --sl-out {} --scratch --json",
            path("ft-2.ibnd"),
            path("old.lfts"),
            path("old.sl"),
            path("new.lfts"),
            path("new.sl"));
    long changed = number(reroute.out(), "entries_changed");
    long scratch = number(reroute.out(), "scratch_entries_changed");
    assertTrue(changed > 0 && changed < scratch, reroute.out());
    Run check =
        cli("check {} {} --sl {} --deadlock", path("ft-2.ibnd"), path("new.lfts"), path("new.sl"));
    assertEquals(0, check.status(), check.out());
    Run update =
        cli(
            "check-update {} {} {} --sl-old {} --sl-new {} --plan-dir {}",
            path("ft-2.ibnd"),
            path("old.lfts"),
            path("new.lfts"),
            path("old.sl"),
            path("new.sl"),
            path("plan"));
    // a mid switch that lost its link to a leaf must bounce off another leaf, whose old entry
    // sends those LIDs back up to it: updating the mid switch first would close that loop
    assertEquals(IbRouting.EXIT_CHECK_FAILED, update.status(), update.out() + update.err());
    assertTrue(update.out().contains("credit loop of 2 channels"), update.out());
    assertTrue(update.out().contains("plan         ordered"), update.out());
    assertStepsCheckClean("ft-2.ibnd");
    assertThePlanLoadsByHand(update);
    // the same switch-over with the new switch's tables ordered last is safe
    Run same = Cli.run("check-update", path("ft-2.ibnd"), path("new.lfts"), path("new.lfts"));
    assertEquals(0, same.status(), same.out());
    assertTrue(same.out().contains("SAFE") && same.out().contains("any order"), same.out());
  }

  /**
   * The plan directory's manifest lists every step with its files; loaded by hand with {@code
   * deploy --step}, it ends at the new tables; {@code --batch} merges steps.
   */
  private void assertThePlanLoadsByHand(Run update) throws Exception {
    List<String[]> manifest = manifest("plan");
    assertEquals(
        update.out().lines().filter(l -> l.matches(" *\\d+\\. .*")).count(), manifest.size());
    for (String[] step : manifest) {
      assertEquals(7, step.length, String.join("|", step));
      assertTrue(Files.exists(dir.resolve("plan").resolve(step[2])), step[2]);
      assertTrue(Files.exists(dir.resolve("plan").resolve(step[3])), step[3]);
      assertTrue(Files.exists(dir.resolve("plan").resolve(step[4])), step[4]);
    }
    assertTrue(
        Files.readString(dir.resolve("plan").resolve(manifest.get(manifest.size() - 1)[2]))
            .equals(Files.readString(dir.resolve("new.lfts"))),
        "the last step holds the new tables");
    // loaded by hand, step by step, into a deployment directory: it ends at the new routing
    Run deployed =
        cli(
            "deploy {} {} --sl {} --opensm-dir {} -q",
            path("ft.ibnd"),
            path("old.lfts"),
            path("old.sl"),
            path("deploy"));
    assertEquals(0, deployed.status(), deployed.out() + deployed.err());
    for (int i = 0; i < manifest.size(); i++) {
      Run step =
          cli(
              "deploy {} {} --sl {} --opensm-dir {} --step " + (i + 1) + "/" + manifest.size(),
              path("ft-2.ibnd"),
              path("plan/" + manifest.get(i)[2]),
              path("plan/" + manifest.get(i)[3]),
              path("deploy"));
      assertEquals(0, step.status(), step.out() + step.err());
    }
    assertEquals(
        Files.readString(dir.resolve("new.lfts")),
        Files.readString(dir.resolve("deploy/opensm-lfts.dump")));
    assertTrue(
        Files.readString(dir.resolve("deploy/deployment.properties")).contains("phase=complete"));
    // batched: the leaves of one step together, fewer steps, each verified
    Run batched =
        cli(
            "check-update {} {} {} --sl-old {} --sl-new {} --plan-dir {} --batch",
            path("ft-2.ibnd"),
            path("old.lfts"),
            path("new.lfts"),
            path("old.sl"),
            path("new.sl"),
            path("plan-b"));
    assertEquals(IbRouting.EXIT_CHECK_FAILED, batched.status(), batched.out());
    assertTrue(manifest("plan-b").size() < manifest.size(), batched.out());
  }

  /**
   * {@code reroute -R dmodc} after a cut cable moves only the broken paths, and here that is what a
   * full Dmodc route of the damaged tree writes, byte for byte; deadlock-free on one VL.
   */
  @Test
  void dmodcRerouteIsAFullRouteAfterOneCut() throws Exception {
    assertEquals(0, Cli.run("generate", "ktree", "4", "3", "-o", path("ft.ibnd"), "-q").status());
    assertEquals(0, cli("route -R dmodc {} -o {} -q", path("ft.ibnd"), path("old.lfts")).status());
    Run fail = succeeds("fail {} --links 1 --seed 4 -o {}", path("ft.ibnd"), path("ft-1.ibnd"));
    Run reroute =
        rerouteAllRouted(
            "reroute -R dmodc {} --from {} -o {} --scratch --json",
            path("ft-1.ibnd"),
            path("old.lfts"),
            path("new.lfts"));
    long changed = number(reroute.out(), "entries_changed");
    assertTrue(changed > 0, reroute.out());
    assertEquals(number(reroute.out(), "scratch_entries_changed"), changed, reroute.out());
    assertEquals(
        0, cli("route -R dmodc {} -o {} -q", path("ft-1.ibnd"), path("full.lfts")).status());
    assertEquals(
        Files.readString(dir.resolve("full.lfts")), Files.readString(dir.resolve("new.lfts")));
    Run check = cli("check {} {} --deadlock", path("ft-1.ibnd"), path("new.lfts"));
    assertEquals(0, check.status(), check.out());
  }

  /**
   * Every intermediate dump of the plan directory is free of forwarding loops and credit loops
   * (black holes at failed links are expected until the switches on them are updated).
   */
  private void assertStepsCheckClean(String fabric) {
    try (var files = Files.list(dir.resolve("plan"))) {
      int steps = 0;
      for (Path step : (Iterable<Path>) files::iterator) {
        if (step.toString().endsWith(".lfts")) {
          steps++;
          Path sl = Path.of(step.toString().replace(".lfts", ".sl"));
          Run check =
              Files.exists(sl)
                  ? Cli.run(
                      "check",
                      path(fabric),
                      step.toString(),
                      "--sl",
                      sl.toString(),
                      "--deadlock",
                      "--json")
                  : Cli.run("check", path(fabric), step.toString(), "--deadlock", "--json");
          assertTrue(
              check.out().contains("\"loop_pairs\":0")
                  && check.out().contains("\"deadlock_free\":true"),
              step + ": " + check.out());
        }
      }
      assertTrue(steps > 0, "no step dumps written");
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void unsafeSwitchOverPrintsTheLoopAndAPlan() throws Exception {
    assertEquals(0, Cli.run("generate", "torus", "6", "1", "-o", path("ring.ibnd"), "-q").status());
    Fabric ring = FabricFiles.read(dir.resolve("ring.ibnd"));
    Files.writeString(dir.resolve("root0"), String.format("0x%016x%n", ring.nodeGuid(0)));
    Files.writeString(dir.resolve("root1"), String.format("0x%016x%n", ring.nodeGuid(1)));
    assertEquals(
        0,
        cli("route -R updn -a {} {} -o {} -q", path("root0"), path("ring.ibnd"), path("a.lfts"))
            .status());
    assertEquals(
        0,
        cli("route -R updn -a {} {} -o {} -q", path("root1"), path("ring.ibnd"), path("b.lfts"))
            .status());
    Run update =
        cli(
            "check-update {} {} {} --plan-dir {}",
            path("ring.ibnd"),
            path("a.lfts"),
            path("b.lfts"),
            path("plan"));
    assertEquals(IbRouting.EXIT_CHECK_FAILED, update.status(), update.out() + update.err());
    assertTrue(
        update.out().contains("CREDIT LOOP") && update.out().contains("in its old"), update.out());
    assertTrue(
        update.out().contains("plan         ordered")
            || update.out().contains("plan         phased"),
        update.out());
    if (update.out().contains("plan         ordered")) {
      assertStepsCheckClean("ring.ibnd");
    } else {
      assertTrue(Files.exists(dir.resolve("plan").resolve("transition.sl")));
    }
  }

  @Test
  void badInputIsReportedWithExitStatus2() throws Exception {
    assertEquals(
        0, Cli.run("generate", "ktree", "2", "3", "-o", path("small.ibnd"), "-q").status());
    assertEquals(
        0, Cli.run("generate", "ktree", "4", "2", "-o", path("other.ibnd"), "-q").status());
    assertEquals(
        0, cli("route -R minhop {} -o {} -q", path("other.ibnd"), path("other.lfts")).status());
    Run unsupported =
        cli(
            "reroute -R lash {} --from {} -o {}",
            path("small.ibnd"),
            path("other.lfts"),
            path("x.lfts"));
    assertEquals(IbRouting.EXIT_BAD_INPUT, unsupported.status());
    assertTrue(unsupported.err().contains("minhop, updn, dnup, sssp, dfsssp"), unsupported.err());
    Files.writeString(
        dir.resolve("broken.lfts"), "Unicast lids [0-10] of switch Lid 1 guid 0xzz:\n");
    Run broken =
        cli("check-update {} {} {}", path("small.ibnd"), path("broken.lfts"), path("broken.lfts"));
    assertEquals(IbRouting.EXIT_BAD_INPUT, broken.status());
    assertTrue(broken.err().contains("broken.lfts:1:"), broken.err());
    Run badShare = Cli.run("fail", path("small.ibnd"), "--links", "x%", "-o", path("y.ibnd"));
    assertEquals(IbRouting.EXIT_BAD_INPUT, badShare.status());
    assertTrue(!Files.exists(dir.resolve("x.lfts")) && !Files.exists(dir.resolve("y.ibnd")));
  }

  /** The steps of a plan directory's manifest, each split at tabs. */
  private List<String[]> manifest(String planDir) throws java.io.IOException {
    return Files.readAllLines(dir.resolve(planDir).resolve("plan.tsv")).stream()
        .filter(l -> !l.startsWith("#"))
        .map(l -> l.split("\t"))
        .toList();
  }

  private static long number(String json, String key) {
    int at = json.indexOf("\"" + key + "\":");
    int from = at + key.length() + 3;
    int to = from;
    while (to < json.length() && Character.isDigit(json.charAt(to))) {
      to++;
    }
    return Long.parseLong(json.substring(from, to));
  }
}
