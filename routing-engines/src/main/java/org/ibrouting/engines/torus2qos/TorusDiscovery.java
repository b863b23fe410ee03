package org.ibrouting.engines.torus2qos;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.Lids;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.topology.TorusConfig;

/**
 * Recovers the torus from the fabric as OpenSM's torus-2QoS does ({@code verify_setup}, {@code
 * build_torus} in {@code osm_torus.c}): picks the first seed whose switches are all present, places
 * the seed switch at the origin shifted by the datelines and its configured neighbours one step
 * away, then sweeps the cubes of the torus (z slowest, x fastest) placing switches that close
 * 4-loops of links with the ones already placed ({@link PlacementCases}), linking every pair of
 * neighbouring placed switches, until a sweep links nothing new. Finally every placed switch takes
 * its port 0 and its CA and router ports into its local group.
 *
 * <p>A link is usable for the 4-loop searches only until it is installed in the torus, as in
 * OpenSM; links between switches that are not torus neighbours stay unused. Refusals carry OpenSM's
 * error codes and name the switch or GUID.
 *
 * <p>Cost: the sweeps are O(positions * ports per switch^2) each, usually two or three sweeps.
 *
 * <p>One file over the 500-line limit: seed checks, placement sweeps and linking share the
 * placement state step for step as OpenSM's do; the 4-loop cases live in {@link PlacementCases}.
 */
final class TorusDiscovery {
  private static final String ENGINE = "torus-2QoS";

  private final Fabric fabric;
  private final TorusConfig config;
  private final Torus t;
  private final int[] radix;
  private final boolean[] mesh;
  private final int groupCapacity;

  /** Per port slot: the inter-switch link has been installed in the torus. */
  private final boolean[] installed;

  private final int[] seqOfPort;
  private int nextSeq;
  private int numLinks;
  private final boolean[] claimed;

  private TorusDiscovery(Fabric fabric, TorusConfig config) {
    this.fabric = fabric;
    this.config = config;
    this.t = new Torus(fabric, config);
    this.radix = t.radix;
    this.mesh = t.mesh;
    this.groupCapacity = config.portgroupMaxPorts();
    this.installed = new boolean[fabric.numPortSlots()];
    this.seqOfPort = new int[fabric.numPortSlots()];
    this.claimed = new boolean[fabric.numSwitches()];
    t.groupSize = new int[t.nodeOfSlot.length * Torus.GROUPS];
    t.groupNeighbor = new int[t.groupSize.length];
    Arrays.fill(t.groupNeighbor, -1);
  }

  /** The torus of {@code fabric}, or a refusal naming OpenSM's error and the switch. */
  static Torus discover(Fabric fabric, TorusConfig config) throws RoutingException {
    TorusDiscovery d = new TorusDiscovery(fabric, config);
    d.checkPortOrder();
    TorusConfig.Seed seed = d.chooseSeed();
    d.placeSeed(seed);
    d.sweep();
    for (int k = 0; k < d.radix[2]; k++) {
      for (int j = 0; j < d.radix[1]; j++) {
        for (int i = 0; i < d.radix[0]; i++) {
          d.takeLocalPorts(d.t.pos(i, j, k));
        }
      }
    }
    d.finishGroups();
    return d.t;
  }

  // ---- configuration checks (verify_setup) -------------------------------------------------

  private void checkPortOrder() throws RoutingException {
    int[] order = config.effectivePortOrder();
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      int portCount = fabric.numPorts(sw) + 1;
      for (int p = 0; p < portCount; p++) {
        if (order[p] >= portCount) {
          throw new RoutingException(
              RoutingException.Reason.SETTINGS_MISMATCH,
              ENGINE
                  + ": ERR 4E21: port_order configured using port "
                  + order[p]
                  + ", but "
                  + fabric.nodeName(sw)
                  + " has only "
                  + (portCount - 1)
                  + " ports");
        }
      }
    }
  }

  private TorusConfig.Seed chooseSeed() throws RoutingException {
    java.util.List<TorusConfig.Seed> seeds = config.seeds();
    TorusConfig.Seed empty = new TorusConfig.Seed(new TorusConfig.SeedLink[6], new int[3]);
    int n = Math.max(1, seeds.size());
    TorusConfig.Seed chosen = null;
    for (int s = 0; s < n; s++) {
      TorusConfig.Seed o = seeds.isEmpty() ? empty : seeds.get(s);
      String which = seeds.size() > 1 ? " (seed " + (s + 1) + ")" : "";
      checkRadix4Links(o, which);
      if (checkLinks(o, which) && chosen == null) {
        chosen = o;
      }
    }
    if (chosen == null) {
      throw new RoutingException(
          RoutingException.Reason.SETTINGS_MISMATCH,
          ENGINE
              + ": ERR 4E30: every configured torus seed has at least one"
              + " switch missing in the fabric ("
              + describeSeedSwitches(seeds)
              + "); see torus-2QoS.conf(5)"
              + " and TORUS TOPOLOGY DISCOVERY in torus-2QoS(8)");
    }
    return chosen;
  }

  /** A ring of radix 4 needs both seed links of its dimension, from one switch. */
  private void checkRadix4Links(TorusConfig.Seed o, String which) throws RoutingException {
    String[] codes = {"4E22", "4E23", "4E24", "4E25", "4E26", "4E27", "4E28", "4E29", "4E2A"};
    for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
      if (radix[d] != 4 || mesh[d]) {
        continue;
      }
      char name = "xyz".charAt(d);
      String required =
          " direction link required for the topology seed since radix == 4"
              + which
              + "; see torus-2QoS.conf(5)";
      if (o.link(d, true) == null) {
        throw seedError(codes[3 * d], "positive " + name + required);
      }
      if (o.link(d, false) == null) {
        throw seedError(codes[3 * d + 1], "negative " + name + required);
      }
      if (o.link(d, true).fromGuid() != o.link(d, false).fromGuid()) {
        throw seedError(
            codes[3 * d + 2],
            "positive/negative "
                + name
                + " direction links for the topology seed do not share a common switch"
                + which);
      }
    }
  }

  /**
   * Every dimension of radix above 1 needs a seed link, sharing its switch with the x links;
   * returns whether all the seed's switches are in the fabric. OpenSM checks x, then z, then y.
   */
  private boolean checkLinks(TorusConfig.Seed o, String which) throws RoutingException {
    boolean allPresent = true;
    for (int d : new int[] {0, 2, 1}) {
      if (radix[d] <= 1) {
        continue;
      }
      char name = "xyz".charAt(d);
      if (o.link(d, true) == null && o.link(d, false) == null) {
        throw seedError(
            d == 0 ? "4E2B" : d == 2 ? "4E2C" : "4E2E",
            "positive or negative "
                + name
                + " direction link required for the topology seed"
                + which
                + "; see torus-2QoS.conf(5)");
      }
      if (d != 0 && !sharesSwitchWithX(o, d)) {
        throw seedError(
            d == 2 ? "4E2D" : "4E2F",
            "x and "
                + name
                + " direction links for the topology seed do not share a common switch"
                + which);
      }
      for (boolean positive : new boolean[] {true, false}) {
        TorusConfig.SeedLink link = o.link(d, positive);
        if (link != null && (switchOf(link.fromGuid()) < 0 || switchOf(link.toGuid()) < 0)) {
          allPresent = false;
        }
      }
    }
    return allPresent;
  }

  private static RoutingException seedError(String code, String what) {
    return new RoutingException(
        RoutingException.Reason.SETTINGS_MISMATCH, ENGINE + ": ERR " + code + ": " + what);
  }

  private static boolean sharesSwitchWithX(TorusConfig.Seed o, int d) {
    for (boolean xPositive : new boolean[] {true, false}) {
      for (boolean positive : new boolean[] {true, false}) {
        TorusConfig.SeedLink x = o.link(0, xPositive);
        TorusConfig.SeedLink other = o.link(d, positive);
        if (x != null && other != null && x.fromGuid() != other.fromGuid()) {
          return false;
        }
      }
    }
    return true;
  }

  private String describeSeedSwitches(java.util.List<TorusConfig.Seed> seeds) {
    StringBuilder missing = new StringBuilder();
    for (TorusConfig.Seed o : seeds) {
      for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
        for (boolean positive : new boolean[] {true, false}) {
          TorusConfig.SeedLink link = o.link(d, positive);
          if (link == null || radix[d] <= 1) {
            continue;
          }
          for (long guid : new long[] {link.fromGuid(), link.toGuid()}) {
            if (switchOf(guid) < 0 && missing.indexOf(Lids.guidHex(guid)) < 0) {
              missing.append(missing.length() == 0 ? "missing: " : ", ").append(Lids.guidHex(guid));
            }
          }
        }
      }
    }
    return missing.length() == 0 ? "no seed configured" : missing.toString();
  }

  /** The switch with node GUID {@code guid}, or -1 (a CA's GUID is no switch). */
  private int switchOf(long guid) {
    int node = fabric.nodeOfGuid(guid);
    return node >= 0 && fabric.isSwitch(node) ? node : -1;
  }

  // ---- placing the seed and sweeping the cubes (build_torus) --------------------------------

  private void placeSeed(TorusConfig.Seed o) throws RoutingException {
    int i = Math.floorMod(-o.dateline(0), radix[0]);
    int j = Math.floorMod(-o.dateline(1), radix[1]);
    int k = Math.floorMod(-o.dateline(2), radix[2]);
    int origin = t.pos(i, j, k);
    boolean success = true;
    for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
      for (boolean positive : new boolean[] {true, false}) {
        TorusConfig.SeedLink link = o.link(d, positive);
        if (link != null) {
          int neighbor = t.step(t.pos(i, j, k), d, positive ? 1 : -1);
          success =
              install(origin, switchOf(link.fromGuid()))
                  && install(neighbor, switchOf(link.toGuid()))
                  && success;
        }
      }
    }
    if (!success) {
      throw new RoutingException(
          RoutingException.Reason.SETTINGS_MISMATCH,
          ENGINE
              + ": ERR 4E57: build_torus finished with errors: a seed"
              + " switch could not be placed at "
              + i
              + ","
              + j
              + ","
              + k);
    }
  }

  /**
   * Places {@code node} at {@code pos} unless a switch is there already (OpenSM's install_tswitch).
   */
  private boolean install(int pos, int node) {
    if (t.slotAt[pos] >= 0) {
      return true;
    }
    if (node < 0) {
      return false;
    }
    int slot = t.numSlots++;
    if (slot == t.nodeOfSlot.length) {
      int size = Math.min(t.numPositions(), 2 * slot);
      t.nodeOfSlot = Arrays.copyOf(t.nodeOfSlot, size);
      t.posOfSlot = Arrays.copyOf(t.posOfSlot, size);
      t.groupSize = Arrays.copyOf(t.groupSize, size * Torus.GROUPS);
      int old = t.groupNeighbor.length;
      t.groupNeighbor = Arrays.copyOf(t.groupNeighbor, size * Torus.GROUPS);
      Arrays.fill(t.groupNeighbor, old, t.groupNeighbor.length, -1);
    }
    t.nodeOfSlot[slot] = node;
    t.posOfSlot[slot] = pos;
    t.slotAt[pos] = slot;
    return true;
  }

  private void sweep() {
    int linksBefore;
    do {
      linksBefore = numLinks;
      for (int k = 0; k < radix[2]; k++) {
        for (int j = 0; j < radix[1]; j++) {
          for (int i = 0; i < radix[0]; i++) {
            locate(i, j, k);
          }
        }
      }
    } while (numLinks != linksBefore);
  }

  /** One cube: place what its fingerprint allows, as long as something gets placed. */
  private void locate(int i, int j, int k) {
    int[] c = {i, j, k};
    for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
      // a mesh does not wrap: the cube at its last coordinate does not exist
      if (mesh[d] && (c[d] + 1) % radix[d] < c[d]) {
        return;
      }
    }
    int base = t.pos(i, j, k);
    while (true) {
      linkCube(base);
      int[] attempts = PlacementCases.attempts(fingerprint(base));
      if (attempts == null) {
        return;
      }
      boolean placed = false;
      for (int attempt : attempts) {
        if (tryAttempt(base, attempt)) {
          placed = true;
          break;
        }
      }
      if (!placed) {
        linkCube(base);
        return;
      }
    }
  }

  /** The position of corner {@code corner} of the cube at {@code base}. */
  private int corner(int base, int corner) {
    int pos = base;
    for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
      if ((corner >> d & 1) != 0) {
        pos = t.step(pos, d, 1);
      }
    }
    return pos;
  }

  private int fingerprint(int base) {
    int fp = 0;
    int dims = 0;
    for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
      if (radix[d] > 1) {
        dims |= 1 << d;
      }
    }
    for (int c = 0; c < 8; c++) {
      if (t.slotAt[corner(base, c)] < 0) {
        fp |= 1 << (c & dims);
      }
    }
    return fp | dims << 8;
  }

  /** Links every pair of neighbouring placed switches of the cube (OpenSM's check_tlinks order). */
  private void linkCube(int base) {
    for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
      for (int c = 0; c < 8; c++) {
        if ((c >> d & 1) != 0) {
          continue;
        }
        int a = t.slotAt[corner(base, c)];
        int b = t.slotAt[corner(base, c | 1 << d)];
        if (a >= 0 && b >= 0) {
          linkSlots(d, a, b);
        }
      }
    }
  }

  private boolean tryAttempt(int base, int attempt) {
    int target = PlacementCases.target(attempt);
    int other = PlacementCases.other(attempt);
    int found;
    if (PlacementCases.kind(attempt) == PlacementCases.FACE) {
      int diff = target ^ other;
      int a = target ^ Integer.lowestOneBit(diff);
      int c = target ^ Integer.highestOneBit(diff);
      found =
          faceCorner(
              slotNode(corner(base, a)), slotNode(corner(base, other)), slotNode(corner(base, c)));
    } else {
      int q = Integer.numberOfTrailingZeros(target ^ other);
      int basePos = corner(base, other);
      if (!safePerpendicular(q, basePos)) {
        return false;
      }
      int wrong = t.step(basePos, q, (other >> q & 1) - (target >> q & 1));
      int[] sides = new int[2];
      int n = 0;
      for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
        if (d != q && radix[d] > 1) {
          sides[n++] = slotNode(corner(base, other ^ 1 << d));
        }
      }
      found = perpendicular(slotNode(basePos), slotNode(wrong), sides, n);
    }
    return found >= 0 && install(corner(base, target), found);
  }

  /** The switch placed at a position, or -1. */
  private int slotNode(int pos) {
    int slot = t.slotAt[pos];
    return slot < 0 ? -1 : t.nodeOfSlot[slot];
  }

  // ---- 4-loop searches over links not yet installed (ffind_* in osm_torus.c) ----------------

  /**
   * The switch beyond port slot {@code port} over an inter-switch link not yet in the torus, or -1.
   */
  private int freeNeighbor(int port) {
    int peer = fabric.peerPort(port);
    if (peer < 0 || installed[port]) {
      return -1;
    }
    int node = fabric.nodeOfPort(peer);
    return fabric.isSwitch(node) ? node : -1;
  }

  /** A switch linked to both {@code a} and {@code c}, other than {@code b}. */
  private int faceCorner(int a, int b, int c) {
    if (a < 0 || b < 0 || c < 0) {
      return -1;
    }
    for (int p = 0; p <= fabric.numPorts(a); p++) {
      int x = freeNeighbor(fabric.port(a, p));
      if (x < 0 || x == b) {
        continue;
      }
      for (int q = 0; q <= fabric.numPorts(x); q++) {
        if (freeNeighbor(fabric.port(x, q)) == c) {
          return x;
        }
      }
    }
    return -1;
  }

  /** A switch linked to {@code base}, not {@code wrong}, closing a 4-loop with each side switch. */
  private int perpendicular(int base, int wrong, int[] sides, int numSides) {
    if (base < 0 || wrong < 0) {
      return -1;
    }
    for (int s = 0; s < numSides; s++) {
      if (sides[s] < 0) {
        return -1;
      }
    }
    for (int p = 0; p <= fabric.numPorts(base); p++) {
      int x = freeNeighbor(fabric.port(base, p));
      if (x < 0 || x == wrong) {
        continue;
      }
      boolean closes = true;
      for (int s = 0; s < numSides && closes; s++) {
        closes = faceCorner(sides[s], base, x) >= 0;
      }
      if (closes) {
        return x;
      }
    }
    return -1;
  }

  /**
   * Whether a perpendicular in dimension {@code q} may be searched at {@code pos}: no radix-4 ring
   * through it in another dimension could close a fake 4-loop. Installs the ring's links on the
   * way.
   */
  private boolean safePerpendicular(int q, int pos) {
    for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
      if (d != q && !safeRing(d, pos)) {
        return false;
      }
    }
    return true;
  }

  private boolean safeRing(int d, int pos) {
    if (radix[d] != 4 || mesh[d]) {
      return true;
    }
    int m1 = t.step(pos, d, -1);
    int p1 = t.step(pos, d, 1);
    int p2 = t.step(pos, d, 2);
    int present =
        (t.slotAt[m1] >= 0 ? 1 : 0) + (t.slotAt[p1] >= 0 ? 1 : 0) + (t.slotAt[p2] >= 0 ? 1 : 0);
    if (present < 2) {
      return false;
    }
    boolean success = true;
    int[] ring = {p2, m1, pos, p1, p2};
    for (int r = 0; r < 4; r++) {
      int a = t.slotAt[ring[r]];
      int b = t.slotAt[ring[r + 1]];
      if (a >= 0 && b >= 0) {
        success = linkSlots(d, a, b) && success;
      }
    }
    return success;
  }

  // ---- installing links and local ports ------------------------------------------------------

  /**
   * Installs every link between the switches of slot {@code a} and slot {@code b} (b one step
   * positive from a in dimension {@code d}), in the port order of a's switch.
   */
  private boolean linkSlots(int d, int a, int b) {
    if (a == b && radix[d] == 1) {
      return true;
    }
    int nodeA = t.nodeOfSlot[a];
    int nodeB = t.nodeOfSlot[b];
    int groupA = a * Torus.GROUPS + 2 * d + 1;
    int groupB = b * Torus.GROUPS + 2 * d;
    for (int p = 0; p <= fabric.numPorts(nodeA); p++) {
      int port = fabric.port(nodeA, p);
      int peer = fabric.peerPort(port);
      if (peer < 0 || installed[port] || fabric.nodeOfPort(peer) != nodeB) {
        continue;
      }
      // OpenSM logs ERR 4E17/4E18 and leaves the link out of the torus
      if (t.groupSize[groupA] == groupCapacity || t.groupSize[groupB] == groupCapacity) {
        return false;
      }
      addToGroup(port, groupA);
      addToGroup(peer, groupB);
      t.groupNeighbor[groupA] = b;
      t.groupNeighbor[groupB] = a;
      installed[port] = true;
      installed[peer] = true;
      numLinks++;
    }
    return true;
  }

  private void addToGroup(int port, int group) {
    t.groupOfPort[port] = group;
    seqOfPort[port] = nextSeq++;
    t.groupSize[group]++;
  }

  /** OpenSM's link_srcsink: port 0 and every CA or router port join the local group. */
  private void takeLocalPorts(int pos) throws RoutingException {
    int slot = t.slotAt[pos];
    if (slot < 0) {
      return;
    }
    int node = t.nodeOfSlot[slot];
    if (claimed[node]) {
      throw new RoutingException(
          RoutingException.Reason.SETTINGS_MISMATCH,
          ENGINE
              + ": ERR 4E1C: invalid topology discovery: "
              + fabric.nodeName(node)
              + " was placed at two positions; verify the torus-2QoS.conf"
              + " contents (ERR 4E57: build_torus finished with errors)");
    }
    claimed[node] = true;
    int group = slot * Torus.GROUPS + Torus.LOCAL;
    for (int p = 0; p <= fabric.numPorts(node); p++) {
      int port = fabric.port(node, p);
      int peer = fabric.peerPort(port);
      boolean local = p == 0 || peer >= 0 && !fabric.isSwitch(fabric.nodeOfPort(peer));
      if (!local) {
        continue;
      }
      if (t.groupSize[group] == groupCapacity) {
        throw new RoutingException(
            RoutingException.Reason.SETTINGS_MISMATCH,
            ENGINE
                + ": ERR "
                + (p == 0 ? "4E1D" : "4E1E")
                + ": exceeded"
                + " port group max port count ("
                + groupCapacity
                + ") on "
                + fabric.nodeName(node)
                + "; raise portgroup_max_ports in torus-2QoS.conf (ERR 4E57: build_torus finished with errors)");
      }
      addToGroup(port, group);
    }
  }

  /** Turns the group membership into per-group port lists in installation order. */
  private void finishGroups() {
    int groups = t.numSlots * Torus.GROUPS;
    t.groupSize = Arrays.copyOf(t.groupSize, groups);
    t.groupNeighbor = Arrays.copyOf(t.groupNeighbor, groups);
    t.groupStart = new int[groups + 1];
    for (int g = 0; g < groups; g++) {
      t.groupStart[g + 1] = t.groupStart[g] + t.groupSize[g];
    }
    int total = t.groupStart[groups];
    long[] keyed = new long[total];
    int n = 0;
    for (int port = 0; port < t.groupOfPort.length; port++) {
      if (t.groupOfPort[port] >= 0) {
        keyed[n++] = (long) seqOfPort[port] << 32 | port;
      }
    }
    Arrays.sort(keyed, 0, n);
    int[] fill = Arrays.copyOf(t.groupStart, groups);
    t.groupPorts = new int[total];
    for (int e = 0; e < n; e++) {
      int port = (int) keyed[e];
      t.groupPorts[fill[t.groupOfPort[port]]++] = fabric.portNum(port);
    }
  }
}
