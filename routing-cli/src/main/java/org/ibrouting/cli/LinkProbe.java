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
 * they cut off. A port that came up (a cable back, still {@code Initialize} until OpenSM's sweep
 * activates it) names the LID and port at its far end: when that is a switch of the known fabric
 * with the port free and the same description, the cable is added, and the routing loaded in that
 * same sweep uses it, as OpenSM's own engines do. Anything else (a switch or CA that returns, a
 * switch that cannot be read) makes the probe give up, and {@code serve} discovers the whole
 * fabric.
 *
 * <p>Cost: one {@code iblinkinfo} per trapping switch (tens of SMPs each) instead of {@code
 * ibnetdiscover}'s one per port of the fabric: on the 16-ary 3-tree under ibsim 0.05 s against 1-2
 * s, which decides whether the repair is written before OpenSM's own sweep reaches its routing
 * step.
 */
final class LinkProbe {
  private static final Pattern SWITCH = Pattern.compile("^Switch:\\s+0x([0-9a-fA-F]+)\\b");
  private static final Pattern PORT =
      Pattern.compile(
          "^\\s*\\d+\\s+(\\d+)\\[[^\\]]*\\]\\s+==\\((.*?)\\)==>"
              + "(?:\\s*(\\d+)\\s+(\\d+)\\[[^\\]]*\\]\\s+\"([^\"]*)\")?");
  private static final Pattern SPEED = Pattern.compile("(\\d+)X\\s+([\\d.]+) Gbps");

  /** MAD timeout of a probe, milliseconds: a switch that does not answer within it is gone. */
  static final int TIMEOUT_MS = 200;

  /** How many switches are read at once. */
  static final int ROUND = 4;

  private final DiagnosticTools tools;

  LinkProbe(DiagnosticTools tools) {
    this.tools = tools;
  }

  /**
   * The fabric after the changes the switches at {@code paths} report, from {@code known} (and the
   * node a discovery starts from, {@code localNode}); null when a switch cannot be read, reports a
   * port that came up where no known cable can be, or reports nothing new.
   *
   * <p>OpenSM logs a trap with its directed route to the switch as of its last sweep, which may run
   * through a switch that has just failed; such a switch is read again over a route of live cables
   * once the cables found down are known.
   */
  Fabric probe(Fabric known, int localNode, List<String> paths) {
    IntArrayList lost = new IntArrayList();
    List<Cable> back = new ArrayList<>();
    List<String> unread = new ArrayList<>();
    List<String> read = readTraps(known, localNode, paths, lost, back, unread);
    if (read == null) {
      return null;
    }
    IntArrayList unreached = new IntArrayList();
    for (String path : unread) {
      int node = walk(known, localNode, path);
      if (node < 0) {
        return null;
      }
      unreached.add(node);
    }
    if (lost.isEmpty()) {
      return !back.isEmpty() && unreached.isEmpty() ? withCables(known, back) : null;
    }
    // the switches at the far end of a lost cable: one that failed lost every cable, though not
    // every neighbour's trap may be in the log yet; one that cannot be reached any more is gone
    IntArrayList far = farEnds(known, lost);
    Fabric without = Failures.withoutLinks(known, lost.toIntArray(), localNode);
    List<String> farPaths = new ArrayList<>();
    IntArrayList farRead = new IntArrayList();
    for (int i = 0; i < far.size(); i++) {
      String path = routeAfter(known, without, localNode, far.getInt(i));
      if (path != null && !read.contains(path)) {
        farPaths.add(path);
        farRead.add(far.getInt(i));
      }
    }
    boolean[] answered = readEach(known, farPaths, lost, back);
    boolean[] failed = new boolean[known.numNodes()];
    for (int i = 0; i < farRead.size(); i++) {
      if (!answered[i]) {
        // no answer over a route of live cables: the switch failed with every cable it had
        int sw = farRead.getInt(i);
        failed[sw] = true;
        for (int p = 1; p <= known.numPorts(sw); p++) {
          int port = known.port(sw, p);
          if (known.peerPort(port) >= 0) {
            lost.add(port);
          }
        }
      }
    }
    // the trapping switches OpenSM's route no longer reached, over the cables still up, together;
    // not those whose route ran through a switch found failed (that failure is their trap; the
    // discovery after the repair makes sure)
    without = Failures.withoutLinks(known, lost.toIntArray(), localNode);
    List<String> again = new ArrayList<>();
    for (int i = 0; i < unreached.size(); i++) {
      if (passesThrough(known, localNode, unread.get(i), failed)) {
        continue;
      }
      String path = routeAfter(known, without, localNode, unreached.getInt(i));
      if (path != null) {
        if (unread.contains(path)) {
          return null;
        }
        again.add(path);
      }
    }
    if (!again.isEmpty() && !read(known, again, lost, back, null)) {
      return null;
    }
    Fabric after = Failures.withoutLinks(known, lost.toIntArray(), localNode);
    return back.isEmpty() ? after : withCables(after, back);
  }

  /** The switches at the far end of the cables {@code lost}, each once, in order. */
  private static IntArrayList farEnds(Fabric known, IntArrayList lost) {
    IntArrayList far = new IntArrayList();
    for (int i = 0; i < lost.size(); i++) {
      int peer = known.nodeOfPort(known.peerPort(lost.getInt(i)));
      if (known.isSwitch(peer) && !far.contains(peer)) {
        far.add(peer);
      }
    }
    return far;
  }

  /** The directed route to {@code node} of {@code known} in {@code after}; null if not reached. */
  private static String routeAfter(Fabric known, Fabric after, int localNode, int node) {
    int there = after.nodeOfGuid(known.nodeGuid(node));
    int here = after.nodeOfGuid(known.nodeGuid(localNode));
    return there < 0 || here < 0 ? null : directedRoute(after, here, there);
  }

  /**
   * Reads the trapping switches at {@code paths}, {@value #ROUND} at a time; a switch cabled to the
   * far end of a cable found down so far (or that far end itself) is not read: the far end is read
   * later, and its ports tell the rest (a switch that failed makes all its neighbours trap).
   * Returns the paths read, or null when a switch reports a port up where no known cable can be.
   */
  private List<String> readTraps(
      Fabric known,
      int localNode,
      List<String> paths,
      IntArrayList lost,
      List<Cable> back,
      List<String> unread) {
    List<String> read = new ArrayList<>();
    boolean[] nearLost = new boolean[known.numNodes()];
    int next = 0;
    while (next < paths.size()) {
      List<String> round = new ArrayList<>();
      while (next < paths.size() && round.size() < ROUND) {
        String path = paths.get(next++);
        int node = walk(known, localNode, path);
        if (node < 0 || !nearLost[node]) {
          round.add(path);
        }
      }
      if (!read(known, round, lost, back, unread)) {
        return null;
      }
      read.addAll(round);
      IntArrayList far = farEnds(known, lost);
      for (int i = 0; i < far.size(); i++) {
        int sw = far.getInt(i);
        if (!nearLost[sw]) {
          nearLost[sw] = true;
          for (int p = 1; p <= known.numPorts(sw); p++) {
            int peer = known.peerPort(known.port(sw, p));
            if (peer >= 0) {
              nearLost[known.nodeOfPort(peer)] = true;
            }
          }
        }
      }
    }
    return read;
  }

  /** Whether the directed route {@code path} from {@code from} runs through a node marked. */
  private static boolean passesThrough(Fabric fabric, int from, String path, boolean[] marked) {
    int cut = path.lastIndexOf(',');
    while (cut > 0) {
      int node = walk(fabric, from, path.substring(0, cut));
      if (node >= 0 && marked[node]) {
        return true;
      }
      cut = path.lastIndexOf(',', cut - 1);
    }
    return false;
  }

  /** The node a directed route ({@code 0,P1,P2,...}) from {@code from} leads to; -1 if none. */
  static int walk(Fabric fabric, int from, String path) {
    String[] hops = path.split(",");
    int node = from;
    for (int i = 1; i < hops.length; i++) {
      int portNum;
      try {
        portNum = Integer.parseInt(hops[i].strip());
      } catch (NumberFormatException e) {
        return -1;
      }
      if (portNum < 1 || portNum > fabric.numPorts(node)) {
        return -1;
      }
      int peer = fabric.peerPort(fabric.port(node, portNum));
      if (peer < 0) {
        return -1;
      }
      node = fabric.nodeOfPort(peer);
    }
    return node;
  }

  /** A cable that came back: both ends by node GUID and port number, and its rate. */
  record Cable(long guidA, int portA, long guidB, int portB, String rate) {}

  /** {@code fabric} with the cables back; null when an end is not a free port of the fabric. */
  static Fabric withCables(Fabric fabric, List<Cable> back) {
    org.ibrouting.fabric.FabricBuilder b = org.ibrouting.fabric.FabricBuilder.from(fabric);
    for (Cable c : back) {
      int a = fabric.nodeOfGuid(c.guidA());
      int z = fabric.nodeOfGuid(c.guidB());
      if (a < 0 || z < 0 || fabric.peerPort(fabric.port(a, c.portA())) >= 0) {
        return null;
      }
      if (fabric.peerPort(fabric.port(z, c.portB())) >= 0) {
        return null;
      }
      b.connect(a, c.portA(), z, c.portB(), c.rate());
    }
    return b.build();
  }

  /**
   * Reads the switches at {@code paths}; false when one reports a port up where no known cable can
   * be, or cannot be read and {@code unread} is null (else its path is added there).
   */
  private boolean read(
      Fabric known, List<String> paths, IntArrayList lost, List<Cable> back, List<String> unread) {
    List<String> outputs = readOutputs(paths);
    if (outputs == null) {
      return false;
    }
    for (int i = 0; i < outputs.size(); i++) {
      if (outputs.get(i) == null) {
        if (unread == null) {
          return false;
        }
        unread.add(paths.get(i));
      } else if (!lostPorts(known, outputs.get(i), lost, back)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Reads the switches at {@code paths} at once; per path whether the switch answered and reported
   * only ports a known cable can be at.
   */
  private boolean[] readEach(
      Fabric known, List<String> paths, IntArrayList lost, List<Cable> back) {
    boolean[] answered = new boolean[paths.size()];
    List<String> outputs = paths.isEmpty() ? null : readOutputs(paths);
    for (int i = 0; outputs != null && i < outputs.size(); i++) {
      answered[i] = outputs.get(i) != null && lostPorts(known, outputs.get(i), lost, back);
    }
    return answered;
  }

  /**
   * {@code iblinkinfo}'s output for each of {@code paths} (null where the switch did not answer),
   * four at a time; null when the tool cannot be run.
   */
  private List<String> readOutputs(List<String> paths) {
    List<List<String>> commands = new ArrayList<>();
    for (String path : paths) {
      commands.add(List.of("iblinkinfo", "-t", Integer.toString(TIMEOUT_MS), "-D", path));
    }
    try {
      return tools.runEach(commands, Math.max(1, Math.min(ROUND, commands.size())), 60);
    } catch (IOException e) {
      return null;
    }
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
   * Adds the ports of {@code known} that {@code iblinkinfo}'s output shows down although cabled to
   * {@code lost}, and the cables it shows up where {@code known} has none to {@code back}; false
   * when the output names no switch of {@code known}, or shows a port up that was not cabled whose
   * far end is not a free port of a switch of {@code known} with the same description.
   */
  static boolean lostPorts(Fabric known, String output, IntArrayList lost, List<Cable> back) {
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
        Cable cable = cableBack(known, node, portNum, p);
        if (cable == null) {
          return false;
        }
        back.add(cable);
      }
    }
    return node >= 0;
  }

  /** The cable at a port that came up, from its far end's LID, port and description; or null. */
  private static Cable cableBack(Fabric known, int node, int portNum, Matcher p) {
    if (p.group(3) == null) {
      return null;
    }
    int farNode = known.nodeOfLid(Integer.parseInt(p.group(3)));
    int farPort = Integer.parseInt(p.group(4));
    if (farNode < 0
        || !known.isSwitch(farNode)
        || farPort < 1
        || farPort > known.numPorts(farNode)) {
      return null;
    }
    if (known.peerPort(known.port(farNode, farPort)) >= 0
        || !p.group(5).equals(known.description(farNode))) {
      return null;
    }
    return new Cable(
        known.nodeGuid(node), portNum, known.nodeGuid(farNode), farPort, rate(p.group(2)));
  }

  /** The rate as ibnetdiscover writes it ({@code 4xQDR}) from iblinkinfo's width and speed. */
  static String rate(String link) {
    Matcher m = SPEED.matcher(link);
    if (!m.find()) {
      return null;
    }
    String speed =
        switch (m.group(2)) {
          case "2.5" -> "SDR";
          case "5.0" -> "DDR";
          case "10.0" -> "QDR";
          case "14.0625" -> "FDR";
          case "10.3125" -> "FDR10";
          case "25.78125" -> "EDR";
          case "53.125" -> "HDR";
          case "106.25" -> "NDR";
          default -> null;
        };
    return speed == null ? null : m.group(1) + "x" + speed;
  }
}
