package org.ibrouting.engines.dor;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import java.util.function.IntPredicate;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.SwitchBfs;

/**
 * Decides whether the switches of a fabric are cabled as a mesh, torus or hypercube in the way
 * dimension-order routing needs, and says why not.
 *
 * <p>OpenSM's DOR takes the lowest-numbered minimum-hop port, so it is dimension-order routing only
 * when port numbers encode dimensions. This class infers the dimensions from the cabling: the two
 * ports at the ends of an inter-switch cable belong to the same dimension, so the dimensions are
 * the classes of the union of those port pairs (ports 1/2 of a torus, port d of a hypercube). The
 * fabric is a cube when, at every switch,
 *
 * <ol>
 *   <li>each dimension leads to at most two neighbouring switches (parallel cables to one neighbour
 *       count once);
 *   <li>the dimensions come in the same order on every switch (a dimension is named by its lowest
 *       port number, and a switch's ports of a lower dimension precede those of a higher one), so
 *       "lowest port" means "lowest dimension" everywhere;
 *   <li>moves along two different dimensions commute: for neighbours t (dimension a) and u
 *       (dimension b) some switch w is a b-neighbour of t and an a-neighbour of u — the square that
 *       makes the switch graph a product of paths and rings;
 *   <li>and globally, per dimension, all rings or paths have one length, and the lengths multiply
 *       to the number of switches.
 * </ol>
 *
 * <p>Cost: O(switch ports x degree²) time, O(port numbers) extra memory.
 */
final class CubeStructure {
  private CubeStructure() {}

  /**
   * Null when {@code fabric}'s switches form a DOR-cabled cube, else the reason, naming a switch.
   */
  static String whyNotACube(Fabric fabric) {
    int n = fabric.numSwitches();
    int maxPorts = 0;
    for (int sw = 0; sw < n; sw++) {
      maxPorts = Math.max(maxPorts, fabric.numPorts(sw));
    }
    int[] parent = new int[maxPorts + 1];
    for (int p = 0; p <= maxPorts; p++) {
      parent[p] = p;
    }
    for (int sw = 0; sw < n; sw++) {
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        int channel = fabric.outChannel(sw, i);
        int peer = fabric.peerPort(channel);
        if (fabric.isSwitch(fabric.nodeOfPort(peer))) {
          union(parent, fabric.portNum(channel), fabric.portNum(peer));
        }
      }
    }
    int[] dimOfPort = new int[maxPorts + 1];
    for (int p = 0; p <= maxPorts; p++) {
      dimOfPort[p] = find(parent, p);
    }
    // per switch: neighbours by dimension, the order of dimensions along the ports
    for (int sw = 0; sw < n; sw++) {
      String reason = checkSwitch(fabric, sw, dimOfPort);
      if (reason != null) {
        return reason;
      }
    }
    return checkProduct(fabric, dimOfPort);
  }

  /**
   * Squares alone admit graphs such as the complete graph on 5 switches (two 5-rings that commute);
   * a product of rings and paths also has, per dimension, rings or paths of one length whose
   * product is the number of switches.
   */
  private static String checkProduct(Fabric fabric, int[] dimOfPort) {
    int n = fabric.numSwitches();
    boolean[] seen = new boolean[n];
    SwitchBfs bfs = new SwitchBfs(fabric);
    long product = 1;
    StringBuilder sizes = new StringBuilder();
    for (int dim = 1; dim < dimOfPort.length; dim++) {
      if (dimOfPort[dim] != dim) {
        continue;
      }
      int portDim = dim;
      IntPredicate inDim = channel -> dimOfPort[fabric.portNum(channel)] == portDim;
      java.util.Arrays.fill(seen, false);
      int length = -1;
      boolean used = false;
      for (int start = 0; start < n; start++) {
        if (seen[start]) {
          continue;
        }
        bfs.from(start, inDim);
        int size = bfs.numReached();
        for (int i = 0; i < size; i++) {
          seen[bfs.reached(i)] = true;
        }
        if (size == 1 && !hasSwitchPortIn(fabric, start, dim, dimOfPort)) {
          continue;
        }
        used = true;
        if (length == -1) {
          length = size;
        } else if (length != size) {
          return "the ring or path of "
              + fabric.nodeName(start)
              + " in the dimension of port "
              + dim
              + " has "
              + size
              + " switches, but another has "
              + length
              + "; a mesh, torus or hypercube has one length"
              + " per dimension";
        }
      }
      if (used) {
        product = Math.min(product * length, Integer.MAX_VALUE);
        sizes.append(sizes.length() == 0 ? "" : " x ").append(length);
      }
    }
    if (n > 1 && product != n) {
      return "the switches do not form a product of rings and paths: "
          + n
          + " switches, but dimensions of "
          + (sizes.length() == 0 ? "no" : sizes)
          + " switches";
    }
    return null;
  }

  private static boolean hasSwitchPortIn(Fabric fabric, int sw, int dim, int[] dimOfPort) {
    for (int i = 0; i < fabric.outDegree(sw); i++) {
      int channel = fabric.outChannel(sw, i);
      if (fabric.isSwitch(fabric.nodeOfPort(fabric.peerPort(channel)))
          && dimOfPort[fabric.portNum(channel)] == dim) {
        return true;
      }
    }
    return false;
  }

  private static String checkSwitch(Fabric fabric, int sw, int[] dimOfPort) {
    IntArrayList neighbours = new IntArrayList();
    IntArrayList dims = new IntArrayList();
    int lastDim = -1;
    for (int i = 0; i < fabric.outDegree(sw); i++) {
      int channel = fabric.outChannel(sw, i);
      int remote = fabric.nodeOfPort(fabric.peerPort(channel));
      if (!fabric.isSwitch(remote) || remote == sw) {
        continue;
      }
      int dim = dimOfPort[fabric.portNum(channel)];
      int last = lastDim;
      if (dim < last) {
        return fabric.nodeName(sw)
            + ": port "
            + fabric.portNum(channel)
            + " is cabled in the dimension of port "
            + dim
            + " but comes after a port of the dimension of port "
            + last
            + "; DOR needs the same dimension order on every switch (each dimension's ports"
            + " together, lower dimensions on lower ports)";
      }
      lastDim = dim;
      if (!containsPair(neighbours, dims, remote, dim)) {
        neighbours.add(remote);
        dims.add(dim);
      }
    }
    for (int i = 0; i < neighbours.size(); i++) {
      int count = 0;
      for (int j = 0; j < neighbours.size(); j++) {
        if (dims.getInt(j) == dims.getInt(i)) {
          count++;
        }
      }
      if (count > 2) {
        return fabric.nodeName(sw)
            + " has "
            + count
            + " neighbouring switches through ports "
            + portsOfDimension(fabric, sw, dimOfPort, dims.getInt(i))
            + ", which are cabled as one dimension"
            + " (ports cabled to each other belong to the same dimension); a mesh, torus or hypercube has"
            + " at most 2 per dimension";
      }
    }
    for (int i = 0; i < neighbours.size(); i++) {
      for (int j = 0; j < neighbours.size(); j++) {
        int a = dims.getInt(i);
        int b = dims.getInt(j);
        if (a == b) {
          continue;
        }
        int t = neighbours.getInt(i);
        int u = neighbours.getInt(j);
        if (!closesSquare(fabric, sw, t, b, u, a, dimOfPort)) {
          return fabric.nodeName(sw)
              + ": its neighbours "
              + fabric.nodeName(t)
              + " (port "
              + firstPortTo(fabric, sw, t)
              + ") and "
              + fabric.nodeName(u)
              + " (port "
              + firstPortTo(fabric, sw, u)
              + ") lie in different dimensions but share no neighbour that closes the square;"
              + " the switches do not form a mesh, torus or hypercube (a missing or extra cable?)";
        }
      }
    }
    return null;
  }

  /**
   * Whether some switch w != sw is a {@code dimB}-neighbour of t and a {@code dimA}-neighbour of u.
   */
  private static boolean closesSquare(
      Fabric fabric, int sw, int t, int dimB, int u, int dimA, int[] dimOfPort) {
    for (int i = 0; i < fabric.outDegree(t); i++) {
      int channel = fabric.outChannel(t, i);
      int w = fabric.nodeOfPort(fabric.peerPort(channel));
      if (w == sw || !fabric.isSwitch(w) || dimOfPort[fabric.portNum(channel)] != dimB) {
        continue;
      }
      for (int k = 0; k < fabric.outDegree(u); k++) {
        int back = fabric.outChannel(u, k);
        if (fabric.nodeOfPort(fabric.peerPort(back)) == w
            && dimOfPort[fabric.portNum(back)] == dimA) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean containsPair(
      IntArrayList neighbours, IntArrayList dims, int node, int dim) {
    for (int i = 0; i < neighbours.size(); i++) {
      if (neighbours.getInt(i) == node && dims.getInt(i) == dim) {
        return true;
      }
    }
    return false;
  }

  private static String portsOfDimension(Fabric fabric, int sw, int[] dimOfPort, int dim) {
    IntArrayList ports = new IntArrayList();
    for (int i = 0; i < fabric.outDegree(sw); i++) {
      int channel = fabric.outChannel(sw, i);
      if (fabric.isSwitch(fabric.nodeOfPort(fabric.peerPort(channel)))
          && dimOfPort[fabric.portNum(channel)] == dim) {
        ports.add(fabric.portNum(channel));
      }
    }
    int[] sorted = ports.toIntArray();
    Arrays.sort(sorted);
    return Arrays.toString(sorted).replaceAll("[\\[\\] ]", "");
  }

  private static int firstPortTo(Fabric fabric, int sw, int remote) {
    for (int i = 0; i < fabric.outDegree(sw); i++) {
      int channel = fabric.outChannel(sw, i);
      if (fabric.nodeOfPort(fabric.peerPort(channel)) == remote) {
        return fabric.portNum(channel);
      }
    }
    return -1;
  }

  private static int find(int[] parent, int p) {
    while (parent[p] != p) {
      parent[p] = parent[parent[p]];
      p = parent[p];
    }
    return p;
  }

  private static void union(int[] parent, int a, int b) {
    int ra = find(parent, a);
    int rb = find(parent, b);
    if (ra != rb) {
      parent[Math.max(ra, rb)] = Math.min(ra, rb);
    }
  }
}
