package org.ibrouting.simulation;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.internal.SwitchBfs;

/**
 * The end ports a simulation runs between: CA ports that have a LID and are cabled to a switch.
 * Endpoint {@code e} ({@code 0..size()-1}) is an index into this selection; the simulator maps
 * MPI-like ranks onto endpoints.
 *
 * <p>Memory: 3 ints per endpoint plus a hash entry per endpoint port.
 */
public final class Endpoints {
  private final Fabric fabric;
  private final int[] portOfEndpoint;
  private final int[] switchPortOfEndpoint;
  private final Int2IntOpenHashMap endpointOfPort;

  private Endpoints(Fabric fabric, int[] ports) {
    this.fabric = fabric;
    this.portOfEndpoint = ports;
    this.switchPortOfEndpoint = new int[ports.length];
    this.endpointOfPort = new Int2IntOpenHashMap(ports.length);
    endpointOfPort.defaultReturnValue(-1);
    for (int e = 0; e < ports.length; e++) {
      int port = ports[e];
      if (port < 0 || port >= fabric.numPortSlots()) {
        throw new IllegalArgumentException(
            "port slot " + port + " is not in [0, " + fabric.numPortSlots() + ")");
      }
      int node = fabric.nodeOfPort(port);
      if (fabric.isSwitch(node)) {
        throw new IllegalArgumentException(
            fabric.portName(port) + " is a switch port; endpoints are CA or router ports");
      }
      if (fabric.baseLid(port) == 0) {
        throw new IllegalArgumentException(fabric.portName(port) + " has no LID");
      }
      int swPort = fabric.switchPortOf(port);
      if (swPort < 0) {
        throw new IllegalArgumentException(fabric.portName(port) + " is not cabled to a switch");
      }
      if (endpointOfPort.put(port, e) >= 0) {
        throw new IllegalArgumentException(fabric.portName(port) + " is selected twice");
      }
      switchPortOfEndpoint[e] = swPort;
    }
  }

  /** Every CA port with a LID that is cabled to a switch, in node order then port order. */
  public static Endpoints allCas(Fabric fabric) {
    IntArrayList ports = new IntArrayList();
    int first = fabric.numSwitches();
    for (int node = first; node < first + fabric.numCas(); node++) {
      addCablePorts(fabric, node, ports);
    }
    return new Endpoints(fabric, ports.toIntArray());
  }

  /**
   * Exactly these end port slots, in this order; each must be a CA/router port with a LID, cabled
   * to a switch.
   */
  public static Endpoints ofPorts(Fabric fabric, int[] ports) {
    return new Endpoints(fabric, ports.clone());
  }

  /**
   * Every port with a LID cabled to a switch of these CA or router nodes, in the given node order.
   */
  public static Endpoints ofNodes(Fabric fabric, int[] nodes) {
    IntArrayList ports = new IntArrayList();
    for (int node : nodes) {
      if (fabric.nodeType(node) == NodeType.SWITCH) {
        throw new IllegalArgumentException(fabric.nodeName(node) + " is a switch, not an endpoint");
      }
      int before = ports.size();
      addCablePorts(fabric, node, ports);
      if (ports.size() == before) {
        throw new IllegalArgumentException(
            fabric.nodeName(node) + " has no port with a LID cabled to a switch");
      }
    }
    return new Endpoints(fabric, ports.toIntArray());
  }

  private static void addCablePorts(Fabric fabric, int node, IntArrayList ports) {
    for (int p = 1; p <= fabric.numPorts(node); p++) {
      int slot = fabric.port(node, p);
      if (fabric.baseLid(slot) != 0 && fabric.switchPortOf(slot) >= 0) {
        ports.add(slot);
      }
    }
  }

  /** The fabric. */
  public Fabric fabric() {
    return fabric;
  }

  /** The number of endpoints. */
  public int size() {
    return portOfEndpoint.length;
  }

  /** The port slot of an endpoint (the channel it injects on). */
  public int port(int endpoint) {
    return portOfEndpoint[endpoint];
  }

  /** The node (CA or router) of an endpoint. */
  public int node(int endpoint) {
    return fabric.nodeOfPort(portOfEndpoint[endpoint]);
  }

  /** The base LID of an endpoint: the destination LID of the paths towards it. */
  public int lid(int endpoint) {
    return fabric.baseLid(portOfEndpoint[endpoint]);
  }

  /** The switch port the endpoint is cabled to (its ejection channel leaves from there). */
  public int switchPort(int endpoint) {
    return switchPortOfEndpoint[endpoint];
  }

  /** The switch the endpoint is cabled to. */
  public int leafSwitch(int endpoint) {
    return fabric.nodeOfPort(switchPortOfEndpoint[endpoint]);
  }

  /** The endpoint index of a port slot, or -1 if the port is not selected. */
  public int endpointOfPort(int port) {
    return endpointOfPort.get(port);
  }

  /** The first selected endpoint on a node, or -1. */
  public int firstEndpointOfNode(int node) {
    if (fabric.isSwitch(node)) {
      return -1;
    }
    for (int p = 1; p <= fabric.numPorts(node); p++) {
      int e = endpointOfPort.get(fabric.port(node, p));
      if (e >= 0) {
        return e;
      }
    }
    return -1;
  }

  /** A name for messages: {@code port 1 of CA 0x... "h1"}. */
  public String name(int endpoint) {
    return fabric.portName(portOfEndpoint[endpoint]);
  }

  /**
   * The endpoints in ORCS's {@code linear_bfs} order: breadth-first over the whole fabric from the
   * node of endpoint 0, following each node's links in port order, so that consecutive endpoints
   * fill as few leaf switches as possible.
   */
  public int[] bfsOrder() {
    int[] order = new int[size()];
    int filled = 0;
    boolean[] seen = new boolean[fabric.numNodes()];
    SwitchBfs bfs = SwitchBfs.overAllNodes(fabric);
    for (int start = 0; start < size() && filled < size(); start++) {
      if (seen[node(start)]) {
        continue;
      }
      bfs.from(node(start));
      for (int i = 0; i < bfs.numReached(); i++) {
        int node = bfs.reached(i);
        seen[node] = true;
        for (int p = 1; !fabric.isSwitch(node) && p <= fabric.numPorts(node); p++) {
          int e = endpointOfPort.get(fabric.port(node, p));
          if (e >= 0) {
            order[filled++] = e;
          }
        }
      }
    }
    return order;
  }

  @Override
  public String toString() {
    return "Endpoints[" + size() + " of " + fabric + "]";
  }
}
