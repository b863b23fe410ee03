package org.ibrouting.cli;

import static org.ibrouting.cli.Cli.cli;
import static org.ibrouting.cli.Cli.run;
import static org.ibrouting.cli.Cli.succeeds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ibrouting.cli.Cli.Run;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engines' input files (-a, -u, -G, --jobs) are read before any engine runs: a malformed one is
 * bad input (exit 2, {@code file:line:column}) in every command, never an engine's refusal that a
 * chain would fall back from; a job map naming a node the fabric does not have is bad input too.
 */
class InputFilesCommandLineTest {
  @TempDir Path dir;

  private static List<String> args(String... words) {
    return new ArrayList<>(List.of(words));
  }

  @Test
  void aMalformedGuidOrJobFileIsBadInputInEveryCommand() throws Exception {
    Path fabric = ReferenceFabrics.resource("ft4_3", "fabric.ibnd");
    Path dump = ReferenceFabrics.resource("ft4_3", "minhop.lfts.dump.gz");
    Path broken =
        Files.writeString(dir.resolve("broken.guids"), "0x0000000000200000\nnot-a-guid\n");
    Path brokenJobs = Files.writeString(dir.resolve("broken.jobs"), "H0 a\nH1\n");
    Path out = dir.resolve("out.dump");
    for (String option : List.of("-a", "-u", "-G", "--jobs")) {
      Path file = option.equals("--jobs") ? brokenJobs : broken;
      String where =
          file + ":2:" + (option.equals("--jobs") ? "3: expected a job id" : "1: expected a GUID");
      List<List<String>> commands =
          List.of(
              args("route", "-R", "updn,minhop", fabric.toString(), "-o", out.toString()),
              args("compare", fabric.toString(), "-R", "ftree,minhop", "--patterns", "5"),
              args("simulate", fabric.toString(), "-R", "sssp,minhop", "--num-runs", "2"));
      for (List<String> command : commands) {
        command.addAll(List.of(option, file.toString()));
        Run r = run(command.toArray(String[]::new));
        assertEquals(IbRouting.EXIT_BAD_INPUT, r.status(), command + ": " + r.out() + r.err());
        assertTrue(r.err().startsWith("ibrouting: " + where), command + ": " + r.err());
      }
      assertFalse(Files.exists(out), "no dump written");
    }
    Run simulateDump =
        run("simulate", fabric.toString(), dump.toString(), "--jobs", brokenJobs.toString());
    assertEquals(IbRouting.EXIT_BAD_INPUT, simulateDump.status(), simulateDump.err());
    Run missing = cli("route -R updn {} -o {} -a {}", fabric, out, dir.resolve("missing"));
    assertEquals(IbRouting.EXIT_BAD_INPUT, missing.status(), missing.err());
    assertTrue(missing.err().contains("no such file"), missing.err());
  }

  /** A GUID the fabric does not have is updn's refusal: the chain goes on, as OpenSM's would. */
  @Test
  void aRootTheFabricDoesNotHaveIsARefusal() throws Exception {
    Path fabric = ReferenceFabrics.resource("ft4_3", "fabric.ibnd");
    Path roots = Files.writeString(dir.resolve("roots.guids"), "0x00000000deadbeef\n");
    Run r = succeeds("route -R updn,minhop {} -o {} -a {}", fabric, dir.resolve("x.dump"), roots);
    assertTrue(
        r.out()
            .contains(
                "skipped      updn: "
                    + roots
                    + ":1:1: 0x00000000deadbeef is no node of the fabric"),
        r.out());
    assertTrue(r.out().contains("engine       minhop"), r.out());
  }
}
