package org.ibrouting.simulation;

import java.util.Locale;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.SwitchBfs;

/** How a communicator smaller than the fabric picks its endpoints (ORCS {@code --subset}). */
public enum NodeSubset {
  /** Random endpoints, drawn afresh every run, as a fragmented batch system allocates them. */
  RAND("rand"),
  /**
   * The first endpoints in breadth-first order from the first endpoint: the fewest leaf switches.
   */
  LINEAR_BFS("linear_bfs");

  private final String orcsName;

  NodeSubset(String orcsName) {
    this.orcsName = orcsName;
  }

  /**
   * The indices of the end ports in ORCS's {@code linear_bfs} order: breadth-first over the whole
   * fabric from the node of end port 0, following each node's links in port order, so that
   * consecutive end ports fill as few leaf switches as possible. End ports the search does not
   * reach start searches of their own, in index order.
   */
  public static int[] linearBfsOrder(EndPorts endPorts) {
    Fabric fabric = endPorts.fabric();
    int size = endPorts.size();
    int[] order = new int[size];
    int filled = 0;
    boolean[] seen = new boolean[fabric.numNodes()];
    SwitchBfs bfs = SwitchBfs.overAllNodes(fabric);
    for (int start = 0; start < size && filled < size; start++) {
      if (seen[endPorts.node(start)]) {
        continue;
      }
      bfs.from(endPorts.node(start));
      for (int i = 0; i < bfs.numReached(); i++) {
        int node = bfs.reached(i);
        seen[node] = true;
        for (int p = 0; p <= fabric.numPorts(node); p++) {
          int e = endPorts.indexOfPort(fabric.port(node, p));
          if (e >= 0) {
            order[filled++] = e;
          }
        }
      }
    }
    return order;
  }

  /** The name ORCS and the CLI use. */
  public String orcsName() {
    return orcsName;
  }

  /** The subset with this ORCS name. */
  public static NodeSubset parse(String name) {
    String s = name.trim().toLowerCase(Locale.ROOT);
    for (NodeSubset n : values()) {
      if (n.orcsName.equals(s)) {
        return n;
      }
    }
    throw new IllegalArgumentException(
        "unknown node subset '" + name + "'; known: rand, linear_bfs");
  }
}
