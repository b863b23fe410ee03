package org.ibrouting.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.Lids;
import org.ibrouting.routing.Routing;

/**
 * One route followed through the LFTs of a {@link Routing}, from a source LID to a destination LID:
 * the nodes it visits with the ports it enters and leaves by, and how it {@linkplain Ending ends}.
 * A witness type (one object per hop), for reports, messages and tests; bulk analysis goes through
 * {@link RouteChecker}.
 *
 * <pre>{@code
 * Route route = Route.walk(routing, srcLid, dstLid);
 * if (route.ending() != Route.Ending.DELIVERED) System.err.println(route);
 * for (Route.Hop hop : route.hops()) System.out.println(fabric.nodeName(hop.node()) + " out " + hop.outPort());
 * }</pre>
 *
 * @param srcLid the source LID
 * @param dstLid the destination LID
 * @param ending how the route ends
 * @param hops the nodes visited, the source node first (port numbers; -1 where there is none)
 * @param links the links crossed
 * @param description the route in words, as {@link RoutePaths#describe} gives it
 */
public record Route(
    int srcLid, int dstLid, Ending ending, List<Hop> hops, int links, String description) {

  /** How a route ends. */
  public enum Ending {
    /** At the destination port. */
    DELIVERED,
    /** At an LFT entry {@link Routing#NO_ROUTE}. */
    NO_ROUTE,
    /**
     * Sent out of a port that leads nowhere useful: unconnected, beyond the switch's ports, to an
     * end port other than the destination's, or to port 0 of a switch that does not own the LID.
     */
    BLACK_HOLE,
    /** Back at a switch it visited before. */
    LOOP,
    /** The source port is cabled to no switch and not to the destination. */
    UNREACHABLE,
    /** The source or destination LID belongs to no port of the fabric. */
    UNASSIGNED_LID
  }

  /**
   * A node on the route.
   *
   * @param node the node index
   * @param inPort the port number it is entered by; -1 at the source
   * @param outPort the port number it is left by (0: delivered to a switch's own LID); -1 where the
   *     route ends at this node without leaving it
   */
  public record Hop(int node, int inPort, int outPort) {}

  /** Copies the hop list and checks the parts. */
  public Route {
    Objects.requireNonNull(ending, "ending");
    hops = List.copyOf(hops);
    Objects.requireNonNull(description, "description");
  }

  /** Whether the route reaches its destination. */
  public boolean delivered() {
    return ending == Ending.DELIVERED;
  }

  /** The route in words ({@link #description()}). */
  @Override
  public String toString() {
    return description;
  }

  /** Follows the route from {@code srcLid} to {@code dstLid} through {@code routing}'s LFTs. */
  public static Route walk(Routing routing, int srcLid, int dstLid) {
    return new Walk(routing, srcLid, dstLid).run();
  }

  /** One walk: the hops and the description are built side by side. */
  // not LftWalker: one pair, every hop recorded and described, not memoised per destination
  private static final class Walk {
    private final Routing routing;
    private final Fabric fabric;
    private final int srcLid;
    private final int dstLid;
    private final StringBuilder sb = new StringBuilder();
    private final List<Hop> hops = new ArrayList<>();
    private int links;

    /** Where the walk is: the node, and the port it entered by (-1 at the source). */
    private int node;

    private int inPort;

    Walk(Routing routing, int srcLid, int dstLid) {
      this.routing = routing;
      this.fabric = routing.fabric();
      this.srcLid = srcLid;
      this.dstLid = dstLid;
    }

    private Route end(Ending ending, String how) {
      sb.append(how);
      return new Route(srcLid, dstLid, ending, hops, links, sb.toString());
    }

    private String linksText() {
      return links + (links == 1 ? " link" : " links");
    }

    Route run() {
      sb.append("LID ")
          .append(Lids.hex(srcLid))
          .append(" -> LID ")
          .append(Lids.hex(dstLid))
          .append(": ");
      int srcPort = fabric.portOfLid(srcLid);
      int dstPort = fabric.portOfLid(dstLid);
      if (srcPort < 0) {
        return end(Ending.UNASSIGNED_LID, "source LID is not assigned");
      }
      if (dstPort < 0) {
        return end(Ending.UNASSIGNED_LID, "destination LID is not assigned");
      }
      node = fabric.nodeOfPort(srcPort);
      inPort = -1;
      if (!fabric.isSwitch(node)) {
        Route ended = leaveChannelAdapter(srcPort, dstPort);
        if (ended != null) {
          return ended;
        }
      }
      return throughSwitches(dstPort);
    }

    /**
     * From a CA or router source port over its link: the route when it ends there, else null with
     * {@link #node} and {@link #inPort} at the switch it enters.
     */
    private Route leaveChannelAdapter(int srcPort, int dstPort) {
      sb.append(fabric.nodeName(node)).append(" out ").append(fabric.portNum(srcPort));
      int peer = fabric.peerPort(srcPort);
      if (peer < 0) {
        hops.add(new Hop(node, -1, -1));
        return end(Ending.UNREACHABLE, ": unreachable, the source port is not connected");
      }
      hops.add(new Hop(node, -1, fabric.portNum(srcPort)));
      links++;
      int peerNode = fabric.nodeOfPort(peer);
      if (peer == dstPort) {
        hops.add(new Hop(peerNode, fabric.portNum(peer), -1));
        sb.append(" -> ")
            .append(fabric.nodeName(peerNode))
            .append(" in ")
            .append(fabric.portNum(peer));
        return end(Ending.DELIVERED, ": delivered, 1 link");
      }
      node = peerNode;
      inPort = fabric.portNum(peer);
      sb.append(" -> ");
      if (!fabric.isSwitch(node)) {
        hops.add(new Hop(node, inPort, -1));
        sb.append(fabric.nodeName(node)).append(" in ").append(inPort);
        return end(Ending.UNREACHABLE, ": unreachable, not the destination and not a switch");
      }
      return null;
    }

    /** Follows the LFTs from the switch {@link #node} until the route ends. */
    private Route throughSwitches(int dstPort) {
      boolean[] seen = new boolean[fabric.numSwitches()];
      while (true) {
        sb.append(fabric.nodeName(node));
        if (inPort >= 0) {
          sb.append(" in ").append(inPort);
        }
        if (seen[node]) {
          hops.add(new Hop(node, inPort, -1));
          return end(Ending.LOOP, ": loop, back at this switch after " + links + " links");
        }
        seen[node] = true;
        int portNum = routing.outPort(node, dstLid);
        if (portNum == Routing.NO_ROUTE) {
          hops.add(new Hop(node, inPort, -1));
          return end(Ending.NO_ROUTE, ": no route (LFT entry 255)");
        }
        hops.add(new Hop(node, inPort, portNum));
        sb.append(" out ").append(portNum);
        Route ended = leaveSwitch(portNum, dstPort);
        if (ended != null) {
          return ended;
        }
      }
    }

    /**
     * Out of switch {@link #node} by {@code portNum}: the route when it ends there, else null with
     * {@link #node} and {@link #inPort} at the next switch.
     */
    private Route leaveSwitch(int portNum, int dstPort) {
      if (portNum == 0) {
        return dstPort == fabric.port(node, 0)
            ? end(Ending.DELIVERED, ": delivered, " + linksText())
            : end(Ending.BLACK_HOLE, ": black hole, port 0 of a switch that does not own the LID");
      }
      if (portNum > fabric.numPorts(node)) {
        return end(
            Ending.BLACK_HOLE,
            ": black hole, the switch has only " + fabric.numPorts(node) + " ports");
      }
      int peer = fabric.peerPort(fabric.port(node, portNum));
      if (peer < 0) {
        return end(Ending.BLACK_HOLE, ": black hole, port " + portNum + " is not connected");
      }
      links++;
      node = fabric.nodeOfPort(peer);
      inPort = fabric.portNum(peer);
      sb.append(" -> ");
      if (!fabric.isSwitch(node)) {
        hops.add(new Hop(node, inPort, -1));
        sb.append(fabric.nodeName(node)).append(" in ").append(inPort);
        return peer == dstPort
            ? end(Ending.DELIVERED, ": delivered, " + links + " links")
            : end(Ending.BLACK_HOLE, ": black hole, not the destination");
      }
      return null;
    }
  }
}
