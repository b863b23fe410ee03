package org.ibrouting.bench;

import java.io.IOException;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.interop.OpenSmSimulation;

/**
 * The events of {@link LiveHeal}, in order (a cable cut, the cable back, a switch failed): which
 * switch and port each one touches.
 */
record LiveHealEvents(int cutSwitch, int cutPort, int failedSwitch) {
  static LiveHealEvents of(Fabric fabric, String spec) {
    // a switch link of the first switch with CAs (a leaf's up-link on a fat tree)
    int leaf = 0;
    while (leaf < fabric.numSwitches() && !hasCa(fabric, leaf)) {
      leaf++;
    }
    int port = -1;
    for (int p = 1; p <= fabric.numPorts(leaf) && port < 0; p++) {
      int peer = fabric.peerPort(fabric.port(leaf, p));
      port = peer >= 0 && fabric.isSwitch(fabric.nodeOfPort(peer)) ? p : -1;
    }
    // on a fat tree a switch without CAs (every CA stays connected), else the sixth switch
    int failed = 5;
    if (spec.startsWith("ktree")) {
      for (int sw = 0; sw < fabric.numSwitches(); sw++) {
        if (!hasCa(fabric, sw)) {
          failed = sw;
          break;
        }
      }
    }
    return new LiveHealEvents(leaf, port, failed);
  }

  private static boolean hasCa(Fabric fabric, int sw) {
    for (int p = 1; p <= fabric.numPorts(sw); p++) {
      int peer = fabric.peerPort(fabric.port(sw, p));
      if (peer >= 0 && !fabric.isSwitch(fabric.nodeOfPort(peer))) {
        return true;
      }
    }
    return false;
  }

  /** Makes event {@code i} happen in the simulation; returns its name. */
  String apply(OpenSmSimulation sim, Fabric fabric, int i) throws IOException {
    switch (i) {
      case 0 -> sim.unlink(fabric, cutSwitch, cutPort);
      case 1 -> sim.relink(fabric, cutSwitch, cutPort);
      default -> sim.unlinkNode(fabric, failedSwitch);
    }
    return i == 0 ? "cable cut" : i == 1 ? "cable back" : "switch failed";
  }
}
