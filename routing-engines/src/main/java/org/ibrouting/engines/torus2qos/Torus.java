package org.ibrouting.engines.torus2qos;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.topology.TorusConfig;

/**
 * The torus torus-2QoS recovered from a fabric: which switch sits at which coordinates, and per
 * placed switch its seven port groups, as OpenSM's {@code struct t_switch} holds them. Group {@code
 * 2d} holds the links leaving in the negative direction of dimension d, {@code 2d + 1} those in the
 * positive direction (all to the same neighbour), group {@link #LOCAL} the switch's port 0 and the
 * ports of the CAs and routers it hosts.
 *
 * <p>Placed switches are numbered by <em>slot</em> in the order they were placed (OpenSM's {@code
 * sw_pool}); a fabric switch may, on a misconfigured fabric, be placed twice. Memory: 3 ints per
 * position, 2 per slot, 3 per (slot, group), 2 per port slot of the fabric.
 */
final class Torus {
  /** Port groups per switch: two per dimension and the local one. */
  static final int GROUPS = 2 * TorusConfig.MAX_DIMS + 1;

  /** The group of port 0 and the CA and router ports. */
  static final int LOCAL = 2 * TorusConfig.MAX_DIMS;

  final Fabric fabric;
  final TorusConfig config;

  /** Radix per dimension (x, y, z). */
  final int[] radix;

  final boolean[] mesh;

  /** Per position {@code i + x * (j + y * k)}: the slot placed there, or -1. */
  final int[] slotAt;

  /** Per slot: the fabric switch, and its position. */
  int[] nodeOfSlot;

  int[] posOfSlot;
  int numSlots;

  /** Per (slot, group): the number of ports, and (inter-switch groups) the slot at the far end. */
  int[] groupSize;

  int[] groupNeighbor;

  /**
   * Per (slot, group): its ports, as port numbers of the slot's switch, {@code
   * groupStart..+groupSize}.
   */
  int[] groupStart;

  int[] groupPorts;

  /** Per fabric port slot: the (slot * GROUPS + group) it belongs to, or -1. */
  final int[] groupOfPort;

  Torus(Fabric fabric, TorusConfig config) {
    this.fabric = fabric;
    this.config = config;
    this.radix = new int[TorusConfig.MAX_DIMS];
    this.mesh = new boolean[TorusConfig.MAX_DIMS];
    for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
      radix[d] = config.radix(d);
      mesh[d] = config.isMesh(d);
    }
    int positions = radix[0] * radix[1] * radix[2];
    slotAt = new int[positions];
    java.util.Arrays.fill(slotAt, -1);
    nodeOfSlot = new int[Math.min(positions, 16)];
    posOfSlot = new int[nodeOfSlot.length];
    groupOfPort = new int[fabric.numPortSlots()];
    java.util.Arrays.fill(groupOfPort, -1);
  }

  int numPositions() {
    return slotAt.length;
  }

  int pos(int i, int j, int k) {
    return i + radix[0] * (j + radix[1] * k);
  }

  /** Coordinate {@code dim} of a position. */
  int coord(int pos, int dim) {
    return switch (dim) {
      case 0 -> pos % radix[0];
      case 1 -> pos / radix[0] % radix[1];
      default -> pos / (radix[0] * radix[1]);
    };
  }

  /** The position {@code steps} away from {@code pos} along {@code dim}, wrapping around. */
  int step(int pos, int dim, int steps) {
    int c = coord(pos, dim);
    int moved = Math.floorMod(c + steps, radix[dim]);
    int stride = dim == 0 ? 1 : dim == 1 ? radix[0] : radix[0] * radix[1];
    return pos + (moved - c) * stride;
  }

  /** The slot at a position, or -1. */
  int slot(int pos) {
    return slotAt[pos];
  }

  int size(int slot, int group) {
    return groupSize[slot * GROUPS + group];
  }

  /** Port number {@code index} of a group. */
  int port(int slot, int group, int index) {
    return groupPorts[groupStart[slot * GROUPS + group] + index];
  }

  /** The slot at the far end of an inter-switch group, or -1 when the group is empty. */
  int neighbor(int slot, int group) {
    return groupNeighbor[slot * GROUPS + group];
  }

  /** {@code x,y,z (switch 0x... "desc")} for messages. */
  String describe(int slot) {
    int pos = posOfSlot[slot];
    return coord(pos, 0)
        + ","
        + coord(pos, 1)
        + ","
        + coord(pos, 2)
        + " ("
        + fabric.nodeName(nodeOfSlot[slot])
        + ")";
  }
}
