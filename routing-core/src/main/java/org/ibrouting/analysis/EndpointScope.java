package org.ibrouting.analysis;

import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;

/** Which end ports count as sources and destinations of routes. */
public enum EndpointScope {
  /**
   * CA and router ports only: the pairs of the OpenSM evaluation ({@code pairs = P * (P - 1)} for P
   * terminal LIDs with LMC 0).
   */
  TERMINALS,
  /** CA and router ports plus every switch's port 0 (the switch's own LID). */
  TERMINALS_AND_SWITCHES;

  /** The end ports of this scope in a fabric, by ascending base LID. */
  public EndPorts select(Fabric fabric) {
    return this == TERMINALS ? EndPorts.terminals(fabric) : EndPorts.terminalsAndSwitches(fabric);
  }
}
