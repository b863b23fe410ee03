package org.ibrouting.analysis;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.Lids;
import org.ibrouting.routing.Routing;

/**
 * Walks single routes through the LFTs and describes them for messages. Slow (one string per
 * route); meant for witnesses, not for bulk analysis.
 */
public final class RoutePaths {
  private RoutePaths() {}

  /**
   * Describes the route from {@code srcLid} to {@code dstLid} node by node, with the ports taken,
   * and how it ends: {@code LID 0x0003 -> LID 0x0007: CA 0x... "h1" out 1 -> switch 0x... "s1" in 2
   * out 3 -> CA 0x... "h2" in 1: delivered, 2 links}, or {@code ...: no route (LFT entry 255)},
   * {@code ...: black hole, port 7 is not connected}, {@code ...: loop, back at switch ...}.
   */
  public static String describe(Routing routing, int srcLid, int dstLid) {
    Fabric fabric = routing.fabric();
    StringBuilder sb = new StringBuilder();
    sb.append("LID ").append(Lids.hex(srcLid)).append(" -> LID ").append(Lids.hex(dstLid))
        .append(": ");
    int srcPort = fabric.portOfLid(srcLid);
    int dstPort = fabric.portOfLid(dstLid);
    if (srcPort < 0) {
      return sb.append("source LID is not assigned").toString();
    }
    if (dstPort < 0) {
      return sb.append("destination LID is not assigned").toString();
    }
    int node = fabric.nodeOfPort(srcPort);
    int links = 0;
    int inPort = -1;
    if (!fabric.isSwitch(node)) {
      sb.append(fabric.nodeName(node)).append(" out ").append(fabric.portNum(srcPort));
      int peer = fabric.peerPort(srcPort);
      if (peer < 0) {
        return sb.append(": unreachable, the source port is not connected").toString();
      }
      links++;
      if (peer == dstPort) {
        return sb.append(" -> ").append(fabric.nodeName(fabric.nodeOfPort(peer))).append(" in ")
            .append(fabric.portNum(peer)).append(": delivered, 1 link").toString();
      }
      node = fabric.nodeOfPort(peer);
      inPort = fabric.portNum(peer);
      sb.append(" -> ");
      if (!fabric.isSwitch(node)) {
        return sb.append(fabric.nodeName(node)).append(" in ").append(inPort)
            .append(": unreachable, not the destination and not a switch").toString();
      }
    }
    boolean[] seen = new boolean[fabric.numSwitches()];
    while (true) {
      sb.append(fabric.nodeName(node));
      if (inPort >= 0) {
        sb.append(" in ").append(inPort);
      }
      if (seen[node]) {
        return sb.append(": loop, back at this switch after ").append(links).append(" links")
            .toString();
      }
      seen[node] = true;
      int portNum = routing.outPort(node, dstLid);
      if (portNum == Routing.NO_ROUTE) {
        return sb.append(": no route (LFT entry 255)").toString();
      }
      sb.append(" out ").append(portNum);
      if (portNum == 0) {
        return dstPort == fabric.port(node, 0)
            ? sb.append(": delivered, ").append(links).append(links == 1 ? " link" : " links").toString()
            : sb.append(": black hole, port 0 of a switch that does not own the LID").toString();
      }
      if (portNum > fabric.numPorts(node)) {
        return sb.append(": black hole, the switch has only ").append(fabric.numPorts(node))
            .append(" ports").toString();
      }
      int peer = fabric.peerPort(fabric.port(node, portNum));
      if (peer < 0) {
        return sb.append(": black hole, port ").append(portNum).append(" is not connected")
            .toString();
      }
      links++;
      node = fabric.nodeOfPort(peer);
      inPort = fabric.portNum(peer);
      sb.append(" -> ");
      if (!fabric.isSwitch(node)) {
        sb.append(fabric.nodeName(node)).append(" in ").append(inPort);
        return peer == dstPort
            ? sb.append(": delivered, ").append(links).append(" links").toString()
            : sb.append(": black hole, not the destination").toString();
      }
    }
  }
}
