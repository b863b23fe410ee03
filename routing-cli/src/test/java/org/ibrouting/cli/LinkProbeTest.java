package org.ibrouting.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.topology.Failures;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe against a fabric played by a stand-in for {@code iblinkinfo -D PATH}: every directed
 * route of a few hops that the damaged fabric has answers as iblinkinfo would, any other fails.
 */
class LinkProbeTest {
  @TempDir Path dir;

  private final Fabric tree = TopologySpec.parse("ktree", List.of("4", "3")).build();

  @Test
  void aFailedSwitchIsFoundThoughOpenSmsRoutesToItsNeighboursRanThroughIt() throws IOException {
    int local = 0;
    int up = switchPort(local);
    int failed = tree.nodeOfPort(tree.peerPort(tree.port(local, up)));
    Fabric damaged = Failures.withoutLinks(tree, cables(failed), local);
    // OpenSM's traps: the local switch, and every other neighbour by its old route through the
    // failed switch (unreadable now)
    List<String> paths = new ArrayList<>(List.of("0"));
    for (int p = 1; p <= tree.numPorts(failed); p++) {
      int peer = tree.peerPort(tree.port(failed, p));
      if (peer >= 0 && tree.nodeOfPort(peer) != local && tree.isSwitch(tree.nodeOfPort(peer))) {
        paths.add("0," + up + "," + p);
      }
    }
    assertTrue(paths.size() > 2, paths.toString());
    LinkProbe probe = new LinkProbe(new DiagnosticTools(standIn(damaged, local), dir));
    Fabric probed = probe.probe(tree, local, paths);
    assertNotNull(probed, "the switches behind the failed one are read over live cables");
    FabricDiff diff = FabricDiff.of(probed, damaged);
    assertTrue(diff.isEmpty(), diff.summary());
    assertEquals("switch_down", FabricDiff.of(tree, probed).kind());
    // one round of trapping switches, then the failed one over live cables; the other neighbours'
    // traps that failure explains are not read, nor read again over live cables
    List<String> calls = Files.readAllLines(dir.resolve("calls"));
    assertTrue(paths.size() > LinkProbe.ROUND, paths.toString());
    assertEquals(LinkProbe.ROUND + 1, calls.size(), calls.toString());
  }

  @Test
  void aTrappingSwitchThatCannotBeReadOverLiveCablesMakesTheProbeGiveUp() throws IOException {
    int local = 0;
    int up = switchPort(local);
    int neighbour = tree.nodeOfPort(tree.peerPort(tree.port(local, up)));
    // nothing is down, but OpenSM's route to a switch fails: the probe cannot tell why
    LinkProbe probe = new LinkProbe(new DiagnosticTools(standIn(tree, local), dir));
    assertNull(probe.probe(tree, local, List.of("0", "0," + up + ",9")));
    assertEquals(neighbour, LinkProbe.walk(tree, local, "0," + up));
    assertEquals(-1, LinkProbe.walk(tree, local, "0,9"));
    assertEquals(local, LinkProbe.walk(tree, local, "0"));
  }

  private int switchPort(int sw) {
    for (int p = 1; p <= tree.numPorts(sw); p++) {
      int peer = tree.peerPort(tree.port(sw, p));
      if (peer >= 0 && tree.isSwitch(tree.nodeOfPort(peer))) {
        return p;
      }
    }
    throw new IllegalStateException("no switch link");
  }

  private int[] cables(int sw) {
    List<Integer> ports = new ArrayList<>();
    for (int p = 1; p <= tree.numPorts(sw); p++) {
      if (tree.peerPort(tree.port(sw, p)) >= 0) {
        ports.add(tree.port(sw, p));
      }
    }
    return ports.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * A wrapper script that answers {@code iblinkinfo -t MS -D PATH} from files written here for
   * every route of up to four hops from {@code local} in {@code fabric} and the shortest one to
   * each switch, and fails otherwise.
   */
  private String standIn(Fabric fabric, int local) throws IOException {
    Path answers = Files.createDirectories(dir.resolve("answers"));
    List<String> frontier = List.of("0");
    for (int hops = 0; hops <= 4; hops++) {
      List<String> next = new ArrayList<>();
      for (String path : frontier) {
        int node = LinkProbe.walk(fabric, local, path);
        if (node < 0 || !fabric.isSwitch(node)) {
          continue;
        }
        Files.writeString(answers.resolve("path-" + path + ".txt"), linkInfo(fabric, node));
        for (int p = 1; p <= fabric.numPorts(node); p++) {
          next.add(path + "," + p);
        }
      }
      frontier = next;
    }
    for (int node = 0; node < fabric.numSwitches(); node++) {
      String path = LinkProbe.directedRoute(fabric, local, node);
      Files.writeString(answers.resolve("path-" + path + ".txt"), linkInfo(fabric, node));
    }
    Path script = dir.resolve("iblinkinfo-stand-in.sh");
    Files.writeString(
        script,
        "#!/bin/sh\nf=\""
            + answers
            + "/path-$5.txt\"\necho \"$5\" >> \""
            + dir.resolve("calls")
            + "\"\n[ -f \"$f\" ] && exec cat \"$f\"\necho \"no route $5\" >&2\nexit 1\n");
    Files.setPosixFilePermissions(
        script, Set.copyOf(java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x")));
    return script.toString();
  }

  /** What iblinkinfo prints for a switch of {@code fabric}. */
  private static String linkInfo(Fabric fabric, int node) {
    StringBuilder out =
        new StringBuilder(
            String.format(
                "Switch: 0x%016x %s:%n", fabric.nodeGuid(node), fabric.description(node)));
    for (int p = 1; p <= fabric.numPorts(node); p++) {
      int peer = fabric.peerPort(fabric.port(node, p));
      if (peer < 0) {
        out.append(
            String.format(
                "           1    %d[  ] ==(                Down/ Polling)==>             [  ]"
                    + " \"\" ( )%n",
                p));
        continue;
      }
      int far = fabric.nodeOfPort(peer);
      int lid = fabric.baseLid(fabric.isSwitch(far) ? fabric.port(far, 0) : peer);
      out.append(
          String.format(
              "           1    %d[  ] ==( 4X           2.5 Gbps Active/  LinkUp)==>      %d"
                  + "    %d[  ] \"%s\" ( )%n",
              p, lid, fabric.portNum(peer), fabric.description(far)));
    }
    return out.toString();
  }
}
