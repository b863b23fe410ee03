package org.ibrouting.fabric;

import java.util.Arrays;

/**
 * A selection of end ports of one fabric, in a fixed order: the sources and destinations that the
 * analysis checks routes between and the simulation sends traffic between. An end port (IBA's term)
 * is a port that has a LID: a CA or router port, or a switch's port 0. Index {@code i} ({@code
 * 0..size()-1}) names the {@code i}-th selected port.
 *
 * <pre>{@code
 * EndPorts hosts = EndPorts.terminals(fabric);          // every CA and router port, by LID
 * EndPorts job = EndPorts.ofNodes(fabric, jobNodes);    // the ports of a job's nodes
 * RouteReport r = RouteChecker.terminals().check(routing, job);
 * }</pre>
 *
 * <p>Memory: 1 int per selected port, and 1 int per port slot of the fabric once a port is looked
 * up by its slot.
 */
public final class EndPorts {
  private final Fabric fabric;
  private final int[] ports;

  /**
   * Per port slot: its index in {@link #ports}, or -1; built on the first look-up by port (the
   * analysis reads the ports by index only).
   */
  private volatile int[] indexOfPort;

  /** Ports the factories found in the fabric itself: end ports with a LID, each once. */
  private EndPorts(Fabric fabric, int[] ports, boolean trusted) {
    this.fabric = fabric;
    this.ports = ports;
    if (!trusted) {
      indexOfPort = index(fabric, ports);
    }
  }

  /** The index by port slot, checking that every port is an end port with a LID, given once. */
  private static int[] index(Fabric fabric, int[] ports) {
    int[] index = new int[fabric.numPortSlots()];
    Arrays.fill(index, -1);
    for (int i = 0; i < ports.length; i++) {
      int port = ports[i];
      if (port < 0 || port >= fabric.numPortSlots()) {
        throw new IllegalArgumentException(
            "port slot " + port + " is not in [0, " + fabric.numPortSlots() + ")");
      }
      if (fabric.baseLid(port) == 0) {
        throw new IllegalArgumentException(
            fabric.portName(port)
                + (isEndPort(fabric, port) ? " has no LID" : " is a switch port other than 0"));
      }
      if (index[port] >= 0) {
        throw new IllegalArgumentException(fabric.portName(port) + " is selected twice");
      }
      index[port] = i;
    }
    return index;
  }

  private int[] indexOfPort() {
    int[] index = indexOfPort;
    if (index == null) {
      index = index(fabric, ports);
      indexOfPort = index;
    }
    return index;
  }

  private static boolean isEndPort(Fabric fabric, int port) {
    return !fabric.isSwitch(fabric.nodeOfPort(port)) || fabric.portNum(port) == 0;
  }

  /** Every CA and router port with a LID, in ascending base-LID order. */
  public static EndPorts terminals(Fabric fabric) {
    return byLid(fabric, false);
  }

  /** Every end port with a LID (CA and router ports and switch ports 0), by ascending base LID. */
  public static EndPorts terminalsAndSwitches(Fabric fabric) {
    return byLid(fabric, true);
  }

  private static EndPorts byLid(Fabric fabric, boolean withSwitches) {
    int[] found = new int[fabric.numEndPorts()];
    int count = 0;
    for (int lid = 1; lid <= fabric.maxLid(); lid++) {
      int port = fabric.portOfLid(lid);
      if (port >= 0
          && fabric.baseLid(port) == lid
          && (withSwitches || !fabric.isSwitch(fabric.nodeOfPort(port)))) {
        found[count++] = port;
      }
    }
    return new EndPorts(fabric, Arrays.copyOf(found, count), true);
  }

  /**
   * Every CA port with a LID that is cabled to a switch, in node order then port order: the
   * endpoints of the congestion simulation (ORCS's nodes).
   */
  public static EndPorts cabledCas(Fabric fabric) {
    int[] found = new int[fabric.numEndPorts()];
    int count = 0;
    int first = fabric.numSwitches();
    for (int node = first; node < first + fabric.numCas(); node++) {
      for (int p = 1; p <= fabric.numPorts(node); p++) {
        int port = fabric.port(node, p);
        if (fabric.baseLid(port) != 0 && fabric.switchPortOf(port) >= 0) {
          found[count++] = port;
        }
      }
    }
    return new EndPorts(fabric, Arrays.copyOf(found, count), true);
  }

  /**
   * Exactly these port slots, in this order.
   *
   * @throws IllegalArgumentException naming the port when one has no LID, is a switch port other
   *     than 0, or is given twice
   */
  public static EndPorts ofPorts(Fabric fabric, int... ports) {
    return new EndPorts(fabric, ports.clone(), false);
  }

  /**
   * Every port with a LID of these nodes, in the given node order and then port order (a switch
   * contributes its port 0).
   *
   * @throws IllegalArgumentException naming the node when it has no port with a LID or is given
   *     twice
   */
  public static EndPorts ofNodes(Fabric fabric, int... nodes) {
    int[] found = new int[16];
    int count = 0;
    for (int node : nodes) {
      if (node < 0 || node >= fabric.numNodes()) {
        throw new IllegalArgumentException(
            "node " + node + " is not in [0, " + fabric.numNodes() + ")");
      }
      int before = count;
      int firstPort = fabric.isSwitch(node) ? 0 : 1;
      int lastPort = fabric.isSwitch(node) ? 0 : fabric.numPorts(node);
      for (int p = firstPort; p <= lastPort; p++) {
        int port = fabric.port(node, p);
        if (fabric.baseLid(port) != 0) {
          if (count == found.length) {
            found = Arrays.copyOf(found, count * 2);
          }
          found[count++] = port;
        }
      }
      if (count == before) {
        throw new IllegalArgumentException(fabric.nodeName(node) + " has no port with a LID");
      }
    }
    return new EndPorts(fabric, Arrays.copyOf(found, count), false);
  }

  /**
   * The selected ports that are cabled to a switch (a switch's port 0 counts), in the same order.
   */
  public EndPorts cabledToSwitch() {
    int[] kept = new int[ports.length];
    int count = 0;
    for (int port : ports) {
      if (fabric.switchPortOf(port) >= 0) {
        kept[count++] = port;
      }
    }
    return count == ports.length ? this : new EndPorts(fabric, Arrays.copyOf(kept, count), true);
  }

  /** The fabric the ports belong to. */
  public Fabric fabric() {
    return fabric;
  }

  /** The number of selected ports. */
  public int size() {
    return ports.length;
  }

  /** The port slot of the {@code i}-th selected port. */
  public int port(int i) {
    return ports[i];
  }

  /** The node of the {@code i}-th selected port. */
  public int node(int i) {
    return fabric.nodeOfPort(ports[i]);
  }

  /** The base LID of the {@code i}-th selected port. */
  public int lid(int i) {
    return fabric.baseLid(ports[i]);
  }

  /** The number of LIDs (2^LMC) of the {@code i}-th selected port. */
  public int numLids(int i) {
    return 1 << fabric.lmc(ports[i]);
  }

  /**
   * The switch port the {@code i}-th selected port is cabled to (port 0 itself for a switch's port
   * 0), or {@link Fabric#NONE}.
   */
  public int switchPort(int i) {
    return fabric.switchPortOf(ports[i]);
  }

  /**
   * The switch the {@code i}-th selected port's routes start and end at: the one it is cabled to,
   * or its own switch for a port 0; {@link Fabric#NONE} when it is cabled to no switch.
   */
  public int leafSwitch(int i) {
    int swPort = fabric.switchPortOf(ports[i]);
    return swPort < 0 ? Fabric.NONE : fabric.nodeOfPort(swPort);
  }

  /** The index of a port slot in this selection, or -1 when it is not selected. */
  public int indexOfPort(int port) {
    int[] index = indexOfPort();
    return port >= 0 && port < index.length ? index[port] : -1;
  }

  /** Whether a port slot is selected. */
  public boolean contains(int port) {
    return indexOfPort(port) >= 0;
  }

  /** The index of the first selected port of a node (in port order), or -1. */
  public int firstOfNode(int node) {
    for (int p = 0; p <= fabric.numPorts(node); p++) {
      int i = indexOfPort()[fabric.port(node, p)];
      if (i >= 0) {
        return i;
      }
    }
    return -1;
  }

  /** The selected port slots, in selection order (a copy). */
  public int[] ports() {
    return ports.clone();
  }

  /** A name for messages: {@code port 1 of CA 0x... "h1"}. */
  public String name(int i) {
    return fabric.portName(ports[i]);
  }

  @Override
  public String toString() {
    return "EndPorts[" + ports.length + " of " + fabric + "]";
  }
}
