package org.ibrouting.cli;

import static org.ibrouting.cli.Cli.run;
import static org.ibrouting.cli.Cli.succeeds;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.ibrouting.cli.Cli.Run;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.io.testing.SampleFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fabric files sites and tools write, through the commands: a fabric discovered before any SM
 * ran gets OpenSM's LIDs (or is refused with {@code --keep-lids}), grouped output reads, other
 * tools' files are refused by name, and {@code route} never ends well with nothing routed.
 */
class FabricInputCommandLineTest {
  private static final String NOTE =
      "LIDs assigned as OpenSM's first sweep would: 112 end ports got"
          + " LIDs 1-112 (LMC 0), the SM on port 0 of switch 0x0000000000200000 \"S0_0\"";

  @TempDir Path dir;

  /**
   * ibnetdiscover's output of the 4-ary 3-tree before any SM ran: routed with the LIDs OpenSM gave
   * it, the tables are byte for byte those of the discovered fabric with LIDs, and OpenSM's own
   * minhop dump for it checks clean.
   */
  @Test
  void lidLessFabricIsRoutedWithOpenSmsLids() throws Exception {
    Path nolids = SampleFiles.copy("fabric-files/nolids/ft4_3.ibnd.gz");
    Path withLids = ReferenceFabrics.resource("ft4_3", "fabric.ibnd");
    Path ours = dir.resolve("nolids.dump");
    Run r = run("route", "-R", "minhop", nolids.toString(), "-o", ours.toString());
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().startsWith("note         " + NOTE + "\n"), r.out());
    Path reference = dir.resolve("lids.dump");
    assertEquals(
        0,
        run("route", "-R", "minhop", withLids.toString(), "-o", reference.toString(), "-q")
            .status());
    assertArrayEquals(Files.readAllBytes(reference), Files.readAllBytes(ours));
    Path openSm = ReferenceFabrics.resource("ft4_3", "minhop.lfts.dump.gz");
    Run check = run("check", nolids.toString(), openSm.toString(), "--json");
    assertEquals(0, check.status(), check.out() + check.err());
    assertTrue(
        check
            .out()
            .contains(
                "\"format\":\"ibnetdiscover\",\"lids_assigned\":112,"
                    + "\"lids_note\":\""
                    + NOTE.replace("\"", "\\\"")
                    + "\""),
        check.out());
    assertTrue(check.out().contains("\"all_routed\":true"), check.out());
  }

  @Test
  void everyCommandSaysLidsWereAssigned() {
    Path nolids = SampleFiles.copy("fabric-files/nolids/ft4_3.ibnd.gz");
    Run info = run("info", nolids.toString());
    assertTrue(info.out().contains("note         " + NOTE), info.out());
    assertTrue(info.out().contains("end ports    112 with LIDs, max LID 112"), info.out());
    Run json = run("info", nolids.toString(), "--json");
    assertTrue(json.out().contains("\"lids_assigned\":112"), json.out());
    Run compare = run("compare", nolids.toString(), "-R", "minhop", "--patterns", "20", "--json");
    assertEquals(0, compare.status(), compare.err());
    assertTrue(compare.out().contains("\"lids_assigned\":112"), compare.out());
    Run simulate = run("simulate", nolids.toString(), "-R", "minhop", "--num-runs", "2", "--json");
    assertEquals(0, simulate.status(), simulate.err());
    assertTrue(simulate.out().contains("\"lids_assigned\":112"), simulate.out());
    Run plain = run("info", ReferenceFabrics.resource("ft4_3", "fabric.ibnd").toString(), "--json");
    assertTrue(plain.out().contains("\"lids_assigned\":0,\"lids_note\":null"), plain.out());
  }

  @Test
  void keepLidsRefusesWhatWouldBeAssigned() {
    Path nolids = SampleFiles.copy("fabric-files/nolids/ft4_3.ibnd.gz");
    Path out = dir.resolve("x.dump");
    Run r = run("route", "-R", "minhop", nolids.toString(), "-o", out.toString(), "--keep-lids");
    assertEquals(IbRouting.EXIT_BAD_INPUT, r.status(), r.out());
    assertEquals(
        "ibrouting: "
            + nolids
            + ": the fabric has no LIDs: it was discovered before a"
            + " subnet manager assigned them (every port shows lid 0); --keep-lids refuses it (without"
            + " --keep-lids ibrouting assigns the LIDs OpenSM's first sweep would give)\n",
        r.err());
    assertFalse(Files.exists(out));
    Path partial = SampleFiles.copy("fabric-files/no-switch-comment.ibnd");
    Run check = run("info", partial.toString(), "--keep-lids");
    assertEquals(IbRouting.EXIT_BAD_INPUT, check.status(), check.out());
    assertTrue(
        check
            .err()
            .contains(
                ": 2 end ports have no LID, port 0 of switch"
                    + " 0x0000000000200000 \"\" the first; --keep-lids refuses it"),
        check.err());
    Run complete =
        run("info", ReferenceFabrics.resource("ft4_3", "fabric.ibnd").toString(), "--keep-lids");
    assertEquals(0, complete.status(), complete.err());
  }

  /** The grouped output and the man page's example read, and route. */
  @ParameterizedTest
  @ValueSource(strings = {"director-g.ibnd", "man-page-example.ibnd"})
  void groupedOutputRoutes(String file) {
    Path fabric = SampleFiles.copy("fabric-files/" + file);
    Run info = run("info", fabric.toString());
    assertEquals(0, info.status(), info.err());
    assertTrue(info.out().contains("format       ibnetdiscover -g"), info.out());
    Run route = succeeds("route -R updn {} -o {} --json", fabric, dir.resolve("g.dump"));
    assertTrue(route.out().contains("\"all_routed\":true"), route.out());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ports-report.txt",
        "node-list.txt",
        "iblinkinfo.txt",
        "opensm-subnet.lst",
        "ibdiagnet2.db_csv",
        "ibdiagnet2.net_dump",
        "opensm-lfts.dump"
      })
  void otherToolsFilesAreRefusedByName(String file) {
    Path fabric = SampleFiles.copy("fabric-files/refused/" + file);
    Run r = run("route", "-R", "minhop", fabric.toString(), "-o", dir.resolve("x.dump").toString());
    assertEquals(IbRouting.EXIT_BAD_INPUT, r.status(), r.out());
    assertTrue(r.err().startsWith("ibrouting: " + fabric + ":"), r.err());
    assertTrue(r.err().contains(": this is "), r.err());
    assertTrue(
        r.err().endsWith("run `ibnetdiscover > fabric.ibnd` on a host of the fabric\n"), r.err());
  }

  /** One switch and one CA: nothing to route between, so no dump and exit status 3. */
  @Test
  void routeDoesNotSucceedWithNothingRouted() throws Exception {
    Path fabric = dir.resolve("one-ca.ibnd");
    Files.writeString(
        fabric,
        String.join(
            "\n",
            "Switch\t4 \"S-0000000000000100\"\t\t# \"sw\" base port 0 lid 1 lmc 0",
            "[1]\t\"H-0000000000000200\"[1](201) \t\t# \"host\" lid 2 4xEDR",
            "",
            "Ca\t1 \"H-0000000000000200\"\t\t# \"host\"",
            "[1](201) \t\"S-0000000000000100\"[1]\t\t# lid 2 lmc 0 \"sw\" lid 1 4xEDR",
            ""));
    Path out = dir.resolve("one.dump");
    Run r = run("route", "-R", "minhop", fabric.toString(), "-o", out.toString());
    assertEquals(IbRouting.EXIT_ROUTING_FAILED, r.status(), r.out());
    assertEquals(
        "ibrouting: nothing routed: the fabric has 1 CA or router port with a LID and"
            + " routes need two; no LFT dump written\n",
        r.err());
    assertFalse(Files.exists(out));
  }
}
