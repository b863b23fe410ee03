package org.ibrouting.engines.torus2qos;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.topology.Failures;

/**
 * A fabric as another site would cable and number it: the same nodes and links, but random node
 * GUIDs, nodes in a random order and every switch's links on randomly permuted ports. LIDs, CA
 * ports and descriptions stay.
 */
final class ScrambledFabrics {
  private ScrambledFabrics() {}

  static Fabric scrambled(Fabric fabric, long seed) {
    Random random = new Random(seed);
    int n = fabric.numNodes();
    int[] order = Failures.permutation(n, random);
    int[] idOf = new int[n];
    int[][] portOf = new int[n][];
    Set<Long> guids = new HashSet<>();
    FabricBuilder b = Fabric.builder();
    for (int node : order) {
      long guid;
      do {
        guid = 0x0002c90300000000L | (random.nextLong() & 0xffffff00L);
      } while (!guids.add(guid));
      int ports = fabric.numPorts(node);
      idOf[node] = b.addNode(fabric.nodeType(node), ports, guid, fabric.description(node));
      boolean sw = fabric.nodeType(node) == NodeType.SWITCH;
      int[] perm = Failures.permutation(ports, random);
      portOf[node] = new int[ports + 1];
      for (int p = 1; p <= ports; p++) {
        portOf[node][p] = sw ? perm[p - 1] + 1 : p;
      }
      for (int p = sw ? 0 : 1, last = sw ? 0 : ports; p <= last; p++) {
        int slot = fabric.port(node, p);
        if (fabric.baseLid(slot) != 0) {
          b.setLid(idOf[node], p, fabric.baseLid(slot), fabric.lmc(slot));
        }
      }
    }
    for (int c = 0; c < fabric.numPortSlots(); c++) {
      int peer = fabric.peerPort(c);
      if (peer > c) {
        int a = fabric.nodeOfPort(c);
        int z = fabric.nodeOfPort(peer);
        b.connect(
            idOf[a],
            portOf[a][fabric.portNum(c)],
            idOf[z],
            portOf[z][fabric.portNum(peer)],
            fabric.linkRate(c));
      }
    }
    return b.build();
  }
}
