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
    List<List<String>> commands = new ArrayList<>();
    for (String path : paths) {
      commands.add(List.of("iblinkinfo", "-D", path));
    }
    List<String> outputs;
    try {
      outputs = tools.runAll(commands, Math.min(4, commands.size()), 60);
    } catch (IOException e) {
      return null;
    }
    IntArrayList lost = new IntArrayList();
    for (String output : outputs) {
      if (!lostPorts(known, output, lost)) {
        return null;
      }
    }
    return lost.isEmpty() ? null : Failures.withoutLinks(known, lost.toIntArray(), localNode);
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
