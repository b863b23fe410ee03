package org.ibrouting.simulation;

import java.util.Locale;

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
