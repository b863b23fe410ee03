package org.ibrouting.analysis;

/** Which end ports count as sources and destinations of routes. */
public enum EndpointScope {
  /**
   * CA and router ports only: the pairs of the OpenSM evaluation ({@code pairs = P * (P - 1)} for P
   * terminal LIDs with LMC 0).
   */
  TERMINALS,
  /** CA and router ports plus every switch's port 0 (the switch's own LID). */
  TERMINALS_AND_SWITCHES
}
