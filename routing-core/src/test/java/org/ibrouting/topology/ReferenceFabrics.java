package org.ibrouting.topology;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;
import org.junit.jupiter.api.Assumptions;

/**
 * Test access to {@code shared/fabrics}: a minimal reader of the default ibnetdiscover output
 * (enough for the reference files; the real parser lives in lft-io), and a fabric comparison that
 * reports the first difference.
 */
final class ReferenceFabrics {
  private ReferenceFabrics() {}

  /**
   * The {@code shared/fabrics} folder, found above the working directory, or else the project's copy
   * in lft-io's test resources; skips the test if neither is there.
   */
  static Path dir() {
    String property = System.getProperty("ibrouting.shared");
    if (property != null) {
      return Path.of(property, "fabrics");
    }
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path candidate = p.resolve("shared").resolve("fabrics");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
      // the project's own copy (lft-io's test resources), in a clone without shared/
      Path copy = p.resolve("lft-io").resolve("src").resolve("test").resolve("resources").resolve("fabrics");
      if (Files.isDirectory(copy)) {
        return copy;
      }
    }
    Assumptions.abort("shared/fabrics not found above " + Path.of("").toAbsolutePath()
        + " (set -Dibrouting.shared=<dir>)");
    return null;
  }

  private static final Pattern SWITCH = Pattern.compile(
      "^Switch\\s+(\\d+)\\s+\"S-([0-9a-f]{16})\"\\s*# \"(.*)\" (?:base|enhanced) port 0 lid (\\d+) lmc (\\d+)");
  private static final Pattern CA = Pattern.compile("^Ca\\s+(\\d+)\\s+\"H-([0-9a-f]{16})\"\\s*# \"(.*)\"");
  private static final Pattern PORT = Pattern.compile(
      "^\\[(\\d+)\\](?:\\(([0-9a-f]+)\\))?\\s*\"[SH]-([0-9a-f]{16})\"\\[(\\d+)\\](?:\\([0-9a-f]+\\))?\\s*#(.*)$");
  private static final Pattern CA_PORT_LID = Pattern.compile("^ lid (\\d+) lmc (\\d+) ");
  private static final Pattern RATE = Pattern.compile("(\\d+x[A-Z]+)\\s*$");
  private static final Pattern SYSGUID = Pattern.compile("^sysimgguid=0x([0-9a-f]+)");

  /** Reads {@code shared/fabrics/<name>/fabric.ibnd}. */
  static Fabric read(String name) {
    Path file = dir().resolve(name).resolve("fabric.ibnd");
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    FabricBuilder b = Fabric.builder();
    List<Object[]> halves = new ArrayList<>();
    int current = -1;
    long sysGuid = 0;
    for (String line : lines) {
      Matcher m;
      if ((m = SYSGUID.matcher(line)).find()) {
        sysGuid = Long.parseUnsignedLong(m.group(1), 16);
      } else if ((m = SWITCH.matcher(line)).find()) {
        current = b.addNode(NodeType.SWITCH, Integer.parseInt(m.group(1)),
            Long.parseUnsignedLong(m.group(2), 16), m.group(3));
        b.setSystemGuid(current, sysGuid);
        b.setLid(current, 0, Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)));
      } else if ((m = CA.matcher(line)).find()) {
        current = b.addNode(NodeType.CA, Integer.parseInt(m.group(1)),
            Long.parseUnsignedLong(m.group(2), 16), m.group(3));
        b.setSystemGuid(current, sysGuid);
      } else if ((m = PORT.matcher(line)).find()) {
        int port = Integer.parseInt(m.group(1));
        String tail = m.group(5);
        if (m.group(2) != null) {
          b.setPortGuid(current, port, Long.parseUnsignedLong(m.group(2), 16));
          Matcher lid = CA_PORT_LID.matcher(tail);
          if (!lid.find()) {
            fail(file + ": no lid on CA port line " + line);
          }
          b.setLid(current, port, Integer.parseInt(lid.group(1)), Integer.parseInt(lid.group(2)));
        }
        Matcher rate = RATE.matcher(tail);
        halves.add(new Object[] {current, port, Long.parseUnsignedLong(m.group(3), 16),
            Integer.parseInt(m.group(4)), rate.find() ? rate.group(1) : null});
      }
    }
    for (Object[] h : halves) {
      int peer = b.nodeOfGuid((Long) h[2]);
      b.halfLink((Integer) h[0], (Integer) h[1], peer, (Integer) h[3], (String) h[4]);
    }
    return b.build();
  }

  /** Fails with the first difference in nodes, GUIDs, descriptions, ports, LIDs or links. */
  static void assertSameFabric(Fabric expected, Fabric actual) {
    if (expected.numSwitches() != actual.numSwitches() || expected.numCas() != actual.numCas()
        || expected.numLinks() != actual.numLinks()) {
      fail("expected " + expected + ", got " + actual);
    }
    for (int node = 0; node < expected.numNodes(); node++) {
      String where = expected.nodeName(node);
      check(where + " GUID", expected.nodeGuid(node), actual.nodeGuid(node));
      check(where + " description", expected.description(node), actual.description(node));
      check(where + " system GUID", expected.systemGuid(node), actual.systemGuid(node));
      check(where + " ports", expected.numPorts(node), actual.numPorts(node));
      for (int p = expected.isSwitch(node) ? 0 : 1; p <= expected.numPorts(node); p++) {
        int e = expected.port(node, p);
        int a = actual.port(node, p);
        String at = "port " + p + " of " + where;
        if (p == 0 || !expected.isSwitch(node)) {
          check(at + " GUID", expected.portGuid(e), actual.portGuid(a));
          check(at + " LID", expected.baseLid(e), actual.baseLid(a));
          check(at + " LMC", expected.lmc(e), actual.lmc(a));
        }
        if (p > 0) {
          check(at + " peer", peerOf(expected, e), peerOf(actual, a));
          if (expected.peerPort(e) >= 0) {
            check(at + " rate", expected.linkRate(e), actual.linkRate(a));
          }
        }
      }
    }
  }

  private static String peerOf(Fabric f, int port) {
    int peer = f.peerPort(port);
    return peer < 0 ? "none" : f.portName(peer);
  }

  private static void check(String what, Object expected, Object actual) {
    if (!Objects.equals(expected, actual)) {
      fail(what + ": expected " + expected + ", generated " + actual);
    }
  }
}
