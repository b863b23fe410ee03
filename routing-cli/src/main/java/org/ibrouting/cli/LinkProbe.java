package org.ibrouting.cli;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.topology.Failures;

/**
 * What a trap says changed, read from the switches that sent it instead of from a whole discovery:
 * OpenSM logs each trap 128 with the directed route to the switch ({@code Directed Path Dump of 4
 * hop path: Path = 0,17,17,15,10}), and {@code iblinkinfo -D PATH} reads that switch's ports with
 * their state in one partial discovery of a hop. A port that was cabled and is down lost its cable;
 * the fabric as a discovery would show it is the known one without those cables and without what
 * they cut off. A port that came up (a cable back) is not settled before OpenSM's sweep gives it
 * LIDs and an active link, so then (and whenever a switch cannot be read) the probe gives up and
 * {@code serve} discovers the whole fabric.
 *
 * <p>Cost: one {@code iblinkinfo} per trapping switch (tens of SMPs each) instead of {@code
 * ibnetdiscover}'s one per port of the fabric: on the 16-ary 3-tree under ibsim 0.05 s against 1-2
 * s, which decides whether the repair is written before OpenSM's own sweep reaches its routing
 * step.
 */
final class LinkProbe {
  private static final Pattern SWITCH = Pattern.compile("^Switch:\\s+0x([0-9a-fA-F]+)\\b");
  private static final Pattern PORT =
      Pattern.compile("^\\s*\\d+\\s+(\\d+)\\[[^\\]]*\\]\\s+==\\((.*?)\\)==>");

  /** MAD timeout of a probe, milliseconds: a switch that does not answer within it is gone. */
  static final int TIMEOUT_MS = 200;

  private final DiagnosticTools tools;

  LinkProbe(DiagnosticTools tools) {
    this.tools = tools;
  }

  /**
   * The fabric after the changes the switches at {@code paths} report, from {@code known} (and the
   * node a discovery starts from, {@code localNode}); null when a switch cannot be read, reports a
   * port that came up, or reports nothing new.
   */
  Fabric probe(Fabric known, int localNode, List<String> paths) {
    IntArrayList lost = new IntArrayList();
    if (!read(known, paths, lost)) {
      return null;
    }
    if (lost.isEmpty()) {
      return null;
    }
    // the switches at the far end of a lost cable: one that failed lost every cable, though not
    // every neighbour's trap may be in the log yet; one that cannot be reached any more is gone
    Fabric without = Failures.withoutLinks(known, lost.toIntArray(), localNode);
    List<String> farPaths = new ArrayList<>();
    IntArrayList far = new IntArrayList();
    for (int i = 0; i < lost.size(); i++) {
      int peer = known.nodeOfPort(known.peerPort(lost.getInt(i)));
      if (!known.isSwitch(peer) || far.contains(peer)) {
        continue;
      }
      int there = without.nodeOfGuid(known.nodeGuid(peer));
      String path =
          there < 0
              ? null
              : directedRoute(without, without.nodeOfGuid(known.nodeGuid(localNode)), there);
      if (path == null || paths.contains(path)) {
        continue;
      }
      far.add(peer);
      farPaths.add(path);
    }
    for (int i = 0; i < far.size(); i++) {
      if (!read(known, List.of(farPaths.get(i)), lost)) {
        // no answer over a route of live cables: the switch failed with every cable it had
        for (int p = 1; p <= known.numPorts(far.getInt(i)); p++) {
          int port = known.port(far.getInt(i), p);
          if (known.peerPort(port) >= 0) {
            lost.add(port);
          }
        }
      }
    }
    return Failures.withoutLinks(known, lost.toIntArray(), localNode);
  }

  /** Reads the switches at {@code paths}; false when one cannot be read or reports a return. */
  private boolean read(Fabric known, List<String> paths, IntArrayList lost) {
    List<List<String>> commands = new ArrayList<>();
    for (String path : paths) {
      commands.add(List.of("iblinkinfo", "-t", Integer.toString(TIMEOUT_MS), "-D", path));
    }
    List<String> outputs;
    try {
      outputs = tools.runAll(commands, Math.min(4, commands.size()), 60);
    } catch (IOException e) {
      return false;
    }
    for (String output : outputs) {
      if (!lostPorts(known, output, lost)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The directed route from {@code from} to {@code to} over the fabric's cables ({@code
   * 0,P1,P2,...}: the port each hop leaves by), by breadth-first search; null when {@code to} is
   * not reached.
   */
  static String directedRoute(Fabric fabric, int from, int to) {
    int[] via = new int[fabric.numNodes()];
    java.util.Arrays.fill(via, -1);
    int[] queue = new int[fabric.numNodes()];
    int tail = 0;
    queue[tail++] = from;
    via[from] = -2;
    for (int head = 0; head < tail && via[to] == -1; head++) {
      int node = queue[head];
      for (int p = 1; p <= fabric.numPorts(node); p++) {
        int peer = fabric.peerPort(fabric.port(node, p));
        if (peer >= 0 && via[fabric.nodeOfPort(peer)] == -1) {
          via[fabric.nodeOfPort(peer)] = fabric.port(node, p);
          queue[tail++] = fabric.nodeOfPort(peer);
        }
      }
    }
    if (via[to] == -1) {
      return null;
    }
    List<Integer> hops = new ArrayList<>();
    for (int node = to; node != from; node = fabric.nodeOfPort(via[node])) {
      hops.add(0, fabric.portNum(via[node]));
    }
    StringBuilder path = new StringBuilder("0");
    for (int hop : hops) {
      path.append(',').append(hop);
    }
    return path.toString();
  }

  /**
   * Adds the ports of {@code known} that {@code iblinkinfo}'s output shows down although cabled;
   * false when the output names no switch of {@code known} or shows a port up that was not cabled.
   */
  static boolean lostPorts(Fabric known, String output, IntArrayList lost) {
    int node = -1;
    for (String line : output.split("\n")) {
      Matcher s = SWITCH.matcher(line);
      if (s.find()) {
        node = known.nodeOfGuid(Long.parseUnsignedLong(s.group(1), 16));
        if (node < 0 || !known.isSwitch(node)) {
          return false;
        }
        continue;
      }
      Matcher p = PORT.matcher(line);
      if (node < 0 || !p.find()) {
        continue;
      }
      int portNum = Integer.parseInt(p.group(1));
      if (portNum < 1 || portNum > known.numPorts(node)) {
        return false;
      }
      int port = known.port(node, portNum);
      boolean down = p.group(2).contains("Down");
      boolean cabled = known.peerPort(port) >= 0;
      if (down && cabled) {
        lost.add(port);
      } else if (!down && !cabled) {
        return false;
      }
    }
    return node >= 0;
  }
}
