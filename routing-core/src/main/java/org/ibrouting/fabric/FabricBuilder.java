package org.ibrouting.fabric;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Describes a fabric node by node and link by link, then validates it and builds an immutable
 * {@link Fabric}.
 *
 * <p>Nodes get builder ids in the order they are added; {@link #build()} renumbers them (switches
 * first, each type in OpenSM's qmap order), so look nodes up by GUID in the result. A link may be
 * declared whole with {@link #connect} or from each end with {@link #halfLink}, as a discovery
 * output describes it; {@link #build()} then checks that both ends agree.
 *
 * <p>Rejected, with a {@link FabricException} naming the node by GUID and description: a port
 * outside its node's port count, a port linked twice, a link declared from one end only or
 * differently from each end, duplicate node or port GUIDs, duplicate LIDs, LIDs outside
 * 0x0001–0xBFFF, LMC outside 0–7. Problems found while a node or link is added are thrown at once;
 * the rest by {@link #build()}. {@link FabricException#builderNode()} names the builder id, so a
 * parser can point at the line that declared it.
 */
public final class FabricBuilder {
  /** The most ports a switch can have: 255 is the LFT's "no route" value. */
  public static final int MAX_PORTS = 254;

  static final class Node {
    final NodeType type;
    final long guid;
    long systemGuid;
    int vendorId;
    int deviceId;
    String description;
    final long[] portGuid;
    final int[] lid;
    final byte[] lmc;
    final int[] peerNode;
    final int[] peerPortNum;
    final String[] rate;

    Node(NodeType type, int numPorts, long guid) {
      this.type = type;
      this.guid = guid;
      this.portGuid = new long[numPorts + 1];
      this.lid = new int[numPorts + 1];
      this.lmc = new byte[numPorts + 1];
      this.peerNode = new int[numPorts + 1];
      this.peerPortNum = new int[numPorts + 1];
      this.rate = new String[numPorts + 1];
      Arrays.fill(peerNode, -1);
    }

    int numPorts() {
      return lid.length - 1;
    }
  }

  final List<Node> nodes = new ArrayList<>();
  private final Long2IntOpenHashMap idOfGuid = new Long2IntOpenHashMap();
  private int[] ownerOfLid = new int[0];

  FabricBuilder() {
    idOfGuid.defaultReturnValue(-1);
  }

  /**
   * Adds a copy of {@code node} of {@code fabric} without its links: type, ports, GUIDs,
   * description, vendor and device ids, and its end ports' GUIDs and LIDs.
   *
   * @return its id in this builder
   */
  public int addNodeLike(Fabric fabric, int node) {
    int id =
        addNode(
            fabric.nodeType(node),
            fabric.numPorts(node),
            fabric.nodeGuid(node),
            fabric.description(node));
    setSystemGuid(id, fabric.systemGuid(node));
    setIds(id, fabric.vendorId(node), fabric.deviceId(node));
    boolean sw = fabric.nodeType(node) == NodeType.SWITCH;
    // end ports only: a switch's LID and port GUID live on port 0
    for (int p = sw ? 0 : 1, last = sw ? 0 : fabric.numPorts(node); p <= last; p++) {
      int slot = fabric.port(node, p);
      setPortGuid(id, p, fabric.portGuid(slot));
      if (fabric.baseLid(slot) != 0) {
        setLid(id, p, fabric.baseLid(slot), fabric.lmc(slot));
      }
    }
    return id;
  }

  /**
   * A builder holding every node, port, LID and link of {@code fabric}, to be changed and rebuilt.
   */
  public static FabricBuilder from(Fabric fabric) {
    FabricBuilder b = new FabricBuilder();
    for (int node = 0; node < fabric.numNodes(); node++) {
      b.addNodeLike(fabric, node);
    }
    // builder ids equal fabric node indices here
    for (int c = 0; c < fabric.numPortSlots(); c++) {
      int peer = fabric.peerPort(c);
      if (peer >= 0) {
        b.halfLink(
            fabric.nodeOfPort(c),
            fabric.portNum(c),
            fabric.nodeOfPort(peer),
            fabric.portNum(peer),
            fabric.linkRate(c));
      }
    }
    return b;
  }

  /**
   * Adds a node and returns its builder id. Switch port 0 and CA/router ports 1..n get default port
   * GUIDs (the node GUID for a switch, node GUID + port number for a CA or router, as ibsim assigns
   * them) until {@link #setPortGuid} says otherwise.
   */
  public int addNode(NodeType type, int numPorts, long nodeGuid, String description) {
    int id = nodes.size();
    if (numPorts < 1 || numPorts > MAX_PORTS) {
      throw new FabricException(
          type.openSmName().toLowerCase()
              + " "
              + Lids.guidHex(nodeGuid)
              + " \""
              + description
              + "\" has "
              + numPorts
              + " ports; a node has 1 to "
              + MAX_PORTS,
          id,
          -1);
    }
    int previous = idOfGuid.putIfAbsent(nodeGuid, id);
    if (previous >= 0) {
      throw new FabricException(
          "duplicate node GUID "
              + Lids.guidHex(nodeGuid)
              + ": \""
              + description
              + "\" and "
              + name(previous),
          id,
          -1);
    }
    Node node = new Node(type, numPorts, nodeGuid);
    node.description = description == null ? "" : description;
    node.systemGuid = nodeGuid;
    if (type == NodeType.SWITCH) {
      node.portGuid[0] = nodeGuid;
    } else {
      for (int p = 1; p <= numPorts; p++) {
        node.portGuid[p] = nodeGuid + p;
      }
    }
    nodes.add(node);
    return id;
  }

  /** The builder id of the node with this GUID, or -1. */
  public int nodeOfGuid(long nodeGuid) {
    return idOfGuid.get(nodeGuid);
  }

  /** The number of nodes added so far. */
  public int numNodes() {
    return nodes.size();
  }

  /** The type of a node added earlier. */
  public NodeType nodeType(int id) {
    return node(id).type;
  }

  /** The number of ports of a node added earlier. */
  public int numPorts(int id) {
    return node(id).numPorts();
  }

  /** Sets the system image GUID (0 = none). */
  public FabricBuilder setSystemGuid(int id, long systemGuid) {
    node(id).systemGuid = systemGuid;
    return this;
  }

  /** Sets the vendor and device ids. */
  public FabricBuilder setIds(int id, int vendorId, int deviceId) {
    Node n = node(id);
    n.vendorId = vendorId;
    n.deviceId = deviceId;
    return this;
  }

  /** Sets the GUID of an end port: a switch's port 0 or a CA/router port. */
  public FabricBuilder setPortGuid(int id, int portNum, long guid) {
    Node n = node(id);
    checkEndPort(id, n, portNum);
    n.portGuid[portNum] = guid;
    return this;
  }

  /**
   * Assigns LIDs {@code baseLid .. baseLid + 2^lmc - 1} to an end port (a switch's port 0, or a
   * CA/router port). A LID of 0 clears the assignment.
   */
  public FabricBuilder setLid(int id, int portNum, int baseLid, int lmc) {
    Node n = node(id);
    checkEndPort(id, n, portNum);
    if (lmc < 0 || lmc > Lids.MAX_LMC) {
      throw new FabricException(
          "LMC "
              + lmc
              + " of port "
              + portNum
              + " of "
              + name(id)
              + " is outside 0-"
              + Lids.MAX_LMC,
          id,
          portNum);
    }
    releaseLids(id, n, portNum);
    if (baseLid == 0) {
      return this;
    }
    int last = baseLid + (1 << lmc) - 1;
    if (baseLid < 1 || last > Lids.MAX_UNICAST_LID) {
      throw new FabricException(
          "LID range "
              + Lids.hex(baseLid)
              + "-"
              + Lids.hex(last)
              + " of port "
              + portNum
              + " of "
              + name(id)
              + " is outside the unicast range 0x0001-0xbfff",
          id,
          portNum);
    }
    if (ownerOfLid.length <= last) {
      ownerOfLid = Arrays.copyOf(ownerOfLid, Math.max(last + 1, ownerOfLid.length * 2));
    }
    for (int lid = baseLid; lid <= last; lid++) {
      int owner = ownerOfLid[lid] - 1;
      if (owner >= 0) {
        throw new FabricException(
            "duplicate LID "
                + lid
                + " ("
                + Lids.hex(lid)
                + "): port "
                + portNum
                + " of "
                + name(id)
                + " and a port of "
                + name(owner >>> 8),
            id,
            portNum);
      }
    }
    for (int lid = baseLid; lid <= last; lid++) {
      ownerOfLid[lid] = ((id << 8) | portNum) + 1;
    }
    n.lid[portNum] = baseLid;
    n.lmc[portNum] = (byte) lmc;
    return this;
  }

  private void releaseLids(int id, Node n, int portNum) {
    if (n.lid[portNum] != 0) {
      int last = n.lid[portNum] + (1 << n.lmc[portNum]) - 1;
      for (int lid = n.lid[portNum]; lid <= last; lid++) {
        ownerOfLid[lid] = 0;
      }
      n.lid[portNum] = 0;
      n.lmc[portNum] = 0;
    }
  }

  /** Declares both directions of a link; {@code rate} (such as {@code 4xQDR}) may be null. */
  public FabricBuilder connect(int idA, int portA, int idB, int portB, String rate) {
    checkLinkPort(idA, portA);
    checkLinkPort(idB, portB);
    checkFree(idA, portA, idB, portB);
    checkFree(idB, portB, idA, portA);
    halfLink(idA, portA, idB, portB, rate);
    halfLink(idB, portB, idA, portA, rate);
    return this;
  }

  /**
   * Declares a link as seen from port {@code portA} of node {@code idA}; the other end must declare
   * it too before {@link #build()}. Declaring the same half twice is harmless.
   */
  public FabricBuilder halfLink(int idA, int portA, int idB, int portB, String rate) {
    checkLinkPort(idA, portA);
    checkLinkPort(idB, portB);
    checkFree(idA, portA, idB, portB);
    Node a = node(idA);
    a.peerNode[portA] = idB;
    a.peerPortNum[portA] = portB;
    a.rate[portA] = rate;
    return this;
  }

  /** Removes the link at port {@code portNum} of a node (both halves), if any. */
  public FabricBuilder disconnect(int id, int portNum) {
    Node a = node(id);
    int peer = a.peerNode[portNum];
    if (peer >= 0) {
      Node b = node(peer);
      int peerPort = a.peerPortNum[portNum];
      if (b.peerNode[peerPort] == id && b.peerPortNum[peerPort] == portNum) {
        b.peerNode[peerPort] = -1;
        b.rate[peerPort] = null;
      }
      a.peerNode[portNum] = -1;
      a.rate[portNum] = null;
    }
    return this;
  }

  /** The builder id of the node at the other end of a port, or -1. */
  public int peerNode(int id, int portNum) {
    return node(id).peerNode[portNum];
  }

  /** The port number at the other end of a port (valid when {@link #peerNode} is not -1). */
  public int peerPortNum(int id, int portNum) {
    return node(id).peerPortNum[portNum];
  }

  private void checkFree(int idA, int portA, int idB, int portB) {
    Node a = node(idA);
    int peer = a.peerNode[portA];
    if (peer >= 0 && (peer != idB || a.peerPortNum[portA] != portB)) {
      throw new FabricException(
          "port "
              + portA
              + " of "
              + name(idA)
              + " is linked twice: to port "
              + a.peerPortNum[portA]
              + " of "
              + name(peer)
              + " and to port "
              + portB
              + " of "
              + name(idB),
          idA,
          portA);
    }
    if (idA == idB && portA == portB) {
      throw new FabricException(
          "port " + portA + " of " + name(idA) + " is linked to itself", idA, portA);
    }
  }

  private void checkLinkPort(int id, int portNum) {
    Node n = node(id);
    if (portNum < 1 || portNum > n.numPorts()) {
      throw new FabricException(
          "port "
              + portNum
              + " of "
              + name(id)
              + " exceeds its "
              + n.numPorts()
              + " ports (links use ports 1.."
              + n.numPorts()
              + ")",
          id,
          portNum);
    }
  }

  private void checkEndPort(int id, Node n, int portNum) {
    boolean ok = n.type == NodeType.SWITCH ? portNum == 0 : portNum >= 1 && portNum <= n.numPorts();
    if (!ok) {
      throw new FabricException(
          n.type == NodeType.SWITCH
              ? "a switch has its LID and port GUID on port 0, not on port "
                  + portNum
                  + " ("
                  + name(id)
                  + ")"
              : "port " + portNum + " of " + name(id) + " exceeds its " + n.numPorts() + " ports",
          id,
          portNum);
    }
  }

  private Node node(int id) {
    if (id < 0 || id >= nodes.size()) {
      throw new IndexOutOfBoundsException("node id " + id + " not in [0, " + nodes.size() + ")");
    }
    return nodes.get(id);
  }

  /** A node for messages: its type, GUID and description. */
  String name(int id) {
    Node n = nodes.get(id);
    String type =
        switch (n.type) {
          case SWITCH -> "switch";
          case CA -> "CA";
          case ROUTER -> "router";
        };
    return type + " " + Lids.guidHex(n.guid) + " \"" + n.description + "\"";
  }

  /** Validates the whole description and returns the immutable fabric. */
  public Fabric build() {
    checkLinksSymmetric();
    return new FabricLayout(this, qmapOrder()).fabric();
  }

  private void checkLinksSymmetric() {
    for (int id = 0; id < nodes.size(); id++) {
      Node a = nodes.get(id);
      for (int p = 1; p <= a.numPorts(); p++) {
        int peer = a.peerNode[p];
        if (peer < 0) {
          continue;
        }
        Node b = nodes.get(peer);
        int pp = a.peerPortNum[p];
        if (b.peerNode[pp] != id || b.peerPortNum[pp] != p) {
          String other =
              b.peerNode[pp] < 0
                  ? "is not connected"
                  : "leads to port " + b.peerPortNum[pp] + " of " + name(b.peerNode[pp]);
          throw new FabricException(
              "asymmetric link: port "
                  + p
                  + " of "
                  + name(id)
                  + " leads to port "
                  + pp
                  + " of "
                  + name(peer)
                  + ", but that port "
                  + other,
              id,
              p);
        }
      }
    }
  }

  /**
   * The builder's node ids as the fabric numbers them: switches, CAs, routers, each in qmap order
   * (ascending byte-swapped GUID).
   */
  private int[] qmapOrder() {
    Integer[] order = new Integer[nodes.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(
        order,
        (x, y) -> {
          Node a = nodes.get(x);
          Node b = nodes.get(y);
          int c = Integer.compare(a.type.ordinal(), b.type.ordinal());
          return c != 0
              ? c
              : Long.compareUnsigned(Long.reverseBytes(a.guid), Long.reverseBytes(b.guid));
        });
    int[] ids = new int[order.length];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = order[i];
    }
    return ids;
  }
}
