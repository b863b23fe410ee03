package org.ibrouting.simulation;

import java.util.Locale;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.Lids;

/**
 * Writes ORCS's {@code get_cable_cong} map: the fabric as a Graphviz digraph with one edge per
 * channel, labelled with its congestion sum scaled to [0, 1] by the largest one and coloured from
 * green (0) to red (1) through yellow, in HSV as Graphviz reads it.
 */
public final class CableCongestionDot {
  private CableCongestionDot() {}

  /**
   * The dot text. Nodes are named by GUID ({@code H0x...} for CAs and routers, {@code S0x...} for
   * switches, the ORCS/ibsim convention) and labelled with their description.
   *
   * @param channelCongestion congestion sums indexed by channel (port slot), as {@link
   *     SimulationResult#channelCongestion()} returns them
   */
  public static String toDot(Fabric fabric, long[] channelCongestion) {
    if (channelCongestion.length != fabric.numPortSlots()) {
      throw new IllegalArgumentException(
          "expected "
              + fabric.numPortSlots()
              + " channel congestion values, got "
              + channelCongestion.length);
    }
    long max = 0;
    for (long v : channelCongestion) {
      max = Math.max(max, v);
    }
    StringBuilder sb = new StringBuilder("digraph fabric {\n");
    for (int node = 0; node < fabric.numNodes(); node++) {
      sb.append("  \"")
          .append(dotName(fabric, node))
          .append("\" [label=\"")
          .append(escape(fabric.description(node)))
          .append("\"];\n");
    }
    for (int node = 0; node < fabric.numNodes(); node++) {
      for (int i = 0; i < fabric.outDegree(node); i++) {
        int c = fabric.outChannel(node, i);
        double scaled = max == 0 ? 0 : channelCongestion[c] / (double) max;
        // hue 0.4 is green and 0 red in Graphviz's HSV; saturation and value stay high for contrast
        double hue = 0.4 * (1 - scaled);
        sb.append(
            String.format(
                Locale.ROOT,
                "  \"%s\" -> \"%s\" [taillabel=\"%d\", headlabel=\"%d\", congestion=\"%f\", sum=\"%d\", color=\"%.3f 0.900 0.900\"];%n",
                dotName(fabric, node),
                dotName(fabric, fabric.channelHead(c)),
                fabric.portNum(c),
                fabric.portNum(fabric.peerPort(c)),
                scaled,
                channelCongestion[c],
                hue));
      }
    }
    return sb.append("}\n").toString();
  }

  private static String dotName(Fabric fabric, int node) {
    return (fabric.isSwitch(node) ? "S" : "H") + Lids.guidHex(fabric.nodeGuid(node));
  }

  private static String escape(String s) {
    return s.replace("\\", "\\\\").replace("\"", "\\\"");
  }
}
