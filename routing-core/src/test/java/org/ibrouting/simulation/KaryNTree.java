package org.ibrouting.simulation;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;

/**
 * A k-ary n-tree built with {@link FabricBuilder} and routed d-mod-k style, for tests.
 *
 * <p>Switch (level l, word s) has s in base k with n-1 digits; its up port {@code k+1+j} leads to
 * (l+1, s with digit l set to j), arriving at down port {@code s_l + 1}. Host h hangs off leaf
 * {@code h / k} at port {@code h % k + 1}. Towards host h, a switch that is an ancestor of h's leaf
 * goes down; otherwise it goes up by port {@code k + 1 + (h / k^l) mod k} (at a leaf: by
 * destination, {@code h mod k}).
 */
final class KaryNTree {
  final int k;
  final int n;
  final Fabric fabric;
  final Routing routing;

  KaryNTree(int k, int n) {
    this(k, n, false);
  }

  /** With {@code singleUplink}, every switch sends all upward traffic through its first up port. */
  KaryNTree(int k, int n, boolean singleUplink) {
    this.k = k;
    this.n = n;
    int perLevel = pow(k, n - 1);
    int hosts = pow(k, n);
    FabricBuilder b = Fabric.builder();
    int[][] id = new int[n][perLevel];
    int lid = 1;
    for (int l = 0; l < n; l++) {
      for (int s = 0; s < perLevel; s++) {
        id[l][s] = b.addNode(NodeType.SWITCH, 2 * k, switchGuid(l, s), "sw-L" + l + "-" + s);
        b.setLid(id[l][s], 0, lid++, 0);
      }
    }
    for (int h = 0; h < hosts; h++) {
      int ca = b.addNode(NodeType.CA, 1, hostGuid(h), "H" + (h + 1));
      b.setLid(ca, 1, lid++, 0);
      b.connect(id[0][h / k], h % k + 1, ca, 1, null);
    }
    for (int l = 0; l + 1 < n; l++) {
      for (int s = 0; s < perLevel; s++) {
        for (int j = 0; j < k; j++) {
          int upper = setDigit(s, l, j);
          b.connect(id[l][s], k + 1 + j, id[l + 1][upper], digit(s, l) + 1, null);
        }
      }
    }
    fabric = b.build();
    RoutingBuilder rb = Routing.builder(fabric, singleUplink ? "single-uplink" : "dmodk");
    for (int l = 0; l < n; l++) {
      for (int s = 0; s < perLevel; s++) {
        int sw = fabric.nodeOfGuid(switchGuid(l, s));
        for (int h = 0; h < hosts; h++) {
          int leaf = h / k;
          boolean ancestor = true;
          for (int i = l; i < n - 1; i++) {
            ancestor &= digit(s, i) == digit(leaf, i);
          }
          int port;
          if (ancestor) {
            port = l == 0 ? h % k + 1 : digit(leaf, l - 1) + 1;
          } else {
            port = k + 1 + (singleUplink ? 0 : (h / pow(k, l)) % k);
          }
          rb.setOutPort(sw, lidOfHost(h), port);
        }
        // switch LIDs: deliver locally, enough for a complete table
        rb.setOutPort(sw, fabric.baseLid(fabric.port(sw, 0)), 0);
      }
    }
    routing = rb.build();
  }

  int lidOfHost(int h) {
    return fabric.baseLid(fabric.port(fabric.nodeOfGuid(hostGuid(h)), 1));
  }

  /** The endpoint index of host h (0-based) in {@code endpoints}. */
  int endpoint(Endpoints endpoints, int h) {
    return endpoints.endpointOfPort(fabric.port(fabric.nodeOfGuid(hostGuid(h)), 1));
  }

  static long switchGuid(int level, int s) {
    return 0x0002_0000_0000_0000L | ((long) level << 24) | s;
  }

  static long hostGuid(int h) {
    return 0x0001_0000_0000_0000L | h;
  }

  private int digit(int word, int i) {
    return (word / pow(k, i)) % k;
  }

  private int setDigit(int word, int i, int value) {
    int p = pow(k, i);
    return word - digit(word, i) * p + value * p;
  }

  static int pow(int base, int e) {
    int r = 1;
    for (int i = 0; i < e; i++) {
      r *= base;
    }
    return r;
  }
}
