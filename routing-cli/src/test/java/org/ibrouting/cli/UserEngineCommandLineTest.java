package org.ibrouting.cli;

import static org.ibrouting.cli.CommandLineTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.ibrouting.cli.CommandLineTest.Run;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An engine that is not part of ibrouting ({@code testkit-updown}, found by ServiceLoader on the
 * test class path) is chosen by name in {@code -R}, chains, engine specs and {@code compare}.
 */
class UserEngineCommandLineTest {
  @TempDir Path dir;

  @Test
  void routeChainAndCheck() {
    Path fabric = ReferenceFabrics.resource("ft4_3", "fabric.ibnd");
    Path lfts = dir.resolve("lfts.dump");
    Run r =
        run(
            "route",
            "-R",
            "dor,testkit-updown:tree_root=40,minhop",
            fabric.toString(),
            "-o",
            lfts.toString());
    assertEquals(0, r.status(), r.out() + r.err());
    assertTrue(r.out().contains("skipped      dor: "), r.out());
    assertTrue(r.out().contains("engine       testkit-updown (48 switches, 64 CAs)"), r.out());
    Run check = run("check", fabric.toString(), lfts.toString(), "--deadlock");
    assertEquals(0, check.status(), check.out() + check.err());

    Run refused =
        run(
            "route",
            "-R",
            "testkit-updown:tree_root=48",
            fabric.toString(),
            "-o",
            dir.resolve("x.dump").toString());
    assertEquals(IbRouting.EXIT_ROUTING_FAILED, refused.status(), refused.out() + refused.err());
    assertTrue(
        refused.err().contains("testkit-updown: no switch 48 in a fabric of 48"), refused.err());
  }

  @Test
  void compareAndSettings() {
    Path fabric = ReferenceFabrics.resource("ft4_3", "fabric.ibnd");
    Run r =
        run(
            "compare",
            fabric.toString(),
            "-R",
            "minhop,testkit-updown",
            "-P",
            "tree_root=47",
            "--patterns",
            "20");
    assertEquals(0, r.status(), r.out() + r.err());
    assertTrue(r.out().lines().anyMatch(l -> l.startsWith("testkit-updown ")), r.out());
    Run typo =
        run(
            "route",
            "-R",
            "testkit-updown:root=1",
            fabric.toString(),
            "-o",
            dir.resolve("x.dump").toString());
    assertEquals(IbRouting.EXIT_BAD_INPUT, typo.status());
    assertTrue(
        typo.err().contains("testkit-updown does not read 'root'; it reads: tree_root"),
        typo.err());
  }
}
