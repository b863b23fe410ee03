package org.ibrouting.fabric;

/** The InfiniBand node types a fabric holds, with the names OpenSM prints for them. */
public enum NodeType {
  /** A switch: ports 1..n carry links, port 0 is its management port and owns its LID. */
  SWITCH("Switch"),
  /** A channel adapter (a host's HCA): every port has its own LID range. */
  CA("Channel Adapter"),
  /** A router: end ports like a CA's. */
  ROUTER("Router");

  private final String openSmName;

  NodeType(String openSmName) {
    this.openSmName = openSmName;
  }

  /**
   * The type as OpenSM's dumps spell it ({@code Switch}, {@code Channel Adapter}, {@code Router}).
   */
  public String openSmName() {
    return openSmName;
  }
}
