package org.ibrouting.cli;

import static org.ibrouting.cli.Cli.cli;
import static org.ibrouting.cli.Cli.succeeds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.ibrouting.cli.Cli.Run;
import org.ibrouting.io.torus.TorusConfigReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ibrouting torus-config FABRIC [-o FILE]}: the configuration of a generated torus or mesh
 * is the one {@code generate --torus-config} writes, torus-2QoS routes the bundled torus with it,
 * and a fabric that is no torus is refused (exit 1) naming the switch, with nothing written.
 */
class TorusConfigCommandLineTest {
  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"torus 4,4,4 2", "torus 5,4,3 1", "mesh 4,3 2", "mesh 3,3,3 1"})
  void aGeneratedTorusGivesTheGeneratorsConfig(String spec) throws Exception {
    Path fabric = dir.resolve("fabric.ibnd");
    Path generated = dir.resolve("generated.conf");
    Path derived = dir.resolve("derived.conf");
    Run gen = succeeds("generate " + spec + " -o {} --torus-config {}", fabric, generated);
    Run run = succeeds("torus-config {} -o {}", fabric, derived);
    assertTrue(run.out().contains("written      " + derived), run.out());
    assertEquals(TorusConfigReader.read(generated), TorusConfigReader.read(derived), spec);
  }

  @Test
  void theBundledTorusRoutesWithItsDerivedConfig() throws Exception {
    Path example = Path.of("..", "examples", "torus2d_4x4.ibnd");
    Run printed = succeeds("torus-config {}", example);
    assertTrue(printed.out().startsWith("# torus-2QoS.conf of torus2d_4x4.ibnd (2D torus 4x4)"));
    assertTrue(printed.out().contains("\nxm_link 0x0000000000200000 0x000000000020000c\n"));
    Path conf = Files.writeString(dir.resolve("torus.conf"), printed.out());
    Run route =
        succeeds(
            "route -R torus-2QoS {} --torus-config {} -o {}",
            example,
            conf,
            dir.resolve("lfts.dump"));
    assertTrue(route.out().contains("engine       torus-2QoS"), route.out());
    Run json = succeeds("torus-config {} --json", example);
    assertTrue(json.out().contains("\"shape\":\"2D torus 4x4\",\"radix\":[4,4,1]"), json.out());
  }

  @Test
  void aFabricThatIsNoTorusIsRefusedNamingTheSwitch() throws Exception {
    Path tree = dir.resolve("tree.ibnd");
    assertEquals(0, cli("generate ktree 4 3 -o {} -q", tree).status());
    Path out = dir.resolve("tree.conf");
    Run run = cli("torus-config {} -o {}", tree, out);
    assertEquals(1, run.status(), run.out());
    assertTrue(
        run.err()
            .startsWith(
                "ibrouting: "
                    + tree
                    + ": torus-2QoS: the switches are not a 2D or 3D torus or mesh: switch 0x"),
        run.err());
    assertFalse(Files.exists(out), "nothing is written");
    Path ring = dir.resolve("ring.ibnd");
    assertEquals(0, cli("generate torus 9 1 -o {} -q", ring).status());
    run = cli("torus-config {}", ring);
    assertEquals(1, run.status());
    assertTrue(run.err().contains("they form one ring of 9 switches"), run.err());
    assertEquals("", run.out());
  }
}
