package org.ibrouting.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ibrouting.cli.Cli.Run;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code route} and {@code check} on what fabric tools leave behind on a bad day: a fabric file cut
 * off at a node block (a half-discovered fabric), a dump written for another fabric. Each is a
 * one-line message naming file, line and column, exit status 2, and no output file.
 */
class DamagedInputCommandLineTest {
  private static final Pattern UNDESCRIBED =
      Pattern.compile(
          "ibrouting: (.+):(\\d+):1: port \\d+ leads to node (0x[0-9a-f]{16}), which the file does not"
              + " describe \\(truncated or partial discovery\\?\\)\\n");

  @TempDir Path dir;

  /** The reference ft4_3 fabric cut off just before its {@code n}-th Switch block. */
  private Path halfDiscovered(int n) throws Exception {
    List<String> lines = Files.readAllLines(ReferenceFabrics.resource("ft4_3", "fabric.ibnd"));
    int seen = 0;
    int cut = 0;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("Switch") && ++seen == n) {
        cut = i;
        break;
      }
    }
    // keep the vendid=/devid=/switchguid= lines of the block, as a dump cut off mid-write would
    while (cut < lines.size() && !lines.get(cut).isEmpty()) {
      cut++;
      if (lines.get(cut - 1).startsWith("Switch")) {
        break;
      }
    }
    Path file = dir.resolve("half.ibnd");
    Files.write(file, lines.subList(0, cut));
    return file;
  }

  private static void assertNamesAnUndescribedNode(Path fabric, Run r) throws Exception {
    assertEquals(IbRouting.EXIT_BAD_INPUT, r.status(), r.out() + r.err());
    Matcher m = UNDESCRIBED.matcher(r.err());
    assertTrue(m.matches(), r.err());
    assertEquals(fabric.toString(), m.group(1));
    String line = Files.readAllLines(fabric).get(Integer.parseInt(m.group(2)) - 1);
    assertTrue(
        line.startsWith("[") && line.contains(m.group(3).substring(2)),
        "the line named is the port line to the missing node: " + line);
    assertFalse(r.err().contains("at org."), r.err());
  }

  @Test
  void routeOnAHalfDiscoveredFabricNamesTheLine() throws Exception {
    for (int block : new int[] {2, 17, 48}) {
      Path fabric = halfDiscovered(block);
      Path out = dir.resolve("out.dump");
      Run r = Cli.run("route", "-R", "minhop", fabric.toString(), "-o", out.toString());
      assertNamesAnUndescribedNode(fabric, r);
      assertFalse(Files.exists(out), "no dump is written");
    }
  }

  @Test
  void checkOnAHalfDiscoveredFabricNamesTheLine() throws Exception {
    Path fabric = halfDiscovered(30);
    Path dump = ReferenceFabrics.resource("ft4_3", "minhop.lfts.dump.gz");
    assertNamesAnUndescribedNode(fabric, Cli.run("check", fabric.toString(), dump.toString()));
  }

  @Test
  void checkOnADumpForAnotherFabricSaysSo() {
    Path ft43 = ReferenceFabrics.resource("ft4_3", "fabric.ibnd");
    Path torus = ReferenceFabrics.resource("torus2d_4x4", "fabric.ibnd");
    // the torus shares its first 16 switch GUIDs with ft4_3 (ibsim numbers both from 0x200000)
    Path torusDump = ReferenceFabrics.resource("torus2d_4x4", "minhop.lfts.dump.gz");
    Run r = Cli.run("check", ft43.toString(), torusDump.toString());
    assertEquals(IbRouting.EXIT_BAD_INPUT, r.status(), r.out() + r.err());
    assertEquals(
        "ibrouting: "
            + torusDump
            + ":1:17: the dump's tables end at LID 80 but the fabric's"
            + " LIDs go up to 112; was the dump written for another fabric?\n",
        r.err());
    // and the other way round
    Path ftDump = ReferenceFabrics.resource("ft4_3", "minhop.lfts.dump.gz");
    Run back = Cli.run("check", torus.toString(), ftDump.toString());
    assertEquals(IbRouting.EXIT_BAD_INPUT, back.status(), back.out() + back.err());
    assertTrue(back.err().startsWith("ibrouting: " + ftDump + ":"), back.err());
    assertTrue(back.err().contains("; was the dump written for another fabric?"), back.err());
    assertFalse(back.err().contains("at org."), back.err());
  }
}
