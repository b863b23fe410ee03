package org.ibrouting.simulation;

import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;

/**
 * The end ports a simulation runs between: CA or router ports that have a LID and are cabled to a
 * switch. Endpoint {@code e} ({@code 0..size()-1}) is an index into this selection.
 *
 * @deprecated the one end-port selection is {@link EndPorts}: {@link EndPorts#cabledCas} for {@link
 *     #allCas}, {@link PathTable#build(org.ibrouting.routing.Routing, EndPorts)} to build a table,
 *     {@link NodeSubset#linearBfsOrder} for {@link #bfsOrder}. This class only wraps one.
 */
@Deprecated
public final class Endpoints {
  private final EndPorts endPorts;

  Endpoints(EndPorts endPorts) {
    this.endPorts = PathTable.requireTrafficEndPorts(endPorts);
  }

  /** Wraps end ports a path table has checked already. */
  Endpoints(EndPorts checked, boolean unused) {
    this.endPorts = checked;
  }

  /** Every CA port with a LID that is cabled to a switch, in node order then port order. */
  public static Endpoints allCas(Fabric fabric) {
    return new Endpoints(EndPorts.cabledCas(fabric));
  }

  /**
   * Exactly these end port slots, in this order; each must be a CA/router port with a LID, cabled
   * to a switch.
   */
  public static Endpoints ofPorts(Fabric fabric, int[] ports) {
    for (int port : ports) {
      if (port >= 0 && port < fabric.numPortSlots() && fabric.isSwitch(fabric.nodeOfPort(port))) {
        throw new IllegalArgumentException(
            fabric.portName(port) + " is a switch port; endpoints are CA or router ports");
      }
    }
    return new Endpoints(EndPorts.ofPorts(fabric, ports));
  }

  /**
   * Every port with a LID cabled to a switch of these CA or router nodes, in the given node order.
   */
  public static Endpoints ofNodes(Fabric fabric, int[] nodes) {
    for (int node : nodes) {
      if (node >= 0 && node < fabric.numNodes() && fabric.isSwitch(node)) {
        throw new IllegalArgumentException(fabric.nodeName(node) + " is a switch, not an endpoint");
      }
      boolean found = false;
      for (int p = 1; node >= 0 && node < fabric.numNodes() && p <= fabric.numPorts(node); p++) {
        int port = fabric.port(node, p);
        found |= fabric.baseLid(port) != 0 && fabric.switchPortOf(port) >= 0;
      }
      if (!found) {
        throw new IllegalArgumentException(
            fabric.nodeName(node) + " has no port with a LID cabled to a switch");
      }
    }
    return new Endpoints(EndPorts.ofNodes(fabric, nodes).cabledToSwitch());
  }

  /** The selection this wraps. */
  public EndPorts endPorts() {
    return endPorts;
  }

  /** The fabric. */
  public Fabric fabric() {
    return endPorts.fabric();
  }

  /** The number of endpoints. */
  public int size() {
    return endPorts.size();
  }

  /** The port slot of an endpoint (the channel it injects on). */
  public int port(int endpoint) {
    return endPorts.port(endpoint);
  }

  /** The node (CA or router) of an endpoint. */
  public int node(int endpoint) {
    return endPorts.node(endpoint);
  }

  /** The base LID of an endpoint: the destination LID of the paths towards it. */
  public int lid(int endpoint) {
    return endPorts.lid(endpoint);
  }

  /** The switch port the endpoint is cabled to (its ejection channel leaves from there). */
  public int switchPort(int endpoint) {
    return endPorts.switchPort(endpoint);
  }

  /** The switch the endpoint is cabled to. */
  public int leafSwitch(int endpoint) {
    return endPorts.leafSwitch(endpoint);
  }

  /** The endpoint index of a port slot, or -1 if the port is not selected. */
  public int endpointOfPort(int port) {
    return endPorts.indexOfPort(port);
  }

  /** The first selected endpoint on a node, or -1. */
  public int firstEndpointOfNode(int node) {
    return fabric().isSwitch(node) ? -1 : endPorts.firstOfNode(node);
  }

  /** A name for messages: {@code port 1 of CA 0x... "h1"}. */
  public String name(int endpoint) {
    return endPorts.name(endpoint);
  }

  /** The endpoints in ORCS's {@code linear_bfs} order ({@link NodeSubset#linearBfsOrder}). */
  public int[] bfsOrder() {
    return NodeSubset.linearBfsOrder(endPorts);
  }

  @Override
  public String toString() {
    return "Endpoints[" + size() + " of " + fabric() + "]";
  }
}
