package org.ibrouting.fabric;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

/**
 * An immutable InfiniBand fabric: switches, channel adapters and routers, their ports, links,
 * GUIDs, descriptions and LIDs, stored as compressed-sparse-row primitive arrays.
 *
 * <p>Indices are dense ints. Nodes are {@code 0..numNodes()-1}: switches first ({@code
 * 0..numSwitches()-1}), then CAs, then routers; within each type in OpenSM's qmap order (ascending
 * byte-swapped node GUID), so a switch loop over {@code 0..numSwitches()-1} visits switches in the
 * order OpenSM's routing engines and dumps do. Every physical port, port 0 included, is a <em>port
 * slot</em>: {@code port(node, portNum)}. A <em>channel</em> (a directed link) is identified by the
 * slot it leaves from; its head is {@code nodeOfPort(peerPort(channel))}.
 *
 * <p>Iterating the links of a node, in port order:
 *
 * <pre>{@code
 * for (int i = 0; i < fabric.outDegree(node); i++) {
 *   int channel = fabric.outChannel(node, i);
 *   int neighbour = fabric.nodeOfPort(fabric.peerPort(channel));
 *   int portNum = fabric.portNum(channel);
 * }
 * }</pre>
 *
 * <p>Look-ups by key come in two kinds: {@code nodeOfGuid}, {@code portOfGuid} and {@code
 * portOfLid} answer {@link #NONE} for a key the fabric does not have (for loops that expect
 * misses); {@link #nodeByGuid}, {@link #portByGuid}, {@link #nodeByDescription} and {@link
 * #destinationSwitch} throw an {@link IllegalArgumentException} that names the key. Index accessors
 * ({@code numPorts(node)}, {@code port(node, portNum)}, ...) do not check their arguments beyond
 * what array access does: they are the hot path of every engine.
 *
 * <p>Memory: 4 ints, 1 long and 1 byte per port slot, 2 ints per connected port, 1 int per LID up
 * to the largest assigned LID, and cold per-node data (GUIDs, descriptions).
 */
public final class Fabric {
  /** {@link #portOfLid(int)} and {@link #peerPort(int)} answer this for "none". */
  public static final int NONE = -1;

  private final int numSwitches;
  private final int numCas;
  private final byte[] nodeTypeOf;
  private final long[] nodeGuid;
  private final long[] systemGuid;
  private final int[] vendorId;
  private final int[] deviceId;
  private final String[] description;
  private final int[] firstPort;
  private final int[] nodeOfPort;
  private final int[] peerPort;
  private final long[] portGuid;
  private final int[] baseLid;
  private final byte[] lmcOfPort;
  private final String[] linkRate;
  private final int[] outStart;
  private final int[] outChannel;
  private final int[] portOfLid;
  private final int maxLid;
  private final int numEndPorts;
  private final Long2IntOpenHashMap nodeOfGuid;
  private final Long2IntOpenHashMap portOfGuid;

  /** Built on the first {@link #nodeByDescription}; -2 marks a description several nodes share. */
  private volatile Object2IntOpenHashMap<String> nodeOfDescription;

  Fabric(
      int numSwitches,
      int numCas,
      byte[] nodeTypeOf,
      long[] nodeGuid,
      long[] systemGuid,
      int[] vendorId,
      int[] deviceId,
      String[] description,
      int[] firstPort,
      int[] nodeOfPort,
      int[] peerPort,
      long[] portGuid,
      int[] baseLid,
      byte[] lmcOfPort,
      String[] linkRate,
      int[] outStart,
      int[] outChannel,
      int[] portOfLid,
      int maxLid,
      int numEndPorts,
      Long2IntOpenHashMap nodeOfGuid,
      Long2IntOpenHashMap portOfGuid) {
    this.numSwitches = numSwitches;
    this.numCas = numCas;
    this.nodeTypeOf = nodeTypeOf;
    this.nodeGuid = nodeGuid;
    this.systemGuid = systemGuid;
    this.vendorId = vendorId;
    this.deviceId = deviceId;
    this.description = description;
    this.firstPort = firstPort;
    this.nodeOfPort = nodeOfPort;
    this.peerPort = peerPort;
    this.portGuid = portGuid;
    this.baseLid = baseLid;
    this.lmcOfPort = lmcOfPort;
    this.linkRate = linkRate;
    this.outStart = outStart;
    this.outChannel = outChannel;
    this.portOfLid = portOfLid;
    this.maxLid = maxLid;
    this.numEndPorts = numEndPorts;
    this.nodeOfGuid = nodeOfGuid;
    this.portOfGuid = portOfGuid;
  }

  /** A new, empty builder. */
  public static FabricBuilder builder() {
    return new FabricBuilder();
  }

  // ---- nodes ------------------------------------------------------------------------------

  /** The number of nodes of every type. */
  public int numNodes() {
    return nodeTypeOf.length;
  }

  /** The number of switches; they are nodes {@code 0..numSwitches()-1}. */
  public int numSwitches() {
    return numSwitches;
  }

  /**
   * The number of channel adapters; they are nodes {@code numSwitches()..numSwitches()+numCas()-1}.
   */
  public int numCas() {
    return numCas;
  }

  /** The number of routers; they are the last nodes. */
  public int numRouters() {
    return nodeTypeOf.length - numSwitches - numCas;
  }

  /** The type of a node. */
  public NodeType nodeType(int node) {
    return NODE_TYPES[nodeTypeOf[node]];
  }

  private static final NodeType[] NODE_TYPES = NodeType.values();

  /** Whether a node is a switch; the same as {@code node < numSwitches()}. */
  public boolean isSwitch(int node) {
    return node < numSwitches;
  }

  /** The node GUID. */
  public long nodeGuid(int node) {
    return nodeGuid[node];
  }

  /** The system image GUID (0 when the node reported none). */
  public long systemGuid(int node) {
    return systemGuid[node];
  }

  /** The vendor id, as ibnetdiscover prints it in {@code vendid=}. */
  public int vendorId(int node) {
    return vendorId[node];
  }

  /** The device id, as ibnetdiscover prints it in {@code devid=}. */
  public int deviceId(int node) {
    return deviceId[node];
  }

  /** The node description (the text OpenSM prints in quotes). */
  public String description(int node) {
    return description[node];
  }

  /** The node with this node GUID, or {@link #NONE}. */
  public int nodeOfGuid(long guid) {
    return nodeOfGuid.get(guid);
  }

  /**
   * The node with this node GUID.
   *
   * @throws IllegalArgumentException when no node has it
   */
  public int nodeByGuid(long guid) {
    int node = nodeOfGuid.get(guid);
    if (node < 0) {
      throw new IllegalArgumentException(
          "no node of "
              + this
              + " has node GUID "
              + Lids.guidHex(guid)
              + (portOfGuid.containsKey(guid)
                  ? "; it is the port GUID of " + portName(portOfGuid.get(guid))
                  : ""));
    }
    return node;
  }

  /**
   * The node with this description (the text {@code ibnetdiscover} prints in quotes).
   *
   * @throws IllegalArgumentException when no node or more than one node has it
   */
  public int nodeByDescription(String text) {
    Object2IntOpenHashMap<String> map = nodeOfDescription;
    if (map == null) {
      map = new Object2IntOpenHashMap<>(description.length);
      map.defaultReturnValue(NONE);
      for (int node = 0; node < description.length; node++) {
        if (map.putIfAbsent(description[node], node) != NONE) {
          map.put(description[node], -2);
        }
      }
      nodeOfDescription = map;
    }
    int node = map.getInt(text);
    if (node == NONE) {
      throw new IllegalArgumentException(
          "no node of " + this + " is described as \"" + text + "\"");
    }
    if (node < 0) {
      StringBuilder names = new StringBuilder();
      int count = 0;
      for (int n = 0; n < description.length; n++) {
        if (description[n].equals(text) && count++ < 2) {
          names.append(count == 1 ? "" : ", ").append(nodeName(n));
        }
      }
      throw new IllegalArgumentException(
          count
              + " nodes are described as \""
              + text
              + "\" ("
              + names
              + (count > 2 ? ", ..." : "")
              + "); name one by its GUID");
    }
    return node;
  }

  /** A human-readable name for messages: {@code switch 0x0002c90200400a10 "leaf-3"}. */
  public String nodeName(int node) {
    String type =
        switch (nodeType(node)) {
          case SWITCH -> "switch";
          case CA -> "CA";
          case ROUTER -> "router";
        };
    return type + " " + Lids.guidHex(nodeGuid[node]) + " \"" + description[node] + "\"";
  }

  /** A human-readable name of a port slot for messages: {@code port 5 of switch 0x... "desc"}. */
  public String portName(int port) {
    return "port " + portNum(port) + " of " + nodeName(nodeOfPort[port]);
  }

  // ---- ports ------------------------------------------------------------------------------

  /** The number of physical ports of a node, not counting port 0. */
  public int numPorts(int node) {
    return firstPort[node + 1] - firstPort[node] - 1;
  }

  /** The total number of port slots (port 0 of every node included). */
  public int numPortSlots() {
    return nodeOfPort.length;
  }

  /** The port slot of port {@code portNum} (0..numPorts) of a node. */
  public int port(int node, int portNum) {
    return firstPort[node] + portNum;
  }

  /** The node a port slot belongs to. */
  public int nodeOfPort(int port) {
    return nodeOfPort[port];
  }

  /** The port number of a port slot on its node. */
  public int portNum(int port) {
    return port - firstPort[nodeOfPort[port]];
  }

  /**
   * The port slot at the other end of the link, or {@link #NONE} when the port is not connected.
   */
  public int peerPort(int port) {
    return peerPort[port];
  }

  /** The port GUID (a switch's ports all report the port-0 GUID; 0 when unknown). */
  public long portGuid(int port) {
    return portGuid[port];
  }

  /** The end port (CA/router port, or a switch's port 0) with this port GUID, or {@link #NONE}. */
  public int portOfGuid(long guid) {
    return portOfGuid.get(guid);
  }

  /**
   * The end port (CA/router port, or a switch's port 0) with this port GUID.
   *
   * @throws IllegalArgumentException when no end port has it
   */
  public int portByGuid(long guid) {
    int port = portOfGuid.get(guid);
    if (port < 0) {
      throw new IllegalArgumentException(
          "no port of "
              + this
              + " has port GUID "
              + Lids.guidHex(guid)
              + (nodeOfGuid.containsKey(guid)
                  ? "; it is the node GUID of " + nodeName(nodeOfGuid.get(guid))
                  : ""));
    }
    return port;
  }

  /** The base LID of an end port (a CA or router port, or a switch's port 0), 0 if it has none. */
  public int baseLid(int port) {
    return baseLid[port];
  }

  /** The LMC of an end port. */
  public int lmc(int port) {
    return lmcOfPort[port];
  }

  /** The link width and speed as ibnetdiscover printed them ({@code 4xQDR}), or null. */
  public String linkRate(int port) {
    return linkRate[port];
  }

  /** The number of end ports with a LID (CA and router ports, switch port 0). */
  public int numEndPorts() {
    return numEndPorts;
  }

  // ---- channels ---------------------------------------------------------------------------

  /** The number of connected ports of a node. */
  public int outDegree(int node) {
    return outStart[node + 1] - outStart[node];
  }

  /** The {@code i}-th connected port (a channel leaving the node), in port order. */
  public int outChannel(int node, int i) {
    return outChannel[outStart[node] + i];
  }

  /** The number of directed channels (twice the number of links). */
  public int numChannels() {
    return outChannel.length;
  }

  /** The number of links. */
  public int numLinks() {
    return outChannel.length / 2;
  }

  /** The node a channel leaves (its tail). */
  public int channelTail(int channel) {
    return nodeOfPort[channel];
  }

  /** The node a channel enters (its head). */
  public int channelHead(int channel) {
    return nodeOfPort[peerPort[channel]];
  }

  /**
   * For a CA or router end port, the switch port it is cabled to; for a switch port 0, port 0
   * itself; {@link #NONE} when the end port is not cabled to a switch.
   */
  public int switchPortOf(int endPort) {
    int node = nodeOfPort[endPort];
    if (node < numSwitches) {
      return endPort;
    }
    int peer = peerPort[endPort];
    return peer >= 0 && nodeOfPort[peer] < numSwitches ? peer : NONE;
  }

  // ---- LIDs -------------------------------------------------------------------------------

  /** The largest LID assigned to any port (OpenSM's MAXLID), 0 if none. */
  public int maxLid() {
    return maxLid;
  }

  /** The end port that owns this LID (any LID of its LMC range), or {@link #NONE}. */
  public int portOfLid(int lid) {
    return lid > 0 && lid <= maxLid ? portOfLid[lid] : NONE;
  }

  /** The node that owns this LID, or {@link #NONE}. */
  public int nodeOfLid(int lid) {
    int port = portOfLid(lid);
    return port < 0 ? NONE : nodeOfPort[port];
  }

  /**
   * The switch that delivers packets for {@code lid}: the switch owning it, or the one its CA or
   * router port is cabled to; {@link #NONE} when that port is cabled to no switch.
   *
   * @throws IllegalArgumentException when no port of the fabric has the LID
   */
  public int destinationSwitch(int lid) {
    int port = requireLid(lid);
    int swPort = switchPortOf(port);
    return swPort < 0 ? NONE : nodeOfPort[swPort];
  }

  /**
   * The end port that owns {@code lid}.
   *
   * @throws IllegalArgumentException when no port of the fabric has the LID
   */
  public int requireLid(int lid) {
    int port = portOfLid(lid);
    if (port < 0) {
      throw new IllegalArgumentException(
          "LID "
              + lid
              + " ("
              + Lids.hex(lid)
              + ") is not assigned in "
              + this
              + (maxLid == 0 ? "" : "; its LIDs lie in 1.." + maxLid));
    }
    return port;
  }

  /** The LFT size (max LID + 1 rounded up to whole 64-entry blocks). */
  public int lftStride() {
    return Lids.lftStride(maxLid);
  }

  @Override
  public String toString() {
    return "Fabric["
        + numSwitches
        + " switches, "
        + numCas
        + " CAs, "
        + numRouters()
        + " routers, "
        + numLinks()
        + " links, max LID "
        + maxLid
        + "]";
  }
}
