package org.ibrouting.io;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.topology.OpenSmLids;

/**
 * A fabric as read from a file: its format, the fabric exactly as the file describes it, and the
 * LIDs OpenSM's first sweep would add where the file has none ({@link OpenSmLids#assignMissing}).
 *
 * <p>The SM is taken to run where the file says discovery started ({@code # Initiated from node ...
 * port ...} in ibnetdiscover output), else on the file's first node, where ibsim attaches OpenSM:
 * on a switch's port 0, on a CA's or router's first cabled port (a real OpenSM binds to the first
 * active port). CA and router ports get the largest LMC the file gives any of them, or LMC 0
 * (OpenSM's default) when it gives none.
 *
 * @param format the format read: {@code ibnetdiscover}, {@code ibnetdiscover -g} or {@code ibsim
 *     net}
 * @param asWritten the fabric with the file's LIDs only
 * @param lids the assignment; {@code lids().fabric()} is the fabric to route
 */
public record FabricFile(String format, Fabric asWritten, OpenSmLids.Assignment lids) {
  /** The fabric with every LID the SM would give (the file's own where it has them). */
  public Fabric fabric() {
    return lids.fabric();
  }

  /** Whether LIDs had to be assigned because the file lacks some or all of them. */
  public boolean lidsAssigned() {
    return lids.assignedAny();
  }

  /**
   * Completes a fabric read from a file with the LIDs OpenSM would assign.
   *
   * @param fileName the file, for messages
   * @param smNodeGuid the node GUID the SM runs on (a node of {@code asWritten})
   * @param smPortGuid the SM's port GUID, or 0 to take the node's first cabled end port
   * @throws ParseException about the whole file when its end ports need more LIDs than the unicast
   *     range has left
   */
  public static FabricFile of(
      String fileName, String format, Fabric asWritten, long smNodeGuid, long smPortGuid)
      throws ParseException {
    int smPort = smPortGuid == 0 ? Fabric.NONE : asWritten.portOfGuid(smPortGuid);
    if (smPort < 0) {
      smPort = firstEndPort(asWritten, asWritten.nodeOfGuid(smNodeGuid));
    }
    int lmc = 0;
    for (int node = asWritten.numSwitches(); node < asWritten.numNodes(); node++) {
      for (int p = 1; p <= asWritten.numPorts(node); p++) {
        int port = asWritten.port(node, p);
        if (asWritten.baseLid(port) != 0) {
          lmc = Math.max(lmc, asWritten.lmc(port));
        }
      }
    }
    try {
      return new FabricFile(format, asWritten, OpenSmLids.assignMissing(asWritten, smPort, lmc));
    } catch (IllegalArgumentException e) {
      throw new ParseException(fileName, 0, 0, e.getMessage());
    }
  }

  private static int firstEndPort(Fabric fabric, int node) {
    if (fabric.isSwitch(node)) {
      return fabric.port(node, 0);
    }
    for (int p = 1; p <= fabric.numPorts(node); p++) {
      if (fabric.peerPort(fabric.port(node, p)) >= 0) {
        return fabric.port(node, p);
      }
    }
    return fabric.port(node, 1);
  }
}
