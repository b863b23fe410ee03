package org.ibrouting.fabric;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;

/**
 * The arrays of a {@link Fabric}, filled from a {@link FabricBuilder}'s nodes one by one in the
 * fabric's order (switches, CAs, routers, each in qmap order); duplicate port GUIDs are refused
 * here, as the ports are numbered.
 */
final class FabricLayout {
  private final FabricBuilder builder;
  final int[] order;
  final int numNodes;
  final int[] indexOfId;
  final int[] firstPort;
  int numSwitches;
  int numCas;
  final byte[] typeOf;
  final long[] nodeGuid;
  final long[] systemGuid;
  final int[] vendorId;
  final int[] deviceId;
  final String[] description;
  final int[] nodeOfPort;
  final int[] peerPort;
  final long[] portGuid;
  final int[] baseLid;
  final byte[] lmc;
  final String[] rate;
  final int[] outStart;
  int numChannels;
  int maxLid;
  int numEndPorts;
  final Long2IntOpenHashMap nodeOfGuid;
  final Long2IntOpenHashMap portOfGuid;

  FabricLayout(FabricBuilder builder, int[] order) {
    this.builder = builder;
    this.order = order;
    numNodes = order.length;
    indexOfId = new int[numNodes];
    firstPort = new int[numNodes + 1];
    for (int i = 0; i < numNodes; i++) {
      indexOfId[order[i]] = i;
      FabricBuilder.Node n = builder.nodes.get(order[i]);
      if (n.type == NodeType.SWITCH) {
        numSwitches++;
      } else if (n.type == NodeType.CA) {
        numCas++;
      }
      firstPort[i + 1] = firstPort[i] + n.numPorts() + 1;
    }
    int numSlots = firstPort[numNodes];
    typeOf = new byte[numNodes];
    nodeGuid = new long[numNodes];
    systemGuid = new long[numNodes];
    vendorId = new int[numNodes];
    deviceId = new int[numNodes];
    description = new String[numNodes];
    nodeOfPort = new int[numSlots];
    peerPort = new int[numSlots];
    portGuid = new long[numSlots];
    baseLid = new int[numSlots];
    lmc = new byte[numSlots];
    rate = new String[numSlots];
    outStart = new int[numNodes + 1];
    nodeOfGuid = new Long2IntOpenHashMap(numNodes);
    nodeOfGuid.defaultReturnValue(Fabric.NONE);
    portOfGuid = new Long2IntOpenHashMap(numNodes);
    portOfGuid.defaultReturnValue(Fabric.NONE);
    for (int i = 0; i < numNodes; i++) {
      copyNode(i);
    }
  }

  private void copyNode(int i) {
    int id = order[i];
    FabricBuilder.Node n = builder.nodes.get(id);
    typeOf[i] = (byte) n.type.ordinal();
    nodeGuid[i] = n.guid;
    systemGuid[i] = n.systemGuid;
    vendorId[i] = n.vendorId;
    deviceId[i] = n.deviceId;
    description[i] = n.description;
    nodeOfGuid.put(n.guid, i);
    for (int p = 0; p <= n.numPorts(); p++) {
      int slot = firstPort[i] + p;
      nodeOfPort[slot] = i;
      int peer = n.peerNode[p];
      peerPort[slot] =
          peer < 0 || p == 0 ? Fabric.NONE : firstPort[indexOfId[peer]] + n.peerPortNum[p];
      if (peerPort[slot] >= 0) {
        numChannels++;
      }
      rate[slot] = n.rate[p];
      boolean endPort = n.type == NodeType.SWITCH ? p == 0 : p >= 1;
      if (endPort) {
        copyEndPort(id, n, p, slot);
      } else if (n.type == NodeType.SWITCH) {
        portGuid[slot] = n.portGuid[0];
      }
    }
    outStart[i + 1] = numChannels;
  }

  private void copyEndPort(int id, FabricBuilder.Node n, int p, int slot) {
    portGuid[slot] = n.portGuid[p];
    int previous = portOfGuid.putIfAbsent(n.portGuid[p], slot);
    if (previous >= 0 && n.portGuid[p] != 0) {
      throw new FabricException(
          "duplicate port GUID "
              + Lids.guidHex(n.portGuid[p])
              + ": port "
              + p
              + " of "
              + builder.name(id)
              + " and port "
              + (previous - firstPort[nodeOfPort[previous]])
              + " of "
              + builder.name(order[nodeOfPort[previous]]),
          id,
          p);
    }
    baseLid[slot] = n.lid[p];
    lmc[slot] = n.lmc[p];
    if (n.lid[p] != 0) {
      numEndPorts++;
      maxLid = Math.max(maxLid, n.lid[p] + (1 << n.lmc[p]) - 1);
    }
  }

  Fabric fabric() {
    int[] outChannel = new int[numChannels];
    int k = 0;
    for (int slot = 0; slot < peerPort.length; slot++) {
      if (peerPort[slot] >= 0) {
        outChannel[k++] = slot;
      }
    }
    int[] portOfLid = new int[maxLid + 1];
    Arrays.fill(portOfLid, Fabric.NONE);
    for (int slot = 0; slot < baseLid.length; slot++) {
      if (baseLid[slot] != 0) {
        int last = baseLid[slot] + (1 << lmc[slot]) - 1;
        for (int lid = baseLid[slot]; lid <= last; lid++) {
          portOfLid[lid] = slot;
        }
      }
    }
    return new Fabric(
        numSwitches,
        numCas,
        typeOf,
        nodeGuid,
        systemGuid,
        vendorId,
        deviceId,
        description,
        firstPort,
        nodeOfPort,
        peerPort,
        portGuid,
        baseLid,
        lmc,
        rate,
        outStart,
        outChannel,
        portOfLid,
        maxLid,
        numEndPorts,
        nodeOfGuid,
        portOfGuid);
  }
}
