package org.ibrouting.engines.testing;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.topology.OpenSmLids;

/**
 * A two-level cluster as sites cable them from 36-port edge switches (SX6036-like): leaves with
 * compute HCAs, spines, dual-ported storage nodes whose two ports go to two neighbouring leaves,
 * and optionally hosts on the spines (a management node) and cables between leaves. LIDs as OpenSM
 * assigns them with the SM on the first leaf.
 *
 * @param leaves leaf switches
 * @param spines spine switches
 * @param hostsPerLeaf single-port compute HCAs per leaf (ports 1..hostsPerLeaf)
 * @param linksPerSpine cables from each leaf to each spine, interleaved over the spines
 * @param storageNodes dual-port CAs; node i has port 1 on leaf i and port 2 on leaf i+1 (mod
 *     leaves)
 * @param hostsPerSpine single-port HCAs on every spine
 * @param leafPairLinks cables between leaf 2i and leaf 2i+1
 */
public record TwoLevelCluster(
    int leaves,
    int spines,
    int hostsPerLeaf,
    int linksPerSpine,
    int storageNodes,
    int hostsPerSpine,
    int leafPairLinks) {
  /** The eight-switch cluster of issue 16: 6 leaves, 2 spines, 144 HCAs, 6 storage nodes. */
  public static TwoLevelCluster issue16() {
    return new TwoLevelCluster(6, 2, 24, 5, 6, 0, 0);
  }

  /** A copy with {@code n} HCAs on every spine. */
  public TwoLevelCluster withHostsPerSpine(int n) {
    return new TwoLevelCluster(
        leaves, spines, hostsPerLeaf, linksPerSpine, storageNodes, n, leafPairLinks);
  }

  /** A copy with {@code n} cables between the leaves of each pair. */
  public TwoLevelCluster withLeafPairLinks(int n) {
    return new TwoLevelCluster(
        leaves, spines, hostsPerLeaf, linksPerSpine, storageNodes, hostsPerSpine, n);
  }

  /** {@code count} switches of {@code ports} ports, GUIDs from {@code firstGuid}, named by role. */
  private static int[] switches(
      FabricBuilder b, int count, int ports, long firstGuid, String role) {
    int[] nodes = new int[count];
    for (int i = 0; i < count; i++) {
      nodes[i] =
          b.addNode(NodeType.SWITCH, ports, firstGuid + i, "MF0;" + role + (i + 1) + ":SX6036/U1");
    }
    return nodes;
  }

  /** Builds it. */
  public Fabric build() {
    FabricBuilder b = Fabric.builder();
    int storagePorts = (2 * storageNodes + leaves - 1) / leaves;
    int leafPorts =
        Math.max(36, hostsPerLeaf + spines * linksPerSpine + storagePorts + leafPairLinks);
    int spinePorts = Math.max(36, leaves * linksPerSpine + hostsPerSpine);
    int[] leaf = switches(b, leaves, leafPorts, 0x0002c90300a1b200L, "leaf");
    int[] spine = switches(b, spines, spinePorts, 0x0002c90300a1c200L, "spine");
    int[] nextSpinePort = new int[spines];
    int[] nextLeafPort = new int[leaves];
    long guid = 0x0002c90300f00000L;
    for (int i = 0; i < leaves; i++) {
      for (int h = 0; h < hostsPerLeaf; h++) {
        int ca =
            b.addNode(NodeType.CA, 1, guid += 0x10, "node" + (i * hostsPerLeaf + h + 1) + " HCA-1");
        b.connect(ca, 1, leaf[i], h + 1, "4xFDR");
      }
      nextLeafPort[i] = hostsPerLeaf + 1;
      for (int k = 0; k < spines * linksPerSpine; k++) {
        int s = k % spines;
        b.connect(leaf[i], nextLeafPort[i]++, spine[s], ++nextSpinePort[s], "4xFDR");
      }
    }
    for (int s = 0; s < spines; s++) {
      for (int h = 0; h < hostsPerSpine; h++) {
        int ca =
            b.addNode(
                NodeType.CA, 1, guid += 0x10, "mgmt" + (s * hostsPerSpine + h + 1) + " HCA-1");
        b.connect(ca, 1, spine[s], ++nextSpinePort[s], "4xFDR");
      }
    }
    for (int i = 0; i + 1 < leaves; i += 2) {
      for (int k = 0; k < leafPairLinks; k++) {
        b.connect(leaf[i], nextLeafPort[i]++, leaf[i + 1], nextLeafPort[i + 1]++, "4xFDR");
      }
    }
    for (int n = 0; n < storageNodes; n++) {
      int ca = b.addNode(NodeType.CA, 2, guid += 0x10, "oss" + (n + 1) + " HCA-1");
      int a = n % leaves;
      int c = (n + 1) % leaves;
      b.connect(ca, 1, leaf[a], nextLeafPort[a]++, "4xFDR");
      b.connect(ca, 2, leaf[c], nextLeafPort[c]++, "4xFDR");
    }
    return OpenSmLids.reassign(b.build(), 0, leaf[0]);
  }
}
