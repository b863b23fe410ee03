package org.ibrouting.cli;

import static org.ibrouting.cli.Cli.cli;
import static org.ibrouting.cli.Cli.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.ibrouting.cli.Cli.Run;
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
    Run r = cli("route -R dor,testkit-updown:tree_root=40,minhop {} -o {}", fabric, lfts);
    assertEquals(0, r.status(), r.out() + r.err());
    assertTrue(r.out().contains("skipped      dor: "), r.out());
    assertTrue(r.out().contains("engine       testkit-updown (48 switches, 64 CAs)"), r.out());
    Run check = run("check", fabric.toString(), lfts.toString(), "--deadlock");
    assertEquals(0, check.status(), check.out() + check.err());

    Run refused =
        cli("route -R testkit-updown:tree_root=48 {} -o {}", fabric, dir.resolve("x.dump"));
    assertEquals(IbRouting.EXIT_ROUTING_FAILED, refused.status(), refused.out() + refused.err());
    assertTrue(
        refused.err().contains("testkit-updown: no switch 48 in a fabric of 48"), refused.err());
  }

  @Test
  void compareAndSettings() {
    Path fabric = ReferenceFabrics.resource("ft4_3", "fabric.ibnd");
    Run r = cli("compare {} -R minhop,testkit-updown -P tree_root=47 --patterns 20", fabric);
    assertEquals(0, r.status(), r.out() + r.err());
    assertTrue(r.out().lines().anyMatch(l -> l.startsWith("testkit-updown ")), r.out());
    Run typo = cli("route -R testkit-updown:root=1 {} -o {}", fabric, dir.resolve("x.dump"));
    assertEquals(IbRouting.EXIT_BAD_INPUT, typo.status());
    assertTrue(
        typo.err().contains("testkit-updown does not read 'root'; it reads: tree_root"),
        typo.err());
  }
}
