package org.ibrouting.topology;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;

/**
 * Generators of regular and random InfiniBand fabrics, named, numbered and wired the way the
 * reference fabrics in {@code shared/fabrics} are, so that a generated fabric is the same fabric as
 * the ibsim net file of the same shape (same GUIDs, descriptions, ports, links and LIDs).
 *
 * <p>Common to all generators: nodes get ibsim's GUIDs in the order listed below (switches
 * 0x200000, 0x200001, ...; single-port CAs 0x100000, 0x100002, ... with port GUID node GUID + 1),
 * the node description is the node's name, and LIDs are assigned as OpenSM does with its SM on the
 * first switch ({@link OpenSmLids}). {@link TopologyOptions} sets the LMC, a fixed switch radix and
 * the link rate. Every parameter is validated; an {@link IllegalArgumentException} names the
 * generator, the parameter and the fix.
 *
 * <table>
 * <caption>Generators</caption>
 * <tr><th>generator</th><th>switch names, in GUID order</th><th>ports of a switch</th></tr>
 * <tr><td>{@link #kAryNTree}</td><td>{@code S<level>_<index>}, level 0 = leaves</td>
 *     <td>1..k down, k+1..2k up</td></tr>
 * <tr><td>{@link #xgft}</td><td>{@code S<level-1>_<index>}</td>
 *     <td>1..m(l) down, then w(l+1) up</td></tr>
 * <tr><td>{@link #torus}, {@link #mesh}</td><td>{@code S<c0>_<c1>_...}, c0 slowest</td>
 *     <td>2i+1 to coordinate+1 and 2i+2 to coordinate-1 in dimension i, then hosts</td></tr>
 * <tr><td>{@link #hypercube}</td><td>{@code S<i>}</td><td>i+1 for dimension i, then hosts</td></tr>
 * <tr><td>{@link #dragonfly}</td><td>{@code Sg<group>_r<router>}</td>
 *     <td>1..a-1 local, a..a+h-1 global, then hosts</td></tr>
 * <tr><td>{@link #jellyfish}</td><td>{@code S<i>}</td>
 *     <td>1..r network (ascending neighbour), then hosts</td></tr>
 * <tr><td>{@link #directors}</td><td>{@code S<d>_L<i>} then {@code S<d>_S<j>} per director</td>
 *     <td>leaf: hosts, spines, cables; spine: leaves</td></tr>
 * </table>
 *
 * <p>Hosts come after all switches, in the order of the switch they hang from, named {@code H<i>}
 * for trees and {@code H<switch coordinates>_<j>} otherwise.
 *
 * <p>Cost: time and memory linear in the number of ports (plus O(G²) ints for a Dragonfly of G
 * groups); the largest fabric is bounded by the unicast LID space (49,151 LIDs).
 *
 * <p>One file over the 500-line limit: one short generator per kind of fabric, each with its
 * checks; the wiring and LIDs they share live in {@code NetBuilder}.
 */
public final class Topologies {
  private Topologies() {}

  // ---- fat trees --------------------------------------------------------------------------

  /** A k-ary n-tree with default options; see {@link #kAryNTree(int, int, TopologyOptions)}. */
  public static Fabric kAryNTree(int k, int n) {
    return kAryNTree(k, n, TopologyOptions.DEFAULT);
  }

  /**
   * A k-ary n-tree (Petrini and Vanneschi): k^n CAs and n levels of k^(n-1) switches with 2k ports.
   * Leaf switch {@code S0_i} holds hosts {@code H(i*k)..H(i*k+k-1)} on ports 1..k. Switch {@code
   * S<l>_<w>} (w written in base k with n-1 digits) connects its up port k+1+j to {@code
   * S<l+1>_<w'>}, w' being w with digit l replaced by j, at that switch's down port (old digit
   * l)+1. Top switches keep their k up ports unconnected. This is XGFT(n; k,..,k; 1,k,..,k) with
   * 2k-port switches, and reproduces {@code shared/fabrics/ft4_3} and {@code ft8_3} exactly.
   */
  public static Fabric kAryNTree(int k, int n, TopologyOptions options) {
    if (k < 2) {
      throw new IllegalArgumentException("ktree: k = " + k + " switches of 2k ports; needs k >= 2");
    }
    if (n < 1) {
      throw new IllegalArgumentException("ktree: n = " + n + " levels; needs n >= 1");
    }
    int[] m = new int[n];
    int[] w = new int[n];
    Arrays.fill(m, k);
    Arrays.fill(w, k);
    w[0] = 1;
    return buildXgft("ktree", m, w, null, 2 * k, options);
  }

  /** An XGFT with default options; see {@link #xgft(int[], int[], TopologyOptions)}. */
  public static Fabric xgft(int[] m, int[] w) {
    return xgft(m, w, TopologyOptions.DEFAULT);
  }

  /**
   * An extended generalized fat tree XGFT(h; m1..mh; w1..wh) (Öhring et al.): h = m.length levels
   * of switches above the hosts; a level-l node has m(l) children and w(l+1) parents, so hosts have
   * w1 ports and there are Π m CAs. A node is labelled by h digits; at level l digit s is a child
   * index (radix m(s)) for s > l and a parent index (radix w(s)) for s &lt;= l, digit 1 least
   * significant, and that number is its index. A level-l node connects to the w(l+1) level-(l+1)
   * nodes that differ from it only in digit l+1, through up port m(l)+1+(new digit), arriving at
   * down port (old digit)+1. {@code xgft({16,12},{1,8})} with radix 24 is the fabric of {@code
   * shared/fabrics/oversub_2to1} (12 leaves of 16 hosts with 8 uplinks, 8 spines).
   *
   * @param m the down arities m1..mh (children per node of level 1..h)
   * @param w the up arities w1..wh (parents per node of level 0..h-1)
   */
  public static Fabric xgft(int[] m, int[] w, TopologyOptions options) {
    xgftArities("xgft", m, w);
    return buildXgft("xgft", m.clone(), w.clone(), null, 0, options);
  }

  /**
   * A parallel generalized fat tree PGFT(h; m1..mh; w1..wh; p1..ph) (Zahavi et al.): the XGFT
   * {@link #xgft(int[], int[], TopologyOptions)} builds, but with {@code p(l+1)} parallel links
   * between a level-l node and each of its parents (p1 for the hosts' links). A node's down ports
   * come first, child by child and link by link, then its up ports, parent by parent: a level-l
   * node reaches parent digit j by up ports m(l)p(l)+1+j*p(l+1) .. m(l)p(l)+(j+1)*p(l+1), arriving
   * at down ports c*p(l+1)+1 .. (c+1)*p(l+1) for its own digit c.
   *
   * @param p the links from a level-(l-1) node to each parent, p1..ph (p1 > 1 cables a host twice
   *     to one switch)
   */
  public static Fabric pgft(int[] m, int[] w, int[] p, TopologyOptions options) {
    xgftArities("pgft", m, w);
    if (p.length != m.length) {
      throw new IllegalArgumentException(
          "pgft: needs as many parallel-link counts as levels; got "
              + p.length
              + " and "
              + m.length);
    }
    for (int l = 0; l < p.length; l++) {
      if (p[l] < 1) {
        throw new IllegalArgumentException(
            "pgft: level " + (l + 1) + " has p" + (l + 1) + " = " + p[l] + "; must be >= 1");
      }
    }
    return buildXgft("pgft", m.clone(), w.clone(), p.clone(), 0, options);
  }

  private static void xgftArities(String gen, int[] m, int[] w) {
    if (m.length < 1 || m.length != w.length) {
      throw new IllegalArgumentException(
          gen
              + ": needs h >= 1 down arities and as many up arities;"
              + " got "
              + m.length
              + " and "
              + w.length);
    }
    for (int l = 0; l < m.length; l++) {
      if (m[l] < 1 || w[l] < 1) {
        throw new IllegalArgumentException(
            gen
                + ": level "
                + (l + 1)
                + " has m"
                + (l + 1)
                + " = "
                + m[l]
                + " and w"
                + (l + 1)
                + " = "
                + w[l]
                + "; both must be >= 1");
      }
    }
  }

  /** {@code p[l]}: links from a level-l node to each parent (1 for an XGFT, {@code p} null). */
  private static int links(int[] p, int l) {
    return p == null ? 1 : p[l];
  }

  private static Fabric buildXgft(
      String gen, int[] m, int[] w, int[] p, int minPorts, TopologyOptions opt) {
    int h = m.length;
    // count[l] = nodes at level l; radix of digit s (1-based) at level l = s > l ? m : w
    long[] count = new long[h + 1];
    for (int l = 0; l <= h; l++) {
      long c = 1;
      for (int s = 1; s <= h; s++) {
        c *= s > l ? m[s - 1] : w[s - 1];
        if (c > Integer.MAX_VALUE / 4) {
          throw new IllegalArgumentException(
              gen + ": level " + l + " would have more than " + Integer.MAX_VALUE / 4 + " nodes");
        }
      }
      count[l] = c;
    }
    long switches = 0;
    for (int l = 1; l <= h; l++) {
      switches += count[l];
    }
    NetBuilder net = new NetBuilder(gen, opt);
    NetBuilder.checkLidSpace(gen, switches, count[0], opt.lmc());
    int[][] nodeRef = new int[h + 1][];
    for (int l = 1; l <= h; l++) {
      nodeRef[l] = new int[(int) count[l]];
      int up = l < h ? w[l] * links(p, l) : 0;
      int needed = Math.max(minPorts, m[l - 1] * links(p, l - 1) + up);
      String why = "level " + l + " switches: m" + l + (l < h ? "+w" + (l + 1) : "");
      for (int i = 0; i < count[l]; i++) {
        nodeRef[l][i] = net.addSwitch("S" + (l - 1) + "_" + i, needed, why);
      }
    }
    nodeRef[0] = new int[(int) count[0]];
    for (int i = 0; i < count[0]; i++) {
      nodeRef[0][i] = net.addCa("H" + i, w[0] * links(p, 0));
    }
    int[] digit = new int[h + 1];
    for (int l = 0; l < h; l++) {
      int downBase = l == 0 ? 0 : m[l - 1] * links(p, l - 1);
      int k = links(p, l);
      for (int i = 0; i < count[l]; i++) {
        decode(i, l, m, w, digit);
        int child = digit[l + 1];
        for (int j = 0; j < w[l]; j++) {
          digit[l + 1] = j;
          int parent = encode(l + 1, m, w, digit);
          for (int x = 0; x < k; x++) {
            net.link(
                nodeRef[l][i], downBase + 1 + j * k + x, nodeRef[l + 1][parent], child * k + x + 1);
          }
        }
      }
    }
    return net.build();
  }

  private static void decode(int index, int level, int[] m, int[] w, int[] digit) {
    for (int s = 1; s < digit.length; s++) {
      int radix = s > level ? m[s - 1] : w[s - 1];
      digit[s] = index % radix;
      index /= radix;
    }
  }

  private static int encode(int level, int[] m, int[] w, int[] digit) {
    int index = 0;
    for (int s = digit.length - 1; s >= 1; s--) {
      index = index * (s > level ? m[s - 1] : w[s - 1]) + digit[s];
    }
    return index;
  }

  // ---- tori, meshes, hypercubes -----------------------------------------------------------

  /** A torus with default options; see {@link #torus(int[], int, TopologyOptions)}. */
  public static Fabric torus(int[] radix, int hosts) {
    return torus(radix, hosts, TopologyOptions.DEFAULT);
  }

  /**
   * A d-dimensional torus (k-ary d-cube with per-dimension radix): switch {@code S<c0>_<c1>..}
   * links port 2i+1 to port 2i+2 of its neighbour at coordinate c(i)+1 (mod radix), so port 2i+1
   * points "up" and 2i+2 "down" dimension i, lower ports for lower dimensions, as OpenSM's DOR
   * expects. Ports 2d+1..2d+hosts hold hosts {@code H<c0>_<c1>.._<j>}. Reproduces {@code
   * shared/fabrics/torus2d_4x4}. A ring needs at least 3 switches (2 would double-link the pair);
   * use {@link #mesh} for shorter dimensions.
   */
  public static Fabric torus(int[] radix, int hosts, TopologyOptions options) {
    return grid("torus", radix, hosts, true, options);
  }

  /** A mesh with default options; see {@link #mesh(int[], int, TopologyOptions)}. */
  public static Fabric mesh(int[] radix, int hosts) {
    return mesh(radix, hosts, TopologyOptions.DEFAULT);
  }

  /**
   * A d-dimensional mesh: the {@link #torus} without wrap-around links, with the same port numbers
   * (boundary ports stay unconnected). Every dimension needs at least 2 switches.
   */
  public static Fabric mesh(int[] radix, int hosts, TopologyOptions options) {
    return grid("mesh", radix, hosts, false, options);
  }

  private static Fabric grid(
      String gen, int[] radix, int hosts, boolean wrap, TopologyOptions opt) {
    int d = radix.length;
    if (d < 1) {
      throw new IllegalArgumentException(gen + ": needs at least one dimension");
    }
    long switches = 1;
    for (int i = 0; i < d; i++) {
      String dimension = gen + ": dimension " + (i + 1) + " has " + radix[i];
      if (wrap && radix[i] < 3) {
        throw new IllegalArgumentException(
            dimension
                + (radix[i] == 1 ? " switch" : " switches")
                + " per ring; needs at least 3 (or use a mesh)");
      }
      if (!wrap && radix[i] < 2) {
        throw new IllegalArgumentException(
            dimension + " switch; needs at least 2 (or leave the dimension out)");
      }
      switches *= radix[i];
      if (switches > Integer.MAX_VALUE / 4) {
        throw new IllegalArgumentException(gen + ": " + Arrays.toString(radix) + " is too large");
      }
    }
    checkHosts(gen, hosts);
    NetBuilder.checkLidSpace(gen, switches, switches * hosts, opt.lmc());
    NetBuilder net = new NetBuilder(gen, opt);
    int n = (int) switches;
    int[] coord = new int[d];
    String[] label = new String[n];
    for (int s = 0; s < n; s++) {
      coordinates(s, radix, coord);
      StringBuilder name = new StringBuilder();
      for (int i = 0; i < d; i++) {
        name.append(i == 0 ? "" : "_").append(coord[i]);
      }
      label[s] = name.toString();
      net.addSwitch("S" + label[s], 2 * d + hosts, "2*" + d + " dimensions + " + hosts + " hosts");
    }
    for (int s = 0; s < n; s++) {
      coordinates(s, radix, coord);
      int stride = 1;
      for (int i = d - 1; i >= 0; i--) {
        boolean last = coord[i] == radix[i] - 1;
        if (!last || wrap) {
          int next = last ? s - coord[i] * stride : s + stride;
          net.link(s, 2 * i + 1, next, 2 * i + 2);
        }
        stride *= radix[i];
      }
      for (int j = 0; j < hosts; j++) {
        net.link(net.addCa("H" + label[s] + "_" + j, 1), 1, s, 2 * d + 1 + j);
      }
    }
    return net.build();
  }

  /**
   * The {@code torus-2QoS.conf} of the {@link #torus} or {@link #mesh} of this radix (dimension i
   * of the generator is torus-2QoS's x, y, z) with {@code hosts} hosts per switch: one seed at
   * switch {@code S0_0..} (the origin, so no dateline offset) with its link in the positive
   * direction of every dimension, plus the negative one where a ring of radix 4 needs it, and
   * {@code portgroup_max_ports} raised when the hosts and port 0 exceed OpenSM's default of 16.
   *
   * @throws IllegalArgumentException for more than 3 dimensions, which torus-2QoS cannot route
   */
  public static TorusConfig torusConfig(int[] radix, int hosts, boolean wrap) {
    if (radix.length < 1 || radix.length > TorusConfig.MAX_DIMS) {
      throw new IllegalArgumentException(
          "torus-2QoS routes tori and meshes of 1 to 3 dimensions, not " + radix.length);
    }
    int[] r = {1, 1, 1};
    System.arraycopy(radix, 0, r, 0, radix.length);
    TorusConfig.Builder b = TorusConfig.builder(r[0], r[1], r[2]);
    long origin = NetBuilder.FIRST_SWITCH_GUID;
    for (int d = radix.length - 1; d >= 0; d--) {
      b.mesh(d, !wrap);
      int dimStride = 1;
      for (int e = d + 1; e < radix.length; e++) {
        dimStride *= radix[e];
      }
      if (radix[d] > 1) {
        b.link(d, true, origin, origin + dimStride);
        if (wrap && radix[d] == 4) {
          b.link(d, false, origin, origin + (long) (radix[d] - 1) * dimStride);
        }
      }
    }
    if (hosts + 1 > TorusConfig.DEFAULT_PORTGROUP_MAX_PORTS) {
      b.portgroupMaxPorts(hosts + 1);
    }
    return b.build();
  }

  private static void coordinates(int s, int[] radix, int[] coord) {
    for (int i = radix.length - 1; i >= 0; i--) {
      coord[i] = s % radix[i];
      s /= radix[i];
    }
  }

  /** A hypercube with default options; see {@link #hypercube(int, int, TopologyOptions)}. */
  public static Fabric hypercube(int dimensions, int hosts) {
    return hypercube(dimensions, hosts, TopologyOptions.DEFAULT);
  }

  /**
   * A binary hypercube of 2^d switches {@code S<i>}: switch i links port b+1 to port b+1 of switch
   * i XOR 2^b (the same port number per dimension on both ends, as OpenSM's DOR expects); ports
   * d+1..d+hosts hold hosts {@code H<i>_<j>}. Reproduces {@code shared/fabrics/hypercube5}.
   */
  public static Fabric hypercube(int dimensions, int hosts, TopologyOptions options) {
    if (dimensions < 1 || dimensions > 20) {
      throw new IllegalArgumentException(
          "hypercube: dimension "
              + dimensions
              + " is outside 1-20 (2^20 switches already exceed the LID space)");
    }
    checkHosts("hypercube", hosts);
    int n = 1 << dimensions;
    NetBuilder.checkLidSpace("hypercube", n, (long) n * hosts, options.lmc());
    NetBuilder net = new NetBuilder("hypercube", options);
    for (int s = 0; s < n; s++) {
      net.addSwitch("S" + s, dimensions + hosts, dimensions + " dimensions + " + hosts + " hosts");
    }
    for (int s = 0; s < n; s++) {
      for (int b = 0; b < dimensions; b++) {
        int peer = s ^ (1 << b);
        if (peer > s) {
          net.link(s, b + 1, peer, b + 1);
        }
      }
      for (int j = 0; j < hosts; j++) {
        net.link(net.addCa("H" + s + "_" + j, 1), 1, s, dimensions + 1 + j);
      }
    }
    return net.build();
  }

  // ---- Dragonfly --------------------------------------------------------------------------

  /** A Dragonfly with default options; see {@link #dragonfly(int, int, int, TopologyOptions)}. */
  public static Fabric dragonfly(int a, int p, int h) {
    return dragonfly(a, p, h, TopologyOptions.DEFAULT);
  }

  /**
   * A balanced Dragonfly (Kim, Dally, Scott, Abts): g = a*h+1 groups of a routers, each router with
   * p hosts and h global links; every pair of groups is joined by exactly one global link. Routers
   * of a group are fully connected: router r reaches router r' on port r'+1 if r' &lt; r, else r'.
   * Global wiring is the "consecutive" arrangement: router r of group g serves the groups (g + r*h
   * + k + 1) mod g for k = 0..h-1, on ports a..a+h-1 in ascending order of the remote group. Hosts
   * sit on ports a+h..a+h+p-1. Reproduces {@code shared/fabrics/dragonfly_a4p2h2}.
   */
  public static Fabric dragonfly(int a, int p, int h, TopologyOptions options) {
    if (a < 1) {
      throw new IllegalArgumentException(
          "dragonfly: a = " + a + " routers per group; needs a >= 1");
    }
    if (h < 1) {
      throw new IllegalArgumentException(
          "dragonfly: h = " + h + " global links per router; needs h >= 1");
    }
    checkHosts("dragonfly", p);
    long groups = (long) a * h + 1;
    long switches = groups * a;
    NetBuilder.checkLidSpace("dragonfly", switches, switches * p, options.lmc());
    int g = (int) groups;
    NetBuilder net = new NetBuilder("dragonfly", options);
    int ports = a - 1 + h + p;
    for (int grp = 0; grp < g; grp++) {
      for (int r = 0; r < a; r++) {
        net.addSwitch("Sg" + grp + "_r" + r, ports, "a-1+h+p");
      }
    }
    // routerOf[grp][remote] and portOf[grp][remote]: where group grp's link to remote leaves
    int[][] portOf = new int[g][g];
    int[] targets = new int[h];
    for (int grp = 0; grp < g; grp++) {
      for (int r = 0; r < a; r++) {
        for (int k = 0; k < h; k++) {
          targets[k] = (grp + r * h + k + 1) % g;
        }
        Arrays.sort(targets);
        for (int k = 0; k < h; k++) {
          portOf[grp][targets[k]] = r * 256 + a + k;
        }
      }
    }
    for (int grp = 0; grp < g; grp++) {
      int first = grp * a;
      for (int r = 0; r < a; r++) {
        for (int q = r + 1; q < a; q++) {
          net.link(first + r, q, first + q, r + 1);
        }
      }
      for (int remote = grp + 1; remote < g; remote++) {
        int here = portOf[grp][remote];
        int there = portOf[remote][grp];
        net.link(first + here / 256, here % 256, remote * a + there / 256, there % 256);
      }
      for (int r = 0; r < a; r++) {
        for (int j = 0; j < p; j++) {
          net.link(net.addCa("Hg" + grp + "_r" + r + "_" + j, 1), 1, first + r, a + h + j);
        }
      }
    }
    return net.build();
  }

  // ---- Jellyfish --------------------------------------------------------------------------

  /**
   * A Jellyfish with default options; see {@link #jellyfish(int, int, int, long, TopologyOptions)}.
   */
  public static Fabric jellyfish(int switches, int netPorts, int hosts, long seed) {
    return jellyfish(switches, netPorts, hosts, seed, TopologyOptions.DEFAULT);
  }

  /**
   * A Jellyfish (Singla et al.): a seeded random {@code netPorts}-regular simple graph on {@code
   * switches} switches {@code S<i>}, always connected, with {@code hosts} hosts {@code H<i>_<j>}
   * per switch. Network ports 1..netPorts go to the neighbours in ascending switch order; hosts
   * follow. The same arguments always give the same fabric. Built by random matching with edge
   * swaps when stuck, then degree-preserving swaps that merge components (see {@link
   * RandomRegularGraph}). Rejected: an odd {@code switches*netPorts} (no regular graph exists),
   * {@code netPorts >= switches}, and {@code netPorts < 2} with more than two switches (cannot be
   * connected).
   */
  public static Fabric jellyfish(
      int switches, int netPorts, int hosts, long seed, TopologyOptions options) {
    checkHosts("jellyfish", hosts);
    NetBuilder.checkLidSpace("jellyfish", switches, (long) switches * hosts, options.lmc());
    int[][] adjacency = RandomRegularGraph.connected(switches, netPorts, seed);
    NetBuilder net = new NetBuilder("jellyfish", options);
    for (int s = 0; s < switches; s++) {
      net.addSwitch("S" + s, netPorts + hosts, "netPorts+hosts");
    }
    for (int s = 0; s < switches; s++) {
      int[] nbr = adjacency[s];
      for (int i = 0; i < nbr.length; i++) {
        int t = nbr[i];
        if (t > s) {
          net.link(s, i + 1, t, Arrays.binarySearch(adjacency[t], s) + 1);
        }
      }
      for (int j = 0; j < hosts; j++) {
        net.link(net.addCa("H" + s + "_" + j, 1), 1, s, netPorts + 1 + j);
      }
    }
    return net.build();
  }

  // ---- director chain ---------------------------------------------------------------------

  /**
   * A director chain with default options; see {@link #directors(int, int, int, int, int,
   * TopologyOptions)}.
   */
  public static Fabric directors(int count, int leaves, int spines, int hostsPerLeaf, int cables) {
    return directors(count, leaves, spines, hostsPerLeaf, cables, TopologyOptions.DEFAULT);
  }

  /**
   * A chain of director switches, like the Deimos cluster (three 288-port Voltaire directors joined
   * by 30 cables each): every director is a two-level fat tree of crossbars, {@code leaves} leaf
   * crossbars {@code S<d>_L<i>} (hosts {@code H<d>_<i>_<j>} on ports 1..hostsPerLeaf, spine j on
   * port hostsPerLeaf+1+j) fully linked to {@code spines} spine crossbars {@code S<d>_S<j>} (leaf i
   * on port i+1). The crossbars of a director share a system image GUID, as a chassis reports.
   * Directors d and d+1 are joined by {@code cables} links between their <em>leaf</em> crossbars,
   * as external ports sit on line boards: cable c joins leaf c mod leaves of both, on the first of
   * q = ceil(cables/leaves) "left" ports of director d+1's leaf and of q "right" ports of director
   * d's leaf (after its hosts, spines and left ports). Deimos-like (24 line crossbars and 12 spine
   * crossbars of 24 ports per ISR9288 director): {@code directors(3, 24, 12, 8, 30)} with radix 24,
   * the leaf ports being 8 hosts + 12 spines + 2 + 2 cables.
   */
  public static Fabric directors(
      int count, int leaves, int spines, int hostsPerLeaf, int cables, TopologyOptions options) {
    if (count < 1) {
      throw new IllegalArgumentException("directors: count = " + count + "; needs at least 1");
    }
    if (leaves < 1 || spines < 1) {
      throw new IllegalArgumentException(
          "directors: "
              + leaves
              + " leaves and "
              + spines
              + " spines per director; needs at least 1 of each");
    }
    checkHosts("directors", hostsPerLeaf);
    if (count > 1 && cables < 1) {
      throw new IllegalArgumentException(
          "directors: cables = "
              + cables
              + " between directors"
              + " leaves the chain disconnected; needs at least 1");
    }
    if (cables < 0) {
      throw new IllegalArgumentException("directors: cables = " + cables + "; needs >= 0");
    }
    long switches = (long) count * (leaves + spines);
    NetBuilder.checkLidSpace(
        "directors", switches, (long) count * leaves * hostsPerLeaf, options.lmc());
    int q = count > 1 ? (cables + leaves - 1) / leaves : 0;
    int sides = count > 2 ? 2 : count - 1;
    NetBuilder net = new NetBuilder("directors", options);
    int perDirector = leaves + spines;
    for (int d = 0; d < count; d++) {
      int first = net.numSwitches();
      for (int i = 0; i < leaves; i++) {
        net.addSwitch(
            "S" + d + "_L" + i,
            hostsPerLeaf + spines + sides * q,
            "hostsPerLeaf+spines+" + (sides == 2 ? "2*" : "") + "ceil(cables/leaves)");
        net.sameSystem(first + i, first);
      }
      for (int j = 0; j < spines; j++) {
        net.addSwitch("S" + d + "_S" + j, leaves, "leaves");
        net.sameSystem(first + leaves + j, first);
      }
    }
    for (int d = 0; d < count; d++) {
      int first = d * perDirector;
      for (int i = 0; i < leaves; i++) {
        for (int j = 0; j < spines; j++) {
          net.link(first + i, hostsPerLeaf + 1 + j, first + leaves + j, i + 1);
        }
        for (int k = 0; k < hostsPerLeaf; k++) {
          net.link(net.addCa("H" + d + "_" + i + "_" + k, 1), 1, first + i, k + 1);
        }
      }
      if (d + 1 < count) {
        int rightBase = hostsPerLeaf + spines + (d > 0 ? q : 0);
        int leftBase = hostsPerLeaf + spines;
        for (int c = 0; c < cables; c++) {
          int leaf = c % leaves;
          int slot = c / leaves;
          net.link(
              first + leaf, rightBase + 1 + slot, first + perDirector + leaf, leftBase + 1 + slot);
        }
      }
    }
    return net.build();
  }

  /**
   * Parses and builds a topology given as on a command line, e.g. {@code parse("ktree",
   * List.of("4", "3"))}; the syntax is documented in {@link TopologySpec}.
   */
  public static Fabric parse(String kind, java.util.List<String> params) {
    return TopologySpec.parse(kind, params).build();
  }

  private static void checkHosts(String gen, int hosts) {
    if (hosts < 0) {
      throw new IllegalArgumentException(gen + ": " + hosts + " hosts per switch; needs >= 0");
    }
  }
}
