package org.ibrouting.fabric;

/**
 * Thrown by {@link FabricBuilder} when the described fabric is inconsistent. The message names the
 * node by GUID and description; {@link #builderNode()} and {@link #portNum()} let a parser point at
 * the line that declared it.
 */
public class FabricException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private final int builderNode;
  private final int portNum;

  /** Creates the exception for a builder node id and port number (-1 when not applicable). */
  public FabricException(String message, int builderNode, int portNum) {
    super(message);
    this.builderNode = builderNode;
    this.portNum = portNum;
  }

  /** The builder id of the offending node, or -1. */
  public int builderNode() {
    return builderNode;
  }

  /** The offending port number, or -1. */
  public int portNum() {
    return portNum;
  }
}
